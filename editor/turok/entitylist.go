package turok

import (
	"fmt"

	"fyne.io/fyne/v2"

	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/entitylist"
	"github.com/levelwright/levelwright/editor/game"
)

var _ game.EntityLister = (*session)(nil)

// EntityList is View > Entity List: the map's actors and static meshes,
// each as the status bar names it and where it stands, searched by that
// and by the inspector's fields; choosing a row goes to its entity.
func (f *session) EntityList(h game.Host) fyne.CanvasObject { return f.entityList(h).Box }

func (f *session) entityList(h game.Host) *entitylist.Panel {
	count := fmt.Sprintf("%d actors, %d static meshes", len(f.d.Map.Actors), f.d.Map.MeshCount())
	return entitylist.New(h, f.entityRows(h), "search type, model, fields", count)
}

// entityRows are the rows of the actors, then the static meshes, by
// index.
func (f *session) entityRows(h game.Host) []entitylist.Row {
	m := f.d.Map
	var rows []entitylist.Row
	add := func(kind document.Kind, i int, x, y float32) {
		r := document.Ref{Level: turokLevel, Kind: kind, Index: i}
		rows = append(rows, entitylist.Row{Ref: r, Line: fmt.Sprintf("%s at (%s, %s)", f.Describe(r), statusUnits(x), statusUnits(y)),
			Search: entitylist.FieldText(f.Inspect(h, kind, []int{i}))})
	}
	for i, a := range m.Actors {
		add(tdoc.KindActor, i, a.Origin.X, a.Origin.Y)
	}
	for g, mesh := range meshes(m) {
		add(tdoc.KindMesh, g, mesh.Origin.X, mesh.Origin.Y)
	}
	return rows
}

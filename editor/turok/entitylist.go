package turok

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"

	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/widgets/searchlist"
)

var _ game.EntityLister = (*session)(nil)

// EntityList is the map's actors and static meshes in a list to search
// (by type name, TID, model or animation path) and go to: choosing a row
// selects the entity and centres the map on it.
func (f *session) EntityList(h game.Host) fyne.CanvasObject {
	l, _ := f.entityList(h)
	return l.Box
}

// entityList is the panel EntityList shows, and the entity of each row.
func (f *session) entityList(h game.Host) (*searchlist.List, []document.Ref) {
	m := f.d.Map
	var rows []searchlist.Row
	var refs []document.Ref
	add := func(kind document.Kind, i int, line string, paths ...string) {
		rows = append(rows, searchlist.Row{Line: line, Search: strings.ToLower(line + "\n" + strings.Join(paths, "\n"))})
		refs = append(refs, document.Ref{Kind: kind, Index: i})
	}
	for i, a := range m.Actors {
		add(tdoc.KindActor, i, fmt.Sprintf("Actor %d: %s, TID %d, at %s", i, tcodec.ActorTypeName(a.Type), a.TID, place(a.Origin)), a.Model, a.Anim)
	}
	g := 0
	for _, s := range m.Sections {
		for _, mesh := range s.Meshes {
			add(tdoc.KindMesh, g, fmt.Sprintf("Static mesh %d: %s, at %s", g, mesh.Model, place(mesh.Origin)))
			g++
		}
	}
	count := fmt.Sprintf("%d actors, %d static meshes", len(m.Actors), g)
	l := searchlist.New(rows, count, "search type, TID, model", func(row int) {
		if err := h.GoTo(refs[row].Kind, refs[row].Index); err != nil {
			h.ShowError(err)
		}
	})
	return l, refs
}

// place is a point as the list shows it, in world units.
func place(p tcodec.Vec3) string {
	return fmt.Sprintf("(%s, %s, %s)", statusUnits(p.X), statusUnits(p.Y), statusUnits(p.Z))
}

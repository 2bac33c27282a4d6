package turok

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/tool"
)

// newMeshBox is the box, collision cylinder and cull bits of a mesh of a
// model no mesh of the map shows: a box 64 units across and 96 high
// standing on its origin, culled by no sector set.
var newMeshBox = tcodec.StaticMesh{BoundsMin: tcodec.Vec3{X: -32, Y: -32}, BoundsMax: tcodec.Vec3{X: 32, Y: 32, Z: 96},
	CollisionRadius: 32, CollisionHigh: 96, CullBits: -1}

// meshes are the map's static meshes, numbered across the grid
// sections as the document numbers them.
func meshes(m *tcodec.Map) []tcodec.StaticMesh {
	var out []tcodec.StaticMesh
	for _, s := range m.Sections {
		out = append(out, s.Meshes...)
	}
	return out
}

// meshModels are the model paths the map's static meshes use, sorted.
func meshModels(m *tcodec.Map) []string {
	var out []string
	for _, mesh := range meshes(m) {
		if !slices.Contains(out, mesh.Model) {
			out = append(out, mesh.Model)
		}
	}
	slices.Sort(out)
	return out
}

// newMesh is a static mesh of model standing at at, turned to yaw
// (radians): its box, collision cylinder, texture, flags, cull bits and
// scale are those of the map's first mesh of that model (its box moved
// to at), or newMeshBox's for a model the map does not show.
func newMesh(m *tcodec.Map, model string, at tcodec.Vec3, yaw float64) tcodec.StaticMesh {
	like := newMeshBox
	like.Scale = tcodec.Vec3{X: 1, Y: 1, Z: 1}
	all := meshes(m)
	if i := slices.IndexFunc(all, func(mesh tcodec.StaticMesh) bool { return mesh.Model == model }); i >= 0 {
		like = all[i]
		o := like.Origin
		like.BoundsMin = tcodec.Vec3{X: like.BoundsMin.X - o.X, Y: like.BoundsMin.Y - o.Y, Z: like.BoundsMin.Z - o.Z}
		like.BoundsMax = tcodec.Vec3{X: like.BoundsMax.X - o.X, Y: like.BoundsMax.Y - o.Y, Z: like.BoundsMax.Z - o.Z}
	}
	mesh := like
	mesh.Model, mesh.Origin = model, at
	mesh.Rotation = euler{yaw: yaw}.quaternion([4]float32{0, 0, 0, 1})
	mesh.BoundsMin = tcodec.Vec3{X: at.X + like.BoundsMin.X, Y: at.Y + like.BoundsMin.Y, Z: at.Z + like.BoundsMin.Z}
	mesh.BoundsMax = tcodec.Vec3{X: at.X + like.BoundsMax.X, Y: at.Y + like.BoundsMax.Y, Z: at.Z + like.BoundsMax.Z}
	return mesh
}

// optionWidth is the width of an option row's entry of a name or a
// path, wide enough to read "models/mapstatic/mesh00.kmesh" whole: in
// the row's box an entry would shrink to a few letters.
const optionWidth = 420

// wide is an option's entry at optionWidth.
func wide(entry fyne.CanvasObject) fyne.CanvasObject {
	return container.NewGridWrap(fyne.NewSize(optionWidth, entry.MinSize().Height), entry)
}

// meshTool places a static mesh of the model chosen (among those the
// map's meshes use) or typed, turned to the yaw chosen, at a click, on
// the floor of the sector there. Its key is I (a mesh instance): the
// other tools and the 3D view's flight hold the nearer letters.
func (f *session) meshTool(h game.Host) *tool.Tool {
	model := widget.NewSelectEntry(nil)
	model.SetPlaceHolder("models/mapstatic/….kmesh")
	shown := func() {
		models := meshModels(f.d.Map)
		model.SetOptions(models)
		if model.Text == "" && len(models) > 0 {
			model.SetText(models[0])
		}
	}
	shown()
	yaw := tool.NewIntOption(0, -360, 360)
	t := &tool.Tool{Name: "Place static mesh", Key: fyne.KeyI, Group: placeGroup, Help: "click a sector to place a static mesh of the model chosen or typed",
		Options:    tool.OptionRow(widget.NewLabel("Model"), wide(model), widget.NewLabel("Yaw (°)"), yaw.Entry),
		LevelShown: shown}
	t.Click = func(p tool.Pointer) tool.Path {
		path := strings.TrimSpace(model.Text)
		if path == "" {
			h.Status("choose or type the model path of the static mesh to place")
			return nil
		}
		at := tcodec.Vec3{X: float32(p.At.X), Y: float32(p.At.Y)}
		if s := f.d.SectorAt(at); s >= 0 {
			at.Z, _ = f.d.Map.FloorAt(s, at.X, at.Y)
		}
		g, err := f.d.PlaceMesh(newMesh(f.d.Map, path, at, radians(float64(yaw.Value()))))
		if err != nil {
			err = fmt.Errorf("place static mesh: %w", err)
		}
		game.Placed(h, document.Ref{Kind: tdoc.KindMesh, Index: g}, err)
		return nil
	}
	return t
}

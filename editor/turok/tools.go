package turok

import (
	"fmt"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/editor/tool"
)

// Groups of tools that share a button of the toolbar (tool.Tool's Group).
const (
	placeGroup   = "place"
	terrainGroup = "terrain"
	sectorGroup  = "sectors"
)

// Tools are Turok's tools: drag vertices, raise them, sculpt them with a
// brush, draw sectors, place actors and static meshes, paint sector sets.
func (f *session) Tools(h game.Host) []*tool.Tool {
	return []*tool.Tool{f.vertexTool(h), f.heightTool(h), f.brushTool(h), f.sectorTool(h), f.placeTool(h), f.meshTool(h), f.paintSetTool(h)}
}

func (f *session) vertex(i int) display.Vec2 {
	p := f.d.Map.Vertices[i].Position
	return display.Vec2{X: float64(p.X), Y: float64(p.Y)}
}

// vertexTool is the vertex mode: a click selects the vertex near it
// (Shift adds or removes), for the inspector's heights and brushes and
// for Delete, a drag moves a vertex across the map, keeping its heights,
// and a drag from empty map selects the vertices in a box (Shift adds
// them). Chosen, it shows the vertices (the Vertices layer).
func (f *session) vertexTool(h game.Host) *tool.Tool {
	t := &tool.Tool{Name: "Vertices", Key: fyne.KeyV, Group: terrainGroup,
		Help:       "click a vertex (a sector corner) to select it, Shift+click to add or remove one, drag one to move it, drag a box to select those in it",
		LevelShown: func() { showLayer(h, scene.VerticesLayer) },
		Click: func(p tool.Pointer) tool.Path {
			f.selectAt(h, p, false)
			return nil
		}}
	t = tool.PointDragger(h, t, f.d.History, func() (int, func(int) display.Vec2) { return len(f.d.Map.Vertices), f.vertex },
		func(i int, at display.Vec2) error {
			at = h.Snap(at)
			v := f.d.Map.Vertices[i]
			v.Position.X, v.Position.Y = float32(at.X), float32(at.Y)
			return f.d.MoveVertex(i, v)
		})
	press := t.Press
	t.Press = func(p tool.Pointer) tool.Drag {
		if d := press(p); d != nil {
			return d
		}
		return f.boxVertices(h, p)
	}
	return t
}

// sectorTool makes a sector of three clicked corners: each an existing
// vertex near the click, or a new vertex there on the terrain's heights.
func (f *session) sectorTool(h game.Host) *tool.Tool {
	set := tool.NewIntOption(0, 0, 1000)
	t := &tool.Tool{Name: "New sector", Key: fyne.KeyN, Group: sectorGroup, Help: "click three corners (existing vertices or new points); Escape drops them",
		Options: tool.OptionRow(widget.NewLabel("Sector set"), set.Entry)}
	t.Click = func(p tool.Pointer) tool.Path {
		corners := &tool.Corners{View: h, Complete: func(c []display.Vec2) bool { return len(c) == 3 },
			Snap: func(at display.Vec2) display.Vec2 {
				if i := tool.Nearest(h, len(f.d.Map.Vertices), f.vertex, at); i >= 0 {
					return f.vertex(i)
				}
				return h.Snap(at)
			},
			Done: func(corners []display.Vec2) { f.addSector(h, corners, set.Value()) }}
		corners.Click(p)
		return corners
	}
	return t
}

// addSector makes a sector of set with corners: each an existing vertex
// near it, or a new vertex there.
func (f *session) addSector(h game.Host, corners []display.Vec2, set int) {
	err := f.d.Batch("New sector", func() error {
		var ids [3]int
		for k, c := range corners {
			if ids[k] = tool.Nearest(h, len(f.d.Map.Vertices), f.vertex, c); ids[k] >= 0 {
				continue
			}
			i, err := f.d.AddVertex(f.d.NewVertexAt(float32(c.X), float32(c.Y)))
			if err != nil {
				return err
			}
			ids[k] = i
		}
		i, err := f.d.AddSector(ids, set)
		if err == nil {
			h.Select([]document.Ref{{Kind: tdoc.KindSector, Index: i}})
		}
		return err
	})
	if err != nil {
		h.ShowError(err)
	}
}

// actorTypeOption is the choice of a named actor type.
type actorTypeOption struct {
	Select *widget.Select
	types  []int32
}

// typeOption is the choice of the named actor types, first choosing t.
func typeOption(t int32) *actorTypeOption {
	o := &actorTypeOption{types: tcodec.ActorTypeNumbers()}
	options := make([]string, len(o.types))
	for i, n := range o.types {
		options[i] = fmt.Sprintf("%s (%d)", tcodec.ActorTypeName(n), n)
	}
	o.Select = widget.NewSelect(options, nil)
	o.Select.SetSelectedIndex(max(0, slices.Index(o.types, t)))
	return o
}

// Value is the chosen type.
func (o *actorTypeOption) Value() int32 { return o.types[max(0, o.Select.SelectedIndex())] }

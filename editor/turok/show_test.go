package turok

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/editor/tool"
	"github.com/levelwright/levelwright/internal/doctest"
)

// drawsVertex reports whether s draws vertex i's marker.
func drawsVertex(s *scene.Scene, i int) bool {
	id := s.ID(turokLevel, tdoc.KindVertex, i)
	return slices.ContainsFunc(s.List.Markers, func(m display.Marker) bool { return m.ID == id })
}

// TestToolsShowVertices: choosing the Heights or the Vertices tool, or
// selecting a vertex with it, turns the Vertices layer on (once: the
// window builds its tools and legend again, which choose the tool
// again) so that the selected vertex is drawn; selecting sectors leaves
// the layer as it is; the height tool's choices outlive its tools being
// built again.
func TestToolsShowVertices(t *testing.T) {
	test.NewTempApp(t)
	f := &session{d: tdoc.New("new.map")}
	s := levelScene(f.d.Map, nil)
	h := &heightHost{scene: s}
	if s.Shown(scene.VerticesLayer) || drawsVertex(s, 12) {
		t.Fatal("the Vertices layer starts on")
	}
	for _, tl := range []*tool.Tool{f.heightTool(h), f.vertexTool(h)} {
		s.SetShown(scene.VerticesLayer, false)
		h.retooled, h.selection = 0, nil
		tl.LevelShown()
		tl.LevelShown()
		if !s.Shown(scene.VerticesLayer) || h.retooled != 1 {
			t.Errorf("%s chosen twice: layer shown %v, tools built again %d times, want once", tl.Name, s.Shown(scene.VerticesLayer), h.retooled)
		}
		s.SetShown(scene.VerticesLayer, false) // the user turns it off
		tl.Click(tool.Pointer{At: display.Vec2{X: 514, Y: 510}})
		if !slices.Equal(h.selection, []document.Ref{vertexRef(12)}) || !drawsVertex(s, 12) || h.retooled != 2 {
			t.Errorf("%s: a click selected %v; vertex 12 drawn %v, tools built again %d times", tl.Name, h.selection, drawsVertex(s, 12), h.retooled)
		}
	}

	tl := f.heightTool(h)
	radios, _, _ := options(tl)
	radios[0].SetSelected(ceilingChoice)
	radios[1].SetSelected(sectorsChoice)
	s.SetShown(scene.VerticesLayer, false)
	tl.Click(tool.Pointer{At: display.Vec2{X: 200, Y: 100}})
	if !slices.Equal(h.selection, []document.Ref{{Kind: tdoc.KindSector, Index: 0}}) || s.Shown(scene.VerticesLayer) {
		t.Errorf("selecting a sector: selected %v, the Vertices layer shown %v", h.selection, s.Shown(scene.VerticesLayer))
	}
	again, _, _ := options(f.heightTool(h))
	if again[0].Selected != ceilingChoice || again[1].Selected != sectorsChoice {
		t.Errorf("built again, the height tool chooses %q and %q, want %q and %q", again[0].Selected, again[1].Selected, ceilingChoice, sectorsChoice)
	}
	f.vertexTool(&heightHost{}).LevelShown() // no level shown: nothing to show
}

// TestPaintSetShowsSets: choosing the Paint set tool colours the map by
// sector set, when it is in another mode, once; the set chosen outlives
// the tool being built again.
func TestPaintSetShowsSets(t *testing.T) {
	test.NewTempApp(t)
	f, h := newSetsSession(t)
	if _, err := f.d.AddSectorSet(newSectorSet()); err != nil {
		t.Fatal(err)
	}
	h.scene = levelScene(f.d.Map, nil)
	if h.scene.ModeName() != floorHeightMode {
		t.Fatalf("the map starts in %q", h.scene.ModeName())
	}
	paint := f.paintSetTool(h)
	paint.LevelShown()
	paint.LevelShown()
	if h.scene.ModeName() != sectorSetMode || h.retooled != 1 {
		t.Errorf("Paint set chosen twice: mode %q, tools built again %d times, want once", h.scene.ModeName(), h.retooled)
	}
	paint.Options.(*fyne.Container).Objects[1].(*widget.Select).SetSelectedIndex(1)
	again := f.paintSetTool(h)
	if got := again.Options.(*fyne.Container).Objects[1].(*widget.Select).SelectedIndex(); got != 1 {
		t.Errorf("built again, the tool paints set %d, want 1", got)
	}
	f.paintSetTool(&setsHost{}).LevelShown() // no level shown: nothing to colour
}

// TestTemplateSearchFeedback: a search that matches no template says so
// in the status bar, and how many match once some do again.
func TestTemplateSearchFeedback(t *testing.T) {
	test.NewTempApp(t)
	f := &session{d: tdoc.New("new.map")} // its one actor, the player, is a template
	h := &testHost{session: f}
	entry, _ := placeOptions(t, f.placeTool(h))
	entry.SetText("xyz")
	if len(entry.offered) != 0 || h.status != `no template matches "xyz"` {
		t.Errorf("typing xyz: offered %q, status %q", entry.offered, h.status)
	}
	entry.SetText("player")
	if len(entry.offered) != 1 || h.status != `"player" matches 1 template` {
		t.Errorf("typing player: offered %q, status %q", entry.offered, h.status)
	}
	h.status = ""
	entry.SetText("play")
	if h.status != "" {
		t.Errorf("narrowing a search that matched says %q", h.status)
	}
}

// TestVisibilityStatusFollowsUndo: the status line of a rebuild tells
// of it and of Ctrl+Z; undone, it says the step is undone, redone that
// it is redone; after another step, undoing that one leaves it alone.
func TestVisibilityStatusFollowsUndo(t *testing.T) {
	test.NewTempApp(t)
	f := openCorpus(t, "kex18-vis.map")
	h := &heightHost{}
	v := f.d.Map.Vertices[40]
	v.Position.Z += 200 // the wall that hides meshes from sectors behind it rises
	if err := f.d.MoveVertex(40, v); err != nil {
		t.Fatal(err)
	}
	f.rebuildVisibility(h)
	if !strings.HasPrefix(h.status, "Rebuilt the visibility tables by line of sight (") || !strings.HasSuffix(h.status, "changed); Ctrl+Z undoes it") {
		t.Errorf("after a rebuild the status says %q", h.status)
	}
	for _, tc := range []struct {
		step func() (bool, error)
		want string
	}{
		{f.d.History.Undo, "Undone: " + tdoc.RebuildVisibilityStep},
		{f.d.History.Redo, "Redone: " + tdoc.RebuildVisibilityStep},
		{f.d.History.Undo, "Undone: " + tdoc.RebuildVisibilityStep},
	} {
		if _, err := tc.step(); err != nil {
			t.Fatal(err)
		}
		if h.status != tc.want {
			t.Errorf("the status says %q, want %q", h.status, tc.want)
		}
	}
	if _, err := f.d.History.Undo(); err != nil { // the vertex's move
		t.Fatal(err)
	}
	if h.status != "Undone: "+tdoc.RebuildVisibilityStep {
		t.Errorf("undoing another step, the status says %q", h.status)
	}

	f.rebuildVisibility(h)
	if err := f.d.MoveVertex(40, v); err != nil {
		t.Fatal(err)
	}
	h.status = "moved"
	if _, err := f.d.History.Undo(); err != nil {
		t.Fatal(err)
	}
	if h.status != "moved" {
		t.Errorf("undoing a step after the rebuild, the status says %q", h.status)
	}
}

// TestDeleteVertices: deleting selected vertices deletes the sectors
// they are corners of, with actors selected too, in one step; a vertex
// that is no sector's corner is refused, leaving no step and no changed
// byte.
func TestDeleteVertices(t *testing.T) {
	f := &session{d: tdoc.New("new.map")}
	m := f.d.Map
	corner := m.Vertices[12].Position
	around := 0
	for _, sec := range m.Sectors {
		for _, v := range sec.Vertices {
			if m.Vertices[v].Position == corner {
				around++
			}
		}
	}
	sectors, actors := len(m.Sectors), len(m.Actors)
	if err := f.Remove([]document.Ref{vertexRef(12), {Kind: tdoc.KindActor, Index: 0}}); err != nil {
		t.Fatal(err)
	}
	if around == 0 || len(m.Sectors) != sectors-around || len(m.Actors) != actors-1 || steps(f) != 1 {
		t.Errorf("deleting a corner of %d sectors and an actor: %d sectors and %d actors gone in %d steps",
			around, sectors-len(m.Sectors), actors-len(m.Actors), steps(f))
	}
	if want := "Undo Delete " + document.Count(around+1, "entity"); f.d.History.UndoLabel() != want {
		t.Errorf("the step is %q, want %q", f.d.History.UndoLabel(), want)
	}
	for i, sec := range m.Sectors {
		for _, v := range sec.Vertices {
			if m.Vertices[v].Position == corner {
				t.Errorf("sector %d still has the deleted corner", i)
			}
		}
	}

	lone, err := f.d.AddVertex(tcodec.Vertex{Position: tcodec.Vec3{X: 5000, Y: 5000}, Height: 512})
	if err != nil {
		t.Fatal(err)
	}
	before, n := doctest.Bytes(t, f.d), steps(f)
	err = f.Remove([]document.Ref{vertexRef(lone)})
	if want := fmt.Sprintf("Vertex %d: no sector", lone); err == nil || !strings.Contains(err.Error(), want) ||
		steps(f) != n || !bytes.Equal(doctest.Bytes(t, f.d), before) {
		t.Errorf("deleting a lone vertex: %v (want %q), %d steps", err, want, steps(f)-n)
	}
}

// TestDeleteSectorsWithTheirCorner: a vertex selected with every sector
// it is a corner of deletes those sectors; it is not refused as no
// sector's corner.
func TestDeleteSectorsWithTheirCorner(t *testing.T) {
	f := &session{d: tdoc.New("new.map")}
	m := f.d.Map
	refs := []document.Ref{vertexRef(12)}
	for i, sec := range m.Sectors {
		if slices.Contains(sec.Vertices[:], 12) {
			refs = append(refs, document.Ref{Kind: tdoc.KindSector, Index: i})
		}
	}
	sectors := len(m.Sectors)
	if err := f.Remove(refs); err != nil {
		t.Fatal(err)
	}
	if gone := sectors - len(m.Sectors); len(refs) < 2 || gone != len(refs)-1 || steps(f) != 1 {
		t.Errorf("deleting vertex 12 and its %d sectors: %d sectors gone in %d steps", len(refs)-1, gone, steps(f))
	}
}

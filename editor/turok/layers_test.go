package turok

import (
	"slices"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/internal/scenetest"
	"github.com/levelwright/levelwright/undo"
)

// linesIn are the lines of s drawn in colour c, sorted by their ends.
func linesIn(s *scene.Scene, c display.Line) []display.Line {
	var out []display.Line
	for _, l := range s.List.Lines {
		if l.Color == c.Color && l.Arrow == c.Arrow {
			out = append(out, l)
		}
	}
	slices.SortFunc(out, func(a, b display.Line) int {
		for _, d := range []float64{a.A.X - b.A.X, a.A.Y - b.A.Y, a.B.X - b.B.X, a.B.Y - b.B.Y} {
			if d != 0 {
				return map[bool]int{true: -1, false: 1}[d < 0]
			}
		}
		return 0
	})
	return out
}

var (
	linkLines   = display.Line{Color: linkColor, Arrow: true}
	borderLines = display.Line{Color: setBorderColor}
)

// markersOf counts the markers of s that draw entities of kind.
func markersOf(s *scene.Scene, kind document.Kind) int {
	n := 0
	for _, m := range s.List.Markers {
		if r, ok := s.Ref(m.ID); ok && r.Kind == kind {
			n++
		}
	}
	return n
}

// TestTurokLayers: a Turok map shows or hides its actors, static
// meshes, the actors' links to their targets (none to TID 0, which
// every actor without a TID carries) and the sector sets' borders, each
// by its layer; the borders are off to start with.
func TestTurokLayers(t *testing.T) {
	m := codec.NewMap() // 4 x 4 squares of 256 units, a player start with TID 0
	m.Actors[0].TID = 7
	m.Actors = append(m.Actors, codec.Actor{Origin: codec.Vec3{X: 100, Y: 700}, Scale: codec.Vec3{X: 1, Y: 1, Z: 1}, TargetTID: 7},
		codec.Actor{Origin: codec.Vec3{X: 900, Y: 100}, Scale: codec.Vec3{X: 1, Y: 1, Z: 1}, TargetTID: -1},
		codec.Actor{Origin: codec.Vec3{X: 900, Y: 900}, Scale: codec.Vec3{X: 1, Y: 1, Z: 1}}) // targets TID 0, which the two before carry: no link

	m.Sections[0].Meshes = []codec.StaticMesh{{Origin: codec.Vec3{X: 600, Y: 600}, Scale: codec.Vec3{X: 1, Y: 1, Z: 1}, Rotation: [4]float32{0, 0, 0, 1}}}
	m.SectorSets = append(m.SectorSets, m.SectorSets[0])
	m.Sectors[0].Set = 1 // the first square's lower right half: borders its other half and the square to its right
	s := levelScene(m, nil)
	if s.Shown(setBordersLayer) {
		t.Error("the sector set borders show before they are asked for")
	}
	s.SetShown(setBordersLayer, true)
	for _, c := range []struct {
		layer string
		count func() int
		want  int
	}{
		{actorsLayer, func() int { return markersOf(s, tdoc.KindActor) }, 4},
		{meshesLayer, func() int { return markersOf(s, tdoc.KindMesh) }, 1},
		{scene.LinksLayer, func() int { return len(linesIn(s, linkLines)) }, 1},
		{setBordersLayer, func() int { return len(linesIn(s, borderLines)) }, 2},
	} {
		if !slices.ContainsFunc(s.Layers(), func(l scene.Layer) bool { return l.Name == c.layer }) {
			t.Errorf("no layer %q in %v", c.layer, s.Layers())
		}
		if got := c.count(); got != c.want {
			t.Errorf("%s shown: %d drawn, want %d", c.layer, got, c.want)
		}
		s.SetShown(c.layer, false)
		if got := c.count(); got != 0 {
			t.Errorf("%s hidden: %d drawn", c.layer, got)
		}
		s.SetShown(c.layer, true)
	}
	link := linesIn(s, linkLines)[0]
	if from, to := (display.Vec2{X: 100, Y: 700}), (display.Vec2{X: 512, Y: 512}); link.A != from || link.B != to {
		t.Errorf("link from %v to %v, want from the actor targeting TID 7 at %v to the one carrying it at %v", link.A, link.B, from, to)
	}
}

// openTerrain is a document of a flat terrain of 40 x 40 squares of 64
// units, large enough that an edit redraws a small part of its scene.
func openTerrain(t *testing.T) *tdoc.Document {
	d, err := tdoc.Load("terrain.map", codec.NewTerrain(40, 64).Encode())
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestLinksFollowActors: moving an actor that is targeted, or one that
// targets, redraws the link in place, as a scene built anew draws it.
func TestLinksFollowActors(t *testing.T) {
	d := openTerrain(t)
	target := codec.Actor{Origin: codec.Vec3{X: 300, Y: 300}, Scale: codec.Vec3{X: 1, Y: 1, Z: 1}, TID: 7, TargetTID: -1}
	from := codec.Actor{Origin: codec.Vec3{X: 1000, Y: 900}, Scale: codec.Vec3{X: 1, Y: 1, Z: 1}, TargetTID: 7}
	var at [2]int
	for k, a := range []codec.Actor{target, from} {
		i, err := d.PlaceActor(a)
		if err != nil {
			t.Fatal(err)
		}
		at[k] = i
	}
	e := &scenetest.Edited{Name: "terrain", History: d.History, Scene: levelScene(d.Map, nil),
		Fresh: func() *scene.Scene { return levelScene(d.Map, nil) }}
	for _, i := range at {
		e.Edits = append(e.Edits, func() error { return d.MoveActor(i, codec.Vec3{X: 1500, Y: 2000}) })
	}
	e.Listen()
	if n := len(linesIn(e.Scene, linkLines)); n != 1 {
		t.Fatalf("%d links drawn, want 1", n)
	}
	scenetest.CheckUpdates(t, e)
}

// TestSetBordersFollowSets: assigning a sector to another set, and
// undoing it, redraws the set borders as a scene built anew draws them,
// those its neighbours draw included.
func TestSetBordersFollowSets(t *testing.T) {
	d := openTerrain(t)
	var sets [2]int
	for k := range sets {
		i, err := d.AddSectorSet(d.Map.SectorSets[0])
		if err != nil {
			t.Fatal(err)
		}
		sets[k] = i
	}
	// The square amid the terrain (20, 20): its lower right half, whose
	// neighbours are its upper left half and that of the square to its
	// right (set apart in the second new set), and that of the square
	// below it, which draws the border between them, being of a lower
	// index.
	const middle, upperLeft, right, below = 2 * (20*40 + 20), 2*(20*40+20) + 1, 2*(20*40+21) + 1, 2*(19*40+20) + 1
	if err := d.AssignSectorSet([]int{upperLeft, right}, sets[1]); err != nil {
		t.Fatal(err)
	}
	fresh := func() *scene.Scene {
		s := levelScene(d.Map, nil)
		s.SetShown(setBordersLayer, true)
		return s
	}
	s := fresh()
	before := len(linesIn(s, borderLines))
	var changes []undo.Change
	d.History.OnChange(func(n undo.Notice) { changes = append(changes, n.Changes...) })
	for _, step := range []struct {
		name string
		do   func() error
		want int
	}{
		{"assign", func() error { return d.AssignSectorSet([]int{middle}, sets[0]) }, before + 1}, // and the border below
		{"undo", func() error { _, err := d.History.Undo(); return err }, before},
	} {
		if err := step.do(); err != nil {
			t.Fatal(err)
		}
		s.Update(changes)
		changes = changes[:0]
		got, want := linesIn(s, borderLines), linesIn(fresh(), borderLines)
		if len(got) != step.want || !slices.Equal(got, want) {
			t.Errorf("%s: %d borders drawn after the update, %d in a scene built anew, want %d", step.name, len(got), len(want), step.want)
		}
	}
	if !slices.Contains(d.Map.Sectors[below].Links[:], middle) {
		t.Errorf("sector %d does not border sector %d: links %v", below, middle, d.Map.Sectors[below].Links)
	}
}

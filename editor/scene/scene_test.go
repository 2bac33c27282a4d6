package scene

import (
	"slices"
	"testing"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/undo"
)

// dots is a source of entities of one kind, each drawn as a row of
// markers at its x, as many as its count.
type dots struct {
	x     []float64
	count []int
}

const dot document.Kind = "dot"

func (d *dots) Build(s *Scene) {
	for i := range d.x {
		s.Entity(document.Ref{Kind: dot, Index: i})
	}
}

func (d *dots) Draw(s *Scene, r document.Ref) {
	id := s.ID(0, dot, r.Index)
	for k := range d.count[r.Index] {
		s.List.Markers = append(s.List.Markers, display.Marker{At: display.Vec2{X: d.x[r.Index], Y: float64(k)}, ID: id})
	}
}

func (d *dots) Affected(changes []undo.Change) ([]document.Ref, bool) {
	var refs []document.Ref
	for _, c := range changes {
		for _, i := range c.Indexes {
			refs = append(refs, document.Ref{Kind: dot, Index: i})
		}
	}
	return refs, false
}

func (d *dots) Modes() []Mode   { return []Mode{{Name: "Dots"}} }
func (d *dots) Layers() []Layer { return nil }

// marker is a marker of a scene's list as a test sees it: its x, its
// entity's index and whether it is drawn selected.
type marker struct {
	x        float64
	index    int
	selected bool
}

// markersOf is the markers of s's list, in order.
func markersOf(t *testing.T, s *Scene) []marker {
	t.Helper()
	var out []marker
	for _, m := range s.List.Markers {
		r, ok := s.Ref(m.ID)
		if !ok {
			t.Fatalf("marker at %v carries an unknown ID %d", m.At, m.ID)
		}
		out = append(out, marker{m.At.X, r.Index, m.State == display.Selected})
	}
	return out
}

// TestUpdate draws entities again after edits, in place when they keep
// their number of items and by moving the others when not, each
// entity's items where its ID and bounds say, the selected ones marked,
// and says which ones it drew again.
func TestUpdate(t *testing.T) {
	src := &dots{x: []float64{10, 20, 30, 40}, count: []int{1, 2, 1, 1}}
	s := New(src, false)
	s.Select(document.Ref{Kind: dot, Index: 2})
	edit := func(indexes ...int) display.Changes {
		return s.Update([]undo.Change{{Kind: dot, Indexes: indexes}})
	}
	for _, c := range []struct {
		name    string
		change  func()
		indexes []int
		want    []marker
		changed []int // the markers changed, when they keep their number
	}{
		{"moved in place", func() { src.x[1] = 21 }, []int{1, 1},
			[]marker{{10, 0, false}, {21, 1, false}, {21, 1, false}, {30, 2, true}, {40, 3, false}}, []int{1, 2}},
		{"selected moved", func() { src.x[2] = 31 }, []int{2},
			[]marker{{10, 0, false}, {21, 1, false}, {21, 1, false}, {31, 2, true}, {40, 3, false}}, []int{3}},
		{"one more marker", func() { src.count[0], src.x[3] = 2, 41 }, []int{3, 0},
			[]marker{{10, 0, false}, {10, 0, false}, {21, 1, false}, {21, 1, false}, {31, 2, true}, {41, 3, false}}, nil},
		{"one fewer", func() { src.count[1] = 1 }, []int{1},
			[]marker{{10, 0, false}, {10, 0, false}, {21, 1, false}, {31, 2, true}, {41, 3, false}}, nil},
		{"after the splice", func() { src.x[3] = 42 }, []int{3},
			[]marker{{10, 0, false}, {10, 0, false}, {21, 1, false}, {31, 2, true}, {42, 3, false}}, []int{4}},
	} {
		c.change()
		changes := edit(c.indexes...)
		if got := markersOf(t, s); !slices.Equal(got, c.want) {
			t.Errorf("%s: markers %v, want %v", c.name, got, c.want)
		}
		if c.changed == nil && !changes.All || c.changed != nil && (changes.All || !slices.Equal(changes.Markers, c.changed)) {
			t.Errorf("%s: changes %+v, want markers %v", c.name, changes, c.changed)
		}
		var reached []int
		for _, r := range s.Reached() {
			reached = append(reached, r.Index)
		}
		if s.Rebuilt() || !slices.Equal(reached, c.indexes) {
			t.Errorf("%s: reached %v (rebuilt %v), want %v", c.name, reached, s.Rebuilt(), c.indexes)
		}
		for i, x := range src.x {
			if at, ok := s.Center(document.Ref{Kind: dot, Index: i}); !ok || at.X != x {
				t.Errorf("%s: dot %d centred at %v (%v), want x %v", c.name, i, at, ok, x)
			}
		}
	}
	s.Select(document.Ref{Kind: dot, Index: 0})
	want := []marker{{10, 0, true}, {10, 0, true}, {21, 1, false}, {31, 2, false}, {42, 3, false}}
	if got := markersOf(t, s); !slices.Equal(got, want) {
		t.Errorf("selection moved: markers %v, want %v", got, want)
	}
}

// TestHover highlights the entity under the pointer and no other, leaves
// a selected one marked selected, names only the items that changed,
// and keeps the highlight through an edit drawn in place.
func TestHover(t *testing.T) {
	src := &dots{x: []float64{10, 20, 30}, count: []int{1, 2, 1}}
	s := New(src, false)
	s.Select(document.Ref{Kind: dot, Index: 2})
	states := func() []display.State {
		var out []display.State
		for _, m := range s.List.Markers {
			out = append(out, m.State)
		}
		return out
	}
	const n, h, sel = display.Normal, display.Highlighted, display.Selected
	for _, c := range []struct {
		name    string
		over    bool
		index   int
		want    []display.State
		changed []int
	}{
		{"over dot 1", true, 1, []display.State{n, h, h, sel}, []int{1, 2}},
		{"still over it", true, 1, []display.State{n, h, h, sel}, nil},
		{"over dot 0", true, 0, []display.State{h, n, n, sel}, []int{1, 2, 0}},
		{"over the selected one", true, 2, []display.State{n, n, n, sel}, []int{0, 3}},
		{"over nothing", false, 0, []display.State{n, n, n, sel}, []int{3}},
		{"over dot 1 again", true, 1, []display.State{n, h, h, sel}, []int{1, 2}},
	} {
		changes := s.Hover(document.Ref{Kind: dot, Index: c.index}, c.over)
		if got := states(); !slices.Equal(got, c.want) {
			t.Errorf("%s: states %v, want %v", c.name, got, c.want)
		}
		if changes.All || !slices.Equal(changes.Markers, c.changed) {
			t.Errorf("%s: changes %+v, want markers %v", c.name, changes, c.changed)
		}
	}
	src.x[1] = 21
	s.Update([]undo.Change{{Kind: dot, Indexes: []int{1}}})
	if got, want := states(), []display.State{n, h, h, sel}; !slices.Equal(got, want) {
		t.Errorf("after an edit of the entity under the pointer: states %v, want %v", got, want)
	}
}

// pins is a source of entities drawn as a marker on the map and a
// triangle in 3D each.
type pins int

func (p pins) Build(s *Scene) {
	for i := range int(p) {
		s.Entity(document.Ref{Kind: dot, Index: i})
	}
}

func (p pins) Draw(s *Scene, r document.Ref) {
	id, x := s.ID(0, dot, r.Index), float64(r.Index)
	s.List.Markers = append(s.List.Markers, display.Marker{At: display.Vec2{X: x}, ID: id})
	s.List.Triangles = append(s.List.Triangles, display.Triangle3{A: display.Vec3{X: x}, B: display.Vec3{X: x + 1}, C: display.Vec3{X: x, Y: 1}, ID: id})
}

func (p pins) Affected([]undo.Change) ([]document.Ref, bool) { return nil, true }
func (p pins) Modes() []Mode                                 { return []Mode{{Name: "Pins"}} }
func (p pins) Layers() []Layer                               { return nil }

// TestFlatSceneLeaves3DWaiting checks that while only the map is shown,
// selecting and hovering mark the 2D items alone, and that when the 3D
// view is shown the 3D items take the states their entities are in,
// named as changed.
func TestFlatSceneLeaves3DWaiting(t *testing.T) {
	s := New(pins(4), false)
	states := func() (flat, space []display.State) {
		for _, m := range s.List.Markers {
			flat = append(flat, m.State)
		}
		for _, tr := range s.List.Triangles {
			space = append(space, tr.State)
		}
		return flat, space
	}
	ref := func(i int) document.Ref { return document.Ref{Kind: dot, Index: i} }
	const n, h, sel = display.Normal, display.Highlighted, display.Selected

	if c := s.SetFlat(true); !c.Empty() {
		t.Fatalf("a new scene made flat changed %+v", c)
	}
	c := s.Select(ref(0), ref(1))
	if !slices.Equal(c.Markers, []int{0, 1}) || len(c.Triangles) != 0 {
		t.Errorf("selecting on a flat scene changed %+v, want markers 0 and 1 alone", c)
	}
	s.Hover(ref(2), true)
	s.Select(ref(1))
	flat, space := states()
	if !slices.Equal(flat, []display.State{n, sel, h, n}) || !slices.Equal(space, []display.State{n, n, n, n}) {
		t.Errorf("flat: markers %v, triangles %v", flat, space)
	}

	c = s.SetFlat(false)
	if got := slices.Sorted(slices.Values(c.Triangles)); !slices.Equal(got, []int{0, 1, 2}) || len(c.Markers) != 0 {
		t.Errorf("showing 3D changed %+v, want triangles 0, 1 and 2 alone", c)
	}
	if _, space = states(); !slices.Equal(space, []display.State{n, sel, h, n}) {
		t.Errorf("after showing 3D: triangles %v", space)
	}
	if c := s.SetFlat(false); !c.Empty() {
		t.Errorf("showing 3D again changed %+v", c)
	}
	c = s.Select(ref(3))
	if _, space = states(); !slices.Equal(c.Triangles, []int{1, 3}) || !slices.Equal(space, []display.State{n, n, h, sel}) {
		t.Errorf("selecting in 3D: changes %+v, triangles %v", c, space)
	}

	// Waiting entities are forgotten when the scene is built again: it
	// draws every item in its state.
	s.SetFlat(true)
	s.Select(ref(0))
	s.Update(nil) // pins' Affected reaches the whole level: the scene is built again
	if c := s.SetFlat(false); !c.Empty() {
		t.Errorf("after a build, showing 3D changed %+v", c)
	}
	if flat, space = states(); !slices.Equal(space, flat) || space[0] != sel {
		t.Errorf("after a build: markers %v, triangles %v", flat, space)
	}
}

// styled is a source of two modes and a layer that counts its builds.
type styled struct{ builds int }

func (s *styled) Build(*Scene)                                  { s.builds++ }
func (s *styled) Draw(*Scene, document.Ref)                     {}
func (s *styled) Affected([]undo.Change) ([]document.Ref, bool) { return nil, true }
func (s *styled) Modes() []Mode                                 { return []Mode{{Name: "Plain"}, {Name: "Bright"}} }
func (s *styled) Layers() []Layer                               { return []Layer{{Name: "Grid"}} }

// TestShowAsBuildsOnce: a scene takes another mode and layers in one
// build, none when it shows them already; an unknown mode is refused,
// the layers set all the same.
func TestShowAsBuildsOnce(t *testing.T) {
	src := &styled{}
	s := New(src, false)
	if err := s.ShowAs("Bright", map[string]bool{"Grid": false}); err != nil || src.builds != 2 || s.ModeName() != "Bright" || s.Shown("Grid") {
		t.Fatalf("ShowAs another mode and layer: %v, %d builds (want 2 with New's), mode %q, grid shown %v", err, src.builds, s.ModeName(), s.Shown("Grid"))
	}
	if err := s.ShowAs("Bright", s.LayersShown()); err != nil || src.builds != 2 {
		t.Errorf("ShowAs the look shown: %v, %d builds, want none more", err, src.builds)
	}
	if err := s.ShowAs("Dim", map[string]bool{"Grid": true}); err == nil || !s.Shown("Grid") || s.ModeName() != "Bright" || src.builds != 3 {
		t.Errorf("ShowAs an unknown mode: %v, grid shown %v, mode %q, %d builds", err, s.Shown("Grid"), s.ModeName(), src.builds)
	}
}

package marathon

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/editor/tool"
)

// toolHost is the part of the window the texture align tool uses: the
// level and its scene, the status bar and the selection.
type toolHost struct {
	game.Host
	level    int
	scene    *scene.Scene
	status   string
	selected []document.Ref
}

func (h *toolHost) Level() int                   { return h.level }
func (h *toolHost) Scene() *scene.Scene          { return h.scene }
func (h *toolHost) Status(text string)           { h.status = text }
func (h *toolHost) Select(refs []document.Ref)   { h.selected = refs }
func (h *toolHost) ShowPath(path []display.Vec2) {}

// step is a corpus level's line between two polygons of different
// floors and ceilings, with a side on each.
type step struct {
	d        *mdoc.Document
	level    int
	line     int
	lowFloor int // the polygon with the lower floor
	highCeil int // the polygon with the higher ceiling
	floorZ   float64
	ceilingZ float64
	sideOf   map[int]int // polygon -> its side of the line
}

func findStep(t *testing.T) step {
	t.Helper()
	for _, d := range corpusMaps(t) {
		for level, l := range d.Levels {
			if l == nil {
				continue
			}
			for i, ln := range l.Lines {
				if int(ln.ClockwisePoly) >= len(l.Polygons) || int(ln.CCWPoly) >= len(l.Polygons) ||
					int(ln.ClockwiseSide) >= len(l.Sides) || int(ln.CCWSide) >= len(l.Sides) {
					continue
				}
				a, b := l.Polygons[ln.ClockwisePoly], l.Polygons[ln.CCWPoly]
				if a.FloorHeight == b.FloorHeight || a.CeilingHeight == b.CeilingHeight {
					continue
				}
				s := step{d: d, level: level, line: i, lowFloor: int(ln.ClockwisePoly), highCeil: int(ln.ClockwisePoly),
					sideOf: map[int]int{int(ln.ClockwisePoly): int(ln.ClockwiseSide), int(ln.CCWPoly): int(ln.CCWSide)}}
				if b.FloorHeight < a.FloorHeight {
					s.lowFloor = int(ln.CCWPoly)
				}
				if b.CeilingHeight > a.CeilingHeight {
					s.highCeil = int(ln.CCWPoly)
				}
				s.floorZ = float64(min(a.FloorHeight, b.FloorHeight)+max(a.FloorHeight, b.FloorHeight)) / 2
				s.ceilingZ = float64(min(a.CeilingHeight, b.CeilingHeight)+max(a.CeilingHeight, b.CeilingHeight)) / 2
				return s
			}
		}
	}
	t.Skip("no corpus level has a step between two polygons with sides")
	return step{}
}

// TestWallAt: a point on the step between two floors is the side of the
// lower floor's polygon, one on the step between ceilings the side of
// the higher ceiling's; a side names itself; a split side's lower step
// is its secondary texture; what is not a wall is refused.
func TestWallAt(t *testing.T) {
	s := findStep(t)
	f := &session{d: s.d}
	l := s.d.Levels[s.level]
	line := document.Ref{Level: s.level, Kind: mdoc.KindLine, Index: s.line}
	lowSide := s.sideOf[s.lowFloor]
	split := l.Sides[lowSide].Type == splitSide
	for _, c := range []struct {
		name string
		r    document.Ref
		z    float64
		want wallSurface
	}{
		{"floor step", line, s.floorZ, wallSurface{s.level, lowSide, split}},
		{"ceiling step", line, s.ceilingZ, wallSurface{s.level, s.sideOf[s.highCeil], false}},
		{"side, floor step", document.Ref{Level: s.level, Kind: mdoc.KindSide, Index: lowSide}, s.floorZ, wallSurface{s.level, lowSide, split}},
	} {
		got, err := f.wallAt(s.level, c.r, c.z)
		if err != nil || got != c.want {
			t.Errorf("%s: %+v, %v; want %+v", c.name, got, err, c.want)
		}
	}
	if _, err := f.wallAt(s.level, document.Ref{Level: s.level, Kind: mdoc.KindObject}, 0); err == nil {
		t.Error("an object was taken for a wall")
	}
}

// TestTextureSlide: a press on a wall in 3D and a drag slide the
// surface's texture with the pointer, in world units (offset units),
// wrapped to one repeat, as one undo step; a click selects the side; the
// button aligns the side pressed with its neighbour, and is off when the
// session cannot.
func TestTextureSlide(t *testing.T) {
	test.NewTempApp(t)
	s := findStep(t)
	f := &session{d: s.d}
	var sc *scene.Scene
	for _, lv := range f.Levels() {
		if lv.Index == s.level {
			sc = lv.Build()
		}
	}
	h := &toolHost{level: s.level, scene: sc}
	tl := f.alignTool(h)
	hit := display.Vec3{Z: s.ceilingZ}
	p := toolPointer(sc.ID(s.level, mdoc.KindLine, s.line), &hit)
	side := s.sideOf[s.highCeil]
	from := s.d.Levels[s.level].Sides[side].Primary
	steps, _ := s.d.History.Steps()
	drag, ok := tl.Press(p).(tool.Drag3D)
	if !ok {
		t.Fatal("a press on a wall in 3D gave no Drag3D")
	}
	drag.By(100, 20)
	drag.By(float64(from.X)+1500, 50) // past a repeat
	got := s.d.Levels[s.level].Sides[side].Primary
	want := mcodec.SideTexture{X: wrapped(-1500), Y: wrapped(int(from.Y) + 50), Texture: from.Texture}
	if got != want {
		t.Errorf("after the drag the ceiling step's texture is %+v, want %+v", got, want)
	}
	if now, _ := s.d.History.Steps(); now != steps+1 {
		t.Errorf("the drag took %d steps, want 1", now-steps)
	}

	tl.Click(p)
	if want := []document.Ref{{Level: s.level, Kind: mdoc.KindSide, Index: side}}; len(h.selected) != 1 || h.selected[0] != want[0] {
		t.Errorf("a click selected %v, want %v", h.selected, want)
	}
	// The button does what alignWithNeighbour does to the side pressed.
	before, _ := s.d.History.Steps()
	test.Tap(alignButton(t, tl.Options))
	tapped := s.d.Levels[s.level].Sides[side]
	if h.status != "" {
		t.Fatalf("the button said %q", h.status)
	}
	if now, _ := s.d.History.Steps(); now > before {
		if _, err := s.d.History.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if err := alignWithNeighbour(s.d, s.level, side); err != nil {
		t.Fatal(err)
	}
	if direct := s.d.Levels[s.level].Sides[side]; tapped != direct {
		t.Errorf("the button made side %d %+v, alignWithNeighbour makes it %+v", side, tapped, direct)
	}

	// A drag across the wall only leaves the offset up it as stored, even
	// outside one repeat, as other editors write it.
	if err := s.d.EditSides(s.level, []int{side}, func(sd *mcodec.Side) { sd.Primary.Y = -1 }); err != nil {
		t.Fatal(err)
	}
	across, _ := tl.Press(p).(tool.Drag3D)
	across.By(100, 0.2)
	if got := s.d.Levels[s.level].Sides[side].Primary; got.Y != -1 || got.X == tapped.Primary.X {
		t.Errorf("a drag across made the texture %+v, want it slid across from %+v and its offset up -1", got, tapped.Primary)
	}
}

// wrapped is v within one repeat of a texture.
func wrapped(v int) int16 { return int16((v%textureRepeat + textureRepeat) % textureRepeat) }

// toolPointer is a pointer on item id at the 3D point hit.
func toolPointer(id display.ID, hit *display.Vec3) tool.Pointer {
	return tool.Pointer{ID: id, Hit: hit}
}

// alignButton is the "Align with neighbour" button of a tool's options.
func alignButton(t *testing.T, options fyne.CanvasObject) *widget.Button {
	t.Helper()
	for _, o := range options.(*fyne.Container).Objects {
		if b, ok := o.(*widget.Button); ok && b.Text == "Align with neighbour" {
			return b
		}
	}
	t.Fatal("the tool's options have no Align with neighbour button")
	return nil
}

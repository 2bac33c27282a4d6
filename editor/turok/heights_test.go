package turok

import (
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
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/editor/tool"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// heightHost is the window as the height tool uses it: a map at scale
// 1, a selection, the status bar and the error shown. Other calls panic.
type heightHost struct {
	game.Host
	selection []document.Ref
	status    string
	err       error
	scene     *scene.Scene // nil: no level shown
	retooled  int          // how many times the tools were built again
}

func (h *heightHost) Camera() display.Camera2D          { return display.Camera2D{Scale: 1} }
func (h *heightHost) Status(text string)                { h.status = text }
func (h *heightHost) Select(refs []document.Ref)        { h.selection = refs }
func (h *heightHost) Selection() []document.Ref         { return h.selection }
func (h *heightHost) ShowError(err error)               { h.err = err }
func (h *heightHost) ShowPath(path []display.Vec2)      {}
func (h *heightHost) Scene() *scene.Scene               { return h.scene }
func (h *heightHost) Retool()                           { h.retooled++ }
func (h *heightHost) Snap(at display.Vec2) display.Vec2 { return at }

func vertexRef(i int) document.Ref { return document.Ref{Kind: tdoc.KindVertex, Index: i} }

// floors are the floor heights of vertices.
func floors(m *tcodec.Map, vertices ...int) []float32 {
	var out []float32
	for _, v := range vertices {
		out = append(out, m.Vertices[v].Position.Z)
	}
	return out
}

// TestVertexInspector: the inspector shows the selected vertices'
// floor and ceiling heights (mixed when they differ); a typed height
// sets them all in one step, a height past the engine's range is
// refused and changes nothing, and the brushes flatten and smooth the
// floors.
func TestVertexInspector(t *testing.T) {
	test.NewTempApp(t)
	f := &session{d: tdoc.New("new.map")}
	m := f.d.Map
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(f.d.SetVertexHeights([]int{12}, tdoc.Floor, 96))
	form := func(vertices ...int) (*propgrid.Form, []propgrid.Field, *error) {
		sections := f.Inspect(&heightHost{}, tdoc.KindVertex, vertices)
		if len(sections) != 1 || sections[0].Title != vertexCount(vertices) {
			t.Fatalf("sections %v", sections)
		}
		var err error
		p := propgrid.New(sections[0].Fields)
		p.OnError = func(e error) { err = e }
		return p, sections[0].Fields, &err
	}
	p, _, _ := form(12)
	if got := p.Entry("Floor (Position.Z)").Text; got != "96" {
		t.Errorf("vertex 12's floor shows %q, want 96", got)
	}
	if got := p.Entry("Ceiling (Height)").Text; got != "512" {
		t.Errorf("vertex 12's ceiling shows %q, want 512", got)
	}
	p, _, _ = form(12, 13)
	if got := p.Entry("Floor (Position.Z)").Text; got != propgrid.Mixed {
		t.Errorf("floors 96 and 0 show %q, want mixed", got)
	}
	before := steps(f)
	e := p.Entry("Ceiling (Height)")
	e.SetText("640")
	e.OnSubmitted("640")
	if m.Vertices[12].Height != 640 || m.Vertices[13].Height != 640 || steps(f) != before+1 {
		t.Errorf("typing 640: ceilings %g and %g in %d steps", m.Vertices[12].Height, m.Vertices[13].Height, steps(f)-before)
	}
	p, _, err := form(12, 13)
	e = p.Entry("Floor (Position.Z)")
	e.SetText("2000000")
	e.OnSubmitted("2000000")
	if *err == nil || !strings.Contains((*err).Error(), "Floor (Position.Z)") || steps(f) != before+1 || m.Vertices[12].Position.Z != 96 {
		t.Errorf("a floor past the range: error %v, %d steps, floor %g", *err, steps(f)-before, m.Vertices[12].Position.Z)
	}
	_, fields, _ := form(12, 13, 17)
	do := func(label string) {
		k := slices.IndexFunc(fields, func(f propgrid.Field) bool { return f.Label == label })
		if k < 0 || fields[k].Action == nil {
			t.Fatalf("no %s button", label)
		}
		fields[k].Action.Do()
	}
	do("Flatten floors")
	if got := floors(m, 12, 13, 17); !slices.Equal(got, []float32{32, 32, 32}) {
		t.Errorf("flattened floors %v, want their mean 32", got)
	}
	_, fields, _ = form(12)
	do("Smooth floors") // its neighbours: 13 and 17 at 32, four at 0
	if got := m.Vertices[12].Position.Z; got != 32-32*(1-2.0/6)/2 {
		t.Errorf("smoothed floor %g", got)
	}
}

// newMapTool is the tool that makes makes for a new map, with a
// heightHost; it checks the tool's key and that its options fit the map
// view of the editor's first window, 1280 wide, some 800 pixels wide
// (the last option not cut off at its edge).
func newMapTool(t *testing.T, makes func(*session, game.Host) *tool.Tool, key fyne.KeyName) (*session, *heightHost, *tool.Tool) {
	t.Helper()
	test.NewTempApp(t)
	f := &session{d: tdoc.New("new.map")}
	h := &heightHost{}
	tl := makes(f, h)
	if tl.Key != key {
		t.Errorf("key %v, want %v", tl.Key, key)
	}
	if w := tl.Options.MinSize().Width; w > 790 {
		t.Errorf("the options are %.0f wide, more than the map view", w)
	}
	return f, h, tl
}

// options are the height tool's option widgets by type, in order.
func options(tl *tool.Tool) (radios []*widget.RadioGroup, entries []*widget.Entry, buttons map[string]*widget.Button) {
	buttons = map[string]*widget.Button{}
	for _, o := range tl.Options.(*fyne.Container).Objects {
		switch w := o.(type) {
		case *widget.RadioGroup:
			radios = append(radios, w)
		case *widget.Entry:
			entries = append(entries, w)
		case *widget.Button:
			buttons[w.Text] = w
		}
	}
	return radios, entries, buttons
}

// TestHeightTool: clicks select vertices (Shift adds and removes) or, in
// sector mode, sectors; a drag up from a selected vertex raises the
// selection a unit per pixel as one step, and one from empty map
// selects the vertices in a box (Shift adds them); the options set a typed
// height, flatten and smooth the selection's floors or ceilings, and
// refuse a strength out of range; a new sector's new corner takes the
// terrain's height.
func TestHeightTool(t *testing.T) {
	f, h, tl := newMapTool(t, (*session).heightTool, fyne.KeyH)
	m := f.d.Map
	click := func(x, y float64, mods fyne.KeyModifier) {
		tl.Click(tool.Pointer{At: display.Vec2{X: x, Y: y}, Mods: mods})
	}
	click(514, 510, 0)
	click(768, 512, fyne.KeyModifierShift)
	click(256, 0, fyne.KeyModifierShift)
	click(257, 1, fyne.KeyModifierShift)
	if want := []document.Ref{vertexRef(12), vertexRef(13)}; !slices.Equal(h.selection, want) {
		t.Fatalf("selected %v, want %v", h.selection, want)
	}
	radios, entries, buttons := options(tl)
	if len(radios) != 2 || len(entries) != 2 {
		t.Fatalf("%d choices and %d entries", len(radios), len(entries))
	}
	radios[1].SetSelected(sectorsChoice)
	click(200, 100, 0) // in sector 0: (0, 0), (256, 0), (256, 256)
	if want := []document.Ref{{Kind: tdoc.KindSector, Index: 0}}; !slices.Equal(h.selection, want) {
		t.Fatalf("in sector mode selected %v, want %v", h.selection, want)
	}
	radios[1].SetSelected(verticesChoice)
	h.selection = []document.Ref{vertexRef(12), vertexRef(13)}

	before := steps(f)
	drag := tl.Press(tool.Pointer{At: display.Vec2{X: 512, Y: 512}})
	drag.To(display.Vec2{X: 520, Y: 552})
	drag.To(display.Vec2{X: 520, Y: 537})
	drag.Release()
	if got := floors(m, 12, 13, 11); !slices.Equal(got, []float32{25, 25, 0}) || steps(f) != before+1 {
		t.Errorf("dragged 25 up: floors %v in %d steps, want 25, 25, 0 in 1", got, steps(f)-before)
	}
	h.selection = []document.Ref{vertexRef(0)}
	box := tl.Press(tool.Pointer{At: display.Vec2{X: 600, Y: 600}, Mods: fyne.KeyModifierShift})
	box.To(display.Vec2{X: 1100, Y: 1100})
	box.Release()
	if want := []document.Ref{vertexRef(0), vertexRef(18), vertexRef(19), vertexRef(23), vertexRef(24)}; !slices.Equal(h.selection, want) || steps(f) != before+1 {
		t.Errorf("a Shift+drag of a box from empty map selected %v, want %v added, and no step", h.selection, want)
	}
	h.selection = []document.Ref{vertexRef(12), vertexRef(13)}

	entries[0].SetText("100")
	test.Tap(buttons["Set"])
	if got := floors(m, 12, 13); !slices.Equal(got, []float32{100, 100}) {
		t.Errorf("set 100: floors %v", got)
	}
	radios[0].SetSelected(ceilingChoice)
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(f.d.SetVertexHeights([]int{13}, tdoc.Ceiling, 600))
	test.Tap(buttons["Flatten"])
	if m.Vertices[12].Height != 556 || m.Vertices[13].Height != 556 || m.Vertices[12].Position.Z != 100 {
		t.Errorf("flattened ceilings %g and %g (floor %g), want 556", m.Vertices[12].Height, m.Vertices[13].Height, m.Vertices[12].Position.Z)
	}
	before = steps(f)
	entries[1].SetText("1.5")
	test.Tap(buttons["Smooth"])
	if h.err == nil || !strings.Contains(h.err.Error(), "strength is 1.5") || steps(f) != before {
		t.Errorf("strength 1.5: error %v, %d steps", h.err, steps(f)-before)
	}
	h.selection = nil
	h.err = nil
	test.Tap(buttons["Smooth"])
	if h.status == "" || steps(f) != before {
		t.Errorf("smoothing nothing: status %q, %d steps", h.status, steps(f)-before)
	}

	// Sector 0 rises with y from 0 to vertex 6's 96 at (256, 256): a new
	// corner at (100, 40) takes 96*40/256.
	must(f.d.SetVertexHeights([]int{6}, tdoc.Floor, 96))
	f.addSector(h, []display.Vec2{{X: 0, Y: 0}, {X: 256, Y: 0}, {X: 100, Y: 40}}, 0)
	if h.err != nil {
		t.Fatal(h.err)
	}
	v := m.Vertices[len(m.Vertices)-1]
	if v.Position != (tcodec.Vec3{X: 100, Y: 40, Z: 15}) || v.Height != 512 {
		t.Errorf("the new corner is %+v, want on the floor at 15 under 512", v)
	}
}

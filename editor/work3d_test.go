package editor

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	sdoc "github.com/levelwright/levelwright/document/shock"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	mcol "github.com/levelwright/levelwright/editor/marathon"
	scol "github.com/levelwright/levelwright/editor/shock"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// games3D are the demo levels the 3D tests work in: the entity whose
// floor they click (the first of its kind), the placement tool's key and
// how each game's 3D view stands a map point (X, Y) at height z.
var games3D = []struct {
	game  string
	floor document.Kind
	place fyne.KeyName
	at3   func(p display.Vec2, z float64) display.Vec3
}{
	{"marathon", mdoc.KindPolygon, fyne.KeyO, func(p display.Vec2, z float64) display.Vec3 { return display.Vec3{X: p.X, Y: -p.Y, Z: z} }},
	{"shock", sdoc.KindTile, fyne.KeyO, func(p display.Vec2, z float64) display.Vec3 { return display.Vec3{X: p.X, Y: p.Y, Z: z} }},
	{"turok", tdoc.KindSector, fyne.KeyO, func(p display.Vec2, z float64) display.Vec3 { return display.Vec3{X: p.X, Y: p.Y, Z: z} }},
}

// floorOf is the centre of the first triangle of the 3D view that faces
// up and draws an entity of kind, and that entity.
func floorOf(t *testing.T, e *Editor, kind document.Kind) (display.Vec3, document.Ref) {
	t.Helper()
	for _, tr := range e.scene.List.Triangles {
		r, ok := e.scene.Ref(tr.ID)
		ab := display.Vec3{X: tr.B.X - tr.A.X, Y: tr.B.Y - tr.A.Y}
		ac := display.Vec3{X: tr.C.X - tr.A.X, Y: tr.C.Y - tr.A.Y}
		if ok && r.Kind == kind && ab.X*ac.Y-ab.Y*ac.X > 0 {
			return display.Vec3{X: (tr.A.X + tr.B.X + tr.C.X) / 3, Y: (tr.A.Y + tr.B.Y + tr.C.Y) / 3, Z: (tr.A.Z + tr.B.Z + tr.C.Z) / 3}, r
		}
	}
	t.Fatalf("the 3D view draws no floor of a %s", kind)
	return display.Vec3{}, document.Ref{}
}

// lookDownAt shows the 3D view looking steeply down at p from dist
// away.
func lookDownAt(e *Editor, p display.Vec3, dist float64) {
	e.SetViewMode(viewport.Orbit)
	e.view.SetCameras(viewport.Cameras{Mode: viewport.Orbit, Map: e.view.Camera(),
		Space: display.Camera3D{Target: p, Yaw: 0.4, Pitch: 1.4, Distance: dist, FOV: 50 * math.Pi / 180, Near: dist / 100, Far: dist * 20}})
	e.Window().Canvas().Capture()
}

// at3D is where the 3D view shows p, in Fyne units.
func at3D(t *testing.T, e *Editor, p display.Vec3) fyne.Position {
	t.Helper()
	size := e.view.Size()
	s, ok := e.view.Camera3D().ToScreen(p, int(size.Width), int(size.Height))
	if !ok || s.X < 0 || s.Y < 0 || s.X > float64(size.Width) || s.Y > float64(size.Height) {
		t.Fatalf("%v is not in the 3D view (%v)", p, s)
	}
	return fyne.NewPos(float32(s.X), float32(s.Y))
}

// clickIn3D clicks where the 3D view shows p, as the pointer would:
// press, release, tap.
func clickIn3D(t *testing.T, e *Editor, p display.Vec3) {
	t.Helper()
	at := at3D(t, e, p)
	e.view.MouseDown(&desktop.MouseEvent{Button: desktop.MouseButtonPrimary, PointEvent: fyne.PointEvent{Position: at}})
	e.view.MouseUp(&desktop.MouseEvent{Button: desktop.MouseButtonPrimary, PointEvent: fyne.PointEvent{Position: at}})
	e.view.Tapped(&fyne.PointEvent{Position: at})
}

// chooseByKey chooses the tool whose key is key, with its toolbar
// button.
func chooseByKey(t *testing.T, e *Editor, key fyne.KeyName) {
	t.Helper()
	for _, g := range e.tools.groups {
		for _, tl := range g.tools {
			if tl.Key == key {
				g.shown = tl // as its group's menu leaves it
				test.Tap(g.button)
				return
			}
		}
	}
	t.Fatalf("no tool has the key %s", key)
}

// dist3D is how far from p the 3D tests look: enough to see the floor
// around it.
const dist3D = 8

// TestClickIn3D, for each game's demo level: a click in 3D on the middle
// of a floor triangle selects the entity it draws and the inspector
// shows it; Delete deletes it and Undo brings it back; the placement
// tool clicked there places at the map point under the click.
func TestClickIn3D(t *testing.T) {
	for _, g := range games3D {
		t.Run(g.game, func(t *testing.T) {
			e := openDemo(t, g.game)
			centre, want := floorOf(t, e, g.floor)
			lo, hi, _ := e.scene.List.Bounds3()
			size := math.Hypot(hi.X-lo.X, hi.Y-lo.Y)
			lookDownAt(e, centre, size/dist3D)

			e.view.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: at3D(t, e, centre)}})
			if line := game.Describe(e.file, want); !strings.Contains(e.status.Text, line) || !strings.Contains(e.status.Text, fmt.Sprintf("z %.1f", centre.Z)) {
				t.Errorf("over %v's floor in 3D the status bar says %q, want its height and %q", want, e.status.Text, line)
			}
			clickIn3D(t, e, centre)
			if !slices.Equal(e.selection, []document.Ref{want}) {
				t.Fatalf("a click on %v's floor selected %v", want, e.selection)
			}
			if title := inspect.Title(want.Kind, []int{want.Index}); !strings.Contains(texts(e.inspector.box), title) {
				t.Errorf("the inspector does not show %q:\n%s", title, texts(e.inspector.box))
			}

			before, _ := e.file.Bytes()
			steps := undoSteps(e)
			typeInView(e, fyne.KeyDelete)
			if after, _ := e.file.Bytes(); bytes.Equal(after, before) || undoSteps(e) != steps+1 {
				t.Fatalf("Delete in 3D left the file as it was, or took %d steps", undoSteps(e)-steps)
			}
			e.Undo()
			if after, _ := e.file.Bytes(); !bytes.Equal(after, before) {
				t.Fatal("Undo did not bring the deleted entity back")
			}

			e.Window().Canvas().Capture()
			typeInView(e, g.place) // a key the 3D view does not fly with
			if e.tools.chosen.Key != g.place {
				t.Fatalf("the key %s typed in the 3D view chose the %s tool", g.place, e.tools.chosen.Name)
			}
			clickIn3D(t, e, centre)
			if len(e.selection) != 1 || e.selection[0] == want {
				t.Fatalf("the %s tool in 3D placed nothing: selection %v (%s)", e.tools.chosen.Name, e.selection, e.status.Text)
			}
			got, _ := e.scene.Center(e.selection[0])
			if placed := g.at3(got, centre.Z); math.Hypot(placed.X-centre.X, placed.Y-centre.Y) > 2*e.view.Camera3D().PerPixel(centre, int(e.view.Size().Height))+1 {
				t.Errorf("the %s tool placed at map point %v, which stands at %v in 3D; clicked %v", e.tools.chosen.Name, got, placed, centre)
			}
		})
	}
}

// TestDragIn3D: the move tool drags an object along the floor in 3D to
// the map point under the pointer; the moves are one step.
func TestDragIn3D(t *testing.T) {
	e := openDemo(t, "marathon")
	l := mcol.Document(e.file).Levels[0]
	p := objectAt(l, 1)
	centre, _ := floorOf(t, e, mdoc.KindPolygon)
	start := display.Vec3{X: p.X, Y: -p.Y, Z: centre.Z}
	lookDownAt(e, start, 3000)
	typeInView(e, fyne.KeyM)
	// No sprite stands for the object in this branch's scene, so the
	// press on its floor is given the object's ID, as a sprite's is.
	id := e.scene.ID(0, mdoc.KindObject, 1)
	steps := undoSteps(e)
	if !e.press3D(id, &start, 0) {
		t.Fatal("the move tool took no press on an object in 3D")
	}
	to := display.Vec3{X: start.X + 300, Y: start.Y - 200, Z: start.Z}
	e.drag3D(viewport.Move3D{Level: display.Vec3{X: start.X + 100, Y: start.Y, Z: start.Z}, OnLevel: true})
	e.drag3D(viewport.Move3D{Level: to, OnLevel: true})
	e.releaseDrag()
	if got := objectAt(l, 1); math.Hypot(got.X-to.X, got.Y+to.Y) > 1 {
		t.Errorf("the object moved to %v, want %v", got, display.Vec2{X: to.X, Y: -to.Y})
	}
	if undoSteps(e) != steps+1 {
		t.Errorf("the drag took %d steps, want 1", undoSteps(e)-steps)
	}
}

// fakePalette is a session that offers textures to the palette, as the
// games' sessions do with their data, and paints with edit.
type fakePalette struct {
	game.Session
	textures []game.PaletteTexture
	edit     func(r document.Ref, key int) error
	applied  []paint
}

// paint is a call of ApplyTexture.
type paint struct {
	ref document.Ref
	hit *display.Vec3
	key int
}

func (f *fakePalette) PaletteTextures(int) []game.PaletteTexture { return f.textures }

func (f *fakePalette) ApplyTexture(_ game.Host, r document.Ref, hit *display.Vec3, key int) error {
	f.applied = append(f.applied, paint{r, hit, key})
	return f.edit(r, key)
}

func solid(c color.NRGBA) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, 8, 8))
	for i := 0; i < len(img.Pix); i += 4 {
		copy(img.Pix[i:], []uint8{c.R, c.G, c.B, c.A})
	}
	return img
}

// usePalette makes the open file a fakePalette of textures that paints
// with edit.
func usePalette(e *Editor, textures []game.PaletteTexture, edit func(r document.Ref, key int) error) *fakePalette {
	f := &fakePalette{Session: e.file, textures: textures, edit: edit}
	e.file = f
	e.palette.fill()
	return f
}

// TestTexturePalette: for the games whose sessions offer textures (here
// a fake session over each, as this branch's sessions offer none), View
// > Texture palette opens the palette with the level's textures; with
// one chosen, a click on a floor in the map paints it (no hit), and in
// 3D paints the surface hit, each one undo step; errors go to the status
// bar; without textures, the palette says what to set in the Settings.
func TestTexturePalette(t *testing.T) {
	if e := openDemo(t, "turok"); !e.palette.item.Disabled {
		t.Error("View > Texture palette is offered for Turok, whose sessions have no textures")
	}
	textures := []game.PaletteTexture{{Key: 7, Name: "Grate", Group: "Floors", Picture: solid(color.NRGBA{40, 40, 40, 255})},
		{Key: 9, Name: "Lava", Group: "Liquids", Picture: solid(color.NRGBA{250, 80, 0, 255})}}
	for _, c := range []struct {
		game  string
		floor document.Kind
		edit  func(e *Editor) func(r document.Ref, key int) error
		note  string
	}{
		{"marathon", mdoc.KindPolygon, func(e *Editor) func(document.Ref, int) error {
			d := mcol.Document(e.file)
			return func(r document.Ref, key int) error {
				return d.EditPolygons(r.Level, []int{r.Index}, func(p *mcodec.Polygon) { p.FloorTexture = uint16(key) })
			}
		}, "the Shapes file"},
		{"shock", sdoc.KindTile, func(e *Editor) func(document.Ref, int) error {
			d := scol.Document(e.file)
			return func(r document.Ref, key int) error {
				w := int(d.Archive.Levels[r.Level].Info.Width)
				return d.PaintTiles(r.Level, []sdoc.Point{{X: r.Index % w, Y: r.Index / w}}, sdoc.Brush{sdoc.FloorTexture: key % 32})
			}
		}, "DATA folder"},
	} {
		t.Run(c.game, func(t *testing.T) {
			e := openDemo(t, c.game)
			f := usePalette(e, nil, c.edit(e))
			if e.palette.item.Disabled {
				t.Fatal("View > Texture palette is not offered for a session with textures")
			}
			shortcut(e, ctrl(fyne.KeyT, 0))
			if !e.palette.box.Visible() || !strings.Contains(e.palette.textures.Note(), c.note) {
				t.Fatalf("without textures the palette shows %v, saying %q; want it to name %q", e.palette.box.Visible(), e.palette.textures.Note(), c.note)
			}
			f.textures = textures
			e.retool()
			if e.palette.textures.Note() != "" || len(e.palette.textures.Shown()) != 2 {
				t.Fatalf("after Retool the palette shows %v, saying %q", e.palette.textures.Shown(), e.palette.textures.Note())
			}
			e.palette.textures.Choose(1)
			e.Window().Canvas().Capture() // the view is narrower beside the palette

			// In the map: the floor under the click, no hit.
			centre, want := floorOf(t, e, c.floor)
			at := e.scene.MapPoint(centre)
			before, _ := e.file.Bytes()
			steps := undoSteps(e)
			clickInView(e, at, 0)
			if len(f.applied) != 1 || f.applied[0] != (paint{want, nil, 9}) {
				t.Fatalf("a click in the map painted %v, want %v with 9", f.applied, want)
			}
			if after, _ := e.file.Bytes(); bytes.Equal(after, before) || undoSteps(e) != steps+1 {
				t.Fatalf("painting changed nothing or took %d steps", undoSteps(e)-steps)
			}
			e.Undo()
			if after, _ := e.file.Bytes(); !bytes.Equal(after, before) {
				t.Fatal("Undo did not take the paint back")
			}

			// In 3D: the surface hit.
			lo, hi, _ := e.scene.List.Bounds3()
			lookDownAt(e, centre, math.Hypot(hi.X-lo.X, hi.Y-lo.Y)/dist3D)
			e.palette.textures.Choose(0)
			clickIn3D(t, e, centre)
			if len(f.applied) != 2 || f.applied[1].ref != want || f.applied[1].key != 7 || f.applied[1].hit == nil ||
				math.Hypot(f.applied[1].hit.X-centre.X, f.applied[1].hit.Y-centre.Y) > 2*e.view.Camera3D().PerPixel(centre, int(e.view.Size().Height)) {
				t.Fatalf("a click in 3D painted %v, want %v with 7 at %v", f.applied[1:], want, centre)
			}
			if undoSteps(e) != steps+1 {
				t.Fatalf("painting in 3D took %d steps", undoSteps(e)-steps)
			}

			f.edit = func(document.Ref, int) error { return errors.New("cannot paint that") }
			clickIn3D(t, e, centre)
			if e.status.Text != "cannot paint that" {
				t.Errorf("a refused paint says %q", e.status.Text)
			}
			typeInView(e, fyne.KeyEscape)
			if e.palette.textures.Chosen() != -1 {
				t.Errorf("Escape left texture %d chosen", e.palette.textures.Chosen())
			}
			clickIn3D(t, e, centre)
			if len(f.applied) != 3 || !slices.Equal(e.selection, []document.Ref{want}) {
				t.Errorf("with no texture chosen, a click painted (%d calls) or did not select (%v)", len(f.applied), e.selection)
			}
			e.palette.textures.Choose(0)
			shortcut(e, ctrl(fyne.KeyT, 0))
			e.SetSelection(nil)
			clickIn3D(t, e, centre)
			if len(f.applied) != 3 || !slices.Equal(e.selection, []document.Ref{want}) {
				t.Errorf("with the palette closed, a click painted (%d calls) or did not select (%v)", len(f.applied), e.selection)
			}
		})
	}
}

// TestTextureAlignIn3D: the window sends a drag begun on a wall in 3D
// with the Texture align tool to its Drag3D, in world units across the
// wall: the side's texture offsets follow, as one step.
func TestTextureAlignIn3D(t *testing.T) {
	e := openDemo(t, "marathon")
	l := mcol.Document(e.file).Levels[0]
	for _, tr := range e.scene.List.Triangles {
		r, ok := e.scene.Ref(tr.ID)
		if !ok || r.Kind != mdoc.KindSide || tr.A.Z == tr.C.Z && tr.B.Z == tr.C.Z {
			continue
		}
		ln := l.Lines[l.Sides[r.Index].Line]
		if int(ln.CCWPoly) < len(l.Polygons) && int(ln.ClockwisePoly) < len(l.Polygons) {
			continue // a wall between two polygons
		}
		hit := display.Vec3{X: (tr.A.X + tr.B.X + tr.C.X) / 3, Y: (tr.A.Y + tr.B.Y + tr.C.Y) / 3, Z: (tr.A.Z + tr.B.Z + tr.C.Z) / 3}
		lookDownAt(e, hit, 3000)
		chooseByKey(t, e, fyne.KeyX)
		side := &l.Sides[r.Index]
		from := side.Primary
		steps := undoSteps(e)
		if !e.press3D(tr.ID, &hit, 0) {
			t.Fatalf("Texture align took no press on side %d in 3D: %s", r.Index, e.status.Text)
		}
		e.drag3D(viewport.Move3D{Right: 10, Up: 5})
		e.drag3D(viewport.Move3D{Right: 64, Up: 32})
		e.releaseDrag()
		wrap := func(v int) int16 { return int16((v%1024 + 1024) % 1024) } // a texture repeats every 1024 units
		if want := (mcodec.SideTexture{X: wrap(int(from.X) - 64), Y: wrap(int(from.Y) + 32), Texture: from.Texture}); side.Primary != want {
			t.Errorf("the drag made the texture %+v, want %+v", side.Primary, want)
		}
		if undoSteps(e) != steps+1 {
			t.Errorf("the drag took %d steps, want 1", undoSteps(e)-steps)
		}
		return
	}
	t.Fatal("the demo level shows no wall with one polygon and its side")
}

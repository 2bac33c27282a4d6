package viewport

import (
	"image"
	"image/color"
	"math"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/internal/displaytest"
	"github.com/levelwright/levelwright/internal/e2e"
)

// viewInWindow shows a view of the sample list in a 400x300 test window.
func viewInWindow(t *testing.T) (*View, fyne.Window) {
	test.NewTempApp(t)
	v := NewView()
	w := test.NewTempWindow(t, v)
	w.Resize(fyne.NewSize(400, 300))
	v.SetList(displaytest.SampleList(), false)
	return v, w
}

// TestViewDrawsOnlyOnChange: the view draws a frame when its list, its
// camera, its mode or its size changed, and not for a bare refresh or
// new overlays, which do not refresh its raster either; Shown counts
// the frames drawn once painted.
func TestViewDrawsOnlyOnChange(t *testing.T) {
	v, w := viewInWindow(t)
	frames := func(what string, want int, act func()) {
		t.Helper()
		before, redraws := v.renders, v.redraws
		shown, _ := v.Shown()
		act()
		w.Canvas().Capture()
		if got := v.renders - before; got != want {
			t.Errorf("%s: %d frames drawn, want %d", what, got, want)
		}
		// Under the test driver a frame counts as painted at once.
		if now, at := v.Shown(); now-shown != want || now > 0 && at.IsZero() {
			t.Errorf("%s: %d frames painted (the last at %v), want %d", what, now-shown, at, want)
		}
		// A refresh with nothing changed gives Fyne no picture to upload.
		if want == 0 && v.redraws != redraws {
			t.Errorf("%s: the raster was refreshed %d times, want none", what, v.redraws-redraws)
		}
	}
	frames("first show", 1, func() {})
	frames("refresh", 0, v.Refresh)
	frames("wheel", 1, func() {
		v.Scrolled(&fyne.ScrollEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(100, 100)}, Scrolled: fyne.Delta{DY: 1}})
	})
	frames("item changed", 1, func() {
		v.list.Markers[0].State = display.Selected
		v.Update(display.Changes{Markers: []int{0}})
	})
	frames("no change", 0, func() { v.Update(display.Changes{}) })
	frames("links shown", 0, func() { v.ShowLinks([][2]display.Vec2{{{X: 0, Y: 0}, {X: 50, Y: 50}}}) })
	frames("3D", 1, func() { v.SetMode(Orbit) })
	frames("resize", 1, func() { w.Resize(fyne.NewSize(420, 300)) })
}

// TestViewOverlaysRepaint: links, marks and a path shown or taken away
// without a new frame have the canvas paint again through a shown object
// it held already (it knows only those it has drawn): the overlays shown
// are new objects, whose refreshes it does not see, so the screen kept
// the links of entities moved or deleted until the next event painted it.
func TestViewOverlaysRepaint(t *testing.T) {
	v, w := viewInWindow(t)
	w.Canvas().Capture()
	var repainted []fyne.CanvasObject
	was := repaint
	repaint = func(o fyne.CanvasObject) { repainted = append(repainted, o) }
	t.Cleanup(func() { repaint = was })
	for _, c := range []struct {
		what string
		act  func()
	}{
		{"links shown", func() { v.ShowLinks([][2]display.Vec2{{{X: 0, Y: 0}, {X: 50, Y: 50}}}) }},
		{"links moved", func() { v.ShowLinks([][2]display.Vec2{{{X: 0, Y: 0}, {X: 60, Y: 40}}}) }},
		{"links taken away", func() { v.ShowLinks(nil) }},
		{"marks shown", func() { v.ShowMarks([]Mark{{At: display.Vec2{X: 10, Y: 10}, Color: color.NRGBA{R: 255, A: 255}}}) }},
		{"marks taken away", func() { v.ShowMarks(nil) }},
		{"path shown", func() { v.ShowPath([]display.Vec2{{X: 0, Y: 0}, {X: 20, Y: 0}, {X: 20, Y: 20}}) }},
		{"path taken away", func() { v.ShowPath(nil) }},
	} {
		held := test.WidgetRenderer(v).Objects()
		repainted = nil
		redraws := v.redraws
		c.act()
		if v.redraws != redraws {
			t.Errorf("%s: the raster was refreshed, want the overlays alone painted again", c.what)
		}
		if !slices.ContainsFunc(repainted, func(o fyne.CanvasObject) bool { return o.Visible() && slices.Contains(held, o) }) {
			t.Errorf("%s: no shown object the canvas held was refreshed: the screen keeps the old overlays", c.what)
		}
		w.Canvas().Capture()
	}
}

// TestViewCameras: the map pans with a right drag and the arrows; in 3D
// a drag orbits about the target, Fly mode turns about the eye and the
// keys fly, and the wheel moves nearer.
func TestViewCameras(t *testing.T) {
	v, w := viewInWindow(t)
	w.Canvas().Capture()
	center := v.Camera().Center
	v.MouseDown(&desktop.MouseEvent{Button: desktop.MouseButtonSecondary, PointEvent: fyne.PointEvent{Position: fyne.NewPos(100, 100)}})
	v.MouseMoved(&desktop.MouseEvent{Button: desktop.MouseButtonSecondary, PointEvent: fyne.PointEvent{Position: fyne.NewPos(130, 100)}})
	v.MouseUp(&desktop.MouseEvent{})
	if got := v.Camera().Center; got.X >= center.X || got.Y != center.Y {
		t.Errorf("right drag to the right moved the centre from %v to %v, want it west", center, got)
	}
	v.TypedKey(&fyne.KeyEvent{Name: fyne.KeyUp})
	if v.Camera().Center.Y <= center.Y {
		t.Errorf("the up arrow did not move the view north")
	}

	v.SetMode(Orbit)
	orbit := w.Canvas().Capture()
	c := v.Camera3D()
	v.Dragged(&fyne.DragEvent{Dragged: fyne.Delta{DX: 40}})
	if got := v.Camera3D(); got.Yaw == c.Yaw || got.Target != c.Target {
		t.Errorf("orbit drag: yaw %v -> %v, target %v -> %v", c.Yaw, got.Yaw, c.Target, got.Target)
	}
	v.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.Delta{DY: 1}})
	if v.Camera3D().Distance >= c.Distance {
		t.Errorf("the wheel did not bring the eye nearer")
	}
	// In Orbit mode the letters are the tools' keys, not flight.
	var offered []fyne.KeyName
	v.OnKey = func(ev *fyne.KeyEvent) { offered = append(offered, ev.Name) }
	c = v.Camera3D()
	v.TypedKey(&fyne.KeyEvent{Name: fyne.KeyS})
	if v.Camera3D() != c || len(offered) != 1 || offered[0] != fyne.KeyS {
		t.Errorf("S in Orbit mode moved the eye (%v) or was not offered to the tools (%v)", v.Camera3D() != c, offered)
	}

	v.SetMode(Fly)
	c = v.Camera3D()
	v.Dragged(&fyne.DragEvent{Dragged: fyne.Delta{DX: 40}})
	if got := v.Camera3D(); distanceSquared(got.Eye(), c.Eye()) > 1e-6 || got.Target == c.Target {
		t.Errorf("fly drag moved the eye %v -> %v or kept the target", c.Eye(), got.Eye())
	}
	c = v.Camera3D()
	v.TypedKey(&fyne.KeyEvent{Name: fyne.KeyW})
	if got := v.Camera3D(); distanceSquared(got.Eye(), c.Target) >= distanceSquared(c.Eye(), c.Target) {
		t.Errorf("W did not fly toward the target")
	}
	if f := changed(orbit, w.Canvas().Capture()); f < 0.05 {
		t.Errorf("the 3D view after flying differs from the orbit view in %.1f%% of the pixels", f*100)
	}
}

// TestMapPansByWholePixels: drags of a fraction of a pixel move the map
// by whole pixels, carrying the rest, so that the map follows the
// pointer and the OpenGL canvas can be kept.
func TestMapPansByWholePixels(t *testing.T) {
	v, w := viewInWindow(t)
	w.Canvas().Capture()
	start := v.Camera()
	moved := func() float64 { return (start.Center.X - v.Camera().Center.X) * start.Scale }
	for i, want := range []float64{0, 1, 1, 2, 2} { // 0.4 pixels a drag: 0.4, 0.8, 1.2, 1.6, 2.0
		v.Dragged(&fyne.DragEvent{Dragged: fyne.Delta{DX: 0.4 / float32(v.ratio())}})
		if got := moved(); math.Abs(got-want) > 1e-6 {
			t.Errorf("after drag %d of 0.4 pixels the map moved %v pixels, want %v", i+1, got, want)
		}
	}
}

// TestViewWithOpenGL: with OpenGL enabled the view draws through it, the
// same picture as the software renderer, and Close falls back.
func TestViewWithOpenGL(t *testing.T) {
	e2e.NeedDisplay(t)
	v, w := viewInWindow(t)
	v.EnableGL()
	defer v.Close()
	img := w.Canvas().Capture()
	if !strings.HasPrefix(v.Renderer(), "OpenGL") {
		t.Fatalf("renderer %q, want OpenGL", v.Renderer())
	}
	v.Close()
	v.Fit() // a new frame, in software
	soft := w.Canvas().Capture()
	if v.Renderer() != "software" {
		t.Fatalf("renderer %q after Close, want software", v.Renderer())
	}
	if f := changed(img, soft); f > 0.01 {
		t.Errorf("OpenGL and software frames differ in %.2f%% of the pixels", f*100)
	}
}

// distanceSquared is the square of the distance from a to b.
func distanceSquared(a, b display.Vec3) float64 {
	dx, dy, dz := a.X-b.X, a.Y-b.Y, a.Z-b.Z
	return dx*dx + dy*dy + dz*dz
}

// closeTo reports whether a and b are within tol of each other on every
// axis.
func closeTo(a, b display.Vec3, tol float64) bool {
	return math.Abs(a.X-b.X) <= tol && math.Abs(a.Y-b.Y) <= tol && math.Abs(a.Z-b.Z) <= tol
}

// squarePolygons is a map of n x n squares of 10 units, square i naming
// entity i+1.
func squarePolygons(n int) *display.List {
	l := &display.List{}
	for i := range n * n {
		x, y := float64(i%n)*10, float64(i/n)*10
		l.Polygons = append(l.Polygons, display.Polygon{Points: []display.Vec2{{X: x, Y: y}, {X: x + 10, Y: y}, {X: x + 10, Y: y + 10}, {X: x, Y: y + 10}}, ID: display.ID(i + 1)})
	}
	return l
}

// changed is the share of pixels that differ between a and b.
func changed(a, b image.Image) float64 { return e2e.ChangedFraction(a, b, a.Bounds()) }

// TestLinksFollowFit: links shown before the first frame, and after a
// zoom then View > Fit, sit on their world points as the camera that
// drew the frame puts them.
func TestLinksFollowFit(t *testing.T) {
	v, w := viewInWindow(t)
	lo, hi, _ := v.list.Bounds()
	v.ShowLinks([][2]display.Vec2{{lo, hi}})
	onEnds := func(when string) {
		t.Helper()
		r := v.ratio()
		want := v.cam.ToScreen(lo, int(v.px.X), int(v.px.Y))
		got := v.links[0].Position1
		if dx, dy := float64(got.X)-want.X/r, float64(got.Y)-want.Y/r; dx*dx+dy*dy > 1 {
			t.Errorf("%s: the link starts at %v, its point is drawn at %v", when, got, want)
		}
	}
	w.Canvas().Capture()
	onEnds("first frame")
	v.Scrolled(&fyne.ScrollEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(50, 60)}, Scrolled: fyne.Delta{DY: 3}})
	w.Canvas().Capture()
	onEnds("zoomed")
	v.Fit()
	w.Canvas().Capture()
	onEnds("fitted")
}

// TestClicksCycleThroughStackedItems: a click picks the item on top; a
// click again at the same place picks the one under it, round to the top
// again; a click elsewhere starts from the top.
func TestClicksCycleThroughStackedItems(t *testing.T) {
	v, w := viewInWindow(t)
	// Two markers on one spot, over polygon 3.
	v.list.Markers = append(v.list.Markers, display.Marker{At: display.Vec2{X: 0, Y: 0}, Shape: display.Circle, Size: 12, ID: 10},
		display.Marker{At: display.Vec2{X: 0, Y: 0}, Shape: display.Square, Size: 12, ID: 11})
	v.Update(display.Changes{All: true})
	w.Canvas().Capture()
	var picked []display.ID
	v.OnPick = func(id display.ID, _ display.Vec2, _ fyne.KeyModifier) { picked = append(picked, id) }
	s := v.cam.ToScreen(display.Vec2{X: 0, Y: 0}, int(v.px.X), int(v.px.Y))
	r := v.ratio()
	spot := fyne.NewPos(float32(s.X/r), float32(s.Y/r))
	for range 4 {
		v.Tapped(&fyne.PointEvent{Position: spot})
	}
	v.Tapped(&fyne.PointEvent{Position: spot.AddXY(40, 0)})
	v.Tapped(&fyne.PointEvent{Position: spot})
	want := []display.ID{11, 10, 3, 11, 0, 11}
	if !slices.Equal(picked, want) {
		t.Fatalf("picked %v, want %v", picked, want)
	}
}

// TestHoverNamesTheItem: the pointer's moves report the item under it.
func TestHoverNamesTheItem(t *testing.T) {
	v, w := viewInWindow(t)
	w.Canvas().Capture()
	var under display.ID
	v.OnCursor = func(_ display.Vec2, id display.ID) { under = id }
	s := v.cam.ToScreen(display.Vec2{X: 0, Y: 0}, int(v.px.X), int(v.px.Y))
	r := v.ratio()
	v.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(float32(s.X/r), float32(s.Y/r))}})
	if under != 3 {
		t.Fatalf("over polygon 3 the view reports %d", under)
	}
}

// TestPicksFollowChangesOnLargeMaps: on a map of many polygons, which
// the view picks from through its index, a polygon moved, one added and
// a list replaced whole are picked where they now are, and not where
// they were.
func TestPicksFollowChangesOnLargeMaps(t *testing.T) {
	test.NewTempApp(t)
	v := NewView()
	w := test.NewTempWindow(t, v)
	w.Resize(fyne.NewSize(400, 300))
	l := squarePolygons(80) // 6,400 squares of 10 units
	v.SetList(l, false)
	v.SetCameras(Cameras{Mode: Map, Map: display.Camera2D{Center: display.Vec2{X: 400, Y: 400}, Scale: 4}})
	w.Canvas().Capture()
	var under display.ID
	v.OnCursor = func(_ display.Vec2, id display.ID) { under = id }
	over := func(p display.Vec2) display.ID {
		s := v.cam.ToScreen(p, int(v.px.X), int(v.px.Y))
		r := v.ratio()
		v.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(float32(s.X/r), float32(s.Y/r))}})
		return under
	}
	for range display.GridAfter { // the index builds its grid
		if got := over(display.Vec2{X: 402.5, Y: 403}); got != display.ID(40*80+40+1) {
			t.Fatalf("over square (40, 40) the view reports %d", got)
		}
	}
	if !v.index.Gridded() {
		t.Fatal("no grid of the 6,400 polygons")
	}
	// Square 0 moved onto (40, 40), drawn on top of it: it is picked there.
	moved := &l.Polygons[0]
	for i := range moved.Points {
		moved.Points[i].X, moved.Points[i].Y = moved.Points[i].X+400, moved.Points[i].Y+400
	}
	l.Polygons = append(l.Polygons, display.Polygon{Points: []display.Vec2{{X: 300, Y: 300}, {X: 310, Y: 300}, {X: 310, Y: 310}}, ID: 9999})
	v.Update(display.Changes{Polygons: []int{0, len(l.Polygons) - 1}})
	// Polygons are picked last first: the moved square is under the
	// squares after it, the added triangle over all.
	if got := over(display.Vec2{X: 402.5, Y: 403}); got != display.ID(40*80+40+1) {
		t.Fatalf("over the moved square, under square (40, 40), the view reports %d", got)
	}
	l.Polygons[40*80+40].ID = 0 // square (40, 40) names no entity now
	v.Update(display.Changes{Polygons: []int{40*80 + 40}})
	if got := over(display.Vec2{X: 402.5, Y: 403}); got != 1 {
		t.Fatalf("over the moved square the view reports %d", got)
	}
	if got := over(display.Vec2{X: 308, Y: 302}); got != 9999 {
		t.Fatalf("over the added triangle the view reports %d", got)
	}
	if got := over(display.Vec2{X: 3, Y: 3}); got != 0 {
		t.Fatalf("where the moved square was the view reports %d", got)
	}
	v.SetList(squarePolygons(20), false)
	v.SetCameras(Cameras{Mode: Map, Map: display.Camera2D{Center: display.Vec2{X: 400, Y: 400}, Scale: 4}})
	if got := over(display.Vec2{X: 402.5, Y: 403}); got != 0 {
		t.Fatalf("off a list of 20 x 20 squares the view reports %d", got)
	}
}

// TestLinksHaveArrowheads: a link is drawn with a head at its target:
// two barbs that end where the shaft ends and start behind it, on
// either side.
func TestLinksHaveArrowheads(t *testing.T) {
	v, w := viewInWindow(t)
	v.ShowLinks([][2]display.Vec2{{{X: -100, Y: 0}, {X: 100, Y: 0}}})
	w.Canvas().Capture()
	if len(v.links) != linkStrokes {
		t.Fatalf("one link drew %d lines", len(v.links))
	}
	shaft, barbs := v.links[0], v.links[1:]
	for _, b := range barbs {
		if b.Position2 != shaft.Position2 || b.Hidden {
			t.Fatalf("a barb runs %v-%v (hidden %v), the shaft ends at %v", b.Position1, b.Position2, b.Hidden, shaft.Position2)
		}
		behind := (b.Position1.X-shaft.Position2.X)*(shaft.Position2.X-shaft.Position1.X) < 0
		if !behind {
			t.Errorf("a barb starts at %v, not behind the head at %v", b.Position1, shaft.Position2)
		}
	}
	if (barbs[0].Position1.Y-shaft.Position2.Y)*(barbs[1].Position1.Y-shaft.Position2.Y) >= 0 {
		t.Errorf("the barbs %v and %v are not on either side of the shaft", barbs[0].Position1, barbs[1].Position1)
	}
}

// TestClickAndDragIn3D: in 3D a click reports the item and the surface
// point under the pointer; a press that OnGrab3D takes sends the drag to
// OnDrag3D, as world units across the view at the point pressed and as
// the point on the horizontal plane through it.
func TestClickAndDragIn3D(t *testing.T) {
	v, w := viewInWindow(t)
	floor := []display.Triangle3{{A: display.Vec3{X: -50, Y: -50, Z: 2}, B: display.Vec3{X: 50, Y: -50, Z: 2}, C: display.Vec3{X: 50, Y: 50, Z: 2}, ID: 7, Color: red}, {A: display.Vec3{X: -50, Y: -50, Z: 2}, B: display.Vec3{X: 50, Y: 50, Z: 2}, C: display.Vec3{X: -50, Y: 50, Z: 2}, ID: 7, Color: red}}
	v.SetList(&display.List{Triangles: floor}, false)
	v.SetCameras(Cameras{Mode: Orbit, Space: display.Camera3D{Target: display.Vec3{X: 0, Y: 0, Z: 2}, Yaw: 0.3, Pitch: 1, Distance: 60, FOV: 1, Near: 1, Far: 500}})
	w.Canvas().Capture()
	r := v.ratio()
	pos := func(p display.Vec3) fyne.Position {
		s, _ := v.cam3.ToScreen(p, int(v.px.X), int(v.px.Y))
		return fyne.NewPos(float32(s.X/r), float32(s.Y/r))
	}
	var id display.ID
	var hit *display.Vec3
	v.OnPick3D = func(i display.ID, h *display.Vec3, _ fyne.KeyModifier) { id, hit = i, h }
	v.Tapped(&fyne.PointEvent{Position: pos(display.Vec3{X: 10, Y: 5, Z: 2})})
	if id != 7 || hit == nil || !closeTo(*hit, display.Vec3{X: 10, Y: 5, Z: 2}, 0.2) {
		t.Fatalf("a click on the floor at (10, 5, 2) reported %d at %v", id, hit)
	}
	var moves []Move3D
	v.OnGrab3D = func(i display.ID, h *display.Vec3, _ fyne.KeyModifier) bool { return i == 7 && h != nil }
	v.OnDrag3D = func(m Move3D) { moves = append(moves, m) }
	start := pos(display.Vec3{X: 0, Y: 0, Z: 2})
	v.MouseDown(&desktop.MouseEvent{Button: desktop.MouseButtonPrimary, PointEvent: fyne.PointEvent{Position: start}})
	to := pos(display.Vec3{X: -8, Y: 12, Z: 2})
	v.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: to}, Dragged: fyne.NewDelta(to.X-start.X, to.Y-start.Y)})
	v.DragEnd()
	if len(moves) != 1 || !moves[0].OnLevel || !closeTo(moves[0].Level, display.Vec3{X: -8, Y: 12, Z: 2}, 0.2) {
		t.Fatalf("a drag across the floor to (-8, 12, 2) sent %v", moves)
	}
	perPixel := v.cam3.PerPixel(display.Vec3{X: 0, Y: 0, Z: 2}, int(v.px.Y))
	if want := float64(to.X-start.X) * r * perPixel; math.Abs(moves[0].Right-want) > 1e-9 {
		t.Errorf("right %v, want %v", moves[0].Right, want)
	}
	if want := float64(start.Y-to.Y) * r * perPixel; math.Abs(moves[0].Up-want) > 1e-9 {
		t.Errorf("up %v, want %v", moves[0].Up, want)
	}
	if v.cam3.Target != (display.Vec3{X: 0, Y: 0, Z: 2}) || v.cam3.Yaw != 0.3 {
		t.Errorf("the drag turned the view: %+v", v.cam3)
	}
}

// TestMarksFollowTheMap: each mark is a ring of its colour centred on
// its world point, after a zoom too; the 3D view hides them, a new list
// takes them away.
func TestMarksFollowTheMap(t *testing.T) {
	v, w := viewInWindow(t)
	green, amber := color.NRGBA{G: 0xC0, A: 0xFF}, color.NRGBA{R: 0xFF, G: 0xB0, A: 0xFF}
	marks := []Mark{{At: display.Vec2{X: -100, Y: 0}, Color: green}, {At: display.Vec2{X: 50, Y: 20}, Color: amber}}
	v.ShowMarks(marks)
	centred := func(when string) {
		t.Helper()
		r := v.ratio()
		for i, m := range marks {
			ring := v.rings[i]
			want := v.cam.ToScreen(m.At, int(v.px.X), int(v.px.Y))
			mid := ring.Position().AddXY(ring.Size().Width/2, ring.Size().Height/2)
			if dx, dy := float64(mid.X)-want.X/r, float64(mid.Y)-want.Y/r; dx*dx+dy*dy > 1 {
				t.Errorf("%s: mark %d is centred at %v, its point is drawn at %v", when, i, mid, want)
			}
			if ring.StrokeColor != m.Color || ring.Hidden {
				t.Errorf("%s: mark %d is drawn in %v (hidden %v), want %v", when, i, ring.StrokeColor, ring.Hidden, m.Color)
			}
		}
	}
	w.Canvas().Capture()
	centred("first frame")
	v.Scrolled(&fyne.ScrollEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(50, 60)}, Scrolled: fyne.Delta{DY: 3}})
	w.Canvas().Capture()
	centred("zoomed")
	drawn := 0
	for _, o := range test.LaidOutObjects(v) {
		if c, ok := o.(*canvas.Circle); ok && c.Visible() {
			drawn++
		}
	}
	if drawn != len(marks) {
		t.Errorf("the view lays out %d rings for %d marks", drawn, len(marks))
	}
	if got, shown := v.Marks(); len(got) != len(marks) || !shown {
		t.Errorf("Marks is %v, shown %v", got, shown)
	}
	v.SetMode(Orbit)
	w.Canvas().Capture()
	for i, ring := range v.rings {
		if !ring.Hidden {
			t.Errorf("mark %d shows in 3D", i)
		}
	}
	if _, shown := v.Marks(); shown {
		t.Error("Marks says the marks show in 3D")
	}
	v.SetMode(Map)
	v.SetList(displaytest.SampleList(), false)
	if got, _ := v.Marks(); len(got) != 0 || len(v.rings) != 0 {
		t.Errorf("a new list keeps %d marks", len(got))
	}
}

// TestFrameSelectionIn3D: F in 3D aims the view at the selected faces,
// keeping the direction of view, so that the orbit turns about them;
// with nothing selected it frames the whole list.
func TestFrameSelectionIn3D(t *testing.T) {
	v, w := viewInWindow(t)
	tri := func(x float64, s display.State) display.Triangle3 {
		return display.Triangle3{A: display.Vec3{X: x, Y: 0, Z: 0}, B: display.Vec3{X: x + 10, Y: 0, Z: 0}, C: display.Vec3{X: x, Y: 10, Z: 4}, Color: red, State: s}
	}
	l := &display.List{Triangles: []display.Triangle3{tri(0, display.Normal), tri(1000, display.Selected)}}
	v.SetList(l, false)
	v.SetCameras(Cameras{Mode: Orbit, Space: display.Camera3D{Target: display.Vec3{X: 500}, Yaw: 0.3, Pitch: 0.7, Distance: 900, FOV: 1, Near: 1, Far: 5000}})
	w.Canvas().Capture()
	v.TypedKey(&fyne.KeyEvent{Name: fyne.KeyF})
	if c := v.cam3; c.Target != (display.Vec3{X: 1005, Y: 5, Z: 2}) || c.Yaw != 0.3 || c.Pitch != 0.7 || c.Distance >= 100 {
		t.Fatalf("F framed %+v, want the selected face's middle from the same direction, near", c)
	}
	before := v.cam3
	v.TypedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	if v.cam3.Target != before.Target || v.cam3.Yaw == before.Yaw {
		t.Errorf("the orbit after F turned about %v, yaw %v", v.cam3.Target, v.cam3.Yaw)
	}
	l.Triangles[1].State = display.Normal
	v.TypedKey(&fyne.KeyEvent{Name: fyne.KeyF})
	if c := v.cam3; c.Target != (display.Vec3{X: 505, Y: 5, Z: 2}) {
		t.Errorf("F with nothing selected aims at %v, want the whole list's middle", c.Target)
	}
}

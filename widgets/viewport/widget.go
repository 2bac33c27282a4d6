// Package viewport shows a display.List in a Fyne widget: a view of
// the map, or of the level in 3D, that pans, zooms, orbits and flies and
// picks the items under the pointer. It draws with OpenGL (GL, on a
// render thread of its own) or with display's software renderer.
package viewport

import (
	"image"
	"image/color"
	"log"
	"math"
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
	"github.com/levelwright/levelwright/display"
)

// Mode is what a View shows.
type Mode uint8

const (
	// Map is the 2D view from above.
	Map Mode = iota
	// Orbit is the 3D view turning about a point.
	Orbit
	// Fly is the 3D view moving like a flying eye.
	Fly
)

// View is the map view as a Fyne widget. It draws a display list into a
// raster at the screen's pixel size, with OpenGL once EnableGL was
// called and it works, else with the software renderer, and only when
// the list, the camera or the size changed.
//
// In the map: the wheel zooms about the pointer; a middle or right drag
// and the arrow keys pan. In 3D: a drag turns the view (about the
// target in Orbit mode, about the eye in Fly mode), a right drag pans,
// the wheel moves nearer, and W, A, S, D, Q, E fly. A click picks the
// item under the pointer; in 3D, with the point of its surface there.
type View struct {
	widget.BaseWidget

	// OnCursor is called with the world point under the pointer and the
	// item there, 0 for none (map).
	OnCursor func(at display.Vec2, id display.ID)
	// OnCursor3D is OnCursor in 3D: the item under the pointer and the
	// point of its surface there (0 and nil over no surface).
	OnCursor3D func(id display.ID, hit *display.Vec3)
	// OnHover is called when the item under the pointer changes while no
	// button is held, with 0 when the pointer is over none or leaves
	// the view. The view moving under a still pointer (keys, the wheel,
	// a drag let go) or a new list picks the item again.
	OnHover func(id display.ID)
	// OnLeave is called when the pointer leaves the view.
	OnLeave func()
	// OnPick is called with the item clicked (0 for none), the world
	// point clicked (in the map; zero in 3D) and the modifier keys held.
	OnPick func(id display.ID, at display.Vec2, mods fyne.KeyModifier)
	// OnGrab is called when the left button goes down in the map over
	// an item (0 for none), with the world point and the modifier keys;
	// when it returns true, the drag that follows goes to OnDrag instead
	// of panning, and the release calls OnDrop, drag or not.
	OnGrab func(id display.ID, at display.Vec2, mods fyne.KeyModifier) bool
	OnDrag func(at display.Vec2)
	OnDrop func()
	// OnPick3D is called for a click in 3D with the item clicked (0 for
	// none), the point of its surface clicked (nil for none) and the
	// modifier keys. Without it, a click in 3D goes to OnPick, with a
	// zero world point.
	OnPick3D func(id display.ID, hit *display.Vec3, mods fyne.KeyModifier)
	// OnGrab3D is OnGrab in 3D: the left button went down over the item
	// id, at the point hit of its surface (nil where there is none).
	// When it returns true, the drag that follows goes to OnDrag3D
	// instead of turning the view, and the release calls OnDrop.
	OnGrab3D func(id display.ID, hit *display.Vec3, mods fyne.KeyModifier) bool
	OnDrag3D func(m Move3D)
	// OnKey gets the keys the view does not use itself.
	OnKey func(*fyne.KeyEvent)

	list    *display.List
	index   display.Index // the list's items by where they are, for picking
	version int           // counts the list's changes
	mode    Mode
	cam     display.Camera2D
	cam3    display.Camera3D
	fitted  bool         // the map camera fits the list at the current size
	panRest display.Vec2 // the part of a pixel the map's pans have not moved yet
	fitted3 bool

	wantGL  bool
	gl      *GL
	raster  *canvas.Raster
	px      display.Vec2     // the raster's size in pixels, as last drawn
	placed  display.Camera2D // the map camera the overlays were last placed for
	last    frame
	renders int       // frames drawn (Frames)
	shown   int       // of them, frames painted on the window since (Shown)
	shownAt time.Time // when the last of them was
	redraws int       // times the raster was refreshed, each a new picture for Fyne to upload

	button   desktop.MouseButton // held, as MouseDown reported it
	hovered  display.ID          // the item under the pointer, as OnHover was last told
	pointer  fyne.Position       // where the pointer is, while pointed
	pointed  bool                // the pointer is over the view
	picked   pickedIn            // the view the item under the pointer was picked in
	lists    int                 // lists shown or replaced whole, for picked
	mods     fyne.KeyModifier    // held at the last MouseDown
	drag     fyne.Position       // where the right drag was last
	grabbing bool                // a left drag goes to OnDrag or OnDrag3D
	grab3    grab3               // where a grab in 3D began
	box      *canvas.Rectangle   // a rubber band over the map, when shown
	boxEnds  [2]display.Vec2     // its corners, in world units
	path     []*canvas.Line      // a path drawn over the map, when shown
	pathEnds []display.Vec2      // its points, in world units
	stack    pickStack           // the items under the last click, for clicking through them
	links    []*canvas.Line      // links from entities to their targets
	linkEnds [][2]display.Vec2   // their ends, in world units
	marks    []Mark              // rings drawn around world points
	rings    []*canvas.Circle    // the marks as drawn
	// repainter is empty and transparent, and always shown, so that the
	// canvas knows it: refreshed, it has the window painted again.
	repainter *canvas.Rectangle
}

// A Mark is a ring of a colour drawn over the map around a world point,
// the same size at any zoom, as a comparison marks what changed.
type Mark struct {
	At    display.Vec2
	Color color.NRGBA
}

// markRadius is a mark's ring radius, in screen units.
const markRadius = 11

// Move3D is where the pointer is in a drag that a press on a surface in
// the 3D view began: how far it moved since the press, in world units
// across the view at the distance of the point pressed (right and up),
// and where its ray meets the horizontal plane through that point
// (OnLevel is false when it does not, ahead of the eye).
type Move3D struct {
	Right, Up float64
	Level     display.Vec3
	OnLevel   bool
}

// grab3 is where a grab in 3D began: the pixel pressed, the surface
// point under it and the world units a pixel spans there.
type grab3 struct {
	at       display.Vec2
	hit      display.Vec3
	perPixel float64
}

// pickStack is what a click found: where it was, the items under it top
// first, and which of them it picked.
type pickStack struct {
	at    display.Vec2
	under []display.ID
	next  int
}

// frame is a drawn picture and what it shows.
type frame struct {
	version int
	mode    Mode
	cam     display.Camera2D
	cam3    display.Camera3D
	w, h    int
	img     image.Image
}

// NewView returns an empty view.
func NewView() *View {
	v := &View{list: &display.List{}}
	v.index.SetList(v.list)
	v.raster = canvas.NewRaster(v.draw)
	v.box = canvas.NewRectangle(color.NRGBA{R: 0x80, G: 0xC0, B: 0xFF, A: 0x30})
	v.box.StrokeColor, v.box.StrokeWidth = color.NRGBA{R: 0x80, G: 0xC0, B: 0xFF, A: 0xFF}, 1
	v.box.Hide()
	v.repainter = canvas.NewRectangle(color.Transparent)
	v.ExtendBaseWidget(v)
	return v
}

// EnableGL makes the view draw with OpenGL from its next frame, falling
// back to the software renderer if OpenGL cannot start. Close the view
// before the app quits.
func (v *View) EnableGL() { v.wantGL = true }

// Renderer names what draws the view: "OpenGL: ..." or "software".
func (v *View) Renderer() string {
	if v.gl != nil {
		return "OpenGL: " + v.gl.Describe()
	}
	return "software"
}

// Close stops the OpenGL renderer, if one runs; the view draws in
// software afterwards.
func (v *View) Close() {
	if v.gl != nil {
		v.gl.Close()
		v.gl, v.wantGL = nil, false
	}
}

// SetList shows l, fitted to the view; flipY says world Y grows down.
func (v *View) SetList(l *display.List, flipY bool) {
	v.list, v.cam, v.fitted, v.fitted3 = l, display.Camera2D{Scale: 1, FlipY: flipY}, false, false
	v.index.SetList(l)
	v.hovered, v.lists = 0, v.lists+1
	v.box.Hide()
	v.ShowPath(nil)
	v.ShowLinks(nil)
	v.ShowMarks(nil)
	v.version++
	if v.gl != nil {
		v.gl.SetList(l)
	}
	v.Refresh()
}

// Update redraws the items of the list that c names; the cameras stay.
func (v *View) Update(c display.Changes) {
	if c.Empty() {
		return
	}
	v.version++
	v.index.Update(c)
	if c.All {
		// Items may be other entities' now: OnHover is told again,
		// whatever is under the pointer.
		v.hovered, v.lists = 0, v.lists+1
	}
	if v.gl != nil {
		if c.All {
			v.gl.SetList(v.list)
		} else {
			v.gl.Update(c)
		}
	}
	v.Refresh()
}

// SetMode switches between the map and the 3D views.
func (v *View) SetMode(m Mode) {
	v.mode = m
	v.Refresh()
}

// Mode is what the view shows.
func (v *View) Mode() Mode { return v.mode }

// Camera is the map camera.
func (v *View) Camera() display.Camera2D { return v.cam }

// Camera3D is the 3D camera.
func (v *View) Camera3D() display.Camera3D { return v.cam3 }

// Cameras is what a view shows of its list: the mode and both cameras.
type Cameras struct {
	Mode  Mode
	Map   display.Camera2D
	Space display.Camera3D
}

// Cameras returns the mode and the cameras, to be given back to
// SetCameras after another list was shown.
func (v *View) Cameras() Cameras { return Cameras{v.mode, v.cam, v.cam3} }

// SetCameras shows the list as c says, instead of fitted.
func (v *View) SetCameras(c Cameras) {
	v.mode, v.cam, v.cam3, v.fitted, v.fitted3 = c.Mode, c.Map, c.Space, true, true
	v.Refresh()
}

// ShowBox draws a rubber band over the map between the world points a
// and b, as a box selection does.
func (v *View) ShowBox(a, b display.Vec2) {
	v.boxEnds = [2]display.Vec2{a, b}
	v.box.Show()
	v.placeOverlays()
}

// HideBox takes the rubber band away.
func (v *View) HideBox() { v.box.Hide() }

// Path is the path shown over the map (ShowPath), nil for none.
func (v *View) Path() []display.Vec2 { return v.pathEnds }

// ShowPath draws a path through the world points over the map, as a
// tool drawing an outline shows it; nil takes it away.
func (v *View) ShowPath(points []display.Vec2) {
	v.pathEnds = points
	v.path = v.path[:0]
	for range max(len(points)-1, 0) {
		l := canvas.NewLine(color.NRGBA{R: 0xFF, G: 0xD0, B: 0x40, A: 0xFF})
		l.StrokeWidth = 2
		v.path = append(v.path, l)
	}
	v.placeOverlays()
	v.Refresh()
}

// ShowLinks draws lines over the map from each link's first point to its
// second, as from a trigger to its target; nil takes them away.
func (v *View) ShowLinks(links [][2]display.Vec2) {
	v.linkEnds = links
	v.links = v.links[:0]
	for range links {
		for range linkStrokes { // the shaft, and the arrowhead's two barbs at the target
			l := canvas.NewLine(color.NRGBA{R: 0x40, G: 0xE0, B: 0xE0, A: 0xB0})
			l.StrokeWidth = 1.5
			v.links = append(v.links, l)
		}
	}
	v.placeOverlays()
	v.Refresh()
}

// ShowMarks draws a ring around each mark's point over the map, in its
// colour; nil takes them away.
func (v *View) ShowMarks(marks []Mark) {
	v.marks = marks
	v.rings = v.rings[:0]
	for _, m := range marks {
		c := canvas.NewCircle(color.Transparent)
		c.StrokeColor, c.StrokeWidth = m.Color, 2.5
		v.rings = append(v.rings, c)
	}
	v.placeOverlays()
	v.Refresh()
}

// Marks are the marks ShowMarks was given, and whether the view draws
// them now: they show over the map, not in 3D.
func (v *View) Marks() ([]Mark, bool) { return v.marks, v.mode == Map }

// LinksShown is how many links the view draws now: those given to
// ShowLinks, while the map is shown.
func (v *View) LinksShown() int {
	n := 0
	for i := 0; i < len(v.links); i += linkStrokes {
		if v.links[i].Visible() {
			n++
		}
	}
	return n
}

// linkStrokes is how many lines draw a link: its shaft and the two barbs
// of the arrowhead at its target.
const linkStrokes = 3

// placeOverlays puts the rubber band, the path, the links and the marks
// where their world points are on screen.
func (v *View) placeOverlays() {
	v.placed = v.cam
	w, h, r := int(v.px.X), int(v.px.Y), v.ratio()
	screen := func(p display.Vec2) fyne.Position {
		s := v.cam.ToScreen(p, w, h)
		return fyne.NewPos(float32(s.X/r), float32(s.Y/r))
	}
	visible := v.mode == Map
	for i, l := range v.path {
		l.Position1, l.Position2 = screen(v.pathEnds[i]), screen(v.pathEnds[i+1])
		l.Hidden = !visible
		l.Refresh()
	}
	for i, ends := range v.linkEnds {
		a, b := screen(ends[0]), screen(ends[1])
		strokes := v.links[i*linkStrokes : (i+1)*linkStrokes]
		strokes[0].Position1, strokes[0].Position2 = a, b
		dx, dy := float64(b.X-a.X), float64(b.Y-a.Y)
		n := math.Hypot(dx, dy)
		head := display.Arrowhead(display.Vec2{X: dx / max(n, 1), Y: dy / max(n, 1)}, float64(strokes[0].StrokeWidth), 1)
		for k := 1; k < linkStrokes; k++ {
			strokes[k].Position1 = b.AddXY(float32(head[k].X), float32(head[k].Y))
			strokes[k].Position2 = b
		}
		for k, l := range strokes {
			l.Hidden = !visible || k > 0 && n < 24 // too short to carry a head
			l.Refresh()
		}
	}
	for i, m := range v.marks {
		ring := v.rings[i]
		ring.Move(screen(m.At).SubtractXY(markRadius, markRadius))
		ring.Resize(fyne.NewSize(2*markRadius, 2*markRadius))
		ring.Hidden = !visible
		ring.Refresh()
	}
	if !v.box.Visible() {
		return
	}
	a, b := screen(v.boxEnds[0]), screen(v.boxEnds[1])
	v.box.Move(fyne.NewPos(min(a.X, b.X), min(a.Y, b.Y)))
	v.box.Resize(fyne.NewSize(abs32(a.X-b.X), abs32(a.Y-b.Y)))
	v.box.Refresh()
}

func abs32(f float32) float32 { return float32(math.Abs(float64(f))) }

// Frames is how many frames the view has drawn, a frame reused for an
// unchanged view not counted. Call it on the main thread.
func (v *View) Frames() int { return v.renders }

// Shown is how many of the frames drawn have been painted on the
// window, and when the last of them was. Call it on the main thread.
func (v *View) Shown() (frames int, at time.Time) { return v.shown, v.shownAt }

// Fit shows the whole list.
func (v *View) Fit() {
	v.fitted, v.fitted3 = false, false
	v.Refresh()
}

func (v *View) draw(w, h int) image.Image {
	resized := display.Vec2{X: float64(w), Y: float64(h)} != v.px
	v.px = display.Vec2{X: float64(w), Y: float64(h)}
	defer func() {
		// Place them again when they were placed for another size, or
		// the camera was fitted here or moved since.
		if resized || v.cam != v.placed {
			v.placeOverlays()
		}
	}()
	if w <= 0 || h <= 0 {
		return image.NewNRGBA(image.Rect(0, 0, 1, 1))
	}
	v.cam.PixelRatio = v.ratio()
	if !v.fitted {
		if lo, hi, ok := v.list.Bounds(); ok {
			v.cam = v.cam.Fit(lo, hi, w, h)
		}
		v.fitted = true
	}
	if !v.fitted3 {
		lo, hi, ok := v.list.Bounds3()
		if !ok {
			lo, hi = display.Vec3{}, display.Vec3{X: 1, Y: 1, Z: 1}
		}
		v.cam3, v.fitted3 = display.Orbit3D(lo, hi), true
	}
	next := frame{version: v.version, mode: v.mode, cam: v.cam, cam3: v.cam3, w: w, h: h}
	if v.last.img != nil && next.same(v.last) {
		return v.last.img
	}
	v.startGL()
	next.img = v.render(w, h)
	v.last = next
	v.renders++
	// draw runs inside Fyne's paint of the window; what is queued now runs
	// once that paint has been swapped onto the screen.
	fyne.Do(func() { v.shown, v.shownAt = v.shown+1, time.Now() })
	return next.img
}

// stale reports whether the next frame would differ from the last one
// drawn at the same size: the list, the mode or the camera shown
// changed, or none was drawn yet. A size change refreshes the raster
// by itself.
func (v *View) stale() bool {
	next := frame{version: v.version, mode: v.mode, cam: v.cam, cam3: v.cam3, w: v.last.w, h: v.last.h}
	return v.last.img == nil || !v.fitted || !v.fitted3 || !next.same(v.last)
}

func (f frame) same(o frame) bool {
	return f.version == o.version && f.mode == o.mode && f.w == o.w && f.h == o.h &&
		(f.mode == Map && f.cam == o.cam || f.mode != Map && f.cam3 == o.cam3)
}

// startGL starts OpenGL the first time it is wanted. The raster calls
// draw on Fyne's main thread, which waits meanwhile, so the hidden
// window is created while no other GLFW call runs.
func (v *View) startGL() {
	if !v.wantGL || v.gl != nil {
		return
	}
	g, err := NewGL()
	if err != nil {
		log.Printf("%v; drawing in software", err)
		v.wantGL = false
		return
	}
	v.gl = g
	g.SetList(v.list)
}

// render draws a frame, as Fyne uploads it without converting it.
func (v *View) render(w, h int) image.Image {
	if v.gl != nil {
		var img *image.NRGBA
		var err error
		if v.mode == Map {
			img, err = v.gl.Render2D(v.cam, w, h)
		} else {
			img, err = v.gl.Render3D(v.cam3, w, h)
		}
		if err == nil {
			return forFyne(img)
		}
		log.Printf("%v; drawing in software", err)
		v.Close()
	}
	if v.mode == Map {
		return forFyne(display.Render2D(v.list, v.cam, w, h))
	}
	return forFyne(display.Render3D(v.list, v.cam3, w, h))
}

// pixels turns a position in Fyne units into raster pixels. The
// raster's size is whole pixels, so each axis has its own ratio.
func (v *View) pixels(p fyne.Position) display.Vec2 {
	size := v.Size()
	if size.Width == 0 || size.Height == 0 || v.px.X == 0 {
		return display.Vec2{X: float64(p.X), Y: float64(p.Y)}
	}
	return display.Vec2{X: float64(p.X) * v.px.X / float64(size.Width), Y: float64(p.Y) * v.px.Y / float64(size.Height)}
}

// ratio is the raster's pixels per Fyne unit.
func (v *View) ratio() float64 {
	if w := v.Size().Width; w > 0 && v.px.X > 0 {
		return v.px.X / float64(w)
	}
	return 1
}

// radiansPerPixel is how far the 3D view turns, in radians, per pixel dragged.
const radiansPerPixel = math.Pi / 400

// Scrolled zooms the map around the pointer, or moves the 3D eye nearer.
func (v *View) Scrolled(ev *fyne.ScrollEvent) {
	factor := 1.15
	if ev.Scrolled.DY < 0 {
		factor = 1 / factor
	}
	switch v.mode {
	case Map:
		v.cam = v.cam.ZoomAt(v.pixels(ev.Position), factor, int(v.px.X), int(v.px.Y))
	case Orbit:
		v.cam3 = v.cam3.Dolly(1 / factor)
	case Fly:
		step := v.cam3.Distance * 0.1
		if factor < 1 {
			step = -step
		}
		v.cam3 = v.cam3.Move(step, 0, 0)
	}
	v.Refresh()
}

// Dragged pans the map, or turns the 3D view, or goes to OnDrag.
func (v *View) Dragged(ev *fyne.DragEvent) {
	v.pointer = ev.Position
	if v.grabbing {
		switch {
		case v.mode == Map && v.OnDrag != nil:
			v.OnDrag(v.world(ev.Position))
		case v.mode != Map && v.OnDrag3D != nil:
			v.OnDrag3D(v.move3D(ev.Position))
		}
		return
	}
	r := v.ratio()
	dx, dy := float64(ev.Dragged.DX)*r, float64(ev.Dragged.DY)*r
	switch v.mode {
	case Map:
		v.panMap(dx, dy)
	case Orbit:
		v.cam3 = v.cam3.Orbit(-dx*radiansPerPixel, dy*radiansPerPixel)
	case Fly:
		v.cam3 = v.cam3.Look(-dx*radiansPerPixel, dy*radiansPerPixel)
	}
	v.Refresh()
}

// move3D is the pointer at p in a drag that a grab in 3D began.
func (v *View) move3D(p fyne.Position) Move3D {
	g, s := v.grab3, v.pixels(p)
	m := Move3D{Right: (s.X - g.at.X) * g.perPixel, Up: (g.at.Y - s.Y) * g.perPixel}
	m.Level, m.OnLevel = v.cam3.Level(s, int(v.px.X), int(v.px.Y), g.hit.Z)
	return m
}

// DragEnd ends a drag.
func (v *View) DragEnd() { v.drop() }

// drop ends a grab, on release whether or not the pointer moved.
func (v *View) drop() {
	if v.grabbing {
		v.grabbing = false
		if v.OnDrop != nil {
			v.OnDrop()
		}
	}
}

// MouseDown offers a left press in the map to OnGrab, in 3D to
// OnGrab3D, and tracks the button held, for right drags (Fyne sends no
// drag events for the right button).
func (v *View) MouseDown(ev *desktop.MouseEvent) {
	v.takeKeys()
	v.button, v.drag, v.mods, v.grabbing = ev.Button, ev.Position, ev.Modifier, false
	if ev.Button != desktop.MouseButtonPrimary {
		return
	}
	at, w, h := v.pixels(ev.Position), int(v.px.X), int(v.px.Y)
	switch {
	case v.mode == Map && v.OnGrab != nil:
		v.grabbing = v.OnGrab(v.index.Pick2D(v.cam, at, w, h, 3*v.ratio()), v.world(ev.Position), ev.Modifier)
	case v.mode != Map && v.OnGrab3D != nil:
		hit, ok := v.index.PickHit(v.cam3, at, w, h)
		if !ok {
			v.grabbing = v.OnGrab3D(0, nil, ev.Modifier)
			return
		}
		v.grab3 = grab3{at: at, hit: hit.At, perPixel: v.cam3.PerPixel(hit.At, h)}
		v.grabbing = v.OnGrab3D(hit.ID, &hit.At, ev.Modifier)
	}
}

// MouseUp ends a grab, which a click without a drag also starts.
func (v *View) MouseUp(*desktop.MouseEvent) {
	v.button = 0
	v.drop()
	v.repick()
}

// world is the map point under a position in Fyne units.
func (v *View) world(p fyne.Position) display.Vec2 {
	return v.cam.ToWorld(v.pixels(p), int(v.px.X), int(v.px.Y))
}

// CenterOn moves the map so that p is in the middle of the view.
func (v *View) CenterOn(p display.Vec2) {
	v.cam.Center = p
	v.Refresh()
}

// MouseIn reports the pointer's world position, as MouseMoved does.
func (v *View) MouseIn(ev *desktop.MouseEvent) { v.MouseMoved(ev) }

// MouseMoved reports the pointer's world position, and pans while the
// right button is held.
func (v *View) MouseMoved(ev *desktop.MouseEvent) {
	v.pointer, v.pointed, v.picked = ev.Position, true, pickedIn{v.Cameras(), v.lists}
	if v.button == desktop.MouseButtonSecondary {
		r := v.ratio()
		dx, dy := float64(ev.Position.X-v.drag.X)*r, float64(ev.Position.Y-v.drag.Y)*r
		v.drag = ev.Position
		v.pan(dx, dy)
	}
	at, w, h := v.pixels(ev.Position), int(v.px.X), int(v.px.Y)
	switch {
	case v.mode == Map:
		id := v.index.Pick2D(v.cam, at, w, h, 3*v.ratio())
		if v.OnCursor != nil {
			v.OnCursor(v.world(ev.Position), id)
		}
		if v.button == 0 {
			v.hover(id)
		}
	case v.button == 0:
		hit, ok := v.index.PickHit(v.cam3, at, w, h)
		if v.OnCursor3D != nil {
			if ok {
				v.OnCursor3D(hit.ID, &hit.At)
			} else {
				v.OnCursor3D(0, nil)
			}
		}
		v.hover(hit.ID)
	}
}

// pickedIn is what the item under the pointer depends on besides the
// pointer: the cameras, and the list (counted by View.lists).
type pickedIn struct {
	cams  Cameras
	lists int
}

// Refresh draws the view again, and picks the item under a still pointer
// again when the view moved under it.
func (v *View) Refresh() {
	v.BaseWidget.Refresh()
	v.repick()
}

// repick reports the item under a still pointer again, as a move of the
// pointer does, when the cameras or the list changed since it was
// picked, while no button is held.
func (v *View) repick() {
	if v.pointed && v.button == 0 && v.picked != (pickedIn{v.Cameras(), v.lists}) {
		v.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: v.pointer}})
	}
}

// hover tells OnHover of the item under the pointer when it changed.
func (v *View) hover(id display.ID) {
	if id != v.hovered && v.OnHover != nil {
		v.hovered = id
		v.OnHover(id)
	}
}

// MouseOut ends a pan (the button is let go outside the view) and the
// hover.
func (v *View) MouseOut() {
	v.button, v.pointed = 0, false
	v.hover(0)
	if v.OnLeave != nil {
		v.OnLeave()
	}
}

// pan moves the view by dx, dy pixels: the map follows the pointer; in
// 3D the eye slides across the view.
func (v *View) pan(dx, dy float64) {
	if v.mode == Map {
		v.panMap(dx, dy)
	} else {
		perPixel := v.cam3.Distance * 2 * math.Tan(v.cam3.FOV/2) / max(v.px.Y, 1)
		v.cam3 = v.cam3.Move(0, -dx*perPixel, dy*perPixel)
	}
	v.Refresh()
}

// panMap moves the map by dx, dy pixels, in whole pixels, carrying the
// rest to the next pan: the OpenGL renderer keeps what it drew for pans
// by whole pixels (see mapCanvas).
func (v *View) panMap(dx, dy float64) {
	v.panRest = display.Vec2{X: v.panRest.X + dx, Y: v.panRest.Y + dy}
	whole := display.Vec2{X: math.Round(v.panRest.X), Y: math.Round(v.panRest.Y)}
	v.panRest = display.Vec2{X: v.panRest.X - whole.X, Y: v.panRest.Y - whole.Y}
	v.cam = v.cam.Pan(whole.X, whole.Y)
}

// Tapped picks the item under the pointer, and takes the keyboard.
func (v *View) Tapped(ev *fyne.PointEvent) {
	v.takeKeys()
	if v.OnPick == nil && (v.mode == Map || v.OnPick3D == nil) {
		return
	}
	at, w, h := v.pixels(ev.Position), int(v.px.X), int(v.px.Y)
	switch {
	case v.mode == Map:
		v.OnPick(v.cycle(at, v.index.Stack2D(v.cam, at, w, h, 3*v.ratio(), 0)), v.world(ev.Position), v.mods)
	case v.OnPick3D != nil:
		if hit, ok := v.index.PickHit(v.cam3, at, w, h); ok {
			v.OnPick3D(hit.ID, &hit.At, v.mods)
		} else {
			v.OnPick3D(0, nil, v.mods)
		}
	default:
		hit, _ := v.index.PickHit(v.cam3, at, w, h)
		v.OnPick(hit.ID, display.Vec2{}, v.mods)
	}
}

// takeKeys gives the view the keyboard: a press in the map, a drag
// included, makes its keys (Delete, the tools' letters) act on the map.
func (v *View) takeKeys() {
	if c := fyne.CurrentApp().Driver().CanvasForObject(v); c != nil {
		c.Focus(v)
	}
}

// cycle is the item a click at screen point at picks of under, the
// items there top first: the top one, or, for a click again at the same
// place over the same items, the one below the last picked, round again
// after the bottom one; so that what lies under another can be picked.
func (v *View) cycle(at display.Vec2, under []display.ID) display.ID {
	last := v.stack
	v.stack = pickStack{at: at, under: under}
	if len(under) == 0 {
		return 0
	}
	if math.Hypot(at.X-last.at.X, at.Y-last.at.Y) <= 3*v.ratio() && slices.Equal(under, last.under) {
		v.stack.next = (last.next + 1) % len(under)
	}
	return under[v.stack.next]
}

// FocusGained does nothing: being focusable makes the view take the keys.
func (v *View) FocusGained() {}

// FocusLost does nothing.
func (v *View) FocusLost() {}

// TypedRune does nothing: the view acts on keys, in TypedKey.
func (v *View) TypedRune(rune) {}

// TypedKey pans the map with the arrow keys, a tenth of the view a
// press; in 3D the arrows turn the view, F frames the selection
// (Frame3D), and in Fly mode W, A, S, D, Q, E fly. Other keys (in Orbit
// mode, the letters too: tools' keys) go to OnKey.
func (v *View) TypedKey(ev *fyne.KeyEvent) {
	if v.mode == Map {
		step := math.Round(v.px.X / 10) // whole pixels, which the OpenGL canvas keeps
		switch ev.Name {
		case fyne.KeyLeft:
			v.cam = v.cam.Pan(step, 0)
		case fyne.KeyRight:
			v.cam = v.cam.Pan(-step, 0)
		case fyne.KeyUp:
			v.cam = v.cam.Pan(0, step)
		case fyne.KeyDown:
			v.cam = v.cam.Pan(0, -step)
		default:
			v.offerKey(ev)
			return
		}
		v.Refresh()
		return
	}
	step, angle := v.cam3.Distance*0.05, 10*math.Pi/180
	c := v.cam3
	if ev.Name == fyne.KeyF {
		v.Frame3D()
		return
	}
	if d, flying := flight[ev.Name]; flying {
		if v.mode != Fly {
			v.offerKey(ev)
			return
		}
		c = c.Move(d.X*step, d.Y*step, d.Z*step)
	} else {
		switch ev.Name {
		case fyne.KeyLeft:
			c = c.Orbit(-angle, 0)
		case fyne.KeyRight:
			c = c.Orbit(angle, 0)
		case fyne.KeyUp:
			c = c.Orbit(0, angle)
		case fyne.KeyDown:
			c = c.Orbit(0, -angle)
		default:
			v.offerKey(ev)
			return
		}
	}
	v.cam3 = c
	v.Refresh()
}

// Frame3D aims the 3D view at the selection (the whole level when
// nothing is selected), keeping the direction of view, near enough that
// it fills most of the view: the orbit then turns about it.
func (v *View) Frame3D() {
	lo, hi, ok := v.list.SelectedBounds3()
	if !ok {
		lo, hi, ok = v.list.Bounds3()
	}
	if !ok {
		return
	}
	v.cam3 = v.cam3.Frame(lo, hi)
	v.fitted3 = true
	v.Refresh()
}

// flight is how each key of Fly mode moves the eye, in steps forward,
// right and up: W, S forward and back, A, D sideways, E, Q up and down.
var flight = map[fyne.KeyName]display.Vec3{
	fyne.KeyW: {X: 1, Y: 0, Z: 0}, fyne.KeyS: {X: -1, Y: 0, Z: 0}, fyne.KeyA: {X: 0, Y: -1, Z: 0},
	fyne.KeyD: {X: 0, Y: 1, Z: 0}, fyne.KeyE: {X: 0, Y: 0, Z: 1}, fyne.KeyQ: {X: 0, Y: 0, Z: -1},
}

// offerKey passes a key the view does not use to OnKey.
func (v *View) offerKey(ev *fyne.KeyEvent) {
	if v.OnKey != nil {
		v.OnKey(ev)
	}
}

// CreateRenderer draws the view's raster and overlays.
func (v *View) CreateRenderer() fyne.WidgetRenderer {
	return &viewRenderer{v}
}

// viewRenderer lays the raster over the whole view and the rubber band
// over the raster.
type viewRenderer struct{ v *View }

// Layout stretches the raster over the view and places the overlays.
func (r *viewRenderer) Layout(size fyne.Size) {
	r.v.raster.Resize(size)
	r.v.placeOverlays()
}

// MinSize is one pixel: the view takes what room it is given.
func (r *viewRenderer) MinSize() fyne.Size { return fyne.NewSize(1, 1) }

// Refresh places the overlays, and redraws the raster when its frame
// changed: an unchanged picture is neither read back nor given to Fyne
// to upload again. Otherwise the window is painted again through the
// repainter: links, marks and a path shown are new objects, whose own
// refreshes the canvas does not see (it knows the objects it has drawn),
// and those they replace must go from the screen too.
func (r *viewRenderer) Refresh() {
	r.v.placeOverlays()
	if r.v.stale() {
		r.v.redraws++
		r.v.raster.Refresh()
		return
	}
	repaint(r.v.repainter)
}

// repaint has the canvas holding o paint again; tests watch it.
var repaint = canvas.Refresh

// Objects are the raster, the repainter, the links, the marks, the
// rubber band and the path.
func (r *viewRenderer) Objects() []fyne.CanvasObject {
	objects := []fyne.CanvasObject{r.v.raster, r.v.repainter}
	for _, l := range r.v.links {
		objects = append(objects, l)
	}
	for _, c := range r.v.rings {
		objects = append(objects, c)
	}
	objects = append(objects, r.v.box)
	for _, l := range r.v.path {
		objects = append(objects, l)
	}
	return objects
}

// Destroy does nothing: the view's Close frees the renderer.
func (r *viewRenderer) Destroy() {}

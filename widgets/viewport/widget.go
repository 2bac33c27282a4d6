package viewport

import (
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// View is the map view as a Fyne widget: it draws a display list with
// the software renderer into a raster at the screen's pixel size, pans
// with a drag or the arrow keys, zooms around the cursor with the wheel,
// and reports the world point under the cursor and the item clicked.
type View struct {
	widget.BaseWidget

	// OnCursor is called with the world point under the pointer.
	OnCursor func(Vec2)
	// OnPick is called with the item clicked (0 for none).
	OnPick func(ID)

	list   *List
	cam    Camera2D
	fitted bool // the camera fits the list at the current size
	raster *canvas.Raster
	px     Vec2 // the raster's size in pixels, as last drawn
}

// NewView returns an empty view.
func NewView() *View {
	v := &View{list: &List{}}
	v.raster = canvas.NewRaster(v.draw)
	v.ExtendBaseWidget(v)
	return v
}

// SetList shows l, fitted to the view; flipY says world Y grows down.
func (v *View) SetList(l *List, flipY bool) {
	v.list, v.cam, v.fitted = l, Camera2D{Scale: 1, FlipY: flipY}, false
	v.Refresh()
}

// Camera is the view's camera.
func (v *View) Camera() Camera2D { return v.cam }

// Fit shows the whole list.
func (v *View) Fit() {
	v.fitted = false
	v.Refresh()
}

func (v *View) draw(w, h int) image.Image {
	v.px = Vec2{float64(w), float64(h)}
	if !v.fitted {
		if lo, hi, ok := v.list.Bounds(); ok {
			v.cam = v.cam.Fit(lo, hi, w, h)
		}
		v.fitted = true
	}
	return Render2D(v.list, v.cam, w, h)
}

// pixels turns a position in Fyne units into raster pixels.
func (v *View) pixels(p fyne.Position) Vec2 {
	size := v.Size()
	if size.Width == 0 || size.Height == 0 || v.px.X == 0 {
		return Vec2{float64(p.X), float64(p.Y)}
	}
	return Vec2{float64(p.X) * v.px.X / float64(size.Width), float64(p.Y) * v.px.Y / float64(size.Height)}
}

func (v *View) ratio() float64 {
	if w := v.Size().Width; w > 0 && v.px.X > 0 {
		return v.px.X / float64(w)
	}
	return 1
}

// Scrolled zooms around the pointer.
func (v *View) Scrolled(ev *fyne.ScrollEvent) {
	factor := 1.15
	if ev.Scrolled.DY < 0 {
		factor = 1 / factor
	}
	v.cam = v.cam.ZoomAt(v.pixels(ev.Position), factor, int(v.px.X), int(v.px.Y))
	v.Refresh()
}

// Dragged pans the map with the pointer.
func (v *View) Dragged(ev *fyne.DragEvent) {
	r := v.ratio()
	v.cam = v.cam.Pan(float64(ev.Dragged.DX)*r, float64(ev.Dragged.DY)*r)
	v.Refresh()
}

// DragEnd ends a pan.
func (v *View) DragEnd() {}

// MouseIn, MouseMoved and MouseOut report the pointer's world position.
func (v *View) MouseIn(ev *desktop.MouseEvent) { v.MouseMoved(ev) }

func (v *View) MouseMoved(ev *desktop.MouseEvent) {
	if v.OnCursor != nil {
		v.OnCursor(v.cam.ToWorld(v.pixels(ev.Position), int(v.px.X), int(v.px.Y)))
	}
}

func (v *View) MouseOut() {}

// Tapped picks the item under the pointer, and takes the keyboard.
func (v *View) Tapped(ev *fyne.PointEvent) {
	if c := fyne.CurrentApp().Driver().CanvasForObject(v); c != nil {
		c.Focus(v)
	}
	if v.OnPick != nil {
		v.OnPick(Pick2D(v.list, v.cam, v.pixels(ev.Position), int(v.px.X), int(v.px.Y), 3))
	}
}

// FocusGained and FocusLost make the view take the arrow keys.
func (v *View) FocusGained()   {}
func (v *View) FocusLost()     {}
func (v *View) TypedRune(rune) {}

// TypedKey pans with the arrow keys, a tenth of the view a press.
func (v *View) TypedKey(ev *fyne.KeyEvent) {
	step := v.px.X / 10
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
		return
	}
	v.Refresh()
}

func (v *View) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(v.raster)
}

package display

import (
	"image/color"
	"math"
	"testing"
)

var (
	red   = color.NRGBA{220, 40, 40, 255}
	blue  = color.NRGBA{40, 60, 220, 255}
	green = color.NRGBA{40, 200, 60, 255}
	black = color.NRGBA{0, 0, 0, 255}
)

func near(a, b Vec2) bool { return math.Abs(a.X-b.X) < 1e-9 && math.Abs(a.Y-b.Y) < 1e-9 }

// TestCamera2D: screen and world map back to each other both ways up,
// zooming keeps the point under the cursor, panning moves the map with
// the pointer, and fitting shows the bounds whole.
func TestCamera2D(t *testing.T) {
	for _, flip := range []bool{false, true} {
		c := Camera2D{Center: Vec2{100, 50}, Scale: 2, FlipY: flip}
		p := Vec2{130, 20}
		if got := c.ToWorld(c.ToScreen(p, 640, 480), 640, 480); !near(got, p) {
			t.Errorf("flip %v: round trip %v -> %v", flip, p, got)
		}
		cursor := Vec2{500, 100}
		under := c.ToWorld(cursor, 640, 480)
		if got := c.ZoomAt(cursor, 1.7, 640, 480).ToWorld(cursor, 640, 480); !near(got, under) {
			t.Errorf("flip %v: zoom moved the point under the cursor from %v to %v", flip, under, got)
		}
		before := c.ToScreen(p, 640, 480)
		after := c.Pan(10, -4).ToScreen(p, 640, 480)
		if !near(Vec2{after.X - before.X, after.Y - before.Y}, Vec2{10, -4}) {
			t.Errorf("flip %v: pan by (10,-4) moved a point by %v", flip, Vec2{after.X - before.X, after.Y - before.Y})
		}
		f := c.Fit(Vec2{-50, -20}, Vec2{250, 80}, 640, 480)
		for _, corner := range []Vec2{{-50, -20}, {250, 80}} {
			if s := f.ToScreen(corner, 640, 480); s.X < 0 || s.X > 640 || s.Y < 0 || s.Y > 480 {
				t.Errorf("flip %v: fitted view puts %v at %v", flip, corner, s)
			}
		}
	}
}

func pixel(t *testing.T, l *List, cam Camera2D, x, y int) color.NRGBA {
	t.Helper()
	return Render2D(l, cam, 100, 100).NRGBAAt(x, y)
}

// TestRender2D draws one of each item on a 100x100 view (a world unit
// to a pixel, world (0,0) in the middle, Y up) and reads pixels back.
func TestRender2D(t *testing.T) {
	cam := Camera2D{Scale: 1}
	l := &List{Background: black,
		Polygons: []Polygon{{Points: []Vec2{{-40, -40}, {0, -40}, {0, 0}, {-40, 0}}, Fill: blue}},
		Lines:    []Line{{A: Vec2{10, 30}, B: Vec2{40, 30}, Width: 3, Color: red}},
		Markers:  []Marker{{At: Vec2{25, -25}, Shape: Square, Size: 10, Heading: NoHeading, Color: green}},
	}
	for _, c := range []struct {
		what string
		x, y int
		want color.NRGBA
	}{
		{"polygon (lower left, Y up)", 30, 70, blue},
		{"outside the polygon", 30, 30, black},
		{"line", 75, 20, red},
		{"beside the line", 75, 25, black},
		{"marker", 75, 75, green},
	} {
		if got := pixel(t, l, cam, c.x, c.y); got != c.want {
			t.Errorf("%s at (%d,%d): %v, want %v", c.what, c.x, c.y, got, c.want)
		}
	}
	l.Polygons[0].State = Selected
	if got := pixel(t, l, cam, 30, 70); got == blue {
		t.Error("a selected polygon looks like an unselected one")
	}
	// A heading of 0 points east: the tick lies right of the marker.
	l.Markers[0].Heading = 0
	if got := pixel(t, l, cam, 83, 75); got != green {
		t.Errorf("heading tick: %v", got)
	}
}

// TestPick2D finds the topmost item under the cursor.
func TestPick2D(t *testing.T) {
	cam := Camera2D{Scale: 1}
	l := &List{
		Polygons: []Polygon{{Points: []Vec2{{-40, -40}, {40, -40}, {40, 40}, {-40, 40}}, ID: 1}},
		Lines:    []Line{{A: Vec2{-40, 0}, B: Vec2{40, 0}, Width: 2, ID: 2}},
		Markers:  []Marker{{At: Vec2{20, 0}, Size: 8, ID: 3}},
	}
	for _, c := range []struct {
		at   Vec2
		want ID
	}{{Vec2{70, 50}, 3}, {Vec2{30, 51}, 2}, {Vec2{30, 30}, 1}, {Vec2{95, 95}, 0}} {
		if got := Pick2D(l, cam, c.at, 100, 100, 2); got != c.want {
			t.Errorf("pick at %v: %d, want %d", c.at, got, c.want)
		}
	}
}

// TestRender3D: a red floor under a blue roof, seen from above, shows
// the roof in the middle; picking finds the roof; the depth buffer hides
// the floor where the roof covers it.
func TestRender3D(t *testing.T) {
	quad := func(z float64, c color.NRGBA, id ID) []Triangle3 {
		a, b, cc, d := Vec3{-10, -10, z}, Vec3{10, -10, z}, Vec3{10, 10, z}, Vec3{-10, 10, z}
		return []Triangle3{{A: a, B: b, C: cc, Color: c, ID: id}, {A: a, B: cc, C: d, Color: c, ID: id}}
	}
	l := &List{Background: black, Triangles: append(quad(0, red, 1), quad(5, blue, 2)...)}
	lo, hi, _ := l.Bounds3()
	cam := Orbit3D(lo, hi)
	img := Render3D(l, cam, 120, 90)
	if c := img.NRGBAAt(60, 45); c.B <= c.R {
		t.Errorf("middle pixel %v: the roof should hide the floor", c)
	}
	if got, _ := PickHit(l, cam, Vec2{60, 45}, 120, 90); got.ID != 2 {
		t.Errorf("picked %d, want the roof (2)", got.ID)
	}
	if c := img.NRGBAAt(0, 0); c != black {
		t.Errorf("corner %v, want the background", c)
	}
}

// TestPixelRatio: on a HiDPI screen (two pixels a unit) lines are twice
// as wide and markers twice as big.
func TestPixelRatio(t *testing.T) {
	l := &List{Background: black,
		Lines:   []Line{{A: Vec2{-40, 0}, B: Vec2{40, 0}, Width: 3, Color: red}},
		Markers: []Marker{{At: Vec2{0, -30}, Shape: Square, Size: 10, Heading: NoHeading, Color: green}}}
	count := func(ratio float64, c color.NRGBA) int {
		img := Render2D(l, Camera2D{Scale: 1, PixelRatio: ratio}, 100, 100)
		n := 0
		for y := range 100 {
			for x := range 100 {
				if img.NRGBAAt(x, y) == c {
					n++
				}
			}
		}
		return n
	}
	for _, c := range []color.NRGBA{red, green} {
		one, two := count(1, c), count(2, c)
		if one == 0 || two < one*3/2 {
			t.Errorf("colour %v covers %d pixels at ratio 1 and %d at ratio 2, want about twice (line) or four times (marker)", c, one, two)
		}
	}
}

// TestTurnedGlyph: a triangle marker points its tip the way it faces,
// both ways up: the pixel just inside its tip's reach is its colour, the
// one as far behind it is the background.
func TestTurnedGlyph(t *testing.T) {
	for _, flip := range []bool{false, true} {
		for _, heading := range []float64{0, math.Pi / 2, math.Pi, 3 * math.Pi / 2, 2.4} {
			cam := Camera2D{Scale: 1, FlipY: flip}
			l := &List{Background: black, Markers: []Marker{{Shape: Triangle, Size: 30, Heading: heading, Color: red}}}
			img := Render2D(l, cam, 100, 100)
			centre, dir := cam.ToScreen(Vec2{}, 100, 100), headingOnScreen(heading, cam)
			at := func(d float64) color.NRGBA {
				return img.NRGBAAt(int(centre.X+dir.X*d), int(centre.Y+dir.Y*d))
			}
			if got := at(17); got != red {
				t.Errorf("flip %v heading %.2f: ahead of the glyph is %v, want its colour", flip, heading, got)
			}
			if got := at(-17); got != black {
				t.Errorf("flip %v heading %.2f: behind the glyph is %v, want the background", flip, heading, got)
			}
		}
	}
}

// TestArrowhead: a link line ends in a head wider than the line at B,
// and is as thin as itself at A.
func TestArrowhead(t *testing.T) {
	cam := Camera2D{Scale: 1}
	l := &List{Background: black, Lines: []Line{{A: Vec2{-40, 0}, B: Vec2{40, 0}, Width: 1, Color: red, Arrow: true}}}
	img := Render2D(l, cam, 100, 100)
	beside := func(x float64) color.NRGBA {
		p := cam.ToScreen(Vec2{x, 2}, 100, 100)
		return img.NRGBAAt(int(p.X), int(p.Y))
	}
	if got := beside(34); got != red {
		t.Errorf("beside the line's end is %v, want the arrowhead's colour", got)
	}
	if got := beside(-34); got != black {
		t.Errorf("beside the line's start is %v, want the background", got)
	}
}

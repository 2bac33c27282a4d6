package main

import (
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/internal/e2e"
)

// marathonObjectColours are the markers of Marathon's object classes on
// the map, by object type (monster, scenery, item, player, goal, sound).
var marathonObjectColours = []color.RGBA{
	{230, 70, 60, 255}, {150, 150, 150, 255}, {90, 210, 90, 255},
	{80, 150, 255, 255}, {240, 200, 60, 255}, {200, 120, 230, 255},
}

// mapArea is the part of the viewport that shows only the map: right of
// the draw mode's legend, whose swatches have the markers' colours, and
// below the tool options.
func mapArea(view image.Rectangle) image.Rectangle {
	return image.Rect(view.Min.X+view.Dx()*28/100, view.Min.Y+80, view.Max.X, view.Max.Y)
}

// inspectorPanel is the inspector's upper pane: its heading and fields.
func inspectorPanel(b image.Rectangle) image.Rectangle {
	_, _, _, inspector, _ := regions(b)
	return image.Rect(inspector.Min.X, inspector.Min.Y, inspector.Max.X, b.Dy()/2-20)
}

func sameColour(c color.Color, want color.RGBA) bool {
	r, g, b, _ := c.RGBA()
	return uint8(r>>8) == want.R && uint8(g>>8) == want.G && uint8(b>>8) == want.B
}

// isMarker reports whether the pixel at x, y has one of colours.
func isMarker(img image.Image, x, y int, colours []color.RGBA) bool {
	for _, c := range colours {
		if sameColour(img.At(x, y), c) {
			return true
		}
	}
	return false
}

// markers are the middles of the blobs of pixels of colours in r, each
// blob the pixels of those colours that touch.
func markers(img image.Image, r image.Rectangle, colours []color.RGBA) []image.Point {
	r = r.Intersect(img.Bounds())
	seen := map[image.Point]bool{}
	var out []image.Point
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			start := image.Pt(x, y)
			if seen[start] || !isMarker(img, x, y, colours) {
				continue
			}
			seen[start] = true
			stack, sum, n := []image.Point{start}, image.Point{}, 0
			for len(stack) > 0 {
				q := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				sum, n = sum.Add(q), n+1
				for _, d := range []image.Point{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					if m := q.Add(d); m.In(r) && !seen[m] && isMarker(img, m.X, m.Y, colours) {
						seen[m] = true
						stack = append(stack, m)
					}
				}
			}
			out = append(out, sum.Div(n))
		}
	}
	return out
}

// floorAt reports whether the square of side 2*half+1 around x, y is one
// bright colour (or the grid over it): the inside of a room, with no
// line or marker.
func floorAt(img image.Image, x, y, half int) bool {
	c := img.At(x, y)
	r, g, b, _ := c.RGBA()
	if (r>>8)+(g>>8)+(b>>8) < 180 {
		return false
	}
	for dy := -half; dy <= half; dy++ {
		for dx := -half; dx <= half; dx++ {
			if !near(img.At(x+dx, y+dy), c, 40) {
				return false
			}
		}
	}
	return true
}

// near reports whether a and b differ by at most d in the sum of their
// channels' differences.
func near(a, b color.Color, d int) bool {
	ar, ag, ab, _ := a.RGBA()
	br, bg, bb, _ := b.RGBA()
	diff := func(u, v uint32) int { return max(int(u>>8)-int(v>>8), int(v>>8)-int(u>>8)) }
	return diff(ar, br)+diff(ag, bg)+diff(ab, bb) <= d
}

// changedOutside is the share of the pixels of area but outside hole
// that differ between a and b.
func changedOutside(a, b image.Image, area, hole image.Rectangle) float64 {
	changed, all := 0, 0
	for y := area.Min.Y; y < area.Max.Y; y++ {
		for x := area.Min.X; x < area.Max.X; x++ {
			if image.Pt(x, y).In(hole) {
				continue
			}
			all++
			if e2e.ChangedFraction(a, b, image.Rect(x, y, x+1, y+1)) > 0 {
				changed++
			}
		}
	}
	return float64(changed) / float64(max(all, 1))
}

// TestGUIPointingBoxSelect: on Marathon 1's first level, a left drag with
// the Select tool that starts on a room's floor, away from any object,
// draws a selection box instead of panning: the map outside the box is
// not moved, the markers inside it are drawn selected, the inspector
// shows a selection, and the level is not changed.
func TestGUIPointingBoxSelect(t *testing.T) {
	path, _ := corpusCopy(t, "marathon", "m1", "Map.scen")
	bin := e2e.Build(t)
	d := e2e.NewDisplay(t)
	p := e2e.Start(t, d, bin, `^Map\.scen — Levelwright$`, path)
	before := p.Screenshot("opened")
	_, _, view, _, _ := regions(before.Bounds())
	area := mapArea(view)

	// A box of 40 to 80 pixels around a monster whose corner is on a
	// floor and whose edge crosses no marker (which may be in or out of it).
	var box image.Rectangle
	var enclosed []image.Point
	for _, half := range []int{20, 30, 40} {
		for _, m := range markers(before, area, marathonObjectColours[:1]) {
			b := image.Rect(m.X-half, m.Y-half, m.X+half, m.Y+half)
			if !box.Empty() || !b.In(area) || !floorAt(before, b.Min.X, b.Min.Y, 4) {
				continue
			}
			near, inside := markers(before, b.Inset(-8), marathonObjectColours), markers(before, b.Inset(8), marathonObjectColours)
			if len(near) == len(inside) {
				box, enclosed = b, inside
			}
		}
	}
	if box.Empty() {
		t.Fatal("no monster with floor at a box corner and no marker on the box's edge: the level is not drawn as expected")
	}
	t.Logf("box %v encloses %d markers", box, len(enclosed))

	p.Drag(box.Min.X, box.Min.Y, box.Max.X, box.Max.Y)
	boxed := p.Screenshot("boxed")
	if f := changedOutside(before, boxed, area, box.Inset(-4)); f > 0.001 {
		t.Errorf("the drag changed %.2f%% of the map outside the box: it panned", f*100)
	}
	if f := e2e.ChangedFraction(before, boxed, box); f < 0.01 {
		t.Errorf("the drag changed %.2f%% of the box: the enclosed markers are not drawn selected", f*100)
	}
	panel := inspectorPanel(before.Bounds())
	if f := e2e.ChangedFraction(before, boxed, panel); f < 0.01 {
		t.Errorf("the inspector changed %.2f%% after the box: nothing selected", f*100)
	}

	if title := p.Title(); strings.Contains(title, "*") {
		t.Errorf("title %q: the drag changed the level", title)
	}
	quit(t, p)
}

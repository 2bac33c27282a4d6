package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"strings"
	"testing"
	"time"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
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

// inspectorHeading is the line under the inspector's title that names
// the selection: "Object 12", "Polygon 3", "2 objects".
func inspectorHeading(b image.Rectangle) image.Rectangle {
	_, _, _, inspector, _ := regions(b)
	return image.Rect(inspector.Min.X-20, 80, inspector.Max.X-12, 106) // left of the scroll bar
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
// blob the pixels of those colours that touch, of a glyph's size.
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
			if n >= 12 && n <= 600 { // a glyph, not a stray pixel or a floor
				out = append(out, sum.Div(n))
			}
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

// clearBox finds a box of 40 or 60 pixels in area whose inside shows only
// the floor of one room (its colour, or the grid over it) and some object
// markers of colours, none on its edge, where they might be in or out:
// a box that encloses objects only. It returns the box and the markers'
// middles, or an empty box.
func clearBox(img image.Image, area image.Rectangle, colours []color.RGBA) (image.Rectangle, []image.Point) {
	marks := markers(img, area, colours)
	for _, side := range []int{40, 60} {
		for y := area.Min.Y; y+side < area.Max.Y; y += 5 {
			for x := area.Min.X; x+side < area.Max.X; x += 5 {
				b := image.Rect(x, y, x+side, y+side)
				if inside, ok := onlyObjects(img, b, marks); ok {
					return b, inside
				}
			}
		}
	}
	return image.Rectangle{}, nil
}

// onlyObjects reports whether b shows a floor and markers at some of
// marks, none near its edge, and returns those in it.
func onlyObjects(img image.Image, b image.Rectangle, marks []image.Point) ([]image.Point, bool) {
	if !floorAt(img, b.Min.X+4, b.Min.Y+4, 4) {
		return nil, false
	}
	var inside []image.Point
	for _, m := range marks {
		switch {
		case m.In(b.Inset(10)):
			inside = append(inside, m)
		case m.In(b.Inset(-10)):
			return nil, false
		}
	}
	if len(inside) == 0 {
		return nil, false
	}
	floor := img.At(b.Min.X+4, b.Min.Y+4)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if near(img.At(x, y), floor, 40) {
				continue
			}
			onMark := false
			for _, m := range inside {
				onMark = onMark || image.Pt(x, y).In(image.Rect(m.X-9, m.Y-9, m.X+10, m.Y+10))
			}
			if !onMark {
				return nil, false
			}
		}
	}
	return inside, true
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

// TestGUIPointingBoxSelect: on the first of Marathon 1's levels that has
// a room where a box holds objects and floor alone (level 3 today), a
// left drag with the Select tool that starts on the room's floor, away
// from any object, draws a selection box instead of panning: the map outside the box is
// not moved, the markers inside it are drawn selected, the inspector
// shows a selection, and the level is not changed. Delete then removes
// exactly as many objects as the box showed markers, and nothing else,
// as the saved file shows.
func TestGUIPointingBoxSelect(t *testing.T) {
	path, original := corpusCopy(t, "marathon", "m1", "Map.scen")
	bin := e2e.Build(t)
	d := e2e.NewDisplay(t)
	p := e2e.Start(t, d, bin, `^Map\.scen — Levelwright$`, path)
	p.WaitLoaded(path)
	// The first level, of the first eight, with a room showing objects
	// and nothing else over a box's area: the Levels list shows one a
	// row of 39 pixels, from the top.
	var before image.Image
	var box image.Rectangle
	var enclosed []image.Point
	var view image.Rectangle
	level := 0
	for ; level < 8; level++ {
		if level > 0 {
			p.Click(60, 92+39*level, 1)
		}
		before = p.Screenshot(fmt.Sprintf("level-%d", level))
		_, _, view, _, _ = regions(before.Bounds())
		if box, enclosed = clearBox(before, mapArea(view), marathonObjectColours); !box.Empty() {
			break
		}
	}
	if box.Empty() {
		t.Fatal("no level with a box on the floor of a room around markers alone: the levels are not drawn as expected")
	}
	area := mapArea(view)
	t.Logf("level %d: box %v encloses %d markers", level, box, len(enclosed))

	// The drag itself gives the map the keys (Delete below): the levels
	// list, clicked last, had them.
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

	p.Key("Delete")
	p.Screenshot("deleted")
	saved := saveAndQuit(t, bin, p, path)
	was, now := beforeAndAfter(t, path, original, saved)
	a, b := was.Levels[level], now.Levels[level]
	if len(a.Polygons) != len(b.Polygons) || len(a.Lines) != len(b.Lines) {
		t.Errorf("polygons and lines went from %d, %d to %d, %d: the box held more than objects",
			len(a.Polygons), len(a.Lines), len(b.Polygons), len(b.Lines))
	}
	removed, ok := removedObjects(a.Objects, b.Objects)
	if !ok {
		t.Fatal("the saved level's objects are not the original ones less some")
	}
	if len(removed) != len(enclosed) {
		t.Fatalf("%d objects deleted (%+v), want the %d whose markers the box enclosed", len(removed), removed, len(enclosed))
	}
	// They stand together: within a box of 60 pixels, a small part of
	// the level shown whole.
	for _, o := range removed[1:] {
		if dx, dy := int(o.X)-int(removed[0].X), int(o.Y)-int(removed[0].Y); dx*dx+dy*dy > 4096*4096 {
			t.Errorf("deleted objects %+v and %+v stand far apart", removed[0], o)
		}
	}
}

// removedObjects is what b lacks of a, when b is a less some of its
// objects, the rest in the same order; ok is false otherwise.
func removedObjects(a, b []mcodec.Object) (removed []mcodec.Object, ok bool) {
	j := 0
	for _, o := range a {
		if j < len(b) && b[j] == o {
			j++
			continue
		}
		removed = append(removed, o)
	}
	return removed, j == len(b)
}

// openSpot finds a point of area on a room's floor, 20 pixels each way
// of it floor too, with no marker of colours within 40 pixels.
func openSpot(img image.Image, area image.Rectangle, colours []color.RGBA) (image.Point, bool) {
	marks := markers(img, area, colours)
	for y := area.Min.Y + 40; y < area.Max.Y-40; y += 5 {
		for x := area.Min.X + 40; x < area.Max.X-40; x += 5 {
			if !floorAt(img, x, y, 20) {
				continue
			}
			clear := true
			for _, m := range marks {
				clear = clear && !m.In(image.Rect(x-40, y-40, x+41, y+41))
			}
			if clear {
				return image.Pt(x, y), true
			}
		}
	}
	return image.Point{}, false
}

// TestGUIPointingStackCycle: two objects placed with the Place tool at
// the same spot of a Marathon room stand one on the other. With the
// Select tool, a click there selects the top one, drawn selected; a
// second click at the same place selects another object (the
// inspector's heading keeps its first word and changes its index), the
// one under it; a third, the room's polygon, drawn selected; the fourth
// comes back round to the first. Quitting discards the objects.
func TestGUIPointingStackCycle(t *testing.T) {
	path, original := corpusCopy(t, "marathon", "m1", "Map.scen")
	bin := e2e.Build(t)
	d := e2e.NewDisplay(t)
	p := e2e.Start(t, d, bin, `^Map\.scen — Levelwright$`, path)
	p.WaitLoaded(path)
	shot := p.Screenshot("opened")
	_, _, view, _, _ := regions(shot.Bounds())
	area := mapArea(view)
	corner := image.Pt(area.Max.X-12, area.Max.Y-12)
	p.Click(corner.X, corner.Y, 1) // the map takes the keys
	p.Key("o")
	shot = p.Screenshot("place-tool")
	at, ok := openSpot(shot, area, marathonObjectColours)
	if !ok {
		t.Fatal("no open floor in the map")
	}
	p.Click(at.X, at.Y, 1)
	p.Click(at.X, at.Y, 1)
	waitTitle(t, p, true)
	p.Key("s")
	p.Click(corner.X, corner.Y, 1) // select nothing
	placed := p.Screenshot("placed")
	if n := len(markers(placed, image.Rect(at.X-20, at.Y-20, at.X+21, at.Y+21), marathonObjectColours)); n != 1 {
		t.Fatalf("%d markers at the spot where two objects were placed, want one over the other", n)
	}

	heading := inspectorHeading(placed.Bounds())
	spot := image.Rect(at.X-30, at.Y-30, at.X+31, at.Y+31)
	var clicks []image.Image
	for range 6 {
		p.Click(at.X, at.Y, 1)
		clicks = append(clicks, p.Screenshot(fmt.Sprintf("click-%d", len(clicks)+1)))
		if n := len(clicks); n > 1 && e2e.ChangedFraction(clicks[0], clicks[n-1], heading) == 0 {
			break
		}
	}
	if len(clicks) != 4 {
		t.Fatalf("the inspector's heading came back to the first click's after %d clicks, want 4: two objects, the polygon, the top object again", len(clicks))
	}
	first, second, third := clicks[0], clicks[1], clicks[2]
	if f := e2e.ChangedFraction(placed, first, spot); f < 0.01 {
		t.Errorf("the first click changed %.2f%% around the spot: the top object is not drawn selected", f*100)
	}
	words := e2e.InkSpans(first, heading, 3) // "Object", its index
	if len(words) != 2 {
		t.Fatalf("the first click's inspector heading has %d words, want an object's kind and index", len(words))
	}
	kind := image.Rect(words[0][0], heading.Min.Y, words[0][1], heading.Max.Y)
	if f := e2e.ChangedFraction(first, second, heading); f == 0 {
		t.Error("the second click left the inspector's heading: the same entity is selected")
	}
	if f := e2e.ChangedFraction(first, second, kind); f != 0 {
		t.Errorf("the second click changed %.2f%% of the heading's first word: not an object", f*100)
	}
	if f := e2e.ChangedFraction(first, third, kind); f == 0 {
		t.Error("the third click shows an object too, want the polygon")
	}
	if f := e2e.ChangedFraction(first, third, spot); f < 0.1 {
		t.Errorf("the third click changed %.2f%% around the spot: the polygon is not drawn selected", f*100)
	}
	p.Key("ctrl+q")
	p.WaitDialog("Unsaved changes")
	p.Key("Tab", "Tab", "space") // past Cancel to Discard
	if err := p.WaitExit(10 * time.Second); err != nil {
		t.Fatalf("quit discarding: %v", err)
	}
	if !bytes.Equal(mustReadFile(t, path), original) {
		t.Error("Discard wrote the file")
	}
}

// shockObjectColours are the markers of System Shock's object classes.
var shockObjectColours = []color.RGBA{
	{205, 205, 90, 255}, {150, 130, 60, 255}, {255, 160, 40, 255}, {255, 110, 180, 255}, {120, 220, 120, 255},
	{90, 200, 220, 255}, {110, 140, 240, 255}, {160, 160, 160, 255}, {225, 225, 225, 255}, {245, 230, 60, 255},
	{200, 130, 80, 255}, {190, 120, 230, 255}, {160, 60, 250, 255}, {110, 90, 70, 255}, {235, 40, 40, 255},
}

// inkEnd is the column after the last ink of r, or r's left edge.
func inkEnd(img image.Image, r image.Rectangle) int {
	spans := e2e.InkSpans(img, r, 6)
	if len(spans) == 0 {
		return r.Min.X
	}
	return spans[len(spans)-1][1]
}

// firstDifference is the first column of r where a and b differ, or
// r's right edge.
func firstDifference(a, b image.Image, r image.Rectangle) int {
	for x := r.Min.X; x < r.Max.X; x++ {
		if e2e.ChangedFraction(a, b, image.Rect(x, r.Min.Y, x+1, r.Max.Y)) > 0 {
			return x
		}
	}
	return r.Max.X
}

// TestGUIPointingHover: on the Derelict's first level, the status bar
// names what is under the pointer. Over an object its line is longer
// than off the level, where it holds only the file and the point. With
// the object deleted, the same point (so the same coordinates, drawn
// the same) shows a different description after them: the tile's; with
// the deletion undone, the object's line comes back pixel for pixel.
func TestGUIPointingHover(t *testing.T) {
	path, original := corpusCopy(t, "shock", "derelict", "archive.dat")
	bin := e2e.Build(t)
	d := e2e.NewDisplay(t)
	p := e2e.Start(t, d, bin, `^archive\.dat — Levelwright$`, path)
	p.WaitLoaded(path)
	shot := p.Screenshot("opened")
	b := shot.Bounds()
	_, _, view, _, _ := regions(b)
	area := mapArea(view)
	status := image.Rect(0, b.Dy()-32, b.Dx(), b.Dy())

	// An object alone: no other marker within 16 pixels.
	marks := markers(shot, area, shockObjectColours)
	var at image.Point
	for _, m := range marks {
		alone := true
		for _, o := range marks {
			alone = alone && (o == m || !o.In(image.Rect(m.X-16, m.Y-16, m.X+17, m.Y+17)))
		}
		if alone {
			at = m
			break
		}
	}
	if at == (image.Point{}) {
		t.Fatal("no object marker stands alone on the map")
	}
	off := image.Pt(area.Max.X-12, area.Max.Y-12)
	if floorAt(shot, off.X, off.Y, 4) {
		t.Fatalf("the map's corner %v is not off the level", off)
	}
	hover := func(name string) image.Image {
		p.Move(off.X, off.Y)
		p.Move(at.X, at.Y)
		return p.Screenshot(name)
	}

	p.Move(off.X, off.Y)
	nothing := p.Screenshot("hover-off-level")
	object := hover("hover-object")
	if inkEnd(object, status) < inkEnd(nothing, status)+100 {
		t.Fatalf("over an object the status line ends at x %d, off the level at %d: no description", inkEnd(object, status), inkEnd(nothing, status))
	}

	p.Click(at.X, at.Y, 1)
	p.Key("Delete")
	waitTitle(t, p, true)
	tile := hover("hover-tile")
	if inkEnd(tile, status) < inkEnd(nothing, status)+100 {
		t.Errorf("over a tile the status line ends at x %d, off the level at %d: no description", inkEnd(tile, status), inkEnd(nothing, status))
	}
	// The file's name and the coordinates are the same; what follows them
	// differs.
	if x := firstDifference(object, tile, status); x < inkEnd(nothing, status)-40 || x == status.Max.X {
		t.Errorf("the status lines over the object and over the tile at the same point first differ at x %d, want after the coordinates (which end near %d)", x, inkEnd(nothing, status))
	}

	p.Key("ctrl+z")
	waitTitle(t, p, false)
	if f := e2e.ChangedFraction(object, hover("hover-object-again"), status); f != 0 {
		t.Errorf("over the object put back, the status line differs (%.2f%%) from before", f*100)
	}
	quit(t, p)
	if !bytes.Equal(mustReadFile(t, path), original) {
		t.Error("the file changed")
	}
}

package main

import (
	"image"
	"os/exec"
	"path/filepath"
	"testing"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/internal/e2e"
)

// newRooms is the extent, in world units, of a new Marathon map's two
// rooms: each 2048 square, side by side from (0,0).
var newRooms = image.Rect(0, 0, 4096, 2048)

// bright reports whether the pixel at (x, y) is near white, as the map
// draws a level's outer walls.
func bright(img image.Image, x, y int) bool {
	r, g, b, _ := img.At(x, y).RGBA()
	return r>>8 >= 200 && g>>8 >= 200 && b>>8 >= 200
}

// wallBox is the box, in window pixels, of the white outline of a new
// map's rooms in the viewport: found along a row below the draw mode's
// legend, and a column through the east room.
func wallBox(t *testing.T, img image.Image, view image.Rectangle) image.Rectangle {
	t.Helper()
	var box image.Rectangle
	y := (view.Min.Y+view.Max.Y)/2 + 40
	box.Min.X, box.Max.X = -1, -1
	for x := view.Min.X; x < view.Max.X; x++ {
		if bright(img, x, y) {
			if box.Min.X < 0 {
				box.Min.X = x
			}
			box.Max.X = x
		}
	}
	x := box.Min.X + (box.Max.X-box.Min.X)*3/4
	box.Min.Y, box.Max.Y = -1, -1
	for y := view.Min.Y + 80; y < view.Max.Y; y++ { // below the tool's help
		if bright(img, x, y) {
			if box.Min.Y < 0 {
				box.Min.Y = y
			}
			box.Max.Y = y
		}
	}
	if box.Min.X < 0 || box.Min.Y < 0 || box.Dx() < 200 || box.Dy() < 100 {
		t.Fatalf("no outline of the rooms in the viewport (found %v)", box)
	}
	return box
}

// TestGUIMarathonGeometry: a new Marathon map, edited with the geometry
// tools by mouse and keys: K and a click on the east room's north wall
// split it; G and clicks in both rooms merge them; L draws two lines off
// the south wall, ended by a click on the first point, and F with a
// click inside fills the triangle they close. The saved file passes
// check and roundtrip and holds what the tools made, its derived data
// as recomputed.
func TestGUIMarathonGeometry(t *testing.T) {
	bin := e2e.Build(t)
	path := filepath.Join(t.TempDir(), "rooms.sceA")
	if out, err := exec.Command(bin, "new", "marathon", "--out", path).CombinedOutput(); err != nil {
		t.Fatalf("new marathon: %v\n%s", err, out)
	}
	p := e2e.Start(t, e2e.NewDisplay(t), bin, `^rooms\.sceA — Levelwright$`, path)
	p.WaitLoaded(path)
	opened := p.Screenshot("opened")
	_, _, view, _, _ := regions(opened.Bounds())
	box := wallBox(t, opened, view)
	// at is the window pixel of world point (x, y): the map shows y
	// growing down the window.
	at := func(x, y int) (int, int) {
		return box.Min.X + (x*box.Dx()+newRooms.Dx()/2)/newRooms.Dx(), box.Min.Y + (y*box.Dy()+newRooms.Dy()/2)/newRooms.Dy()
	}
	click := func(x, y int) {
		sx, sy := at(x, y)
		p.Click(sx, sy, 1)
	}
	p.Click(view.Max.X-10, view.Max.Y-10, 1) // the map takes the keys

	p.Key("k")
	click(3072, 0)
	p.Key("g")
	click(1024, 1500)
	click(3072, 1500)
	p.Key("l")
	click(2048, 2048)
	click(3072, 2560)
	click(4096, 2048)
	click(2048, 2048) // the first point: the stroke ends
	p.Key("f")
	click(3072, 2200)
	p.Screenshot("edited")
	saved := saveAndQuit(t, bin, p, path)

	d, err := mdoc.Load(path, saved)
	if err != nil {
		t.Fatal(err)
	}
	l := d.Levels[0]
	if errs := d.Errors(); len(errs) > 0 {
		t.Errorf("the saved level has errors: %v", errs)
	}
	if stale := l.StaleDerivedData(0); len(stale) > 0 {
		t.Errorf("the saved level's derived data differs from the recomputed: %v", stale)
	}
	split := -1
	for i, v := range l.Points {
		if v.Y == 0 && v.X > 3072-16 && v.X < 3072+16 {
			split = i
		}
	}
	if split < 0 {
		t.Errorf("no endpoint on the north wall near x 3072: %v", l.Points)
	}
	if len(l.Polygons) != 2 || l.Polygons[0].VertexCount != 7 || l.Polygons[1].VertexCount != 3 {
		t.Fatalf("%d polygons %+v; want the merged rooms (7 vertices) and the filled triangle", len(l.Polygons), l.Polygons)
	}
	var apex mcodec.Point // the triangle's corner off the south wall
	for _, v := range l.Polygons[1].Endpoints[:3] {
		if p, _ := l.Vertex(v); p.Y > apex.Y {
			apex = p
		}
	}
	// The apex was clicked at (3072,2560): the map's grid, at this zoom
	// a line every 1024 units, may take it to (3072,3072).
	if len(l.Points) != 8 || apex.X < 3072-16 || apex.X > 3072+16 || apex.Y < 2560-16 || apex.Y > 3072+16 {
		t.Errorf("%d endpoints, the triangle's apex at %v; want 8, the apex at (3072,2560) or the grid point below", len(l.Points), apex)
	}
	shared := 0
	for _, line := range l.Lines {
		if line.ClockwisePoly != mcodec.None && line.CCWPoly != mcodec.None {
			shared++
			if line.Flags&mcodec.LineSolid != 0 {
				t.Errorf("the line between the rooms and the triangle is solid: %+v", line)
			}
		}
	}
	if shared != 1 {
		t.Errorf("%d lines are between two polygons, want the south wall the triangle stands on", shared)
	}
}

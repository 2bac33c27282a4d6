package main

import (
	"image"
	"slices"
	"testing"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	mdoc "github.com/levelwright/levelwright/document/marathon"
)

// marathonFirstRoom is docs/manual/tutorials/marathon-first-room.md: a
// new map's west room gets a door to a new room south of it, which a
// switch on that room's south wall opens. Map units: 1024 to a world
// unit (WU), the new map's two rooms each 2 WU square from (0, 0), y
// growing south, the grid 1 WU.
var marathonFirstRoom = tutorial{
	Name: "marathon-first-room",
	Steps: []tutorialStep{
		{Say: "Make a new map and open it: in a terminal, run `levelwright new marathon --out first.sceA`, then `levelwright first.sceA`.",
			Do: []string{"new marathon first.sceA", "open first.sceA"}, Shot: "marathon-new-map"},
		{Say: "Make room south of the two rooms: with the pointer above the rooms' middle, turn the mouse wheel six notches towards you. Then click an empty spot right of the rooms, so that the map takes the keys you press.",
			Do: []string{"zoom 6 2048 -600", "frame", "click 5120 4096"}},
		{Say: "Press **K** (Split line) and click the middle of the west room's south wall. The wall gets a corner there, where the door starts.",
			Do: []string{"key k", "click 1024 2048"}},
		{Say: "Press **D** (Draw polygon) and click the door's corners: the new corner, the corner where the rooms meet, then the points 1 WU south of each, and the first corner again, which closes the polygon.",
			Do: []string{"key d", "click 1024 2048", "click 2048 2048", "click 2048 3072", "click 1024 3072", "click 1024 2048"}},
		{Say: "Still with **D**, draw the new room south of the door: click the grid points 1 WU west of the door, the door's two south corners, 1 WU east of the door, 2 WU south of that, 2 WU south of the first point, and the first point again.",
			Do:   []string{"click 0 3072", "click 1024 3072", "click 2048 3072", "click 3072 3072", "click 3072 5120", "click 0 5120", "click 0 3072"},
			Shot: "marathon-room-drawn"},
		{Say: "Press **S** (Select) and click inside the door. In the inspector, scroll down to **Platform** and click **Make a door**.",
			Do: []string{"key s", "click 1536 2560", "button Platform"}, Shot: "marathon-door-made"},
		{Say: "Click the new room's south wall. In the inspector, scroll down to its side's **Control panel type** and choose **water: platform switch**.",
			Do: []string{"click 1536 5120", "choose Control panel type = 6 (water: platform switch)"}},
		{Say: "Beside **Control panel permutation (platform polygon)**, click **Pick**, then click the door in the map. The switch now opens the door.",
			Do: []string{"button Control panel permutation (platform polygon)", "click 1536 2560"}, Shot: "marathon-switch-picked"},
		{Say: "Press **Ctrl+S** to save.", Do: []string{"save"}},
	},
	frame: newMarathonMapFrame,
	check: checkMarathonFirstRoom,
}

// newMarathonMapFrame finds a new Marathon map on screen: the box of its
// white outer walls (brightBox) is its two rooms, 4096 by 2048.
func newMarathonMapFrame(t *testing.T, s imageAndView) screenFrame {
	t.Helper()
	box := brightBox(t, s, image.Pt(160, 345), 2)
	return screenFrame{scale: float64(box.Dx()) / 4096, origin: [2]float64{float64(box.Min.X), float64(box.Min.Y)}}
}

// checkMarathonFirstRoom: the saved map has the two rooms, the door and
// the new room; the door is a platform, and a platform switch on the
// new room's south wall toggles it.
func checkMarathonFirstRoom(t *testing.T, _, path string) {
	d, err := mdoc.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	l := d.Levels[0]
	if len(l.Polygons) != 4 {
		t.Fatalf("%d polygons, want the two rooms, the door and the new room", len(l.Polygons))
	}
	door := -1
	for i, p := range l.Polygons {
		if p.Type != mcodec.PolygonPlatform {
			continue
		}
		if door >= 0 {
			t.Fatalf("polygons %d and %d are platforms, want the door alone", door, i)
		}
		door = i
		lo, hi := mcodec.Point{X: 32767, Y: 32767}, mcodec.Point{X: -32768, Y: -32768}
		for _, v := range p.Endpoints[:p.VertexCount] {
			q, _ := l.Vertex(v)
			lo, hi = mcodec.Point{X: min(lo.X, q.X), Y: min(lo.Y, q.Y)}, mcodec.Point{X: max(hi.X, q.X), Y: max(hi.Y, q.Y)}
		}
		if lo != (mcodec.Point{X: 1024, Y: 2048}) || hi != (mcodec.Point{X: 2048, Y: 3072}) {
			t.Errorf("the door polygon spans %v-%v, want (1024,2048)-(2048,3072)", lo, hi)
		}
	}
	if door < 0 {
		t.Fatal("no polygon is a platform: the door was not made")
	}
	if !slices.ContainsFunc(l.Platforms, func(p mcodec.StaticPlatform) bool { return int(p.Polygon) == door }) {
		t.Errorf("no platform record names the door, polygon %d", door)
	}
	switches := 0
	for i, s := range l.Sides {
		class, ok := mcodec.ControlPanel(s)
		if !ok {
			continue
		}
		switches++
		line := l.Lines[s.Line]
		a, _ := l.Vertex(line.Endpoints[0])
		b, _ := l.Vertex(line.Endpoints[1])
		if class != mcodec.PanelPlatformSwitch || !slices.Equal(l.PanelPlatforms(i), []int{door}) || a.Y != 5120 || b.Y != 5120 {
			t.Errorf("side %d is a panel of class %v toggling polygons %v, on the line (%v)-(%v); want a platform switch for the door, polygon %d, on the new room's south wall",
				i, class, l.PanelPlatforms(i), a, b, door)
		}
	}
	if switches != 1 {
		t.Errorf("%d control panels, want the switch alone", switches)
	}
}

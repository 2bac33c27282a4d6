package shock

import (
	"bytes"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// TestPasteRegionCopiesObjectsAndRemapsLinks: a region with a pair of
// doors naming each other and a container holding one of them pastes as
// one step; the copies stand as far from the originals as the region
// moved, their class data is the originals' with the links inside the
// region naming the copies, and a link out of it kept; undo gives back
// the bytes.
func TestPasteRegionCopiesObjectsAndRemapsLinks(t *testing.T) {
	d := newDocument(t)
	level := firstLevel(d)
	l := d.Archive.Levels[level]
	var area []Point
	for y := 8; y < 30; y++ {
		for x := 8; x < 30; x++ {
			area = append(area, Point{x, y})
		}
	}
	if err := d.SetTiles(level, area, TileShape, int(codec.ShapeOpen)); err != nil {
		t.Fatal(err)
	}
	create := func(class uint8, x, y int) int {
		id, err := d.CreateObject(level, ObjectSpec{Class: class, X: uint16(x<<8 | 0x80), Y: uint16(y<<8 | 0x40), Z: 9, Heading: 3})
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	a, b, box, outside := create(codec.ClassDoor, 10, 10), create(codec.ClassDoor, 11, 10), create(codec.ClassContainer, 10, 11), create(codec.ClassDoor, 20, 20)
	setData := func(id int, edit func([]byte)) {
		data, err := d.ClassData(level, id)
		if err != nil {
			t.Fatal(err)
		}
		edit(data)
		if err := d.SetClassData(level, id, data); err != nil {
			t.Fatal(err)
		}
	}
	setDoor := func(id, other int) {
		setData(id, func(data []byte) { door := codec.DecodeDoor(data); door.OtherHalf = uint16(other); door.Encode(data) })
	}
	setDoor(a, b)
	setDoor(b, outside)
	setData(box, func(data []byte) {
		c := codec.DecodeContainer(data)
		c.Contents = [4]uint16{uint16(a), uint16(outside)}
		c.Encode(data)
	})
	region, err := d.CopyRegion(level, Point{9, 9}, 4, 4)
	if err != nil {
		t.Fatal(err)
	}
	if len(region.Objects) != 3 {
		t.Fatalf("the region holds %d objects, want 3", len(region.Objects))
	}
	before := mustBytes(t, d)
	steps, _ := d.History.Steps()
	if err := d.PasteRegion(level, Point{21, 13}, region); err != nil {
		t.Fatal(err)
	}
	if s, _ := d.History.Steps(); s != steps+1 {
		t.Fatalf("the paste made %d steps", s-steps)
	}
	copies := map[int]int{}
	for id, o := range l.Objects {
		for _, src := range region.Objects {
			want := src.Object
			if id != src.ID && o.Active != 0 && o.Class == want.Class && o.X == want.X+12<<8 && o.Y == want.Y+4<<8 {
				if o.Z != want.Z || o.Heading != want.Heading {
					t.Errorf("copy %d of %d: z %d heading %d, want %d %d", id, src.ID, o.Z, o.Heading, want.Z, want.Heading)
				}
				copies[src.ID] = id
			}
		}
	}
	if len(copies) != 3 {
		t.Fatalf("found copies %v of the 3 objects", copies)
	}
	door := func(id int) codec.Door { data, _ := d.ClassData(level, id); return codec.DecodeDoor(data) }
	if got := door(copies[a]).OtherHalf; int(got) != copies[b] {
		t.Errorf("copied door's other half is %d, want the copy %d", got, copies[b])
	}
	if got := door(copies[b]).OtherHalf; int(got) != outside {
		t.Errorf("copied door's other half out of the region is %d, want %d", got, outside)
	}
	data, _ := d.ClassData(level, copies[box])
	if got := codec.DecodeContainer(data).Contents; int(got[0]) != copies[a] || int(got[1]) != outside {
		t.Errorf("copied container holds %v, want [%d %d 0 0]", got, copies[a], outside)
	}
	if problems := l.Check(); len(problems) != 0 {
		t.Errorf("after the paste: %v", problems)
	}
	if _, err := d.History.Undo(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(mustBytes(t, d), before) {
		t.Error("undoing the paste does not give back the bytes")
	}
}

func TestPasteRegionOffTheMapIsRefused(t *testing.T) {
	d := newDocument(t)
	level := firstLevel(d)
	if _, err := d.CreateObject(level, ObjectSpec{Class: codec.ClassDoor, X: 10<<8 | 5, Y: 10 << 8}); err != nil {
		t.Fatal(err)
	}
	region, err := d.CopyRegion(level, Point{9, 9}, 3, 3)
	if err != nil {
		t.Fatal(err)
	}
	before := mustBytes(t, d)
	steps, _ := d.History.Steps()
	if err := d.PasteRegion(level, Point{62, 62}, region); err == nil {
		t.Fatal("a paste past the map's edge was accepted")
	}
	if s, _ := d.History.Steps(); s != steps || !bytes.Equal(mustBytes(t, d), before) {
		t.Error("the refused paste left a step or changed bytes")
	}
}

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
// region naming the copies, and the two links out of it kept when asked
// and cleared otherwise, counted either way; undo gives back the bytes.
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
	set := func(id int, field string, v int) {
		setData(id, func(data []byte) { codec.SetClassValue(l.Objects[id], data, field, int64(v)) })
	}
	set(a, codec.FieldOtherHalf, b)
	set(b, codec.FieldOtherHalf, outside)
	set(box, "contents 1", a)
	set(box, "contents 2", outside)
	region, err := d.CopyRegion(level, Point{9, 9}, 4, 4)
	if err != nil {
		t.Fatal(err)
	}
	if len(region.Objects) != 3 {
		t.Fatalf("the region holds %d objects, want 3", len(region.Objects))
	}
	before := mustBytes(t, d)
	for _, keep := range []bool{true, false} {
		pasteRegionAndCheck(t, d, level, region, keep, [3]int{a, b, box}, outside)
		if _, err := d.History.Undo(); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(mustBytes(t, d), before) {
			t.Errorf("keep %v: undoing the paste does not give back the bytes", keep)
		}
	}
}

// pasteRegionAndCheck pastes region (doors a and b, b's other half
// outside, and a box holding a and outside) at (21, 13), keeping the two
// links out of the region or not, and checks the copies' links.
func pasteRegionAndCheck(t *testing.T, d *Document, level int, region Region, keep bool, objects [3]int, outside int) {
	t.Helper()
	a, b, box := objects[0], objects[1], objects[2]
	l := d.Archive.Levels[level]
	steps, _ := d.History.Steps()
	n, err := d.PasteRegion(level, Point{21, 13}, region, keep)
	if err != nil || n != 2 {
		t.Fatalf("keep %v: %d links out of the region, %v; want 2", keep, n, err)
	}
	if !keep {
		outside = 0 // cleared
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
	value := func(id int, field string) int {
		r, _ := d.ClassRecord(level, id)
		_, v, _ := r.Field(field)
		return int(v)
	}
	if got := value(copies[a], codec.FieldOtherHalf); got != copies[b] {
		t.Errorf("copied door's other half is %d, want the copy %d", got, copies[b])
	}
	if got := value(copies[b], codec.FieldOtherHalf); got != outside {
		t.Errorf("copied door's other half out of the region is %d, want %d", got, outside)
	}
	if got := [2]int{value(copies[box], "contents 1"), value(copies[box], "contents 2")}; got != [2]int{copies[a], outside} {
		t.Errorf("copied container holds %v, want [%d %d]", got, copies[a], outside)
	}
	if problems := l.Check(); len(problems) != 0 {
		t.Errorf("after the paste: %v", problems)
	}
}

func TestPasteRegionOffTheMapIsRefused(t *testing.T) {
	d := newDocument(t)
	level := firstLevel(d)
	if _, err := d.CreateObject(level, ObjectSpec{Class: codec.ClassDoor, X: 30<<8 | 5, Y: 30 << 8, Z: 32}); err != nil {
		t.Fatal(err)
	}
	region, err := d.CopyRegion(level, Point{29, 29}, 3, 3)
	if err != nil {
		t.Fatal(err)
	}
	before := mustBytes(t, d)
	steps, _ := d.History.Steps()
	if _, err := d.PasteRegion(level, Point{62, 62}, region, false); err == nil {
		t.Fatal("a paste past the map's edge was accepted")
	}
	if s, _ := d.History.Steps(); s != steps || !bytes.Equal(mustBytes(t, d), before) {
		t.Error("the refused paste left a step or changed bytes")
	}
}

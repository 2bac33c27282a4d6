package marathon

import (
	"bytes"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/marathon"
)

func TestSmokeNew(t *testing.T) {
	d, err := New("x.sceA", "Test")
	if err != nil {
		t.Fatal(err)
	}
	orig := d.Bytes()
	const w = 2048
	// A room south of the first, sharing its south wall (0,w)-(w,w).
	made, err := d.DrawPolygon(0, []codec.Point{{0, w}, {w, w}, {w, 2 * w}, {0, 2 * w}})
	if err != nil {
		t.Fatal(err)
	}
	t.Log("made", made, d.Levels[0].CheckStructure(0))
	// An L-shaped room east of the second.
	made, err = d.DrawPolygon(0, []codec.Point{{2 * w, 0}, {3 * w, 0}, {3 * w, 2 * w}, {5 * w / 2, 2 * w}, {5 * w / 2, w}, {2 * w, w}})
	if err != nil {
		t.Fatal(err)
	}
	t.Log("made", made)
	v, err := d.SplitLine(0, 0, codec.Point{X: w / 2, Y: 0})
	if err != nil {
		t.Fatal(err)
	}
	if err := d.MoveEndpoint(0, v, codec.Point{X: w / 2, Y: -100}); err != nil {
		t.Fatal(err)
	}
	if err := d.MoveEndpoint(0, v, codec.Point{X: w / 2, Y: 100}); err == nil {
		t.Fatal("concave move accepted")
	}
	if err := d.MergePolygons(0, made[0], made[1]); err != nil {
		t.Log("merge:", err)
	}
	if err := d.DeletePolygons(0, []int{1}); err != nil {
		t.Fatal(err)
	}
	if _, err := d.PlaceObject(0, codec.Object{Type: 1, X: 500, Y: 500}); err != nil {
		t.Fatal(err)
	}
	for _, p := range d.Levels[0].Check(0) {
		t.Log(p)
	}
	l := d.Levels[0]
	if p := l.StaleDerivedData(0); len(p) > 0 {
		t.Error(p)
	}
	edited := d.Bytes()
	for {
		ok, err := d.History.Undo()
		if err != nil {
			t.Fatal(err)
		}
		if !ok {
			break
		}
	}
	if !bytes.Equal(d.Bytes(), orig) {
		t.Fatal("undo all differs")
	}
	for {
		ok, _ := d.History.Redo()
		if !ok {
			break
		}
	}
	if !bytes.Equal(d.Bytes(), edited) {
		t.Fatal("redo all differs")
	}
}

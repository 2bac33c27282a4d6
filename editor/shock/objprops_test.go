package shock

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"fyne.io/fyne/v2/test"

	codec "github.com/levelwright/levelwright/codecs/shock"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/internal/shockdata"
)

// TestObjPropsEditorEditsUndoesAndSaves edits a cyberspace critter's hit
// points and its specific colour in the window's form: each edit is a
// step of objprop.dat's history, an out-of-range radius is refused with
// no step, and Save writes the edits byte for byte; undone, the file's
// own bytes.
func TestObjPropsEditorEditsUndoesAndSaves(t *testing.T) {
	test.NewTempApp(t)
	orig, err := os.ReadFile(filepath.Join(shockdata.Dir(), "objprop.dat"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "objprop.dat")
	if err := os.WriteFile(path, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	d, err := sdoc.OpenObjProps(path)
	if err != nil {
		t.Fatal(err)
	}
	e := NewObjPropsEditor(d, nil)
	w := test.NewWindow(e.Content())
	defer w.Close()

	e.Choose(codec.ClassCritter, 3, 2)
	i, _ := codec.TypeIndex(codec.ClassCritter, 3, 2)
	submit := func(label, text string) {
		t.Helper()
		entry := e.Form.Entry(label)
		if entry == nil {
			t.Fatalf("no %q entry", label)
		}
		entry.SetText(text)
		entry.OnSubmitted(text)
	}
	hp := strconv.Itoa(shockdata.HitPoints(i))
	if got := e.Form.Entry("hit points").Text; got != hp {
		t.Fatalf("hit points show %q, want %s", got, hp)
	}
	submit("hit points", "321")
	submit("specific colour 0", "77")
	submit("radius", "300")
	if undo, _ := d.History.Steps(); undo != 2 {
		t.Fatalf("%d steps, want 2", undo)
	}
	tp := d.Props.Types[i]
	if tp.Common.HitPoints != 321 || tp.Specific[0] != 77 || int(tp.Common.Radius) != shockdata.Radius(i) {
		t.Fatalf("after the edits: hit points %d, colour %d, radius %d", tp.Common.HitPoints, tp.Specific[0], tp.Common.Radius)
	}
	if got := e.Form.Entry("hit points").Text; got != "321" {
		t.Errorf("the form shows %q after the edit", got)
	}
	if err := d.Save(); err != nil {
		t.Fatal(err)
	}
	want := append([]byte{}, orig...)
	at := len(orig) - (codec.NumObjectTypes-i)*codec.CommonPropSize + 4
	want[at], want[at+1] = 321&0xff, 321>>8
	// The cyberspace critters' 6-byte entries come before the plot
	// critters' two 1-byte entries, last before the common table.
	want[len(orig)-codec.NumObjectTypes*codec.CommonPropSize-2-(7-2)*6] = 77
	if saved, _ := os.ReadFile(path); !bytes.Equal(saved, want) {
		t.Fatal("Save wrote other bytes than the two edits")
	}
	d.History.Undo()
	d.History.Undo()
	if got := e.Form.Entry("hit points").Text; got != hp {
		t.Errorf("the form shows %q after undoing", got)
	}
	if err := d.Save(); err != nil {
		t.Fatal(err)
	}
	if saved, _ := os.ReadFile(path); !bytes.Equal(saved, orig) {
		t.Error("undone and saved, the file differs from what was read")
	}
}

// TestObjPropsSizeMarkersAndFillHitPoints: with the stand-in
// objprop.dat, an object's marker size follows its type's radius, and a
// placed object takes its type's hit points in the one step that
// creates it; without game data, the sizes are the classes' own.
func TestObjPropsSizeMarkersAndFillHitPoints(t *testing.T) {
	g, err := sdoc.LoadGameData(shockdata.Dir())
	if err != nil {
		t.Fatal(err)
	}
	f, h := derelict(t)
	f.data = g
	for _, c := range []struct {
		o       codec.Object
		without float64
	}{{codec.Object{Class: codec.ClassCritter, Subclass: 0, Type: 3}, 9}, {codec.Object{Class: codec.ClassBigStuff, Subclass: 6, Type: 1}, 6}} {
		i, _ := codec.TypeIndex(int(c.o.Class), int(c.o.Subclass), int(c.o.Type))
		if got, want := markerSize(g, c.o), max(4, min(16, float64(shockdata.Radius(i))/6)); got != want {
			t.Errorf("type %d: marker %v, want %v", i, got, want)
		}
		if got := markerSize(nil, c.o); got != c.without {
			t.Errorf("type %d without game data: marker %v, want %v", i, got, c.without)
		}
	}
	l := f.d.Archive.Levels[h.level]
	var spot sdoc.ObjectSpec
	for y := range int(l.Info.Height) {
		for x := range int(l.Info.Width) {
			if l.Tile(x, y).Shape == codec.ShapeOpen && spot.X == 0 {
				spot = sdoc.ObjectSpec{Class: codec.ClassBigStuff, Subclass: 6, Type: 1, X: uint16(x*256 + 128), Y: uint16(y*256 + 128),
					Z: uint8(l.Tile(x, y).FloorHeight() * codec.ObjectZPerStep)}
			}
		}
	}
	before, _ := f.d.History.Steps()
	id, err := f.createObject(h.level, spot)
	if err != nil {
		t.Fatal(err)
	}
	i, _ := codec.TypeIndex(codec.ClassBigStuff, 6, 1)
	if hp := l.Objects[id].HP; int(hp) != shockdata.HitPoints(i) {
		t.Errorf("placed with %d hit points, want %d", hp, shockdata.HitPoints(i))
	}
	if after, _ := f.d.History.Steps(); after != before+1 {
		t.Errorf("placing made %d steps", after-before)
	}
}

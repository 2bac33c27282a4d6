package shock

import (
	"testing"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	sdoc "github.com/levelwright/levelwright/document/shock"
)

// TestSessionCopyPaste: two objects copied from the corpus session paste
// into a new archive's session centred at the point given, as one step,
// and the refs returned are the new objects of their types.
func TestSessionCopyPaste(t *testing.T) {
	f, _ := derelict(t)
	l := f.d.Archive.Levels[1]
	a, b := firstObject(t, l, scodec.ClassGun), firstObject(t, l, scodec.ClassBigStuff)
	text, err := f.Copy([]document.Ref{{Level: 1, Kind: sdoc.KindObject, Index: a}, {Level: 1, Kind: sdoc.KindObject, Index: b}})
	if err != nil {
		t.Fatal(err)
	}
	archive, err := scodec.NewArchive(1)
	if err != nil {
		t.Fatal(err)
	}
	d, err := sdoc.Load("new.res", archive.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	g := &session{d: d}
	refs, err := g.Paste(1, text, display.Vec2{X: 10.5, Y: 12.5})
	if err != nil {
		t.Fatal(err)
	}
	nl := d.Archive.Levels[1]
	if len(refs) != 2 || nl.Objects[refs[0].Index].Class != scodec.ClassGun || nl.Objects[refs[1].Index].Class != scodec.ClassBigStuff {
		t.Fatalf("pasted %v", refs)
	}
	x0, x1 := int(nl.Objects[refs[0].Index].X), int(nl.Objects[refs[1].Index].X)
	y0, y1 := int(nl.Objects[refs[0].Index].Y), int(nl.Objects[refs[1].Index].Y)
	if cx, cy := (min(x0, x1)+max(x0, x1))/2, (min(y0, y1)+max(y0, y1))/2; abs(cx-10*256-128) > 1 || abs(cy-12*256-128) > 1 {
		t.Errorf("the pasted objects centre at (%d, %d), want (%d, %d)", cx, cy, 10*256+128, 12*256+128)
	}
	if steps, _ := d.History.Steps(); steps != 1 {
		t.Errorf("the paste took %d steps", steps)
	}
	if _, err := g.Paste(1, "not objects", display.Vec2{}); err == nil {
		t.Error("text that is not objects pasted")
	}
}

func abs(v int) int { return max(v, -v) }

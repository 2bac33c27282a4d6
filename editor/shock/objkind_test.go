package shock

import (
	"slices"
	"strconv"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	sdoc "github.com/levelwright/levelwright/document/shock"
)

// TestObjectKindChoices: choosing a class in a gun's inspector makes it
// that class's first type as one step, and a subclass choice then picks
// the subclass.
func TestObjectKindChoices(t *testing.T) {
	test.NewTempApp(t)
	f, h := derelict(t)
	l := f.d.Archive.Levels[1]
	gun := firstObject(t, l, scodec.ClassGun)
	choose := func(options []string, name string) {
		t.Helper()
		p, _ := form(t, f, h, sdoc.KindObject, gun)
		for _, o := range test.LaidOutObjects(p) {
			if s, ok := o.(*widget.Select); ok && slices.Equal(s.Options, options) {
				s.SetSelected(name)
				return
			}
		}
		t.Fatalf("no choice of %q", options)
	}
	steps := undoSteps(f)
	choose(scodec.ClassNames[:], "ammo")
	if o := l.Objects[gun]; o.Class != scodec.ClassAmmo || o.Subclass != 0 || o.Type != 0 || undoSteps(f) != steps+1 {
		t.Fatalf("after choosing ammo: class %d subclass %d type %d, %d steps", o.Class, o.Subclass, o.Type, undoSteps(f)-steps)
	}
	subs := scodec.Subclasses[scodec.ClassAmmo]
	names := make([]string, len(subs))
	for i, s := range subs {
		names[i] = s.Name
	}
	choose(names, names[len(names)-1])
	if o := l.Objects[gun]; o.Class != scodec.ClassAmmo || int(o.Subclass) != len(names)-1 || o.Type != 0 {
		t.Fatalf("after choosing %s: class %d subclass %d type %d", names[len(names)-1], o.Class, o.Subclass, o.Type)
	}
}

// TestTypedPosition: typing an object's tile and its place within the
// tile moves it there, each part alone, as one step each; a tile past
// the map is refused.
func TestTypedPosition(t *testing.T) {
	test.NewTempApp(t)
	f, h := derelict(t)
	l := f.d.Archive.Levels[1]
	obj := firstObject(t, l, scodec.ClassBigStuff)
	tile := openTile(t, l)
	tx, ty := tile%int(l.Info.Width), tile/int(l.Info.Width)
	start := l.Objects[obj]
	steps := undoSteps(f)
	for _, c := range []struct {
		label, typed string
	}{{"tile x", strconv.Itoa(tx)}, {"fine x (1/256 tile)", "40"}, {"tile y", strconv.Itoa(ty)}, {"fine y (1/256 tile)", "200"}} {
		p, _ := form(t, f, h, sdoc.KindObject, obj)
		e := p.Entry(c.label)
		if e == nil {
			t.Fatalf("no entry %q", c.label)
		}
		e.OnSubmitted(c.typed)
	}
	o := l.Objects[obj]
	if o.TileX() != tx || o.X&0xFF != 40 || o.TileY() != ty || o.Y&0xFF != 200 || undoSteps(f) != steps+4 {
		t.Fatalf("at (%#x, %#x) after %d steps, want tile (%d, %d) fine (40, 200) from (%#x, %#x)", o.X, o.Y,
			undoSteps(f)-steps, tx, ty, start.X, start.Y)
	}
	p, _ := form(t, f, h, sdoc.KindObject, obj)
	p.Entry("tile x").OnSubmitted(strconv.Itoa(int(l.Info.Width)))
	if l.Objects[obj].X != o.X || undoSteps(f) != steps+4 {
		t.Errorf("tile x %d past the map moved the object to %#x", l.Info.Width, l.Objects[obj].X)
	}
}

package shock

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2/test"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/internal/shockdata"
)

// TestParamsShowTheGamesNames: a sound trap's sound and screen effect, a
// bark's speaker and a quest trap's message show the game's name beside
// the number, and a name typed back sets the number; a name the field
// does not have changes nothing.
func TestParamsShowTheGamesNames(t *testing.T) {
	test.NewTempApp(t)
	f, h := derelict(t)
	data, err := sdoc.LoadGameData(shockdata.Dir())
	if err != nil {
		t.Fatal(err)
	}
	f.data = data
	trap := firstObject(t, f.d.Archive.Levels[1], scodec.ClassTrap)
	for _, c := range []struct {
		action       scodec.Action
		field, typed string
		param        int
		stored       uint32
		shown        string
	}{
		{8, "sound", "metal door", 0, 3, "3 (metal door)"},
		{8, "sound", "60", 0, 60, "60 (power surge)"},
		{8, "sound", "13", 0, 13, "13"},
		{8, "screen effect", "static", 2, 3, "3 (static)"},
		{8, "screen effect", "fog", 2, 3, "3 (static)"},
		{8, "screen effect", "var[3]", 2, 0x1003, "var[3]"},
		{22, "speaker", "SHODAN", 0, 0xFFFFFFFF, "-1 (SHODAN)"},
		{22, "speaker", "diego", 0, 0xFFFFFFFE, "-2 (Diego)"},
		{22, "speaker", "-3", 0, 0xFFFFFFFD, "-3"},
		{22, "speaker", "0", 0, 0, "0 (no one)"},
		{22, "string", "4", 1, 4, fmt.Sprintf("4 (%s)", shockdata.TrapMessage(4))},
		{scodec.ActionQuest, "message when true", "5 (anything)", 2, 5, fmt.Sprintf("5 (%s)", shockdata.TrapMessage(5))},
		{scodec.ActionDestroy, "message", "2", 3, 2, fmt.Sprintf("2 (%s)", shockdata.TrapMessage(2))},
	} {
		if got, _ := f.d.Trap(1, trap); got.Action != c.action {
			if err := f.d.SetTrapAction(1, trap, c.action); err != nil {
				t.Fatal(err)
			}
		}
		p, _ := form(t, f, h, sdoc.KindObject, trap)
		p.Entry(c.field).OnSubmitted(c.typed)
		got, _ := f.d.Trap(1, trap)
		p, _ = form(t, f, h, sdoc.KindObject, trap)
		if low := got.P[c.param] & 0xFFFF; c.stored <= 0xFFFF && low != c.stored || c.stored > 0xFFFF && got.P[c.param] != c.stored {
			t.Errorf("%s typed %q: p%d %#x, want %#x", c.field, c.typed, c.param+1, got.P[c.param], c.stored)
		}
		if shown := p.Entry(c.field).Text; shown != c.shown {
			t.Errorf("%s typed %q: shows %q, want %q", c.field, c.typed, shown, c.shown)
		}
	}
}

// TestDoorAndDeathwatchNames: a door's lock message shows the game's
// text, and a deathwatch trigger names the type it watches.
func TestDoorAndDeathwatchNames(t *testing.T) {
	test.NewTempApp(t)
	f, h := derelict(t)
	data, err := sdoc.LoadGameData(shockdata.Dir())
	if err != nil {
		t.Fatal(err)
	}
	f.data = data
	door := firstObject(t, f.d.Archive.Levels[1], scodec.ClassDoor)
	p, _ := form(t, f, h, sdoc.KindObject, door)
	p.Entry("lock message").OnSubmitted("3")
	p, _ = form(t, f, h, sdoc.KindObject, door)
	if want := fmt.Sprintf("3 (%s)", shockdata.DoorMessage(3)); p.Entry("lock message").Text != want {
		t.Errorf("lock message shows %q, want %q", p.Entry("lock message").Text, want)
	}

	trigger := firstObject(t, f.d.Archive.Levels[1], scodec.ClassTrap)
	if err := f.d.ChangeObjectKind(1, trigger, scodec.ClassTrap, 0, scodec.TriggerDeathwatch); err != nil {
		t.Fatal(err)
	}
	for name, v := range map[string]int64{"watches": 0, "watched class": int64(scodec.ClassCritter), "watched subclass": 1, "watched type": 2} {
		if err := f.d.SetClassField(1, trigger, name, v); err != nil {
			t.Fatal(err)
		}
	}
	want := data.TypeName(int(scodec.ClassCritter), 1, 2)
	_, fields := form(t, f, h, sdoc.KindObject, trigger)
	for _, field := range fields {
		if field.Label == "watched" {
			if field.Text.Value != want {
				t.Errorf("the trigger watches %q, want %q", field.Text.Value, want)
			}
			return
		}
	}
	t.Errorf("no field names the watched type %q", want)
}

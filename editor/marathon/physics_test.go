package marathon

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/codecs/marathon/physics"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/internal/corpus"
)

// findButton is the button labelled text within o, nil for none.
func findButton(o fyne.CanvasObject, text string) *widget.Button {
	switch w := o.(type) {
	case *widget.Button:
		if w.Text == text {
			return w
		}
	case *fyne.Container:
		for _, c := range w.Objects {
			if b := findButton(c, text); b != nil {
				return b
			}
		}
	}
	return nil
}

// TestPhysicsEditorEditsWithUndo edits a monster's vitality in the
// physics window's form: the document holds it as one step, the form
// shows it, the window's Undo button takes it back to the file's bytes.
func TestPhysicsEditorEditsWithUndo(t *testing.T) {
	test.NewTempApp(t)
	s, data := openCorpus(t, "marathon", "m2", "Standard.phyA")
	f := s.(*session)
	if tools := f.physicsTools(&toolHost{}); len(tools) != 1 || tools[0].Name != "Physics" || findButton(tools[0].Options, "Edit physics…") == nil {
		t.Fatalf("no physics tool with its button: %v", tools)
	}
	p := f.d.Physics(0)
	e := NewPhysicsEditor(p, f.d.History)
	w := test.NewWindow(e.Content())
	defer w.Close()

	const tick = 3 // Tick (kamikaze)
	e.Choose(physics.KindMonster, tick)
	old, _ := p.Field(physics.KindMonster, tick, "Vitality")
	entry := e.Form.Entry("Vitality")
	if entry == nil || entry.Text != itoa(old) {
		t.Fatalf("vitality entry %v, want %d", entry, old)
	}
	if radius := e.Form.Entries()["Radius"]; radius == nil {
		t.Error("no Radius entry")
	} else if r, _ := p.Field(physics.KindMonster, tick, "Radius"); radius.Text != "0.199" || radius.Tip() != "exactly "+ftoa(float64(r)/1024)+" WU" {
		t.Errorf("radius shows %q (%q), want %v WU to a thousandth, exactly in the tooltip", radius.Text, radius.Tip(), float64(r)/1024)
	}
	entry.SetText(itoa(old + 100))
	entry.OnSubmitted(entry.Text)
	if got, _ := p.Field(physics.KindMonster, tick, "Vitality"); got != old+100 {
		t.Fatalf("vitality %d after the edit, want %d", got, old+100)
	}
	if undo, _ := f.d.History.Steps(); undo != 1 {
		t.Fatalf("%d steps, want 1", undo)
	}
	if got := e.Form.Entry("Vitality").Text; got != itoa(old+100) {
		t.Errorf("the form shows %q after the edit", got)
	}

	undo := findButton(w.Content(), "Undo")
	if undo == nil {
		t.Fatal("no Undo button")
	}
	test.Tap(undo)
	if got, _ := p.Field(physics.KindMonster, tick, "Vitality"); got != old {
		t.Errorf("vitality %d after undo, want %d", got, old)
	}
	if got := e.Form.Entry("Vitality").Text; got != itoa(old) {
		t.Errorf("the form shows %q after undo", got)
	}
	if out, _ := s.Bytes(); !bytes.Equal(out, data) {
		t.Error("undo leaves changed bytes")
	}
}

// TestNoPhysicsToolWithoutPhysics: a map without embedded physics has
// no physics tool.
func TestNoPhysicsToolWithoutPhysics(t *testing.T) {
	d, err := mdoc.Open(corpus.Path(t, "marathon", "eternal", "Aaron-Eternal.sceA"))
	if err != nil {
		t.Fatal(err)
	}
	if tools := (&session{d: d}).physicsTools(&toolHost{}); len(tools) != 0 {
		t.Errorf("%d physics tools", len(tools))
	}
}

func TestWords(t *testing.T) {
	for in, want := range map[string]string{"MeleeAttack.DX": "Melee attack DX", "Vitality": "Vitality",
		"Primary.RoundsPerMagazine": "Primary rounds per magazine", "HalfVisualArc": "Half visual arc"} {
		if got := words(in); got != want {
			t.Errorf("words(%q) = %q, want %q", in, got, want)
		}
	}
}

func itoa(v int64) string   { return strconv.FormatInt(v, 10) }
func ftoa(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// openCorpus opens a corpus file in the Marathon column, as the window
// does, and returns the session and the file's bytes.
func openCorpus(t *testing.T, parts ...string) (game.Session, []byte) {
	t.Helper()
	path := corpus.Path(t, parts...)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s, err := column{}.Open(path, data)
	if err != nil {
		t.Fatal(err)
	}
	return s, data
}

// TestPhysicsSpeedRounds: a monster speed typed between two stored
// steps (0.05 WU a tick) is stored as the nearest one, 51/1024, which the
// form then shows, saying so; it is not put back silently.
func TestPhysicsSpeedRounds(t *testing.T) {
	test.NewTempApp(t)
	s, _ := openCorpus(t, "marathon", "m2", "Standard.phyA")
	f := s.(*session)
	p := f.d.Physics(0)
	e := NewPhysicsEditor(p, f.d.History)
	w := test.NewWindow(e.Content())
	defer w.Close()
	e.Choose(physics.KindMonster, 3)
	entry := e.Form.Entry("Speed")
	if entry == nil {
		t.Fatal("no Speed entry")
	}
	entry.SetText("0.05")
	entry.OnSubmitted("0.05")
	if got, _ := p.Field(physics.KindMonster, 3, "Speed"); got != 51 {
		t.Fatalf("speed 0.05 stored as %d, want 51", got)
	}
	if got := e.Form.Entries()["Speed"]; got.Text != "0.0498" || got.Tip() != "exactly 0.0498046875 WU/tick" {
		t.Fatalf("the form shows %q (%q) after 0.05 was stored", got.Text, got.Tip())
	}
}

// TestPhysicsNamesAndTicks: in Marathon 2's physics, every sound field
// in the names' range is a choice showing the sound's name, every -1 of
// a reference or a sound shows "none", and times are in ticks with
// seconds beside them.
func TestPhysicsNamesAndTicks(t *testing.T) {
	test.NewTempApp(t)
	s, _ := openCorpus(t, "marathon", "m2", "Standard.phyA")
	p := s.(*session).d.Physics(0)
	e := NewPhysicsEditor(p, s.(*session).d.History)
	named, none, ticks := 0, 0, 0
	for k := range physics.KindCount {
		specs := physicsSpecs(k, p)
		for i := range p.Set.Len(k) {
			for _, fl := range e.fields(k, i) {
				path := ""
				for pth, sp := range specs {
					if sp.Label == fl.Label {
						path = pth
					}
				}
				v, _ := p.Field(k, i, path)
				switch {
				case strings.HasSuffix(path, "Sound") && v >= 0 && int(v) < len(physics.SoundNames):
					if fl.Choice == nil || fl.Choice.Options[fl.Choice.Index] != physics.SoundNames[v] {
						t.Fatalf("%s %d %s = %d does not show %q", physics.KindNames[k], i, fl.Label, v, physics.SoundNames[v])
					}
					named++
				case specs[path].None && v == -1:
					if fl.Choice == nil || fl.Choice.Options[fl.Choice.Index] != "none" {
						t.Fatalf("%s %d %s = -1 does not show none: %+v", physics.KindNames[k], i, fl.Label, fl)
					}
					none++
				}
				if fl.Number != nil && fl.Number.Unit != nil && fl.Number.Unit.Name == "ticks" {
					if b := fl.Number.Unit.Beside; b == nil || b.Name != "s" || b.WithName(30) != "1 s" {
						t.Fatalf("%s %d %s: ticks with %+v beside", physics.KindNames[k], i, fl.Label, b)
					}
					ticks++
				}
			}
		}
	}
	if named == 0 || none == 0 || ticks == 0 {
		t.Errorf("met %d named sounds, %d nones, %d times in ticks; want some of each", named, none, ticks)
	}
}

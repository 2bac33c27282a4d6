package marathon

import (
	"bytes"
	"math/rand/v2"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/marathon"

	"github.com/levelwright/levelwright/internal/doctest"
)

// TestInfoAndPlacementEdits: each change of the map info or a placement
// entry is one step that undo takes back to the same bytes.
func TestInfoAndPlacementEdits(t *testing.T) {
	d, err := New("new.sceA", "Params")
	if err != nil {
		t.Fatal(err)
	}
	orig := doctest.Bytes(t, d)
	edits := []struct {
		name  string
		run   func() error
		check func(l *codec.Level) bool
	}{
		{"environment", func() error { return d.EditInfo(0, func(m *codec.MapInfo) { m.Environment = 3 }) },
			func(l *codec.Level) bool { return l.Info[0].Environment == 3 }},
		{"mission flag", func() error { return d.EditInfo(0, func(m *codec.MapInfo) { m.MissionFlags |= 1 << 4 }) },
			func(l *codec.Level) bool { return l.Info[0].MissionFlags&(1<<4) != 0 }},
		{"game types", func() error { return d.EditInfo(0, func(m *codec.MapInfo) { m.EntryFlags = 0x85 }) },
			func(l *codec.Level) bool { return l.Info[0].EntryFlags == 0x85 }},
		{"name", func() error {
			return d.EditInfo(0, func(m *codec.MapInfo) { _ = codec.SetFixedString(m.Name[:], "Name", "Renamed") })
		}, func(l *codec.Level) bool { return l.MapName() == "Renamed" }},
		{"placement", func() error {
			return d.EditPlacements(0, []int{codec.FirstMonsterPlacing + 8}, func(p *codec.Placement) {
				p.Initial, p.Minimum, p.Maximum, p.RandomCount, p.RandomChance = 3, 1, 5, -1, 20000
			})
		}, func(l *codec.Level) bool { return l.Placements[codec.FirstMonsterPlacing+8].RandomCount == -1 }},
	}
	for i, e := range edits {
		if err := e.run(); err != nil {
			t.Fatalf("%s: %v", e.name, err)
		}
		if steps, _ := d.History.Steps(); steps != i+1 {
			t.Errorf("%s: %d steps, want %d", e.name, steps, i+1)
		}
		if !e.check(d.Levels[0]) {
			t.Errorf("%s: not made", e.name)
		}
	}
	reopened, err := Load("params.sceA", doctest.Bytes(t, d))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range edits {
		if !e.check(reopened.Levels[0]) {
			t.Errorf("%s: not saved", e.name)
		}
	}
	undoAll(t, d)
	if !bytes.Equal(doctest.Bytes(t, d), orig) {
		t.Error("undoing every edit did not give the original bytes")
	}
}

// TestRefusedInfoAndPlacements: values the engine stops on or cannot use
// are refused with the field's name, leaving no step and no byte.
func TestRefusedInfoAndPlacements(t *testing.T) {
	d, err := New("new.sceA", "Params")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, r := range []refusedEdit{
		{"physics model 2", "Physics 2 is not a physics model (0 to 1)", func(d *Document, level int, _ *rand.Rand) error {
			return d.EditInfo(level, func(m *codec.MapInfo) { m.Physics = 2 })
		}},
		{"negative minimum", "Minimum -1 is negative", func(d *Document, level int, _ *rand.Rand) error {
			return d.EditPlacements(level, []int{5}, func(p *codec.Placement) { p.Minimum = -1 })
		}},
		{"negative initial", "Initial -4 is negative", func(d *Document, level int, _ *rand.Rand) error {
			return d.EditPlacements(level, []int{codec.FirstMonsterPlacing + 3}, func(p *codec.Placement) { p.Initial = -4 })
		}},
		{"random count -2", "RandomCount -2 is below -1", func(d *Document, level int, _ *rand.Rand) error {
			return d.EditPlacements(level, []int{7}, func(p *codec.Placement) { p.RandomCount = -2 })
		}},
	} {
		if !tryRefused(t, d, 0, r, rng) {
			t.Errorf("%s: not applied", r.name)
		}
	}
}

// TestAnnotationEdits places an annotation, edits its text, moves it to
// another polygon and deletes it, one step each; a place outside every
// polygon is refused.
func TestAnnotationEdits(t *testing.T) {
	d, err := New("new.sceA", "Notes")
	if err != nil {
		t.Fatal(err)
	}
	orig := doctest.Bytes(t, d)
	l := d.Levels[0]
	if len(l.Polygons) < 2 {
		t.Fatalf("%d polygons", len(l.Polygons))
	}
	notes := len(l.Notes)
	n := codec.Note{Location: l.Polygons[0].Center}
	if err := codec.SetFixedString(n.Text[:], "Text", "Start here"); err != nil {
		t.Fatal(err)
	}
	i, err := d.AddNote(0, n)
	if err != nil {
		t.Fatal(err)
	}
	if i != notes || l.Notes[i].Polygon != 0 || codec.FixedString(l.Notes[i].Text[:]) != "Start here" {
		t.Fatalf("note %d: %+v", i, l.Notes[i])
	}
	if err := d.EditNotes(0, []int{i}, func(n *codec.Note) { _ = codec.SetFixedString(n.Text[:], "Text", "Exit") }); err != nil {
		t.Fatal(err)
	}
	if err := d.EditNotes(0, []int{i}, func(n *codec.Note) { n.Location = l.Polygons[1].Center }); err != nil {
		t.Fatal(err)
	}
	if got := l.Notes[i]; got.Polygon != 1 || codec.FixedString(got.Text[:]) != "Exit" {
		t.Errorf("after the edits: %+v", got)
	}
	steps, _ := d.History.Steps()
	before := doctest.Bytes(t, d)
	if _, err := d.AddNote(0, codec.Note{Location: codec.Point{X: -30000, Y: -30000}}); err == nil {
		t.Error("a note outside every polygon was placed")
	}
	if now, _ := d.History.Steps(); now != steps || !bytes.Equal(doctest.Bytes(t, d), before) {
		t.Error("the refused note left a step or changed the file")
	}
	if err := d.DeleteNote(0, i); err != nil {
		t.Fatal(err)
	}
	if len(l.Notes) != notes {
		t.Errorf("%d notes after the delete, want %d", len(l.Notes), notes)
	}
	if steps, _ := d.History.Steps(); steps != 4 {
		t.Errorf("%d steps, want 4", steps)
	}
	undoAll(t, d)
	if !bytes.Equal(doctest.Bytes(t, d), orig) {
		t.Error("undoing every edit did not give the original bytes")
	}
}

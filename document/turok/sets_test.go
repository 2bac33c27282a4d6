package turok

import (
	"bytes"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"

	"github.com/levelwright/levelwright/internal/doctest"
)

// undoGivesBack undoes the last step and fails unless the map's bytes are
// want again.
func undoGivesBack(t *testing.T, d *Document, want []byte, step string) {
	t.Helper()
	if _, err := d.History.Undo(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(doctest.Bytes(t, d), want) {
		t.Fatalf("undoing %s does not give back the bytes before it", step)
	}
	if _, err := d.History.Redo(); err != nil {
		t.Fatal(err)
	}
}

// TestSectorSetLifecycle: a duplicated set equals its source and is used
// by no sector; deleting a set moves the later sets down in every
// sector, keeping each sector's set and flags; each edit is one step that
// undo takes back to the bytes before it.
func TestSectorSetLifecycle(t *testing.T) {
	d := New("new.map")
	m := d.Map
	water, err := codec.SectorSetFlags.Mask([]string{"Water", "ShallowWater"})
	must(t, err)
	fog := m.SectorSets[0]
	fog.FogColor, fog.FogStart, fog.FogZFar = [4]uint8{200, 10, 30, 255}, 256, 2048
	one, err := d.AddSectorSet(fog)
	must(t, err)

	before := doctest.Bytes(t, d)
	two, err := d.DuplicateSectorSet(one)
	must(t, err)
	if two != 2 || m.SectorSets[two] != fog || d.SectorSetUse()[two] != 0 {
		t.Fatalf("duplicate: index %d, %+v, used by %d", two, m.SectorSets[two], d.SectorSetUse()[two])
	}
	undoGivesBack(t, d, before, "a duplicate")

	must(t, d.AssignSectorSet([]int{3, 4}, two))
	must(t, d.AssignSectorSet([]int{5}, one))
	before = doctest.Bytes(t, d)
	must(t, d.EditSectorSets([]int{two}, func(s *codec.SectorSet) { s.Flags = water; s.WaterColor = [4]uint8{0, 40, 90, 128} }))
	for i, s := range m.Sectors {
		if want := uint16(m.SectorSets[s.Set].Flags); s.Flags != want {
			t.Errorf("sector %d (set %d) flags %#x, want its set's %#x", i, s.Set, s.Flags, want)
		}
	}
	if m.Sectors[3].Flags != uint16(water) {
		t.Errorf("sector 3 flags %#x, want %#x", m.Sectors[3].Flags, water)
	}
	undoGivesBack(t, d, before, "a set's flags")

	must(t, d.AssignSectorSet([]int{5}, 0))
	before = doctest.Bytes(t, d)
	steps, _ := d.History.Steps()
	must(t, d.DeleteSectorSet(one))
	if after, _ := d.History.Steps(); after != steps+1 {
		t.Errorf("deleting a set made %d steps", after-steps)
	}
	if len(m.SectorSets) != 2 || m.SectorSets[1].Flags != water {
		t.Fatalf("after the delete: %d sets, set 1 flags %#x", len(m.SectorSets), m.SectorSets[1].Flags)
	}
	for _, i := range []int{3, 4} {
		if s := m.Sectors[i]; s.Set != 1 || s.Flags != uint16(water) {
			t.Errorf("sector %d: set %d flags %#x, want set 1 flags %#x", i, s.Set, s.Flags, water)
		}
	}
	if use := d.SectorSetUse(); use[1] != 2 || use[0] != len(m.Sectors)-2 {
		t.Errorf("use %v", use)
	}
	if errs := d.Errors(); len(errs) > 0 {
		t.Errorf("after the delete: %v", errs)
	}
	undoGivesBack(t, d, before, "a delete")
}

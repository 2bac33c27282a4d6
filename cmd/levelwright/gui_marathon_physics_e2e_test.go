package main

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/codecs/marathon/physics"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/internal/e2e"
)

// TestGUIMarathonPhysics: Standard.phyA (a physics wad) and Marathon
// 1's Physics.phys (a tagged physics file), files without levels, show
// the physics editor in the main window, in place of a map; there the
// Tick's (Marathon 1: the third monster's) vitality is typed in; the
// editor's Undo takes it back (the title no longer marks a change) and
// Redo makes it again.
// Saved, the file differs from the original only in that vitality's two
// bytes (and a wad header's checksum), and check and roundtrip accept it.
func TestGUIMarathonPhysics(t *testing.T) {
	const monster = 3
	for _, c := range []struct {
		name  string
		parts []string
		// vitality is the monster's vitality in data and the offset
		// of its first byte.
		vitality func(t *testing.T, path string, data []byte) (value int64, at int)
		checksum [2]int // the bytes a save recomputes, {0, -1} for none
	}{
		{"Standard.phyA", []string{"marathon", "m2", "Standard.phyA"}, func(t *testing.T, path string, data []byte) (int64, int) {
			d, err := mdoc.Load(path, data)
			if err != nil {
				t.Fatal(err)
			}
			v, _ := d.Physics(0).Field(physics.KindMonster, monster, "Vitality")
			chunk := d.File.Entries[0].Chunk("MNpx").Data
			return v, strings.Index(string(data), string(chunk)) + physics.RecordSize(physics.KindMonster, false)*monster + 2
		}, [2]int{68, 71}},
		{"Physics.phys", []string{"gamedata", "marathon1", "Physics.phys"}, func(t *testing.T, path string, data []byte) (int64, int) {
			f, err := mdoc.LoadPhysicsFile(path, data)
			if err != nil {
				t.Fatal(err)
			}
			v, _ := f.Physics().Field(physics.KindMonster, monster, "Vitality")
			at := 0
			for _, s := range f.File.Sections {
				if s.Kind == physics.KindMonster {
					return v, at + 12 + int(s.Size)*monster + 2
				}
				at += 12 + int(s.Count)*int(s.Size)
			}
			t.Fatal("no monster section")
			return 0, 0
		}, [2]int{0, -1}},
	} {
		t.Run(c.name, func(t *testing.T) {
			path, original := corpusCopy(t, c.parts...)
			bin := e2e.Build(t)
			d := e2e.NewDisplay(t)
			p := e2e.Start(t, d, bin, "^"+regexp.QuoteMeta(c.name)+" — Levelwright$", path)
			p.WaitLoaded(path)
			const vitality = 0x0123 // both bytes differ from the monster's
			p.Click(290, 250, 1)    // monster 3
			p.Click(850, 167, 1)    // its Vitality
			p.Key("ctrl+a")
			p.Type("291")
			p.Key("Return")
			p.Screenshot("edited")
			if title := p.Title(); !strings.Contains(title, "*") {
				t.Fatalf("title %q does not mark the edit", title)
			}
			p.Click(228, 53, 1) // Undo
			if title := p.Title(); strings.Contains(title, "*") {
				t.Errorf("title %q still marks a change after Undo", title)
			}
			p.Click(284, 53, 1) // Redo
			saved := saveAndQuit(t, bin, p, path)

			if was, _ := c.vitality(t, path, original); was == vitality {
				t.Fatalf("the original vitality is already %d", vitality)
			}
			got, at := c.vitality(t, path, saved)
			if got != vitality {
				t.Errorf("saved vitality %d, want %d", got, vitality)
			}
			if len(saved) != len(original) {
				t.Fatalf("saved %d bytes, the original %d", len(saved), len(original))
			}
			var differ []int
			for i := range saved {
				if saved[i] != original[i] && (i < c.checksum[0] || i > c.checksum[1]) {
					differ = append(differ, i)
				}
			}
			if !slices.Equal(differ, []int{at, at + 1}) {
				t.Errorf("bytes %v differ, want only the vitality's %d and %d", differ, at, at+1)
			}
		})
	}
}

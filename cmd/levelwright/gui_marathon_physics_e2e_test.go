package main

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/levelwright/levelwright/codecs/marathon/physics"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/internal/e2e"
)

// windowNamed waits up to 10s for a visible window whose title matches
// pattern on display d, and returns its id.
func windowNamed(t *testing.T, d *e2e.Display, pattern string) string {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		cmd := exec.Command("xdotool", "search", "--onlyvisible", "--name", pattern)
		cmd.Env = append(os.Environ(), "DISPLAY="+d.Name)
		if out, err := cmd.Output(); err == nil {
			if ids := strings.Fields(string(out)); len(ids) > 0 {
				return ids[0]
			}
		}
	}
	t.Fatalf("no window titled %q", pattern)
	return ""
}

// TestGUIMarathonPhysics: Standard.phyA, a physics file. The Physics
// tool's button opens the physics window; there the Tick (kamikaze)'s
// vitality is typed in; the window's Undo takes it back (the main
// window's title no longer marks a change) and Redo makes it again.
// Saved, the file differs from the original only in that vitality's two
// bytes and the header's checksum, and check and roundtrip accept it.
func TestGUIMarathonPhysics(t *testing.T) {
	path, original := corpusCopy(t, "marathon", "m2", "Standard.phyA")
	bin := e2e.Build(t)
	d := e2e.NewDisplay(t)
	p := e2e.Start(t, d, bin, `^Standard\.phyA — Levelwright$`, path)
	main := p.Window
	p.Click(700, 500, 1) // the map takes the keys
	p.Key("y")           // the Physics tool
	p.Click(294, 89, 1)  // its Edit physics… button
	physicsWindow := windowNamed(t, d, `^Physics: `)
	inPhysics := func(do func()) {
		p.Window = physicsWindow
		do()
		p.Window = main
	}
	const vitality = 0x0123 // both bytes differ from the Tick's 20
	inPhysics(func() {
		p.Click(70, 219, 1)  // 3: Tick (kamikaze)
		p.Click(680, 136, 1) // its Vitality
		p.Key("ctrl+a")
		p.Type("291")
		p.Key("Return")
		p.Screenshot("edited")
	})
	if title := p.Title(); !strings.Contains(title, "*") {
		t.Fatalf("title %q does not mark the edit", title)
	}
	inPhysics(func() { p.Click(30, 21, 1) }) // Undo
	if title := p.Title(); strings.Contains(title, "*") {
		t.Errorf("title %q still marks a change after Undo", title)
	}
	inPhysics(func() { p.Click(86, 21, 1) }) // Redo
	saved := saveAndQuit(t, bin, p, path)

	was, err := mdoc.Load(path, original)
	if err != nil {
		t.Fatal(err)
	}
	now, err := mdoc.Load(path, saved)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := now.Physics(0).Field(physics.KindMonster, 3, "Vitality"); got != vitality {
		t.Errorf("saved vitality %d, want %d", got, vitality)
	}
	if len(saved) != len(original) {
		t.Fatalf("saved %d bytes, the original %d", len(saved), len(original))
	}
	chunk := was.File.Entries[0].Chunk("MNpx").Data
	at := strings.Index(string(original), string(chunk)) + 156*3 + 2
	var differ []int
	for i := range saved {
		if saved[i] != original[i] && (i < 68 || i > 71) { // 68..71: the checksum, recomputed
			differ = append(differ, i)
		}
	}
	if !slices.Equal(differ, []int{at, at + 1}) {
		t.Errorf("bytes %v differ, want only the vitality's %d and %d", differ, at, at+1)
	}
}

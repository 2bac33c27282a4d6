package editor

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/internal/corpus"
)

// levelsItem is the Levels menu's item whose label starts with label.
func levelsItem(t *testing.T, e *Editor, label string) *fyne.MenuItem {
	t.Helper()
	for _, m := range e.Window().MainMenu().Items {
		if m.Label != "Levels" {
			continue
		}
		for _, item := range m.Items {
			if strings.HasPrefix(item.Label, label) {
				return item
			}
		}
	}
	t.Fatalf("the Levels menu has no %q", label)
	return nil
}

// fillDialog types texts into the entries of the dialog on top, in
// order.
func fillDialog(t *testing.T, e *Editor, texts ...string) {
	t.Helper()
	top := e.Window().Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog to fill")
	}
	var entries []*widget.Entry
	for _, o := range test.LaidOutObjects(top) {
		if entry, ok := o.(*widget.Entry); ok {
			entries = append(entries, entry)
		}
	}
	if len(entries) != len(texts) {
		t.Fatalf("the dialog has %d entries, want %d", len(entries), len(texts))
	}
	for i, text := range texts {
		entries[i].SetText(text)
	}
}

// TestLevelsMenuMarathon copies a level of another corpus scenario into
// the open one with the Levels menu, duplicates and deletes one: each is
// one step, the Levels panel lists the levels after it and shows the
// level made, and Ctrl+Z back to the start gives the original bytes.
func TestLevelsMenuMarathon(t *testing.T) {
	src := corpus.Path(t, "marathon", "jp", "tempus", "Repository-Seven.sceA")
	other := corpus.Path(t, "marathon", "jp", "rubicon", "The-Ascension-Factor.sceA")
	original, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "scenario.sceA")
	if err := os.WriteFile(path, original, 0o644); err != nil {
		t.Fatal(err)
	}
	e := newTestEditor(t)
	e.Window().Resize(fyne.NewSize(1200, 800))
	e.Open(path)
	e.jobs.wait()
	if e.file == nil {
		t.Fatal("the scenario did not open")
	}
	step := func(want []string, shown int) {
		t.Helper()
		if !slices.Equal(e.levels.names, want) {
			t.Fatalf("the Levels panel lists %q, want %q", e.levels.names, want)
		}
		if e.level != shown || e.scene == nil {
			t.Fatalf("level %d shown, want %d", e.level, shown)
		}
	}
	levelsItem(t, e, "Copy Level from Scenario").Action()
	fillDialog(t, e, other, "0")
	answer(t, e, "Copy")
	step([]string{"0: Repository Seven", "1: The Ascension Factor"}, 1)

	levelsItem(t, e, "Duplicate Level").Action()
	step([]string{"0: Repository Seven", "1: The Ascension Factor", "2: The Ascension Factor"}, 2)
	levelsItem(t, e, "Delete Level").Action()
	answer(t, e, "Yes")
	step([]string{"0: Repository Seven", "1: The Ascension Factor"}, 1)
	if n, _ := e.file.History().Steps(); n != 3 {
		t.Fatalf("%d steps, want 3", n)
	}

	for range 3 {
		shortcut(e, &fyne.ShortcutUndo{}) // Ctrl+Z, as Fyne delivers it
	}
	step([]string{"0: Repository Seven"}, 0)
	data, err := e.file.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, original) {
		t.Fatal("undoing the level operations does not give back the original bytes")
	}
}

// TestLevelsMenuTurok: a Turok map's Levels menu items are disabled and
// say why.
func TestLevelsMenuTurok(t *testing.T) {
	e := openDemo(t, "turok")
	item := levelsItem(t, e, "Add Level")
	if !item.Disabled || !strings.Contains(item.Label, "a Turok map holds one level") {
		t.Errorf("Add Level with a Turok map open: %q, disabled %v", item.Label, item.Disabled)
	}
}

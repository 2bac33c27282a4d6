package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/codecs/wad"
	"github.com/levelwright/levelwright/internal/e2e"
)

// TestGUIMarathonCopyLevel, as a Marathon modder with the mouse and
// keys: a click on the Levels menu, Down to Copy Level from Scenario…,
// the other scenario's path typed, Tab, Return; Ctrl+S saves. The saved
// file checks clean and round-trips, holds the original level and then
// the other file's, chunk for chunk, and lists them both.
func TestGUIMarathonCopyLevel(t *testing.T) {
	path, original := corpusCopy(t, "marathon", "jp", "tempus", "Repository-Seven.sceA")
	otherPath, otherBytes := corpusCopy(t, "marathon", "jp", "rubicon", "The-Ascension-Factor.sceA")
	bin := e2e.Build(t)
	d := e2e.NewDisplay(t)
	p := e2e.Start(t, d, bin, `^Repository-Seven\.sceA — Levelwright$`, path)
	p.WaitLoaded(path)
	shot := p.Screenshot("before")
	menu, _, _, _, _ := regions(shot.Bounds())
	spans := e2e.InkSpans(shot, menu, 6)
	if len(spans) < 6 {
		t.Fatalf("menu bar shows %d items, want File, Edit, Marathon, Levels, View, Help: %v", len(spans), spans)
	}
	p.Click((spans[3][0]+spans[3][1])/2, (menu.Min.Y+menu.Max.Y)/2, 1)
	// Add, Duplicate, Delete, Move Up, Move Down, Rename, then Copy.
	p.Key("Down", "Down", "Down", "Down", "Down", "Down", "Down")
	p.Screenshot("levels-menu")
	p.Key("Return")
	p.WaitDialog("Copy a level of another scenario")
	p.Type(otherPath)
	p.Key("Tab", "Return")
	p.WaitDirty()
	p.Screenshot("copied")
	saved := saveAndQuit(t, bin, p, path)

	was, now := beforeAndAfter(t, path, original, saved)
	_, other := beforeAndAfter(t, otherPath, otherBytes, otherBytes)
	if len(now.File.Entries) != 2 {
		t.Fatalf("the saved file has %d levels, want 2", len(now.File.Entries))
	}
	for i, src := range []*wad.Entry{was.File.Entries[0], other.File.Entries[0]} {
		got := now.File.Entries[i].Chunks
		if len(got) != len(src.Chunks) {
			t.Fatalf("level %d has %d chunks, want %d", i, len(got), len(src.Chunks))
		}
		for k, c := range got {
			if c.Tag != src.Chunks[k].Tag || !bytes.Equal(c.Data, src.Chunks[k].Data) {
				t.Fatalf("level %d chunk %s differs from its source's", i, c.Tag[:])
			}
		}
	}
	if out := cli(t, bin, "levels", path); !strings.Contains(out, "1\t\"The Ascension Factor\"") {
		t.Errorf("levels lists %q", out)
	}
}

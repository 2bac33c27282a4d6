package main

import (
	"bytes"
	"os"
	"testing"

	"github.com/levelwright/levelwright/editor/turok"
	"github.com/levelwright/levelwright/internal/e2e"
)

// TestGUITurokModels: with the Settings' Turok EX data folder naming a
// folder whose game.kpf holds a static mesh's model and texture, the
// window draws the mesh as its textured model, on the map and (Ctrl+2)
// in 3D; a click on the model's textured top, away from its origin,
// selects it (the inspector shows it); the file is left as it was.
func TestGUITurokModels(t *testing.T) {
	path, data := turokCrateMap(t)
	original, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	bin := e2e.Build(t)
	d := e2e.NewDisplay(t)
	p := e2e.StartWithPreferences(t, d, bin, map[string]any{turok.DataFolderKey: data}, `^crate\.map — Levelwright$`, path)
	p.WaitLoaded(path)
	opened := p.Screenshot("opened")
	_, _, view, _, _ := regions(opened.Bounds())
	area := mapArea(view)
	if f := share(opened, area, crateLit); f < 0.01 {
		t.Fatalf("%.2f%% of the map shows the crate's texture, want at least 1%%", f*100)
	}
	top, ok := solidAt(opened, area, crateLit)
	if !ok {
		t.Fatal("no solid spot of the crate's texture on the map")
	}
	// Away from the middle, where the mesh's glyph is: a quarter of the
	// way to the crate's edge.
	top.X -= 12
	p.Click(top.X, top.Y, 1)
	picked := p.Screenshot("picked")
	if f := e2e.ChangedFraction(opened, picked, inspectorPanel(opened.Bounds())); f < 0.01 {
		t.Errorf("the inspector changed %.2f%% after a click on the crate's model at %v: nothing selected", f*100, top)
	}
	p.Key("Escape")
	p.Key("ctrl+2")
	space := p.Screenshot("3d")
	if f := share(space, area, crateLit); f < 0.005 {
		t.Errorf("%.2f%% of the 3D view shows the crate's texture, want at least 0.5%%", f*100)
	}
	quit(t, p)
	if !bytes.Equal(mustReadFile(t, path), original) {
		t.Error("the file changed")
	}
}

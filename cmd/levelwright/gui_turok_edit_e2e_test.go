package main

import (
	"encoding/json"
	"image"
	"image/color"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	tcodec "github.com/levelwright/levelwright/codecs/turok"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/turok"
	"github.com/levelwright/levelwright/internal/doctest"
	"github.com/levelwright/levelwright/internal/e2e"
)

// turokWall is the colour of a Turok map's walls, the outline of
// kex18-vis.map's square of terrain.
var turokWall = color.RGBA{235, 235, 225, 255}

// exportTurok runs `export` on path and decodes it.
func exportTurok(t *testing.T, bin, path string) tdoc.MapJSON {
	t.Helper()
	out := filepath.Join(t.TempDir(), "map.json")
	if b, err := exec.Command(bin, "export", path, "--out", out).CombinedOutput(); err != nil {
		t.Fatalf("export of %s: %v\n%s", path, err, b)
	}
	var mj tdoc.MapJSON
	if err := json.Unmarshal(mustReadFile(t, out), &mj); err != nil {
		t.Fatal(err)
	}
	return mj
}

// wallFrame is the box of the map's outline on screen: the first and
// last wall pixels along the row and the column through the middle of
// view.
func wallFrame(t *testing.T, img image.Image, view image.Rectangle) image.Rectangle {
	t.Helper()
	mid := image.Pt((view.Min.X+view.Max.X)/2, (view.Min.Y+view.Max.Y)/2)
	frame := image.Rectangle{Min: view.Max, Max: view.Min}
	for x := view.Min.X; x < view.Max.X; x++ {
		if sameColour(img.At(x, mid.Y), turokWall) {
			frame.Min.X, frame.Max.X = min(frame.Min.X, x), max(frame.Max.X, x)
		}
	}
	for y := view.Min.Y; y < view.Max.Y; y++ {
		if sameColour(img.At(mid.X, y), turokWall) {
			frame.Min.Y, frame.Max.Y = min(frame.Min.Y, y), max(frame.Max.Y, y)
		}
	}
	if frame.Dx() < 200 || frame.Dy() < 200 {
		t.Fatalf("the map's outline is %v in %v", frame, view)
	}
	return frame
}

// keysOf is xdotool's key names for a key, text typed, and keys:
// "ctrl+a", "42 1", "Return" give "ctrl+a", "4", "2", "space", "1",
// "Return".
func keysOf(first, text string, last ...string) []string {
	keys := []string{first}
	for _, r := range text {
		if r == ' ' {
			keys = append(keys, "space")
		} else {
			keys = append(keys, string(r))
		}
	}
	return append(keys, last...)
}

// modTemplates is a templates folder holding a copy of
// debugpad-short.map whose actor 5 is of a type and model no corpus map
// has, so that only the folder offers it.
func modTemplates(t *testing.T) string {
	t.Helper()
	src, _ := corpusCopy(t, "turok", "debugpad-short.map")
	d, err := tdoc.Open(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.EditActors([]int{5}, func(a *tcodec.Actor) { a.Type, a.Model = 4242, "models/mod/boss.bin" }); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "mod.map"), doctest.Bytes(t, d), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestGUITurokEdit: kex18-vis.map edited as a modder would, with the
// mouse and keys only, the actor templates folder set in the
// preferences. The Height tool (H) raises the middle vertex and its four
// neighbours, clicked with Shift, by a drag up; the Sector sets dialog
// (the level section, nothing selected) adds a set and gives it a fog
// colour; the Paint set tool (P) paints a row of sectors with it; the
// Place actor tool (O) places the folder's own template, found by
// typing; the level section's Rebuild computes the visibility. Actors
// on the hill follow its floor. Saved
// (Ctrl+S), the file passes check and roundtrip, and its export differs
// from the original's in those edits alone.
func TestGUITurokEdit(t *testing.T) {
	path, data := corpusCopy(t, "turok", "kex18-vis.map")
	original := filepath.Join(t.TempDir(), "original.map")
	if err := os.WriteFile(original, data, 0o644); err != nil {
		t.Fatal(err)
	}
	bin := e2e.Build(t)
	d := e2e.NewDisplay(t)
	p := e2e.StartWithPreferences(t, d, bin, map[string]any{turok.TemplatesFolderKey: modTemplates(t)},
		`^kex18-vis\.map — Levelwright$`, path)
	p.WaitLoaded(path)
	shot := p.Screenshot("opened")
	_, _, view, _, _ := regions(shot.Bounds())
	frame := wallFrame(t, shot, view)
	was := exportTurok(t, bin, original)
	// The terrain is a square grid of vertices, the outline its edge.
	perRow := int(math.Round(math.Sqrt(float64(len(was.Vertices)))))
	cell := float64(frame.Dx()) / float64(perRow-1)
	at := func(i, j int) image.Point { // vertex column i, row j from the outline's corner
		return image.Pt(frame.Min.X+int(float64(i)*cell+0.5), frame.Min.Y+int(float64(j)*cell+0.5))
	}

	// (1) A hill: the middle vertex and its neighbours raised.
	p.Key("h")
	mid := perRow / 2
	p.Click(at(mid, mid).X, at(mid, mid).Y, 1)
	for _, n := range [][2]int{{mid - 1, mid}, {mid + 1, mid}, {mid, mid - 1}, {mid, mid + 1}} {
		p.ClickWith("shift", at(n[0], n[1]).X, at(n[0], n[1]).Y)
	}
	p.Drag(at(mid, mid).X, at(mid, mid).Y, at(mid, mid).X, at(mid, mid).Y-60)
	waitTitle(t, p, true)
	p.Screenshot("hill")

	// (2) A sector set with its own fog colour: the dialog is 820x620 in
	// the middle of the 1280x800 window; the set's fields start with the
	// fog colour.
	p.Key("Escape")
	sets := inspectorField(t, p, shot.Bounds(), "button", "Sets", buttons) // the level section's "Sector sets…"
	p.Click(sets.X, sets.Y, 1)
	p.Click(271, 163, 1) // Add
	p.Click(870, 202, 1) // the new set's fog colour
	p.Key(keysOf("ctrl+a", "200 60 40 255", "Return")...)
	p.Screenshot("set-added")
	p.Click(639, 671, 1) // Close

	// (3) A row of sectors painted with it, away from the hill.
	p.Key("p")
	p.Click(385, 89, 1)  // the tool's set choice
	p.Click(348, 279, 1) // "Set 4", the list's fifth
	p.Drag(at(2, 3).X+4, at(2, 3).Y+4, at(7, 3).X+4, at(7, 3).Y+4)
	p.Screenshot("painted")

	// (4) The folder's template, found by typing, placed.
	p.Key("o")
	p.Click(500, 89, 1)
	p.Key(keysOf("ctrl+a", "4242")...)
	spot := at(perRow-4, 3)
	p.Click(spot.X+6, spot.Y+6, 1)
	p.Screenshot("placed")

	// (5) Visibility rebuilt from the level section, whose tables are
	// stale after the edits.
	p.Key("Escape")
	rebuild := inspectorField(t, p, shot.Bounds(), "button", "tables", buttons) // the Visibility section's Rebuild
	p.Click(rebuild.X, rebuild.Y, 1)
	p.WaitIdle() // the rebuild runs in the background
	p.Screenshot("rebuilt")
	saveAndQuit(t, bin, p, path)

	now := exportTurok(t, bin, path)
	var raised []int
	for i := range was.Vertices {
		a, b := was.Vertices[i], now.Vertices[i]
		if a == b {
			continue
		}
		raised = append(raised, i)
		if b.Position.X != a.Position.X || b.Position.Y != a.Position.Y || b.Height != a.Height || b.Position.Z < a.Position.Z+30 {
			t.Errorf("vertex %d went from %+v to %+v, want its floor raised alone", i, a, b)
		}
	}
	if len(raised) != 5 {
		t.Errorf("vertices %v changed, want the middle one and its four neighbours", raised)
	}

	if len(now.SectorSets) != len(was.SectorSets)+1 || !reflect.DeepEqual(now.SectorSets[:len(was.SectorSets)], was.SectorSets) {
		t.Fatalf("%d sector sets, %d before: want one more, the others as they were", len(now.SectorSets), len(was.SectorSets))
	}
	added := len(was.SectorSets)
	if fog := now.SectorSets[added].FogColor; !slices.Equal(fog, []int{200, 60, 40, 255}) {
		t.Errorf("the new set's fog colour is %v", fog)
	}
	var painted []int
	for i := range was.Sectors {
		a, b := was.Sectors[i], now.Sectors[i]
		if reflect.DeepEqual(a, b) {
			continue
		}
		painted = append(painted, i)
		a.Set, a.Flags = b.Set, b.Flags // its set's flags follow the set
		if int(b.Set) != added || !reflect.DeepEqual(a, b) {
			t.Errorf("sector %d went from %+v to %+v, want only its set changed to %d", i, was.Sectors[i], b, added)
		}
	}
	if len(painted) < 4 {
		t.Errorf("sectors %v painted, want the row dragged over", painted)
	}

	if len(now.Actors) != len(was.Actors)+1 {
		t.Fatalf("%d actors, %d before: want one more", len(now.Actors), len(was.Actors))
	}
	for i := range was.Actors {
		// An actor on the hill follows its floor: its height and its
		// bounds' rise together, and nothing else of it changes.
		a, b := was.Actors[i], now.Actors[i]
		dz := b.Origin.Z - a.Origin.Z
		rose := math.Abs(float64(b.BoundsMin.Z-a.BoundsMin.Z-dz)) < 1e-3 && math.Abs(float64(b.BoundsMax.Z-a.BoundsMax.Z-dz)) < 1e-3
		a.Origin.Z, a.BoundsMin.Z, a.BoundsMax.Z = b.Origin.Z, b.BoundsMin.Z, b.BoundsMax.Z
		if !rose || !reflect.DeepEqual(a, b) {
			t.Errorf("actor %d changed: %+v, was %+v", i, now.Actors[i], was.Actors[i])
		}
	}
	if a := now.Actors[len(was.Actors)]; a.Type != 4242 || a.Model != "models/mod/boss.bin" {
		t.Errorf("the new actor is of type %d, model %q: not the folder's template", a.Type, a.Model)
	}

	// Raising vertices refiles the meshes standing on them: their sector
	// may change, nothing else of them.
	for i := range was.Sections {
		a, b := was.Sections[i], now.Sections[i]
		if len(a.Meshes) != len(b.Meshes) {
			t.Fatalf("section %d has %d meshes, %d before", i, len(b.Meshes), len(a.Meshes))
		}
		for j := range a.Meshes {
			a.Meshes[j].Sector = b.Meshes[j].Sector
		}
		if !reflect.DeepEqual(a, b) {
			t.Errorf("section %d changed: %+v, was %+v", i, b, was.Sections[i])
		}
	}

	v, w := now.Visibility, was.Visibility
	if v == nil || w == nil || v.Stale || len(v.Rows) != len(w.Rows) {
		t.Fatalf("visibility %+v, before %+v: want fresh tables of as many rows", v, w)
	}
	changed := 0
	for r := range v.Rows {
		if v.Rows[r] != w.Rows[r] {
			changed++
		}
	}
	if changed == 0 {
		t.Error("the rebuild changed no row of the visibility tables")
	}
}

package main

import (
	"encoding/json"
	"image"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/internal/e2e"
)

// shockLevelExport is the part of `export --level` this test reads.
type shockLevelExport struct {
	Tiles   []map[string]any `json:"tiles"`
	Objects []struct {
		Index      int              `json:"index"`
		Properties map[string]int64 `json:"properties"`
	} `json:"objects"`
}

// exportShockLevel runs `export --level` on path and decodes it.
func exportShockLevel(t *testing.T, bin, path string, level string) shockLevelExport {
	t.Helper()
	out := filepath.Join(t.TempDir(), "level.json")
	if b, err := exec.Command(bin, "export", path, "--level", level, "--out", out).CombinedOutput(); err != nil {
		t.Fatalf("export of %s: %v\n%s", path, err, b)
	}
	var e shockLevelExport
	if err := json.Unmarshal(mustReadFile(t, out), &e); err != nil {
		t.Fatal(err)
	}
	return e
}

// property is an object's class property by name in an export.
func (e shockLevelExport) property(t *testing.T, index int, name string) int64 {
	t.Helper()
	for _, o := range e.Objects {
		if o.Index == index {
			v, ok := o.Properties[name]
			if !ok {
				t.Fatalf("object %d has no property %q", index, name)
			}
			return v
		}
	}
	t.Fatalf("no object %d in the export", index)
	return 0
}

// has reports whether the export holds object index.
func (e shockLevelExport) has(index int) bool {
	for _, o := range e.Objects {
		if o.Index == index {
			return true
		}
	}
	return false
}

// aloneMarker is an object marker with no other within 16 pixels.
func aloneMarker(marks []image.Point) (image.Point, bool) {
	for _, m := range marks {
		alone := true
		for _, o := range marks {
			alone = alone && (o == m || !o.In(image.Rect(m.X-16, m.Y-16, m.X+17, m.Y+17)))
		}
		if alone {
			return m, true
		}
	}
	return image.Point{}, false
}

// goToObject selects object index with Edit > Go to (Ctrl+G), which
// centres the map on it.
func goToObject(p *e2e.Program, index int) {
	p.Key("ctrl+g")
	p.WaitDialog("Go to")
	p.Key(append(strings.Split(strconv.Itoa(index), ""), "Return")...)
	p.WaitNoDialog("Go to")
}

// TestGUIShockProps: on the Derelict's first level, with the mouse and
// keys only: container 19's first contents slot set by its Pick button
// and a click on another object; trigger 14's condition value typed; a
// box of tiles copied with the Copy region tool (R) and pasted off the
// level. Saved with Ctrl+S, the file passes check and roundtrip, and its
// export differs from the original's in those three places.
func TestGUIShockProps(t *testing.T) {
	path, data := corpusCopy(t, "shock", "derelict", "archive.dat")
	original := filepath.Join(t.TempDir(), "original.dat")
	if err := os.WriteFile(original, data, 0o644); err != nil {
		t.Fatal(err)
	}
	bin := e2e.Build(t)
	d := e2e.NewDisplay(t)
	p := e2e.Start(t, d, bin, `^archive\.dat — Levelwright$`, path)
	p.WaitLoaded(path)
	shot := p.Screenshot("opened")
	_, _, view, inspector, _ := regions(shot.Bounds())
	area := mapArea(view)
	marks := markers(shot, area, shockObjectColours)
	if len(marks) == 0 {
		t.Fatal("no object marker on the map")
	}
	p.Click(marks[0].X, marks[0].Y, 1) // an object: Go to offers objects
	// The divider between the inspector and Problems, dragged down, so the
	// inspector shows more rows.
	mid := (inspector.Min.X + inspector.Max.X) / 2
	p.Drag(mid, 392, mid, 745)

	// (1) Container 19's contents 1, picked: the inspector scrolled to its
	// end, where the class properties are, and the Pick button clicked
	// where the editor says it is.
	goToObject(p, 19)
	p.Wheel(mid, 300, true, 30)
	shot = p.Screenshot("container")
	target, ok := aloneMarker(markers(shot, area, shockObjectColours))
	if !ok {
		t.Fatal("no object marker stands alone on the map")
	}
	pick, ok := p.State().Buttons["contents 1"]
	if !ok {
		t.Fatalf("contents 1's Pick is not in sight: %+v", p.State().Buttons)
	}
	p.Click(pick.X, pick.Y, 1)
	p.Click(target.X, target.Y, 1)
	waitTitle(t, p, true)
	p.Screenshot("picked")

	// (2) Trigger 14's condition value, typed in its entry, scrolled into
	// sight, where the editor says it is.
	goToObject(p, 14)
	value, ok := p.State().Entries["condition value"]
	for scrolls := 0; !ok && scrolls < 20; scrolls++ {
		p.Wheel(mid, 300, true, 2)
		value, ok = p.State().Entries["condition value"]
	}
	if !ok {
		t.Fatalf("trigger 14's condition value never came into sight: %+v", p.State().Entries)
	}
	p.Click(value.X, value.Y, 1)
	p.Key("ctrl+a", "5", "Return")
	p.Screenshot("condition")

	// (3) A box of tiles around an object copied with R, pasted at a click
	// on empty tiles east of the level.
	shot = p.Screenshot("before-region")
	marks = markers(shot, area, shockObjectColours)
	corner := image.Pt(area.Max.X-80, area.Max.Y-80)
	if floorAt(shot, corner.X, corner.Y, 4) {
		t.Fatalf("the map's corner %v is not off the level", corner)
	}
	p.Click(corner.X, corner.Y, 1) // off the map: the map takes the keys
	p.Key("r")
	from := marks[len(marks)/2]
	p.Drag(from.X-20, from.Y-20, from.X+20, from.Y+20)
	// East of the level, on the map's empty tiles (the corner is off the map).
	dest := image.Pt(area.Max.X-120, area.Max.Y-300)
	if floorAt(shot, dest.X, dest.Y, 30) {
		t.Fatalf("the paste's destination %v is on the level", dest)
	}
	p.Click(dest.X, dest.Y, 1)
	p.Screenshot("pasted")
	saveAndQuit(t, bin, p, path)

	was, now := exportShockLevel(t, bin, original, "0"), exportShockLevel(t, bin, path, "0")
	if a, b := was.property(t, 19, "contents 1"), now.property(t, 19, "contents 1"); a == b || !now.has(int(b)) {
		t.Errorf("container 19's contents 1 went from object %d to %d, want another object of the level", a, b)
	}
	if a, b := was.property(t, 14, "condition value"), now.property(t, 14, "condition value"); a != 0 || b != 5 {
		t.Errorf("trigger 14's condition value went from %d to %d, want 0 to 5", a, b)
	}
	if len(now.Objects) <= len(was.Objects) {
		t.Errorf("the paste left %d objects, %d before: the box around an object brought none", len(now.Objects), len(was.Objects))
	}
	if reflect.DeepEqual(was.Tiles, now.Tiles) {
		t.Error("the paste changed no tile")
	}
}

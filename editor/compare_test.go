package editor

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/diff"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// withoutLastActor is the Turok map data with its last actor removed,
// through the document's import of its edited export, and how many
// actors data has.
func withoutLastActor(t *testing.T, data []byte) ([]byte, int) {
	t.Helper()
	d, err := tdoc.Format.Open("plain16.map", data)
	if err != nil {
		t.Fatal(err)
	}
	v, err := d.Export(-1)
	if err != nil {
		t.Fatal(err)
	}
	text, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	var level map[string]any
	if err := dec.Decode(&level); err != nil {
		t.Fatal(err)
	}
	actors := level["actors"].([]any)
	if len(actors) < 4 {
		t.Fatalf("the map has %d actors, the test needs 4", len(actors))
	}
	level["actors"] = actors[:len(actors)-1]
	if text, err = json.Marshal(level); err != nil {
		t.Fatal(err)
	}
	if err := d.Import("edited.json", text, io.Discard); err != nil {
		t.Fatal(err)
	}
	out, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return out, len(actors)
}

// compareFiles writes a copy of a corpus Turok map and, beside it,
// other.map: the map without its last actor. It opens the copy and
// returns the editor, the other file's path and the map's actor count.
func compareFiles(t *testing.T) (*Editor, string, int) {
	t.Helper()
	orig, err := os.ReadFile(corpus.Path(t, "turok", "plain16.map"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path, other := filepath.Join(dir, "plain16.map"), filepath.Join(dir, "other.map")
	edited, n := withoutLastActor(t, orig)
	if err := os.WriteFile(path, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(other, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	e := newTestEditor(t)
	e.Open(path)
	e.jobs.wait()
	if e.file == nil {
		t.Fatalf("%s did not open", path)
	}
	return e, other, n
}

func actorRef(i int) document.Ref { return document.Ref{Kind: tdoc.KindActor, Index: i} }

// TestCompareWith: after moving actor 0 and deleting actor 1 of a map,
// comparing it with the map less its last actor lists exactly those
// three differences, marks them on the map in their colours (the
// deleted actor where the other file has it), and Next, Previous and a
// row's click go to each.
func TestCompareWith(t *testing.T) {
	e, other, n := compareFiles(t)
	at0, ok0 := e.scene.Center(actorRef(0))
	at1, ok1 := e.scene.Center(actorRef(1))
	if !ok0 || !ok1 {
		t.Fatal("actors 0 and 1 are not drawn")
	}
	if err := e.file.Move(actorRef(0), display.Vec2{X: at0.X + 16, Y: at0.Y}); err != nil {
		t.Fatal(err)
	}
	if err := e.file.Remove([]document.Ref{actorRef(1)}); err != nil {
		t.Fatal(err)
	}
	e.compare.With(other)
	e.jobs.wait()
	if e.compare.compared == nil {
		t.Fatalf("no comparison; dialog %q", texts(e.Window().Canvas().Overlays().Top()))
	}
	type entry struct {
		list   string
		index  int
		change string
	}
	var got []entry
	for _, c := range e.compare.compared.changes {
		got = append(got, entry{c.List, c.Index, c.Change})
	}
	want := []entry{{"actors", 0, "changed"}, {"actors", 1, "removed"}, {"actors", n - 2, "added"}}
	if !slices.Equal(got, want) {
		t.Fatalf("changes %v, want %v", e.compare.compared.changes, want)
	}
	// Actor 1 carried the TID actor 0 targets: deleting it cleared that
	// target in the same step.
	checkMoveFields(t, e.compare.compared.changes[0], 16, "TargetTID")
	if rows := e.compare.list.Length(); rows != len(want) || !e.compare.box.Visible() {
		t.Fatalf("the panel lists %d rows (shown %v)", rows, e.compare.box.Visible())
	}
	if head := e.compare.head.Text; !strings.HasPrefix(head, "3 differences from other.map") {
		t.Errorf("the panel's heading is %q", head)
	}
	if line := e.compare.compared.line(e.compare.compared.changes[1]); !strings.Contains(line, "only in other.map") {
		t.Errorf("the removed actor's row says %q", line)
	}

	moved, _ := e.scene.Center(actorRef(0))
	added, _ := e.scene.Center(actorRef(n - 2))
	marks, shown := e.view.Marks()
	wantMarks := []viewport.Mark{{At: moved, Color: changedColor}, {At: at1, Color: removedColor}, {At: added, Color: addedColor}}
	if !shown || !slices.Equal(marks, wantMarks) {
		t.Errorf("marks %v (shown %v), want %v", marks, shown, wantMarks)
	}

	steps := []struct {
		step     func()
		row      int
		selected []document.Ref
	}{
		{func() { e.compare.Step(1) }, 0, []document.Ref{actorRef(0)}},
		{func() { e.compare.Step(1) }, 1, nil},
		{func() { e.compare.Step(1) }, 2, []document.Ref{actorRef(n - 2)}},
		{func() { e.compare.Step(1) }, 0, []document.Ref{actorRef(0)}},
		{func() { e.compare.Step(-1) }, 2, []document.Ref{actorRef(n - 2)}},
		{func() { e.compare.list.Select(1) }, 1, nil},
		{func() { e.compare.list.Select(0) }, 0, []document.Ref{actorRef(0)}},
	}
	for i, s := range steps {
		s.step()
		if e.compare.compared.row != s.row || !slices.Equal(e.selection, s.selected) {
			t.Errorf("step %d: row %d, selection %v; want row %d, %v", i, e.compare.compared.row, e.selection, s.row, s.selected)
		}
		if s.row == 1 && !strings.Contains(e.status.Text, "only in other.map") {
			t.Errorf("step %d: the removed actor's status is %q", i, e.status.Text)
		}
	}
	if centre := e.view.Camera().Center; centre != moved {
		t.Errorf("the map is centred on %v, not on the moved actor at %v", centre, moved)
	}

	// Undoing the deletion and comparing again leaves the move and the
	// actor only this file has, now the last.
	e.Undo()
	e.compare.Again()
	e.jobs.wait()
	got = nil
	for _, c := range e.compare.compared.changes {
		got = append(got, entry{c.List, c.Index, c.Change})
	}
	if want := []entry{{"actors", 0, "changed"}, {"actors", n - 1, "added"}}; !slices.Equal(got, want) {
		t.Errorf("compared again: %v, want %v", e.compare.compared.changes, want)
	}
	if marks, _ := e.view.Marks(); len(marks) != 2 {
		t.Errorf("compared again: %d marks, want 2", len(marks))
	}

	e.compare.Close()
	if marks, _ := e.view.Marks(); len(marks) != 0 || e.compare.box.Visible() || e.compare.compared != nil {
		t.Errorf("closed, the comparison leaves %d marks (panel shown %v)", len(marks), e.compare.box.Visible())
	}
}

// checkMoveFields checks that c, an actor moved by dx along X, changed
// its origin by dx, and no field but its origin's and bounds' X and Z
// (the height follows the floor) and those also names.
func checkMoveFields(t *testing.T, c diff.Change, dx float64, also ...string) {
	t.Helper()
	allowed := append([]string{"Origin.X", "Origin.Z", "BoundsMin.X", "BoundsMin.Z", "BoundsMax.X", "BoundsMax.Z"}, also...)
	var origin *diff.Field
	for i, f := range c.Fields {
		if !slices.Contains(allowed, f.Name) {
			t.Errorf("moving the actor changed %s", f.Name)
		}
		if f.Name == "Origin.X" {
			origin = &c.Fields[i]
		}
	}
	if origin == nil {
		t.Fatalf("moving the actor along X left Origin.X: %v", c)
	}
	from, errFrom := origin.From.(json.Number).Float64()
	to, errTo := origin.To.(json.Number).Float64()
	if errFrom != nil || errTo != nil || math.Abs(to-from-dx) > 1e-3 {
		t.Errorf("Origin.X went from %v to %v, want a move of %g", origin.From, origin.To, dx)
	}
}

// TestCompareFollowsLevels: the marks are those of the level shown, and
// stepping to a change of another level shows that level.
func TestCompareFollowsLevels(t *testing.T) {
	orig := corpus.Path(t, "marathon", "m1", "Map.scen")
	data, err := os.ReadFile(orig)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "Map.scen")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	e := newTestEditor(t)
	e.Open(path)
	e.jobs.wait()
	e.levels.list.Select(1)
	edited := e.level
	object := document.Ref{Level: edited, Kind: mdoc.KindObject, Index: 0}
	at, ok := e.scene.Center(object)
	if !ok {
		t.Fatalf("level %d draws no object 0", edited)
	}
	if err := e.file.Move(object, display.Vec2{X: at.X + 256, Y: at.Y}); err != nil {
		t.Fatal(err)
	}
	e.levels.list.Select(0)
	e.compare.With(orig)
	e.jobs.wait()
	if e.compare.compared == nil || len(e.compare.compared.changes) != 1 {
		t.Fatalf("moving an object compares as %v", e.compare.compared)
	}
	if c := e.compare.compared.changes[0]; c.Level != edited || c.List != "objects" || c.Index != 0 || c.Change != "changed" {
		t.Fatalf("moving object 0 of level %d compares as %v", edited, c)
	}
	if marks, _ := e.view.Marks(); e.level == edited || len(marks) != 0 {
		t.Fatalf("level %d shows %d marks", e.level, len(marks))
	}
	e.compare.Step(1)
	marks, _ := e.view.Marks()
	moved, _ := e.scene.Center(object)
	if e.level != edited || !slices.Equal(e.selection, []document.Ref{object}) {
		t.Fatalf("stepping shows level %d, selects %v; want level %d, %v", e.level, e.selection, edited, object)
	}
	if want := []viewport.Mark{{At: moved, Color: changedColor}}; !slices.Equal(marks, want) {
		t.Errorf("level %d's marks %v, want %v", edited, marks, want)
	}
	e.levels.list.Select(0)
	if marks, _ := e.view.Marks(); len(marks) != 0 {
		t.Errorf("back on level %d: %d marks", e.level, len(marks))
	}
	e.compare.Step(1) // the one change, chosen already
	if e.level != edited || !slices.Equal(e.selection, []document.Ref{object}) {
		t.Errorf("stepping to the change chosen shows level %d, selects %v", e.level, e.selection)
	}
}

// TestCompareWithItself: a file compared with itself unedited has no
// differences and no marks; opening another file ends the comparison.
func TestCompareWithItself(t *testing.T) {
	e, other, _ := compareFiles(t)
	e.compare.With(e.path)
	e.jobs.wait()
	if e.compare.compared == nil || len(e.compare.compared.changes) != 0 {
		t.Fatalf("compared with itself: %v", e.compare.compared)
	}
	if marks, _ := e.view.Marks(); len(marks) != 0 {
		t.Errorf("%d marks", len(marks))
	}
	if !strings.HasPrefix(e.compare.head.Text, "No differences") || !e.compare.box.Visible() {
		t.Errorf("the panel says %q (shown %v)", e.compare.head.Text, e.compare.box.Visible())
	}
	e.Open(other)
	e.jobs.wait()
	if e.path != other || e.compare.compared != nil || e.compare.box.Visible() {
		t.Errorf("after opening %s (open: %s) the comparison stays", other, e.path)
	}
}

// TestCompareRefusesAnotherGame: a file of another game is refused with
// a message naming both games, and compares nothing.
func TestCompareRefusesAnotherGame(t *testing.T) {
	e, _, _ := compareFiles(t)
	e.compare.With(corpus.Path(t, "marathon", "m1", "Map.scen"))
	e.jobs.wait()
	if e.compare.compared != nil || e.compare.box.Visible() {
		t.Fatal("a Marathon file was compared with a Turok map")
	}
	msg := texts(e.Window().Canvas().Overlays().Top())
	if !strings.Contains(msg, "Map.scen is a Marathon file") || !strings.Contains(msg, "Turok") {
		t.Errorf("the refusal says %q", msg)
	}
}

// TestCompareListKind: export lists map to the kinds of their entities
// by name; a list of no drawn kind has none.
func TestCompareListKind(t *testing.T) {
	kinds := []document.Kind{"vertex", "sector", "sector-set", "polygon", "light", "platform", "ambient-sound", "info"}
	tests := []struct {
		list string
		want document.Kind
	}{
		{"polygons", "polygon"},
		{"vertices", "vertex"},
		{"sector_sets", "sector-set"},
		{"sectors", "sector"},
		{"old_lights", "light"},
		{"run_platforms", "platform"},
		{"ambient_sounds", "ambient-sound"},
		{"info", "info"},
		{"links", ""},
		{"objects", ""},
	}
	for _, tt := range tests {
		got, ok := listKind(tt.list, kinds)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("%s: %q, %v; want %q", tt.list, got, ok, tt.want)
		}
	}
}

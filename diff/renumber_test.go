package diff

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/document"
)

// schema is a small level's: lines name two points and a room, rooms
// name their lines and their neighbour, and "first" is derived.
var schema = document.ExportSchema{
	References: map[string]map[string]string{
		"lines": {"Ends": "points", "Room": "rooms"},
		"rooms": {"Lines": "lines", "Next": "rooms"},
	},
	Derived: map[string][]string{"rooms": {"First"}},
}

const renumbered = `{"level": 0,
 "points": [{"x": 0}, {"x": 1}, {"x": 2}, {"x": 3}],
 "lines": [{"Ends": [0, 1], "Room": 0}, {"Ends": [1, 2], "Room": 1}, {"Ends": [2, 3], "Room": 2}],
 "rooms": [{"Lines": [0], "Next": 1, "h": 5, "First": 0}, {"Lines": [1], "Next": 2, "h": 6, "First": 4},
           {"Lines": [2], "Next": 65535, "h": 7, "First": 9}]}`

// TestCompareAcrossRenumbering: with a schema, deleting point 0, line 0
// and room 0 (so that every later entity and every field naming one is
// renumbered) is three removals and the one real change, room 2's
// height; a derived field that shifts is not a change.
func TestCompareAcrossRenumbering(t *testing.T) {
	a := parse(t, renumbered)
	a.Schema = schema
	b := parse(t, `{"level": 0,
 "points": [{"x": 1}, {"x": 2}, {"x": 3}],
 "lines": [{"Ends": [0, 1], "Room": 0}, {"Ends": [1, 2], "Room": 1}],
 "rooms": [{"Lines": [0], "Next": 1, "h": 6, "First": 0}, {"Lines": [1], "Next": 65535, "h": 8, "First": 4}]}`)
	got := lines(Compare(a, b))
	want := []string{
		"level 0: lines 0 removed",
		"level 0: points 0 removed",
		"level 0: rooms 0 removed",
		"level 0: rooms 1 changed: h 7 -> 8",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got\n%q\nwant\n%q", got, want)
	}
	// Without the schema, the same files differ everywhere.
	a.Schema = document.ExportSchema{}
	if plain := Compare(a, b); len(plain) <= len(want) {
		t.Errorf("without a schema: %q", lines(plain))
	}
	// A field naming another entity than before is a change, shown with
	// the numbers each side holds.
	c := parse(t, renumbered)
	c.Schema = schema
	d := parse(t, renumbered)
	d.Levels[0]["lines"].([]any)[1].(map[string]any)["Room"] = c.Levels[0]["lines"].([]any)[0].(map[string]any)["Room"]
	if got := lines(Compare(c, d)); !slices.Equal(got, []string{"level 0: lines 1 changed: Room 1 -> 0"}) {
		t.Errorf("a line moved to another room: %q", got)
	}
}

// TestCompareListOneSideLeavesOut: a list one side leaves out (or writes
// as null) has no entities there, so its entities on the other side are
// each added or removed, not one changed level field.
func TestCompareListOneSideLeavesOut(t *testing.T) {
	a := parse(t, `{"level": 0, "platforms": null}`)
	b := parse(t, `{"level": 0, "platforms": [{"Type": 1}, {"Type": 3}]}`)
	want := []string{"level 0: platforms 0 added", "level 0: platforms 1 added"}
	for _, s := range []document.ExportSchema{{}, schema} {
		a.Schema = s
		if got := lines(Compare(a, b)); !slices.Equal(got, want) {
			t.Errorf("schema %v: %q, want %q", s.References != nil, got, want)
		}
	}
	if got := lines(Compare(b, a)); !slices.Equal(got, []string{"level 0: platforms 0 removed", "level 0: platforms 1 removed"}) {
		t.Errorf("the other way: %q", got)
	}
}

// mergeBothWays merges ours and theirs into base both ways, with the
// schema, and fails unless both ways give the same levels, or the same
// number of conflicts.
func mergeBothWays(t *testing.T, base, ours, theirs string) (File, []Conflict) {
	t.Helper()
	b, o, th := parse(t, base), parse(t, ours), parse(t, theirs)
	b.Schema = schema
	got, conflicts := Merge(b, o, th)
	swapped, swappedConflicts := Merge(b, th, o)
	if len(conflicts) != len(swappedConflicts) {
		t.Fatalf("conflicts %q one way, %q the other", lines(conflicts), lines(swappedConflicts))
	}
	if !document.EqualJSON(levelsOf(got), levelsOf(swapped)) {
		t.Fatalf("merged one way:\n%s\nthe other:\n%s", text(t, got), text(t, swapped))
	}
	return got, conflicts
}

func levelsOf(f File) []any {
	out := make([]any, len(f.Levels))
	for i, l := range f.Levels {
		out[i] = map[string]any(l)
	}
	return out
}

func text(t *testing.T, f File) string {
	t.Helper()
	b, err := json.Marshal(f.Levels)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestMergeRenamesReferences: the entities both sides add go after the
// base's in an order that does not depend on which side is ours, and the
// fields naming them name them there; a deletion on one side renumbers
// what the other side changed; a field naming an entity the other side
// removed conflicts.
func TestMergeRenamesReferences(t *testing.T) {
	edit := func(pairs ...string) string { return strings.NewReplacer(pairs...).Replace(renumbered) }
	// Each side adds a point and moves a line's end onto it.
	ours := edit(`{"x": 3}]`, `{"x": 3}, {"x": 40}]`, `{"Ends": [0, 1], "Room": 0}`, `{"Ends": [0, 4], "Room": 0}`)
	theirs := edit(`{"x": 3}]`, `{"x": 3}, {"x": 50}]`, `{"Ends": [2, 3], "Room": 2}`, `{"Ends": [4, 3], "Room": 2}`)
	got, conflicts := mergeBothWays(t, renumbered, ours, theirs)
	if len(conflicts) > 0 {
		t.Fatal(lines(conflicts))
	}
	points, lineList := got.Levels[0]["points"].([]any), got.Levels[0]["lines"].([]any)
	x := func(line, end int) string {
		p := lineList[line].(map[string]any)["Ends"].([]any)[end].(json.Number)
		i, _ := p.Int64()
		return points[i].(map[string]any)["x"].(json.Number).String()
	}
	if len(points) != 6 || x(0, 1) != "40" || x(2, 0) != "50" {
		t.Errorf("merged %s: line 0 ends at x %s, line 2 starts at x %s (want 40 and 50)", text(t, got), x(0, 1), x(2, 0))
	}

	// Ours deletes point 0 (so lines' ends are renumbered), theirs moves
	// line 2 to room 0 and changes room 1's height.
	ours = `{"level": 0,
 "points": [{"x": 1}, {"x": 2}, {"x": 3}],
 "lines": [{"Ends": [0, 1], "Room": 1}, {"Ends": [1, 2], "Room": 2}],
 "rooms": [{"Lines": [], "Next": 1, "h": 5, "First": 0}, {"Lines": [0], "Next": 2, "h": 6, "First": 4},
           {"Lines": [1], "Next": 65535, "h": 7, "First": 9}]}`
	theirs = edit(`{"Ends": [2, 3], "Room": 2}`, `{"Ends": [2, 3], "Room": 0}`, `"h": 6, "First": 4`, `"h": 60, "First": 5`)
	got, conflicts = mergeBothWays(t, renumbered, ours, theirs)
	if len(conflicts) > 0 {
		t.Fatal(lines(conflicts))
	}
	want := parse(t, `{"level": 0,
 "points": [{"x": 1}, {"x": 2}, {"x": 3}],
 "lines": [{"Ends": [0, 1], "Room": 1}, {"Ends": [1, 2], "Room": 0}],
 "rooms": [{"Lines": [], "Next": 1, "h": 5, "First": 0}, {"Lines": [0], "Next": 2, "h": 60, "First": 5},
           {"Lines": [1], "Next": 65535, "h": 7, "First": 9}]}`)
	if !document.EqualJSON(levelsOf(got), levelsOf(want)) {
		t.Errorf("merged %s\nwant %s", text(t, got), text(t, want))
	}

	// Theirs moves line 2's end onto point 0, which ours deletes.
	theirs = edit(`{"Ends": [2, 3], "Room": 2}`, `{"Ends": [2, 0], "Room": 2}`)
	_, conflicts = mergeBothWays(t, renumbered, ours, theirs)
	if c := lines(conflicts); len(c) != 1 || !strings.Contains(c[0], "lines 2: Ends names points 0, which the merge leaves out") {
		t.Errorf("a line ending at a deleted point: %q", c)
	}
}

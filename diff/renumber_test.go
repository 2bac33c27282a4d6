package diff

import (
	"slices"
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

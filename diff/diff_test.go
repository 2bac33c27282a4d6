package diff

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

func parse(t *testing.T, text string) File {
	t.Helper()
	f, err := Parse([]byte(text))
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return f
}

// lines is each change or conflict as its line.
func lines[T interface{ String() string }](list []T) []string {
	out := make([]string, len(list))
	for i, c := range list {
		out[i] = c.String()
	}
	return out
}

const base = `{"level": 2, "gravity": 5, "name": "Base",
 "polygons": [{"h": 1}, {"h": 2}, {"h": 3}, {"h": 4}],
 "objects": [{"index": 3, "x": 1, "sub": {"a": 1, "b": 2}}, {"index": 7, "x": 2, "sub": {"a": 1, "b": 2}}]}`

func TestCompare(t *testing.T) {
	tests := []struct {
		name, b string
		want    []string
	}{
		{"itself", base, nil},
		{"a level field", strings.Replace(base, `"gravity": 5`, `"gravity": 6`, 1),
			[]string{"level 2: level fields changed: gravity 5 -> 6"}},
		{"an entity removed in the middle", strings.Replace(base, `{"h": 2}, `, ``, 1),
			[]string{"level 2: polygons 1 removed"}},
		{"an entity changed and one added", strings.Replace(base, `{"h": 3}, {"h": 4}]`, `{"h": 30}, {"h": 4}, {"h": 5}]`, 1),
			[]string{"level 2: polygons 2 changed: h 3 -> 30", "level 2: polygons 4 added"}},
		{"a nested field of a slot", strings.Replace(base, `"x": 2, "sub": {"a": 1, "b": 2}`, `"x": 2, "sub": {"a": 1, "b": 9}`, 1),
			[]string{"level 2: objects 7 changed: sub.b 2 -> 9"}},
		{"a slot emptied and one filled", strings.Replace(base, `{"index": 3,`, `{"index": 9,`, 1),
			[]string{"level 2: objects 3 removed", "level 2: objects 9 added"}},
	}
	a := parse(t, base)
	for _, tt := range tests {
		got := lines(Compare(a, parse(t, tt.b)))
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestCompareNestedLists: a list inside an entity of the same length on
// both sides differs item by item, so that the change names the item and
// its field; a list of numbers that grew or shrank differs whole; a list
// of entities (a grid section's meshes) that grew or shrank differs
// entity by entity, aligned: an entity added or removed is one field.
func TestCompareNestedLists(t *testing.T) {
	const lights = `{"level": 0, "lights": [{"Functions": [{"Intensity": 65536, "Period": 30}, {"Intensity": 32768, "Period": 30}], "Tags": [1, 2]}]}`
	tests := []struct {
		name, b string
		want    []string
	}{
		{"a field of an item", strings.Replace(lights, `"Intensity": 32768`, `"Intensity": 24576`, 1),
			[]string{"level 0: lights 0 changed: Functions[1].Intensity 32768 -> 24576"}},
		{"a number of a list", strings.Replace(lights, `[1, 2]`, `[1, 3]`, 1),
			[]string{"level 0: lights 0 changed: Tags[1] 2 -> 3"}},
		{"a list grown", strings.Replace(lights, `[1, 2]`, `[1, 2, 3]`, 1),
			[]string{"level 0: lights 0 changed: Tags [1,2] -> [1,2,3]"}},
		{"an entity added in the middle", strings.Replace(lights, `{"Intensity": 32768`, `{"Intensity": 100, "Period": 1}, {"Intensity": 32768`, 1),
			[]string{"level 0: lights 0 changed: Functions[1] added"}},
		{"an entity removed", strings.Replace(lights, `{"Intensity": 65536, "Period": 30}, `, ``, 1),
			[]string{"level 0: lights 0 changed: Functions[0] removed"}},
		{"an entity added and one changed", strings.Replace(lights, `{"Intensity": 32768, "Period": 30}`, `{"Intensity": 32768, "Period": 31}, {"Intensity": 5, "Period": 1}`, 1),
			[]string{"level 0: lights 0 changed: Functions[1].Period 30 -> 31, Functions[2] added"}},
	}
	a := parse(t, lights)
	for _, tt := range tests {
		got := lines(Compare(a, parse(t, tt.b)))
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestCompareLevels: levels of a file of many compare by place and
// number; a level only one side has is added or removed.
func TestCompareLevels(t *testing.T) {
	a := parse(t, `[{"level": 0, "x": 1}, {"level": 1, "x": 1}]`)
	b := parse(t, `[{"level": 0, "x": 1}, {"level": 1, "x": 2}, {"level": 2, "x": 1}]`)
	got := lines(Compare(a, b))
	want := []string{"level 1: level fields changed: x 1 -> 2", "level 2: level fields added"}
	if !slices.Equal(got, want) {
		t.Errorf("%q, want %q", got, want)
	}
}

func TestMerge(t *testing.T) {
	edit := func(pairs ...string) string {
		return strings.NewReplacer(pairs...).Replace(base)
	}
	tests := []struct {
		name, ours, theirs string
		want               string // the merged text, "" when it conflicts
		conflicts          []string
	}{
		{"different fields",
			edit(`"gravity": 5`, `"gravity": 6`, `{"h": 1}`, `{"h": 10}`),
			edit(`"x": 2,`, `"x": 20,`, `{"h": 4}]`, `{"h": 4}, {"h": 5}]`),
			edit(`"gravity": 5`, `"gravity": 6`, `{"h": 1}`, `{"h": 10}`, `"x": 2,`, `"x": 20,`, `{"h": 4}]`, `{"h": 4}, {"h": 5}]`), nil},
		{"different keys of one entity",
			edit(`"x": 1, "sub": {"a": 1, "b": 2}`, `"x": 1, "sub": {"a": 5, "b": 2}`),
			edit(`"x": 1, "sub": {"a": 1, "b": 2}`, `"x": 1, "sub": {"a": 1, "b": 6}`),
			edit(`"x": 1, "sub": {"a": 1, "b": 2}`, `"x": 1, "sub": {"a": 5, "b": 6}`), nil},
		{"the same change on both sides", edit(`"h": 2`, `"h": 8`), edit(`"h": 2`, `"h": 8`), edit(`"h": 2`, `"h": 8`), nil},
		{"the same entity added on both sides",
			edit(`{"h": 4}]`, `{"h": 4}, {"h": 5}]`), edit(`{"h": 4}]`, `{"h": 4}, {"h": 5}]`), edit(`{"h": 4}]`, `{"h": 4}, {"h": 5}]`), nil},
		{"an insertion on one side stays in place",
			base, edit(`{"h": 2}, `, `{"h": 2}, {"h": 9}, `), edit(`{"h": 2}, `, `{"h": 2}, {"h": 9}, `), nil},
		{"a removal and an edit elsewhere",
			edit(`{"h": 2}, `, ``),
			edit(`{"h": 4}`, `{"h": 40}`),
			edit(`{"h": 2}, `, ``, `{"h": 4}`, `{"h": 40}`), nil},
		{"slots filled on both sides",
			edit(`{"index": 7,`, `{"index": 8, "x": 0}, {"index": 7,`),
			edit(`"sub": {"a": 1, "b": 2}}]`, `"sub": {"a": 1, "b": 2}}, {"index": 12, "x": 0}]`),
			edit(`{"index": 7,`, `{"index": 8, "x": 0}, {"index": 7,`, `"sub": {"a": 1, "b": 2}}]`, `"sub": {"a": 1, "b": 2}}, {"index": 12, "x": 0}]`), nil},
		{"a field both ways", edit(`"gravity": 5`, `"gravity": 6`), edit(`"gravity": 5`, `"gravity": 7`), "",
			[]string{"level 2: level fields: gravity: changed both ways (ours 6, theirs 7)"}},
		{"an entity field both ways", edit(`"h": 3`, `"h": 1`), edit(`"h": 3`, `"h": 2`), "",
			[]string{"level 2: polygons 2.h: changed both ways (ours 1, theirs 2)"}},
		{"changed and removed", edit(`"x": 2,`, `"x": 5,`), edit(`, {"index": 7, "x": 2, "sub": {"a": 1, "b": 2}}`, ``), "",
			[]string{`level 2: objects 7: changed by ours, removed by theirs (ours {"index":7,"sub":{"a":1,"b":2},"x":5}, theirs (none))`}},
		{"one slot filled two ways",
			edit(`"sub": {"a": 1, "b": 2}}]`, `"sub": {"a": 1, "b": 2}}, {"index": 12, "x": 0}]`),
			edit(`"sub": {"a": 1, "b": 2}}]`, `"sub": {"a": 1, "b": 2}}, {"index": 12, "x": 1}]`), "",
			[]string{`level 2: objects 12: added by both sides differently (ours {"index":12,"x":0}, theirs {"index":12,"x":1})`}},
	}
	for _, tt := range tests {
		got, conflicts := Merge(parse(t, base), parse(t, tt.ours), parse(t, tt.theirs))
		if c := lines(conflicts); !slices.Equal(c, tt.conflicts) {
			t.Errorf("%s: conflicts %q, want %q", tt.name, c, tt.conflicts)
			continue
		}
		if tt.want == "" {
			continue
		}
		if changes := Compare(parse(t, tt.want), got); len(changes) > 0 {
			text, _ := json.Marshal(got.Levels)
			t.Errorf("%s: merged %s, differs from the wanted by %q", tt.name, text, lines(changes))
		}
	}
}

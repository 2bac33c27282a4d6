package query

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestSetAndSimilar: Set writes a field that the entity has, in any
// case, and refuses one it lacks or one that holds fields; Similar's
// query finds the entities of the same kind, and reads back as it was
// written; Value reads numbers as the export writes them.
func TestSetAndSimilar(t *testing.T) {
	l := decode(t, level)
	v, err := Value("0x10")
	if err != nil {
		t.Fatal(err)
	}
	if err := Set(l, Match{"objects", 2}, "z", v); err != nil {
		t.Fatal(err)
	}
	if got := l["objects"].([]any)[2].(map[string]any)["Z"]; got != v {
		t.Errorf("Z is %v, want %v", got, v)
	}
	if err := Set(l, Match{"sides", 0}, "Primary.Texture", v); err != nil {
		t.Fatal(err)
	}
	for field, want := range map[string]string{"Height": "no field Height", "Primary": "holds fields of its own", "Primary.Nothing": "no field Primary.Nothing"} {
		if err := Set(l, Match{"sides", 0}, field, v); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("setting %s: %v, want %q", field, err, want)
		}
	}
	if err := Set(l, Match{"actors", 3}, "TID", v); err == nil {
		t.Error("set a field of an entity the level lacks")
	}
	for typed, want := range map[string]json.Number{"1000000": "1000000", "0x4000000": "67108864", "-0x400": "-1024", "0.5": "0.5"} {
		if got, err := Value(typed); err != nil || got != want {
			t.Errorf("%s reads as %v (%v), want %s", typed, got, err, want)
		}
	}
	if text, err := Value(`"a b"`); err != nil || text != "a b" {
		t.Errorf("quoted text: %v %v", text, err)
	}

	q, ok := Similar(l, "objects", 0)
	if !ok || q != "objects Type=3" {
		t.Fatalf("similar to object 0: %q %v", q, ok)
	}
	q, _ = Similar(l, "actors", 11)
	parsed, err := Parse(q)
	if err != nil || parsed.String() != q {
		t.Fatalf("similar to actor 11: %q reads back as %v (%v)", q, parsed, err)
	}
	if got := parsed.Find(l); len(got) != 1 || got[0] != (Match{"actors", 11}) {
		t.Errorf("%s finds %v", q, got)
	}
	if _, ok := Similar(l, "objects", 9); ok {
		t.Error("an object the level lacks has a query")
	}
}

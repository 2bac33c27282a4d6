package query

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"
)

const level = `{"level": 0, "name": "Test",
 "objects": [{"Type": 3, "Z": 0, "Polygon": 2}, {"Type": 3, "Z": 40, "Polygon": 5}, {"Type": 7, "Z": 12, "Polygon": 5}],
 "sides": [{"Primary": {"Texture": 4357}, "Secondary": {"Texture": 65535}}, {"Primary": {"Texture": 12}, "Secondary": {"Texture": 4357}}],
 "polygons": [{"Endpoints": [1, 2, 3], "FloorHeight": -1024}, {"Endpoints": [3, 4, 5], "FloorHeight": 0}],
 "actors": [{"index": 10, "Model": "models/Raptor.bin", "TID": 5}, {"index": 11, "Model": "models/tree big.bin", "TID": 0}]}`

func decode(t *testing.T, text string) map[string]any {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader([]byte(text)))
	dec.UseNumber()
	var v map[string]any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestFind: conditions on numbers, nested fields named in full or by
// their name alone, list items, text, hexadecimal, "and", "!=" and "*".
func TestFind(t *testing.T) {
	l := decode(t, level)
	for _, c := range []struct {
		query string
		want  []Match
	}{
		{"objects Type=3", []Match{{"objects", 0}, {"objects", 1}}},
		{"objects Type=3 and Z>10", []Match{{"objects", 1}}},
		{"OBJECTS type = 3 and z >= 40", []Match{{"objects", 1}}},
		{"objects Z<12", []Match{{"objects", 0}}},
		{"objects Z<=12 and Polygon!=2", []Match{{"objects", 2}}},
		{"sides Texture=0x1105", []Match{{"sides", 0}, {"sides", 1}}},
		{"sides Primary.Texture=4357", []Match{{"sides", 0}}},
		{"sides Texture!=12", []Match{{"sides", 0}}},
		{"polygons Endpoints=3", []Match{{"polygons", 0}, {"polygons", 1}}},
		{"polygons FloorHeight<-0x100", []Match{{"polygons", 0}}},
		{"actors Model~raptor", []Match{{"actors", 10}}},
		{`actors Model="models/tree big.bin"`, []Match{{"actors", 11}}},
		{"* Polygon=5", []Match{{"objects", 1}, {"objects", 2}}},
		{"objects", []Match{{"objects", 0}, {"objects", 1}, {"objects", 2}}},
		{"objects Nothing=1", nil},
		{"terminals Type=1", nil},
	} {
		q, err := Parse(c.query)
		if err != nil {
			t.Errorf("%s: %v", c.query, err)
			continue
		}
		if got := q.Find(l); !slices.Equal(got, c.want) {
			t.Errorf("%s (read as %s): %v, want %v", c.query, q, got, c.want)
		}
	}
	if got := Lists(l); !slices.Equal(got, []string{"actors", "objects", "polygons", "sides"}) {
		t.Errorf("lists %v", got)
	}
}

// TestParseErrors: a query that makes no sense says where.
func TestParseErrors(t *testing.T) {
	for query, want := range map[string]string{
		"":                       "an empty query",
		"Type=3":                 "starts with a list",
		"objects Type":           "FIELD OP VALUE",
		"objects Type=3 Z=4":     `joined by "and"`,
		"objects Type>three":     "compares numbers",
		`actors Model="raptor`:   "not closed",
		"objects Type=3 and =4":  "FIELD OP VALUE",
		"objects Type=3 and Z>=": "FIELD OP VALUE",
	} {
		_, err := Parse(query)
		if err == nil || !bytes.Contains([]byte(err.Error()), []byte(want)) {
			t.Errorf("%q: %v, want an error saying %q", query, err, want)
		}
	}
}

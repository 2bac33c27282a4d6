package script

import (
	"bytes"
	"encoding/json"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/internal/corpus"
)

// TestCommitAsImport: lw.commit, which decodes only what a script
// changed, leaves the same bytes, or fails the same way, as importing
// the whole level's text edited the same way.
func TestCommitAsImport(t *testing.T) {
	fen := mustRead(t, corpus.Path(t, "marathon", "eternal", "Aaron-Eternal.sceA"))
	newFile := func(f document.Format) []byte {
		data, _, err := f.New()
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	list := func(l map[string]any, key string) []any { return l[key].([]any) }
	item := func(l map[string]any, key string, i int) map[string]any { return list(l, key)[i].(map[string]any) }
	cases := []struct {
		name   string
		format document.Format
		data   []byte
		src    string               // edits the level l, then commits it
		edit   func(map[string]any) // the same edit of the export
		fails  string               // what the error names, when both fail
	}{
		{"raise every ceiling", marathon.Format, fen,
			`for _, p in ipairs(l.polygons) do p.CeilingHeight = p.CeilingHeight + 1024 end`,
			func(l map[string]any) {
				for _, p := range list(l, "polygons") {
					p.(map[string]any)["CeilingHeight"] = p.(map[string]any)["CeilingHeight"].(float64) + 1024
				}
			}, ""},
		{"remove the last object, move the first", marathon.Format, fen,
			`table.remove(l.objects) l.objects[1].Facing = 77`,
			func(l map[string]any) {
				objects := list(l, "objects")
				l["objects"] = objects[:len(objects)-1]
				item(l, "objects", 0)["Facing"] = 77.0
			}, ""},
		{"add an object", marathon.Format, fen,
			`local o = {} for k, v in pairs(l.objects[2]) do o[k] = v end table.insert(l.objects, o)`,
			func(l map[string]any) { l["objects"] = append(list(l, "objects"), item(l, "objects", 1)) }, ""},
		{"a key given twice in a record", marathon.Format, fen,
			`l.objects[3].facing = 5`,
			func(l map[string]any) { item(l, "objects", 2)["facing"] = 5.0 }, "given twice"},
		{"a list left out", marathon.Format, fen,
			`l.annotations = nil`,
			func(l map[string]any) { delete(l, "annotations") }, "annotations is null"},
		{"a level field in another case", marathon.Format, fen,
			`l.Name = "Renamed"`,
			func(l map[string]any) { l["Name"] = "Renamed" }, "given twice"},
		{"a wrong type", marathon.Format, fen,
			`l.polygons[5].FloorHeight = "high"`,
			func(l map[string]any) { item(l, "polygons", 4)["FloorHeight"] = "high" }, "FloorHeight"},
		{"a shock tile", shock.Format, newFile(shock.Format),
			`l.tiles[100].floor_height = 7 l.tiles[101].ceiling_height = 9`,
			func(l map[string]any) {
				item(l, "tiles", 99)["floor_height"] = 7.0
				item(l, "tiles", 100)["ceiling_height"] = 9.0
			}, ""},
		{"a turok vertex", turok.Format, newFile(turok.Format),
			`l.vertices[2].Height = 700 l.actors[1].Health = 3`,
			func(l map[string]any) {
				item(l, "vertices", 1)["Height"] = 700.0
				item(l, "actors", 0)["Health"] = 3.0
			}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			level := 0
			if c.format == shock.Format {
				level = 1
			}
			byScript, _ := open(t, c.format, "a", c.data)
			_, _, scriptErr := runScript(byScript, c.format.Key(),
				"local l = lw.level("+string(rune('0'+level))+") "+c.src+" lw.commit(l)", 0)

			byText, _ := open(t, c.format, "b", c.data)
			l := exported(t, byText, level)
			c.edit(l)
			text, err := json.Marshal(l)
			if err != nil {
				t.Fatal(err)
			}
			textErr := byText.Recorder().Batch("import", func() error { return byText.Import("text", text, io.Discard) })

			if (scriptErr == nil) != (textErr == nil) {
				t.Fatalf("the script: %v; the import: %v", scriptErr, textErr)
			}
			if scriptErr != nil {
				if c.fails == "" || !strings.Contains(scriptErr.Error(), c.fails) || !strings.Contains(textErr.Error(), c.fails) {
					t.Fatalf("the script: %v; the import: %v; want both to name %q", scriptErr, textErr, c.fails)
				}
				return
			}
			if c.fails != "" {
				t.Fatalf("both passed, want both to fail naming %q", c.fails)
			}
			a, _ := byScript.Bytes()
			b, _ := byText.Bytes()
			if i := document.FirstDifference(a, b); i >= 0 {
				t.Errorf("the script's file differs from the import's at byte %d", i)
			}
			if bytes.Equal(a, c.data) {
				t.Error("the edit changed nothing")
			}
		})
	}
}

// TestCommitRefreshes: lw.commit returns the table it was given, made
// the level as it now is, with what the import derived.
func TestCommitRefreshes(t *testing.T) {
	path := corpus.Path(t, "marathon", "eternal", "Aaron-Eternal.sceA")
	d, _ := open(t, marathon.Format, path, mustRead(t, path))
	_, out, err := runScript(d, "marathon", `
local l = lw.level()
local sides = #l.sides
for _, p in ipairs(l.polygons) do p.CeilingHeight = p.CeilingHeight + 1024 end
local back = lw.commit(l)
local fresh = lw.level()
print(back == l, #l.sides > sides, #l.sides == #fresh.sides, l.polygons[1].CeilingHeight == fresh.polygons[1].CeilingHeight)`, 0)
	if err != nil {
		t.Fatal(err)
	}
	if want := "true\ttrue\ttrue\ttrue\n"; out != want {
		t.Errorf("console %q, want %q", out, want)
	}
}

// TestGeneric: the generic values read from an export, by the reader
// itself, are those encoding/json reads, on a corpus map, new files of the other games,
// and values with escapes, non-ASCII text, odd numbers and nulls.
func TestGeneric(t *testing.T) {
	path := corpus.Path(t, "marathon", "eternal", "Aaron-Eternal.sceA")
	m, _ := open(t, marathon.Format, path, mustRead(t, path))
	s, _ := newDoc(t, shock.Format)
	tk, _ := newDoc(t, turok.Format)
	values := []any{
		map[string]any{"a\"b": "c\\d\n\u2028<&>", "é": "naïve", "bad": "caf\xe9", "n": []any{-0.0, 1e-300, 12345678901234567890.0, nil, true, false}},
		[]any{}, map[string]any{}, "", 0.5,
	}
	for _, d := range []Doc{m, s, tk} {
		for _, n := range []int{0, 1} {
			if x, err := d.Export(n); err == nil {
				values = append(values, x)
			}
		}
	}
	for i, x := range values {
		got, err := generic(x)
		if err != nil {
			t.Fatal(err)
		}
		text, _ := json.Marshal(x)
		var want any
		if err := json.Unmarshal(text, &want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("value %d: read differently from encoding/json", i)
		}
		p := genericReader{text: text, keys: map[string]string{}}
		if _, ok := p.value(); !ok || p.at != len(text) {
			t.Errorf("value %d: the reader gave up at byte %d of %d", i, p.at, len(text))
		}
	}
	if len(values) < 8 {
		t.Errorf("%d values, want the exports of three games", len(values))
	}
}

package script

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/internal/corpus"
)

// example is a script of docs/scripts run over a corpus file: its
// document, bytes before, result and console.
type example struct {
	doc     Doc
	before  []byte
	res     Result
	console string
}

// runExample runs docs/scripts/name over the file at path of format f,
// with globals set first (the examples' parameters), on level.
func runExample(t *testing.T, f document.Format, path, name, globals string, level int) example {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "docs", "scripts", name))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d, before := open(t, f, path, data)
	var console bytes.Buffer
	res, err := Run(d, name, append([]byte(globals+" "), src...), Options{Game: f.Key(), Level: level, Console: &console})
	if err != nil {
		t.Fatalf("%s on %s: %v", name, path, err)
	}
	return example{d, before, res, console.String()}
}

// exported is level n of d's document as generic JSON.
func exported(t *testing.T, d Doc, n int) map[string]any {
	t.Helper()
	x, err := d.Export(n)
	if err != nil {
		t.Fatal(err)
	}
	v, err := generic(x)
	if err != nil {
		t.Fatal(err)
	}
	return v.(map[string]any)
}

// records is a list of the export as its records.
func records(level map[string]any, key string) []map[string]any {
	var out []map[string]any
	for _, r := range level[key].([]any) {
		out = append(out, r.(map[string]any))
	}
	return out
}

// undoesToBefore asserts that the run was one step and undoing it
// restores every byte.
func (e example) undoesToBefore(t *testing.T) {
	t.Helper()
	if u, _ := e.doc.Recorder().History.Steps(); u != 1 {
		t.Fatalf("%d undo steps, want 1", u)
	}
	if _, err := e.doc.Recorder().History.Undo(); err != nil {
		t.Fatal(err)
	}
	after, _ := e.doc.Bytes()
	if i := document.FirstDifference(e.before, after); i >= 0 {
		t.Errorf("undo left a difference at byte %d", i)
	}
}

// TestExampleDimLights: every intensity of every light is scaled by
// the percentage kept, on a Marathon 1 and a Marathon Infinity level.
func TestExampleDimLights(t *testing.T) {
	for _, file := range [][]string{{"marathon", "eternal", "Aaron-Eternal.sceA"}, {"marathon", "m1", "Map.scen"}} {
		t.Run(file[len(file)-1], func(t *testing.T) {
			path := corpus.Path(t, file...)
			d, _ := open(t, marathon.Format, path, mustRead(t, path))
			before := exported(t, d, 0)
			e := runExample(t, marathon.Format, path, "dim-lights.lua", "PERCENT = 40", 0)
			after := exported(t, e.doc, 0)
			keep := (100.0 - 40) / 100
			fields := map[string][]string{"lights": nil, "old_lights": {"Minimum", "Maximum", "Intensity"}}
			for i := range 6 {
				fields["lights"] = append(fields["lights"], fmt.Sprintf("Functions.%d.Intensity", i), fmt.Sprintf("Functions.%d.DeltaIntensity", i))
			}
			lights, dimmed := 0, 0
			for key, names := range fields {
				if before[key] == nil {
					continue
				}
				b, a := records(before, key), records(after, key)
				lights += len(b)
				for i := range b {
					for _, name := range names {
						want := math.Floor(field(b[i], name) * keep)
						if got := field(a[i], name); got != want {
							t.Errorf("%s[%d].%s: %v, want %v", key, i, name, got, want)
						}
						if want != field(b[i], name) {
							dimmed++
						}
					}
				}
			}
			if lights == 0 || dimmed == 0 {
				t.Fatalf("%d lights, %d intensities dimmed: the level tests nothing", lights, dimmed)
			}
			if want := fmt.Sprintf("dimmed %d lights of level 0 by 40%%\n", lights); e.console != want {
				t.Errorf("console %q, want %q", e.console, want)
			}
			t.Logf("%d lights, %d intensities dimmed", lights, dimmed)
			e.undoesToBefore(t)
		})
	}
}

// field is a record's number, with list items as "Functions.2.Intensity".
func field(r map[string]any, path string) float64 {
	var v any = r
	for _, k := range strings.Split(path, ".") {
		switch c := v.(type) {
		case map[string]any:
			v = c[k]
		case []any:
			var i int
			fmt.Sscan(k, &i)
			v = c[i]
		}
	}
	return v.(float64)
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// insidePolygon reports whether (x, y) is in Marathon polygon p of level
// (convex) or on its edge, by the turn of each edge.
func insidePolygon(level map[string]any, p map[string]any, x, y float64) bool {
	points := records(level, "endpoints")
	n := int(field(p, "VertexCount"))
	left, right := false, false
	for i := range n {
		a := points[int(field(p, fmt.Sprintf("Endpoints.%d", i)))]
		b := points[int(field(p, fmt.Sprintf("Endpoints.%d", (i+1)%n)))]
		cross := (field(b, "X")-field(a, "X"))*(y-field(a, "Y")) - (field(b, "Y")-field(a, "Y"))*(x-field(a, "X"))
		left, right = left || cross > 0, right || cross < 0
	}
	return !(left && right)
}

// outsiders lists the objects of level outside the polygon they name.
func outsiders(level map[string]any) []int {
	polygons := records(level, "polygons")
	var out []int
	for i, o := range records(level, "objects") {
		if p := int(field(o, "Polygon")); p >= 0 && p < len(polygons) && !insidePolygon(level, polygons[p], field(o, "X"), field(o, "Y")) {
			out = append(out, i)
		}
	}
	return out
}

// TestExampleObjectsToPolygonCentre: on every level of the corpus's
// Marathon maps, the objects outside their polygons (found here by the
// same rule) are moved to its centre and none is left outside.
func TestExampleObjectsToPolygonCentre(t *testing.T) {
	total := 0
	for _, path := range corpus.Files(t, "marathon", "eternal") {
		d, _ := open(t, marathon.Format, path, mustRead(t, path))
		x, err := d.Export(-1)
		if err != nil {
			t.Fatal(err)
		}
		all, _ := generic(x)
		for _, l := range all.([]any) {
			n := int(l.(map[string]any)["level"].(float64))
			out := outsiders(l.(map[string]any))
			if len(out) == 0 {
				continue
			}
			total += len(out)
			t.Run(fmt.Sprintf("%s level %d", filepath.Base(path), n), func(t *testing.T) {
				e := runExample(t, marathon.Format, path, "objects-to-polygon-centre.lua", "", n)
				if !strings.HasSuffix(e.console, fmt.Sprintf("moved %d objects\n", len(out))) {
					t.Errorf("console %q, want %d moved", e.console, len(out))
				}
				before, after := l.(map[string]any), exported(t, e.doc, n)
				if left := outsiders(after); len(left) > 0 {
					t.Errorf("objects %v are still outside their polygons", left)
				}
				polygons, objects := records(before, "polygons"), records(after, "objects")
				for _, i := range out {
					p := polygons[int(field(records(before, "objects")[i], "Polygon"))]
					if field(objects[i], "X") != field(p, "Center.X") || field(objects[i], "Y") != field(p, "Center.Y") {
						t.Errorf("object %d at (%v, %v), want its polygon's centre", i, field(objects[i], "X"), field(objects[i], "Y"))
					}
				}
				e.undoesToBefore(t)
			})
		}
	}
	t.Logf("%d objects outside their polygons", total)
	if total == 0 {
		t.Fatal("no object of the corpus lies outside its polygon: the example is not exercised")
	}
}

// textureFields are the texture fields the replace-texture example
// changes: of polygons and of sides.
var textureFields = map[string][]string{"polygons": {"FloorTexture", "CeilingTexture"},
	"sides": {"Primary.Texture", "Secondary.Texture", "Transparent.Texture"}}

// textureCounts counts the uses of each texture in level.
func textureCounts(level map[string]any) map[float64]int {
	counts := map[float64]int{}
	for key, names := range textureFields {
		for _, r := range records(level, key) {
			for _, name := range names {
				counts[field(r, name)]++
			}
		}
	}
	return counts
}

// TestExampleReplaceTexture: the level's most used floor texture is
// replaced by its most used ceiling texture everywhere, and nothing else
// changes.
func TestExampleReplaceTexture(t *testing.T) {
	path := corpus.Path(t, "marathon", "eternal", "Aaron-Eternal.sceA")
	d, _ := open(t, marathon.Format, path, mustRead(t, path))
	before := exported(t, d, 0)
	from, to := mostUsed(records(before, "polygons"), "FloorTexture", -1), 0.0
	to = mostUsed(records(before, "polygons"), "CeilingTexture", from)
	counts := textureCounts(before)
	e := runExample(t, marathon.Format, path, "replace-texture.lua", fmt.Sprintf("FROM, TO = %v, %v", from, to), 0)
	after := textureCounts(exported(t, e.doc, 0))
	if after[from] != 0 || after[to] != counts[to]+counts[from] {
		t.Errorf("after: %d uses of %v and %d of %v; want 0 and %d", after[from], from, after[to], to, counts[to]+counts[from])
	}
	for tex, n := range counts {
		if tex != from && tex != to && after[tex] != n {
			t.Errorf("texture %v: %d uses, was %d", tex, after[tex], n)
		}
	}
	if want := fmt.Sprintf("replaced texture %v with %v %d times\n", from, to, counts[from]); e.console != want {
		t.Errorf("console %q, want %q", e.console, want)
	}
	t.Logf("texture %v replaced by %v %d times", from, to, counts[from])
	e.undoesToBefore(t)
}

// mostUsed is the value of field most used among records, other than not.
func mostUsed(records []map[string]any, name string, not float64) float64 {
	counts := map[float64]int{}
	for _, r := range records {
		if v := field(r, name); v != not && v != 65535 {
			counts[v]++
		}
	}
	best, most := 0.0, -1
	for v, n := range counts {
		if n > most || n == most && v < best {
			best, most = v, n
		}
	}
	return best
}

// TestExampleMissingTrapTargets: on the corpus archive, and on a copy
// where a script deleted the object a trap names, the example lists
// exactly the traps that check reports with a target missing, and
// changes nothing.
func TestExampleMissingTrapTargets(t *testing.T) {
	path := corpus.Path(t, "shock", "derelict", "archive.dat")
	d, _ := open(t, shock.Format, path, mustRead(t, path))
	var console bytes.Buffer
	_, err := Run(d, "delete.lua", []byte(`
		for _, n in ipairs(lw.levels()) do
			local l = lw.level(n)
			local class = {}
			for _, o in ipairs(l.objects) do class[o.index] = o.class_name end
			for _, k in ipairs(l.links) do
				if class[k.from] == "trap" and class[k.to] and class[k.to] ~= "trap" then
					for i, o in ipairs(l.objects) do
						if o.index == k.to then table.remove(l.objects, i) break end
					end
					lw.commit(l)
					print(n, k.from, k.to)
					return
				end
			end
		end`), Options{Game: "shock", Console: &console})
	if err != nil || console.Len() == 0 {
		t.Fatalf("deleting a trap's target: %v %q", err, console.String())
	}
	edited, _ := d.Bytes()
	deleted := filepath.Join(t.TempDir(), "archive.dat")
	os.WriteFile(deleted, edited, 0o644)
	for _, p := range []string{path, deleted} {
		problems, err := shock.Format.Check(mustRead(t, p))
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for _, pr := range problems {
			if pr.Code == "target-missing" && strings.HasPrefix(pr.Message, "trap ") {
				want = append(want, fmt.Sprintf("level %d: trap %d", pr.Level, pr.Index))
			}
		}
		if p == deleted && len(want) == 0 {
			t.Fatalf("check reports no missing target after deleting one (%q)", console.String())
		}
		e := runExample(t, shock.Format, p, "missing-trap-targets.lua", "", -1)
		var got []string
		for _, m := range regexp.MustCompile(`(?m)^(level \d+: trap \d+) \(`).FindAllStringSubmatch(e.console, -1) {
			got = append(got, m[1])
		}
		sort.Strings(want)
		sort.Strings(got)
		if strings.Join(got, "; ") != strings.Join(want, "; ") {
			t.Errorf("%s: listed %v, check reports %v", p, got, want)
		}
		if !strings.HasSuffix(e.console, fmt.Sprintf("%d missing trap targets\n", len(want))) {
			t.Errorf("console ends %q, want %d", e.console[max(0, len(e.console)-80):], len(want))
		}
		t.Logf("%s (edited copy %v): %d traps with a missing target", filepath.Base(p), p == deleted, len(want))
		assertUnchanged(t, e.doc, e.before)
	}
}

// TestExampleActorsOverNoSector: on each corpus map, and on one whose
// first actor a script moved off the map, the example lists the actors
// whose sector is none.
func TestExampleActorsOverNoSector(t *testing.T) {
	for _, path := range corpus.Files(t, "turok") {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data := mustRead(t, path)
			d, _ := open(t, turok.Format, path, data)
			if len(records(exported(t, d, 0), "actors")) == 0 {
				t.Skip("the map has no actors")
			}
			moved := filepath.Join(t.TempDir(), "moved.map")
			if _, err := Run(d, "move.lua", []byte(`local l = lw.level() l.actors[1].Origin.X = 1000000 lw.commit(l)`), Options{Game: "turok"}); err != nil {
				t.Fatal(err)
			}
			edited, _ := d.Bytes()
			os.WriteFile(moved, edited, 0o644)
			for _, p := range []string{path, moved} {
				level := exported(t, mustOpen(t, p), 0)
				var want []string
				for i, a := range records(level, "actors") {
					if field(a, "Sector") == -1 {
						want = append(want, fmt.Sprintf("actor %d ", i))
					}
				}
				if p == moved && (len(want) == 0 || want[0] != "actor 0 ") {
					t.Fatalf("the moved actor is over sector %v", field(records(level, "actors")[0], "Sector"))
				}
				e := runExample(t, turok.Format, p, "actors-over-no-sector.lua", "", 0)
				got := regexp.MustCompile(`(?m)^actor \d+ `).FindAllString(e.console, -1)
				if strings.Join(got, ",") != strings.Join(want, ",") {
					t.Errorf("%s: listed %v, want %v", filepath.Base(p), got, want)
				}
				assertUnchanged(t, e.doc, e.before)
			}
		})
	}
}

// mustOpen opens a Turok map as a script's document.
func mustOpen(t *testing.T, path string) Doc {
	d, _ := open(t, turok.Format, path, mustRead(t, path))
	return d
}

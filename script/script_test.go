package script

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	tcodec "github.com/levelwright/levelwright/codecs/turok"

	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/internal/corpus"
)

// open opens data of format f as a script's document, with its bytes
// as they were.
func open(t *testing.T, f document.Format, path string, data []byte) (Doc, []byte) {
	t.Helper()
	d, err := f.Open(path, data)
	if err != nil {
		t.Fatalf("opening %s: %v", path, err)
	}
	sd, ok := d.(Doc)
	if !ok {
		t.Fatalf("%s: the %s document has no recorder", path, f.Name())
	}
	before, err := sd.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return sd, before
}

// newDoc is a new file of format f, opened.
func newDoc(t *testing.T, f document.Format) (Doc, []byte) {
	t.Helper()
	data, _, err := f.New()
	if err != nil {
		t.Fatal(err)
	}
	return open(t, f, "new."+f.Key(), data)
}

// runScript runs src over d, printing to the returned console.
func runScript(d Doc, game, src string, steps int) (Result, string, error) {
	var console bytes.Buffer
	res, err := Run(d, "test.lua", []byte(src), Options{Game: game, Level: -1, Steps: steps, Console: &console})
	return res, console.String(), err
}

// assertUnchanged fails unless d's bytes are before and its history is
// empty.
func assertUnchanged(t *testing.T, d Doc, before []byte) {
	t.Helper()
	after, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if i := document.FirstDifference(before, after); i >= 0 {
		t.Errorf("the document changed at byte %d", i)
	}
	if u, r := d.Recorder().History.Steps(); u != 0 || r != 0 {
		t.Errorf("history has %d undo and %d redo steps, want none", u, r)
	}
}

// TestSandbox: what reaches files, the OS or new code is not there.
func TestSandbox(t *testing.T) {
	d, before := newDoc(t, marathon.Format)
	for _, name := range []string{"io", "os", "require", "module", "package", "dofile", "loadfile", "load", "loadstring",
		"debug", "collectgarbage", "newproxy", "getfenv", "setfenv", "coroutine", "channel", "string.dump", "_printregs"} {
		t.Run(name, func(t *testing.T) {
			src := "if " + name + " ~= nil then error('" + name + " is reachable') end"
			if _, _, err := runScript(d, "marathon", src, 0); err != nil {
				t.Error(err)
			}
		})
	}
	for _, name := range []string{"print", "pairs", "ipairs", "pcall", "string.format", "table.insert", "math.floor", "tostring"} {
		t.Run(name, func(t *testing.T) {
			if _, _, err := runScript(d, "marathon", "assert("+name+" ~= nil, '"+name+" is missing')", 0); err != nil {
				t.Error(err)
			}
		})
	}
	assertUnchanged(t, d, before)
}

// TestPrint: print writes its arguments, tab-separated, to the console.
func TestPrint(t *testing.T) {
	d, _ := newDoc(t, marathon.Format)
	_, out, err := runScript(d, "marathon", `print("game", lw.game(), 1.5, true, nil) print(#lw.levels())`, 0)
	if err != nil {
		t.Fatal(err)
	}
	if want := "game\tmarathon\t1.5\ttrue\tnil\n1\n"; out != want {
		t.Errorf("console %q, want %q", out, want)
	}
}

// TestBudget: a runaway script is stopped by the step budget, even one
// that catches errors, and changes nothing.
func TestBudget(t *testing.T) {
	cases := []struct{ name, src string }{
		{"loop", "while true do end"},
		{"pcall", "while true do pcall(function() while true do end end) end"},
		{"after an edit", "local l = lw.level() l.polygons[1].FloorHeight = 128 lw.commit(l) while true do end"},
		{"recursion", "local function f() return 1 + f() end f()"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, before := newDoc(t, marathon.Format)
			res, _, err := runScript(d, "marathon", c.src, 100_000)
			if c.name == "recursion" {
				if err == nil || !strings.Contains(err.Error(), "stack overflow") {
					t.Fatalf("error %v, want a stack overflow", err)
				}
			} else if err == nil || !strings.Contains(err.Error(), "step budget of 100000 Lua instructions") {
				t.Fatalf("error %v, want the budget named", err)
			} else if res.Steps != 100_001 {
				t.Errorf("%d steps counted, want 100001", res.Steps)
			}
			assertUnchanged(t, d, before)
		})
	}
}

// TestMemoryLimit: a script that keeps allocating is stopped.
func TestMemoryLimit(t *testing.T) {
	d, before := newDoc(t, marathon.Format)
	_, err := Run(d, "hog.lua", []byte(`local t = {} for i = 1, 1e9 do t[i] = {i, i, i, i} end`), Options{Game: "marathon", Level: -1, Memory: 32 << 20})
	if err == nil || !strings.Contains(err.Error(), "memory limit") {
		t.Fatalf("error %v, want the memory limit", err)
	}
	if _, err := Run(d, "rep.lua", []byte(`local s = string.rep("x", 1e9)`), Options{Game: "marathon", Level: -1}); err == nil || !strings.Contains(err.Error(), "past the limit") {
		t.Fatalf("string.rep: error %v, want the limit", err)
	}
	assertUnchanged(t, d, before)
}

// TestErrorsChangeNothing: a script that fails after edits, a refused
// edit (even one the script catches) and a table that cannot be written
// leave the bytes and the history as they were.
func TestErrorsChangeNothing(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"error after a commit", `local l = lw.level() l.polygons[1].FloorHeight = 128 lw.commit(l) error("boom")`, "test.lua:1: boom"},
		{"refused edit", `local l = lw.level() l.polygons[1].FloorLight = 999 lw.commit(l)`, "test.lua:1: lw.commit: level 0: level 0: import level 0 refused: polygon 0: FloorLight 999 is not a light"},
		{"refused edit caught", `local l = lw.level() l.polygons[1].FloorHeight = 128 l = lw.commit(l)
			l.polygons[1].FloorLight = 999 print(pcall(lw.commit, l)) print("carried on")`, "FloorLight 999"},
		{"unknown field", `local l = lw.level() l.polygons[1].Colour = 3 lw.commit(l)`, "Colour"},
		{"a function in a table", `local l = lw.level() l.objects[1].X = print lw.commit(l)`, "level.objects[1].X: a function cannot be written"},
		{"a table holding itself", `local l = lw.level() l.objects[1].X = l lw.commit(l)`, "nested deeper"},
		{"a list with holes", `local l = lw.level() l.objects[3] = l.objects[1] lw.commit(l)`, "level.objects: a list with holes"},
		{"not a number", `local l = lw.level() l.objects[1].X = 0/0 lw.commit(l)`, "level.objects[1].X: NaN is not a number"},
		{"syntax", `local l = = 1`, "test.lua line:1(column:11) near '='"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, before := newDoc(t, marathon.Format)
			_, out, err := runScript(d, "marathon", c.src, 0)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one naming %q", err, c.want)
			}
			if strings.Contains(out, "carried on") {
				t.Errorf("the script carried on after a refused edit: %q", out)
			}
			assertUnchanged(t, d, before)
		})
	}
}

// TestAPI: on a new file of each game a script reads fields by the
// export's names, edits through lw.commit as one undo step, and undoing
// it restores every byte.
func TestAPI(t *testing.T) {
	cases := []struct {
		format        document.Format
		read, edit    string
		printed       string
		changed       map[string]int
		wantLevels    string
		refused, want string
	}{
		{marathon.Format,
			`local l = lw.level() print(l.format, #l.polygons, l.polygons[1].FloorHeight, l.objects[1].Type)`,
			`local l = lw.level(0) l.objects[1].Facing = 128 l.lights[1].Functions[1].Intensity = 32768 lw.commit(l)`,
			"levelwright-marathon-level/1\t2\t0\t3\n", map[string]int{"level 0 objects": 1, "level 0 lights": 1}, "0",
			`local l = lw.level() l.objects[1].Type = 99 lw.commit(l)`, "Type"},
		{shock.Format,
			`local l = lw.level() print(l.format, l.level, l.width, #l.tiles, l.tiles[1].shape)`,
			`local l = lw.level(1) for _, t in ipairs(l.tiles) do if t.x == 10 and t.y == 10 then t.floor_height = 5 end end lw.commit(l)`,
			"levelwright-shock-level/2\t1\t64\t4096\t0\n", map[string]int{"level 1 tiles": 1}, "1",
			`local l = lw.level() l.tiles[1].floor_height = 40 lw.commit(l)`, "floor height 40 is outside 0-31"},
		{turok.Format,
			`local l = lw.level() print(l.format, #l.actors, l.actors[1].Health, l.actors[1].Origin.X)`,
			`local l = lw.level() l.actors[1].Health = 50 l.vertices[2].Height = 600 lw.commit(l)`,
			"levelwright-turok-map/1\t1\t100\t512\n", map[string]int{"level 0 actors": 1, "level 0 vertices": 1}, "0",
			`local l = lw.level() l.vertices[1].Position.X = 1e9 lw.commit(l)`, "1048576"},
	}
	for _, c := range cases {
		t.Run(c.format.Key(), func(t *testing.T) {
			d, before := newDoc(t, c.format)
			_, out, err := runScript(d, c.format.Key(), c.read+` print(table.concat(lw.levels(), ","))`, 0)
			if err != nil {
				t.Fatal(err)
			}
			if want := c.printed + c.wantLevels + "\n"; out != want {
				t.Errorf("read printed %q, want %q", out, want)
			}
			assertUnchanged(t, d, before)

			if _, _, err := runScript(d, c.format.Key(), c.refused, 0); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("refused edit: error %v, want one naming %q", err, c.want)
			}
			assertUnchanged(t, d, before)

			res, _, err := runScript(d, c.format.Key(), c.edit, 0)
			if err != nil {
				t.Fatal(err)
			}
			if !equalCounts(res.Changed, c.changed) {
				t.Errorf("changed %v, want %v", res.Changed, c.changed)
			}
			if u, _ := d.Recorder().History.Steps(); u != 1 {
				t.Fatalf("%d undo steps, want the run as one", u)
			}
			if done, _ := d.Recorder().History.Descriptions(); done[0] != Description("test.lua") {
				t.Errorf("step %q, want %q", done[0], Description("test.lua"))
			}
			edited, _ := d.Bytes()
			if bytes.Equal(edited, before) {
				t.Fatal("the edit changed no byte")
			}
			if _, err := d.Recorder().History.Undo(); err != nil {
				t.Fatal(err)
			}
			after, _ := d.Bytes()
			if i := document.FirstDifference(before, after); i >= 0 {
				t.Errorf("undo left a difference at byte %d", i)
			}
		})
	}
}

// equalCounts reports whether two count maps hold the same counts.
func equalCounts(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestUnchangedCommit: committing a level as read changes nothing and
// records no step, on every game.
func TestUnchangedCommit(t *testing.T) {
	for _, f := range []document.Format{marathon.Format, shock.Format, turok.Format} {
		t.Run(f.Key(), func(t *testing.T) {
			d, before := newDoc(t, f)
			res, _, err := runScript(d, f.Key(), `for _, n in ipairs(lw.levels()) do lw.commit(lw.level(n)) end`, 0)
			if err != nil {
				t.Fatal(err)
			}
			if res.Total() != 0 {
				t.Errorf("changed %v, want nothing", res.Changed)
			}
			assertUnchanged(t, d, before)
		})
	}
}

// TestOddTurokValues: on a Turok map holding a model path that is not
// UTF-8 and floats that are not finite (a corpus map so modified), a
// script that commits the level untouched changes no byte and counts no
// entity; one that edits another field of those actors keeps their
// bits; a path given as a Lua string of any bytes is written as them.
func TestOddTurokValues(t *testing.T) {
	m, err := tcodec.Decode(mustRead(t, corpus.Path(t, "turok", "kex18-vis.map")))
	if err != nil {
		t.Fatal(err)
	}
	m.Actors[0].Model = "models/caf\xe9.bin"
	m.Actors[1].TriggerDelay = math.Float32frombits(0xffc00001)
	m.SectorSets[0].FogZFar = float32(math.Inf(1))
	data := m.Encode()

	d, before := open(t, turok.Format, "odd.map", data)
	res, _, err := runScript(d, "turok", "lw.commit(lw.level())", 0)
	if err != nil || res.Total() != 0 {
		t.Errorf("a no-op commit: %v, changed %v", err, res.Changed)
	}
	assertUnchanged(t, d, before)

	d, _ = open(t, turok.Format, "odd.map", data)
	src := `local l = lw.level()
assert(l.actors[1].Model.bytes_hex == "6d6f64656c732f636166e92e62696e")
assert(l.actors[2].TriggerDelay == "NaN(0xffc00001)" and l.sector_sets[1].FogZFar == "Infinity")
l.actors[1].Health = l.actors[1].Health + 1
l.actors[2].Health = l.actors[2].Health + 1
l.actors[3].Model = "caf\130.bin"
lw.commit(l)`
	res, console, err := runScript(d, "turok", src, 0)
	if err != nil || res.Total() != 3 {
		t.Fatalf("editing the actors: %v, %s, changed %v", err, console, res.Changed)
	}
	after, _ := d.Bytes()
	got, err := tcodec.Decode(after)
	if err != nil {
		t.Fatal(err)
	}
	if got.Actors[0].Model != m.Actors[0].Model || math.Float32bits(got.Actors[1].TriggerDelay) != 0xffc00001 ||
		got.Actors[2].Model != "caf\x82.bin" || got.Actors[1].Health != m.Actors[1].Health+1 {
		t.Errorf("after the edit: %q, %#x, %q", got.Actors[0].Model, math.Float32bits(got.Actors[1].TriggerDelay), got.Actors[2].Model)
	}
}

// TestFind: lw.find returns what the query language finds, as the
// command line's find does, and a query that does not parse ends the
// run with its message.
func TestFind(t *testing.T) {
	path := corpus.Path(t, "marathon", "eternal", "Aaron-Eternal.sceA")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	d, _ := open(t, marathon.Format, path, data)
	_, out, err := runScript(d, "marathon", `
local found = lw.find("objects Type=2")
local level = lw.level()
local ok = #found > 0
for _, m in ipairs(found) do
  ok = ok and m.list == "objects" and level.objects[m.index + 1].Type == 2
end
local n = 0
for _, o in ipairs(level.objects) do if o.Type == 2 then n = n + 1 end end
print(ok, #found == n, #lw.find("objects Type=0 and Type=1"))`, 0)
	if err != nil || out != "true\ttrue\t0\n" {
		t.Errorf("console %q, error %v", out, err)
	}
	if _, _, err := runScript(d, "marathon", `lw.find("objects Type")`, 0); err == nil || !strings.Contains(err.Error(), "FIELD OP VALUE") {
		t.Errorf("a bad query: %v", err)
	}
}

// TestReadSourceJudgesBeforeReading: a script past MaxSourceSize is
// refused by its size, naming the file, and one within it is read.
func TestReadSourceJudgesBeforeReading(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.lua")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxSourceSize + 1); err != nil { // sparse: nothing to read
		t.Fatal(err)
	}
	f.Close()
	if _, err := ReadSource(big); err == nil || !strings.Contains(err.Error(), "big.lua") || !strings.Contains(err.Error(), "a script may hold") {
		t.Errorf("a script over the size read with %v", err)
	}
	small := filepath.Join(dir, "small.lua")
	if err := os.WriteFile(small, []byte("print(1)"), 0o644); err != nil {
		t.Fatal(err)
	}
	if src, err := ReadSource(small); err != nil || string(src) != "print(1)" {
		t.Errorf("a small script read as %q, %v", src, err)
	}
}

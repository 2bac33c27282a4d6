// Package script runs a modder's Lua script over an open document of
// any game: a sandboxed Lua 5.1 (no files, no OS, no loading of code)
// that reads levels as their export JSON, as Lua tables, and writes
// them back through the document's import, so that a script edits
// through the same undo commands as the editor. A whole run is one undo
// step; a script that fails changes nothing.
//
// The API a script sees is documented in docs/scripting.md.
package script

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	lua "github.com/yuin/gopher-lua"

	"github.com/levelwright/levelwright/document"
)

// Doc is an open document a script runs over: a document.Doc whose
// edits go through a recorder, so that a run can be one undo step.
type Doc interface {
	document.Doc
	Recorder() *document.Recorder
	// DecodeLevel reads one level's exported object, strictly as Import
	// reads it, into the type Export gives for a level.
	DecodeLevel(text []byte) (any, error)
	// ImportLevel applies level, of the type Export gives for a level,
	// as Import applies its text, and returns how many edits it made.
	ImportLevel(level any) (int, error)
}

// DefaultSteps is the step budget of a run when Options gives none: the
// Lua instructions a script may execute. A script that reads and edits
// every entity of a large level runs well within it; a runaway loop is
// stopped within about a second.
const DefaultSteps = 50_000_000

// DefaultMemory is the memory a run may grow the heap by, in bytes,
// when Options gives none.
const DefaultMemory = 512 << 20

// MaxSourceSize is the largest script ReadSource reads: the example
// scripts are a few kilobytes, and a file past it is refused before it
// is read.
const MaxSourceSize = 16 << 20

// ReadSource reads the script at path, refusing one larger than
// MaxSourceSize before reading it.
func ReadSource(path string) ([]byte, error) {
	return document.ReadFile(path, MaxSourceSize, "a script may hold")
}

// DefaultTime is the wall-clock time a run may take when Options gives
// none.
const DefaultTime = 30 * time.Second

// Options are a run's settings.
type Options struct {
	// Game is the key of the document's game ("marathon", "shock",
	// "turok"), which lw.game() returns.
	Game string
	// Level is the level lw.level() gives without an argument; -1 for
	// the document's first level.
	Level int
	// Steps is the step budget; 0 for DefaultSteps.
	Steps int
	// Memory is the heap growth a run may cause, in bytes; 0 for
	// DefaultMemory.
	Memory uint64
	// Time is the wall-clock time a run may take; 0 for DefaultTime.
	Time time.Duration
	// Context, when cancelled, stops the run with its cause; nil for
	// none.
	Context context.Context
	// Progress, when set, hears how far the run has gone about ten
	// times a second, on a goroutine of its own.
	Progress func(Progress)
	// Console receives what the script prints; nil discards it.
	Console io.Writer
}

// Result is what a run did.
type Result struct {
	// Changed counts, per level and list ("level 0 lights"), the
	// entities that differ after the run from before it: changed,
	// added or removed.
	Changed map[string]int
	// Steps is the Lua instructions the run executed.
	Steps int
}

// Total is the number of entities the run changed.
func (r Result) Total() int {
	n := 0
	for _, c := range r.Changed {
		n += c
	}
	return n
}

// Description names a script run's undo step.
func Description(name string) string { return "Run script " + name }

// Run runs the Lua source src, named name (its file name, for messages),
// over d. Its edits are one undo step of d's history, named by
// Description; when the script fails (a Lua error, a refused edit, the
// step budget or the memory limit), every edit it made is undone, the
// history is as before and the error says why.
func Run(d Doc, name string, src []byte, opt Options) (Result, error) {
	if opt.Steps <= 0 {
		opt.Steps = DefaultSteps
	}
	if opt.Memory == 0 {
		opt.Memory = DefaultMemory
	}
	if opt.Time <= 0 {
		opt.Time = DefaultTime
	}
	if opt.Context == nil {
		opt.Context = context.Background()
	}
	if opt.Console == nil {
		opt.Console = io.Discard
	}
	r := &run{doc: d, opt: opt, before: map[int]any{}, now: map[int]*snapshot{}, objects: map[*lua.LTable]bool{}}
	r.budget = newBudget(name, opt)
	var res Result
	err := d.Recorder().Batch(Description(name), func() error {
		if err := r.exec(name, src); err != nil {
			return err
		}
		changed, err := r.changes()
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		res.Changed = changed
		return nil
	})
	res.Steps = r.budget.steps
	if err != nil {
		return Result{Steps: res.Steps}, err
	}
	return res, nil
}

// run is one script run: the document, the state of the Lua budget,
// each level's export as it was before the run's first commit to it and
// as it is now.
type run struct {
	doc     Doc
	opt     Options
	budget  *budget
	levels  []int
	before  map[int]any
	now     map[int]*snapshot
	objects map[*lua.LTable]bool // the tables made of the export's objects
}

// exec compiles and runs the script in a fresh sandbox.
func (r *run) exec(name string, src []byte) error {
	L := lua.NewState(lua.Options{SkipOpenLibs: true, CallStackSize: 256, RegistrySize: 1 << 12, RegistryMaxSize: 1 << 20})
	defer L.Close()
	if err := sandbox(L, r.opt.Console, r.budget); err != nil {
		return err
	}
	L.SetGlobal("lw", r.api(L))
	fn, err := load(L, bytes.NewReader(src), name)
	if err != nil {
		return err
	}
	L.SetContext(r.budget)
	r.budget.watch()
	L.Push(fn)
	err = L.PCall(0, 0, L.NewFunction(describeError))
	r.budget.stopWatching()
	if stop := r.budget.Err(); stop != nil {
		return stop // the reason the run was stopped, whatever pcall made of it
	}
	if err != nil {
		var apiErr *lua.ApiError
		if errors.As(err, &apiErr) {
			return errors.New(lua.LVAsString(apiErr.Object))
		}
		return err
	}
	return nil
}

// describeError is the message handler of a run: an error raised with
// a value other than a string or a number (error({code = 1})) becomes a
// message that says where and shows the value.
func describeError(L *lua.LState) int {
	v := L.Get(1)
	switch v.Type() {
	case lua.LTString, lua.LTNumber:
		return 1
	}
	where := ""
	for level := 1; level < 4 && (where == "" || strings.HasPrefix(where, "[G]")); level++ {
		where = L.Where(level)
	}
	what := "error called with " + v.Type().String()
	if t, ok := v.(*lua.LTable); ok {
		if _, has := L.GetMetaField(t, "__tostring").(*lua.LFunction); has {
			what = L.ToStringMeta(t).String()
		} else {
			what = "error called with a table: " + tableText(t)
		}
	}
	L.Push(lua.LString(strings.TrimPrefix(where+" ", " ") + what))
	return 1
}

// tableText shows the first fields of t, by key: {code = 1, name = "x"}.
func tableText(t *lua.LTable) string {
	const most = 8
	var fields []string
	t.ForEach(func(k, v lua.LValue) {
		text := v.String()
		if s, ok := v.(lua.LString); ok {
			text = strconv.Quote(string(s))
		} else if v.Type() == lua.LTTable || v.Type() == lua.LTFunction {
			text = v.Type().String()
		}
		fields = append(fields, lua.LVAsString(k)+" = "+text)
	})
	slices.Sort(fields)
	if len(fields) > most {
		fields = append(fields[:most], "…")
	}
	return "{" + strings.Join(fields, ", ") + "}"
}

// safeBase are the base library's functions a script keeps: none loads
// code or reaches files.
var safeBase = []string{"assert", "error", "getmetatable", "ipairs", "next", "pairs", "pcall", "rawequal", "rawget",
	"rawset", "select", "setmetatable", "tonumber", "tostring", "type", "unpack", "xpcall", "_G", "_VERSION"}

// sandbox opens the safe libraries in L (base without its loaders,
// table, string without dump, math), with the string functions b
// checks, and sends print to console.
func sandbox(L *lua.LState, console io.Writer, b *budget) error {
	for _, lib := range []struct {
		name string
		open lua.LGFunction
	}{{lua.BaseLibName, lua.OpenBase}, {lua.TabLibName, lua.OpenTable}, {lua.StringLibName, lua.OpenString}, {lua.MathLibName, lua.OpenMath}} {
		if err := L.CallByParam(lua.P{Fn: L.NewFunction(lib.open), NRet: 0, Protect: true}, lua.LString(lib.name)); err != nil {
			return fmt.Errorf("opening Lua's %q library: %w", lib.name, err)
		}
	}
	g := L.G.Global
	keep := map[string]bool{lua.TabLibName: true, lua.StringLibName: true, lua.MathLibName: true}
	for _, n := range safeBase {
		keep[n] = true
	}
	var drop []lua.LValue
	g.ForEach(func(k, _ lua.LValue) {
		if s, ok := k.(lua.LString); !ok || !keep[string(s)] {
			drop = append(drop, k)
		}
	})
	for _, k := range drop {
		g.RawSet(k, lua.LNil)
	}
	str := L.GetGlobal(lua.StringLibName).(*lua.LTable)
	str.RawSetString("dump", lua.LNil)
	b.checkedStrings(L)
	L.SetGlobal("print", L.NewFunction(func(L *lua.LState) int {
		parts := make([]string, L.GetTop())
		for i := range parts {
			parts[i] = L.ToStringMeta(L.Get(i + 1)).String()
		}
		fmt.Fprintln(console, strings.Join(parts, "\t"))
		return 0
	}))
	return nil
}

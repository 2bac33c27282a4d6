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
	"context"
	"errors"
	"fmt"
	"io"
	"runtime/metrics"
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
}

// DefaultSteps is the step budget of a run when Options gives none: the
// Lua instructions a script may execute. A script that reads and edits
// every entity of a large level runs well within it; a runaway loop is
// stopped within about a second.
const DefaultSteps = 50_000_000

// DefaultMemory is the memory a run may grow the heap by, in bytes,
// when Options gives none.
const DefaultMemory = 512 << 20

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
	if opt.Console == nil {
		opt.Console = io.Discard
	}
	r := &run{doc: d, opt: opt, before: map[int]map[string]any{}, objects: map[*lua.LTable]bool{}}
	r.budget = newBudget(name, opt.Steps, opt.Memory)
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

// run is one script run: the document, the state of the Lua budget, and
// each level's export as it was before the run's first commit to it.
type run struct {
	doc     Doc
	opt     Options
	budget  *budget
	levels  []int
	before  map[int]map[string]any
	objects map[*lua.LTable]bool // the tables made of the export's objects
}

// exec compiles and runs the script in a fresh sandbox.
func (r *run) exec(name string, src []byte) error {
	L := lua.NewState(lua.Options{SkipOpenLibs: true, CallStackSize: 256, RegistrySize: 1 << 12, RegistryMaxSize: 1 << 20})
	defer L.Close()
	if err := sandbox(L, r.opt.Console); err != nil {
		return err
	}
	L.SetGlobal("lw", r.api(L))
	fn, err := L.Load(strings.NewReader(string(src)), name)
	if err != nil {
		return err
	}
	L.SetContext(r.budget)
	L.Push(fn)
	err = L.PCall(0, 0, nil)
	if r.budget.stop != nil {
		return r.budget.stop // the reason the run was stopped, whatever pcall made of it
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

// safeBase are the base library's functions a script keeps: none loads
// code or reaches files.
var safeBase = []string{"assert", "error", "getmetatable", "ipairs", "next", "pairs", "pcall", "rawequal", "rawget",
	"rawset", "select", "setmetatable", "tonumber", "tostring", "type", "unpack", "xpcall", "_G", "_VERSION"}

// maxRep is the longest string string.rep makes, so that one call
// cannot take the machine's memory.
const maxRep = 1 << 24

// sandbox opens the safe libraries in L (base without its loaders,
// table, string without dump, math) and sends print to console.
func sandbox(L *lua.LState, console io.Writer) error {
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
	rep := str.RawGetString("rep")
	str.RawSetString("rep", L.NewFunction(func(L *lua.LState) int {
		if n := len(L.CheckString(1)) * L.CheckInt(2); n > maxRep {
			L.RaiseError("string.rep: a string of %d bytes is past the limit of %d", n, maxRep)
		}
		L.Push(rep)
		L.Push(L.Get(1))
		L.Push(L.Get(2))
		L.Call(2, 1)
		return 1
	}))
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

// budget is the context a run's Lua state checks before each
// instruction: it counts the steps and stops the run when the budget or
// the memory limit is spent, or a refused edit has failed the run.
type budget struct {
	name         string
	limit, steps int
	memory       uint64
	heap0        uint64
	stop         error
	done         chan struct{}
}

// memoryEvery is how many steps pass between two looks at the heap.
const memoryEvery = 1 << 12

// heapMetric is the runtime metric of the heap the last collection
// found live: garbage not yet collected does not count against a run.
const heapMetric = "/gc/heap/live:bytes"

func newBudget(name string, limit int, memory uint64) *budget {
	done := make(chan struct{})
	close(done)
	return &budget{name: name, limit: limit, memory: memory, heap0: heap(), done: done}
}

// heap is the bytes of the live heap, as the last collection found it.
func heap() uint64 {
	s := []metrics.Sample{{Name: heapMetric}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// fail stops the run with err: every later step raises it again, so a
// pcall in the script cannot carry on past it.
func (b *budget) fail(err error) {
	if b.stop == nil {
		b.stop = err
	}
}

// Done is called by the Lua state before each instruction: a closed
// channel stops the run.
func (b *budget) Done() <-chan struct{} {
	if b.stop != nil {
		return b.done
	}
	b.steps++
	if b.steps > b.limit {
		b.fail(fmt.Errorf("%s: stopped after the step budget of %d Lua instructions", b.name, b.limit))
		return b.done
	}
	if b.steps%memoryEvery == 0 {
		if h := heap(); h > b.heap0 && h-b.heap0 > b.memory {
			b.fail(fmt.Errorf("%s: stopped at the memory limit: the script took more than %d MiB", b.name, b.memory>>20))
			return b.done
		}
	}
	return nil
}

// Err is why the run stopped.
func (b *budget) Err() error { return b.stop }

// Deadline: a run has none; the step budget bounds it.
func (b *budget) Deadline() (time.Time, bool) { return time.Time{}, false }

// Value: a run carries no values.
func (b *budget) Value(any) any { return nil }

var _ context.Context = (*budget)(nil)

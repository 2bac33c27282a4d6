package script

import (
	"context"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/levelwright/levelwright/document/marathon"
)

// TestLimitsInsideCalls: each hostile script of issue 46 stops at the
// memory limit or the time limit, even when the work is done inside one
// built-in call, and leaves the document and its history as they were.
// The sizes are the where a failure would cost this machine
// little, and scaled down with the limit where not.
func TestLimitsInsideCalls(t *testing.T) {
	const memory = 64 << 20
	cases := []struct{ name, src, want string }{
		{"150 strings of 16 MiB", `local t = {} for i = 1, 150 do t[i] = ("x"):rep(2^24) end`, "memory limit"},
		{"table.concat bomb", `local s, t = ("x"):rep(2^20), {} for i = 1, 2^12 do t[i] = s end local big = table.concat(t)`, "memory limit"},
		{"concatenation bomb", `local s = ("x"):rep(2^24) local t = {} for i = 1, 10 do t[i] = s..s..s..s..s..s..s..s end`, "memory limit"},
		{"doubling string", `local s = "x" for i = 1, 28 do s = s .. s end`, "memory limit"},
		{"__tostring", `local t = setmetatable({}, {__tostring = function() local s = "x" for i = 1, 28 do s = s .. s end return s end}) print(tostring(t))`, "memory limit"},
		{"string.format", `local s = ("x"):rep(2^23) local t = {} for i = 1, 20 do t[i] = string.format("%s%s", s, s) end`, "memory limit"},
		{"gsub bomb", `local s = ("x"):rep(2^16) local r = ("y"):rep(2^16) s:gsub("x", r)`, "memory limit"},
		{"backtracking match", `print(string.find(("a"):rep(40) .. "b", ("a*"):rep(40) .. "c"))`, "time limit of 1s"},
		{"backtracking gsub", `print(string.gsub(("a"):rep(40), ("a*"):rep(40) .. "c", ""))`, "time limit of 1s"},
		{"thousands of commits", `local l = lw.level() for i = 1, 1e6 do l.objects[1].Facing = i % 500 l = lw.commit(l) end`, "time limit of 1s"},
		{"print flood", `while true do print(("x"):rep(1000)) end`, "time limit of 1s"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, before := newDoc(t, marathon.Format)
			limit := time.Minute // so that the memory limit comes first
			if strings.Contains(c.want, "time") {
				limit = time.Second
			}
			begun := time.Now()
			_, err := Run(d, "hostile.lua", []byte(c.src), Options{Game: "marathon", Level: -1, Memory: memory, Time: limit,
				Steps: 1 << 40, Console: io.Discard})
			took := time.Since(begun)
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "hostile.lua") {
				t.Fatalf("error %v, want one naming the script and the %s", err, c.want)
			}
			if took > limit+2*time.Second {
				t.Errorf("stopped after %v, want about a second past the time limit at most", took)
			}
			assertUnchanged(t, d, before)
		})
	}
}

// TestStopAndProgress: a run whose context is cancelled stops with the
// cause, its progress is heard while it runs, and the document is as
// before.
func TestStopAndProgress(t *testing.T) {
	d, before := newDoc(t, marathon.Format)
	ctx, cancel := context.WithCancelCause(context.Background())
	var mu sync.Mutex
	var heard []Progress
	progress := func(p Progress) {
		mu.Lock()
		defer mu.Unlock()
		heard = append(heard, p)
		if p.Commits > 0 && p.Steps > 0 {
			cancel(errors.New("Stop pressed"))
		}
	}
	_, err := Run(d, "loop.lua", []byte(`local l = lw.level() l.objects[1].Facing = 9 lw.commit(l) while true do end`),
		Options{Game: "marathon", Level: -1, Steps: 1 << 40, Context: ctx, Progress: progress})
	if err == nil || err.Error() != "loop.lua: stopped: Stop pressed" {
		t.Fatalf("error %v, want the stop's cause", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(heard) == 0 || heard[len(heard)-1].Commits != 1 || heard[len(heard)-1].Elapsed <= 0 {
		t.Errorf("progress heard %v, want the commit counted", heard)
	}
	assertUnchanged(t, d, before)
}

// TestMessages: errors raised with a table, a string.rep count that
// overflows and a negative level say what and where.
func TestMessages(t *testing.T) {
	d, _ := newDoc(t, marathon.Format)
	cases := []struct{ src, want string }{
		{"local x = 1\nerror({code = 1, what = 'bad'})", `test.lua:2: error called with a table: {code = 1, what = "bad"}`},
		{"error(setmetatable({}, {__tostring = function() return 'custom' end}))", "test.lua:1: custom"},
		{"error(true)", "test.lua:1: error called with boolean"},
		{"local s = ('xx'):rep(2^62)", "test.lua:1: string.rep: a string of 9223372036854775808 bytes is past the limit of 16777216"},
		{"local s = ('x'):rep(1e300)", "test.lua:1: string.rep: a string of 1"},
		{"lw.level(-1)", "test.lua:1: bad argument #1 to level (level -1: levels count from 0)"},
		{"lw.find('objects Type=2', -3)", "level -3: levels count from 0"},
	}
	for _, c := range cases {
		_, _, err := runScript(d, "marathon", c.src, 0)
		if err == nil || !strings.HasPrefix(err.Error(), c.want) && !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.src, err, c.want)
		}
	}
}

package document

import (
	"fmt"
	"slices"
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/undo"
)

// valueLevels is a stand-in document for the problem cache: levels of
// values, each negative value a problem, each value edited by a command
// that names its level and index.
type valueLevels struct {
	levels   [][]int
	history  *undo.Stack
	rechecks int // rechecks that found the problems
}

func (v *valueLevels) set(level, index, value int) error {
	return v.history.Do(&setValue{v: v, level: level, index: index, value: value})
}

type setValue struct {
	v                   *valueLevels
	level, index, value int
}

func (c *setValue) swap() error {
	l := c.v.levels[c.level]
	l[c.index], c.value = c.value, l[c.index]
	return nil
}
func (c *setValue) Do() error        { return c.swap() }
func (c *setValue) Undo() error      { return c.swap() }
func (c *setValue) Describe() string { return "Set a value" }
func (c *setValue) Changes() []undo.Change {
	return []undo.Change{{Level: c.level, Kind: "value", Indexes: []int{c.index}}}
}

func (v *valueLevels) problem(level, i int) []bin.Problem {
	if v.levels[level][i] >= 0 {
		return nil
	}
	return []bin.Problem{{Severity: "error", Level: level, Kind: "value", Index: i, Code: "negative"}}
}

// check finds every problem of level; its state is the count of values.
func (v *valueLevels) check(level int) ([]bin.Problem, int, error) {
	if level < 0 || level >= len(v.levels) {
		return nil, 0, fmt.Errorf("no level %d", level)
	}
	var out []bin.Problem
	for i := range v.levels[level] {
		out = append(out, v.problem(level, i)...)
	}
	return out, len(v.levels[level]), nil
}

// recheck finds again the problems of the values changed; it declines
// when the count of values changed since the whole check.
func (v *valueLevels) recheck(level int, changes []undo.Change, previous []bin.Problem, count int) ([]bin.Problem, bool) {
	if count != len(v.levels[level]) {
		return nil, false
	}
	fresh := map[bin.Entity][]bin.Problem{}
	for _, c := range changes {
		for _, i := range c.Indexes {
			fresh[bin.Entity{Kind: "value", Index: i}] = v.problem(level, i)
		}
	}
	v.rechecks++
	return bin.Recheck(previous, fresh), true
}

func newValueLevels(incremental bool) (*valueLevels, *ProblemCache[int]) {
	v := &valueLevels{levels: [][]int{{1, -2, 3}, {4, 5, -6, 7}}, history: undo.New()}
	var recheck Recheck[int]
	if incremental {
		recheck = v.recheck
	}
	return v, NewProblemCache(v.history, v.check, recheck)
}

func mustProblems(t *testing.T, c *ProblemCache[int], level int) []bin.Problem {
	t.Helper()
	p, err := c.Problems(level)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// indexes are the values with problems, sorted.
func indexes(ps []bin.Problem) []int {
	var out []int
	for _, p := range ps {
		out = append(out, p.Index)
	}
	slices.Sort(out)
	return out
}

// TestProblemCache: a level is checked once until an edit of it; after
// edits, the recheck finds its problems (each edit undone and redone
// included) without a whole check; without a recheck, or after the
// recheck declines, the level is checked whole; an edit of one level
// leaves the other's problems as they were.
func TestProblemCache(t *testing.T) {
	for _, incremental := range []bool{true, false} {
		t.Run(fmt.Sprintf("recheck=%v", incremental), func(t *testing.T) {
			v, c := newValueLevels(incremental)
			if got := indexes(mustProblems(t, c, 0)); !slices.Equal(got, []int{1}) {
				t.Fatalf("level 0: problems of %v", got)
			}
			if got := indexes(mustProblems(t, c, 1)); !slices.Equal(got, []int{2}) {
				t.Fatalf("level 1: problems of %v", got)
			}
			mustProblems(t, c, 0)
			if c.Checks() != 2 {
				t.Fatalf("%d whole checks of two levels asked for three times", c.Checks())
			}
			for _, step := range []struct {
				do   func() error
				want []int
			}{
				{func() error { return v.set(0, 0, -1) }, []int{0, 1}},
				{func() error { return v.set(0, 1, 2) }, []int{0}},
				{func() error { _, err := v.history.Undo(); return err }, []int{0, 1}},
				{func() error { _, err := v.history.Redo(); return err }, []int{0}},
			} {
				if err := step.do(); err != nil {
					t.Fatal(err)
				}
				if got := indexes(mustProblems(t, c, 0)); !slices.Equal(got, step.want) {
					t.Fatalf("problems of %v, want %v", got, step.want)
				}
			}
			wantChecks, wantRechecks := 2, 4
			if !incremental {
				wantChecks, wantRechecks = 6, 0
			}
			if c.Checks() != wantChecks || v.rechecks != wantRechecks {
				t.Errorf("%d whole checks and %d rechecks, want %d and %d", c.Checks(), v.rechecks, wantChecks, wantRechecks)
			}
			if got := indexes(mustProblems(t, c, 1)); !slices.Equal(got, []int{2}) || c.Checks() != wantChecks {
				t.Errorf("level 1, not edited: problems of %v after %d whole checks", got, c.Checks())
			}
			// A change the recheck declines: the level is checked whole.
			v.levels[0] = append(v.levels[0], -9)
			if err := v.set(0, 3, -8); err != nil {
				t.Fatal(err)
			}
			if got := indexes(mustProblems(t, c, 0)); !slices.Equal(got, []int{0, 3}) || c.Checks() != wantChecks+1 {
				t.Errorf("after a declined recheck: problems of %v after %d whole checks", got, c.Checks())
			}
		})
	}
}

// TestProblemCacheForgetsAndRefuses: Forget makes the next call check
// whole; a level that cannot be checked is an error and is not kept; a
// level with more edits waiting than a recheck takes is checked whole.
func TestProblemCacheForgetsAndRefuses(t *testing.T) {
	v, c := newValueLevels(true)
	mustProblems(t, c, 0)
	v.levels[0][2] = -3 // an edit the history does not know
	c.Forget()
	if got := indexes(mustProblems(t, c, 0)); !slices.Equal(got, []int{1, 2}) || c.Checks() != 2 {
		t.Errorf("after Forget: problems of %v after %d whole checks", got, c.Checks())
	}
	for range 2 {
		if _, err := c.Problems(2); err == nil {
			t.Fatal("level 2 does not exist, yet has problems")
		}
	}
	if c.Checks() != 2 {
		t.Errorf("%d whole checks counted for a level that does not exist", c.Checks())
	}
	for i := range maxPending + 1 {
		if err := v.set(0, 0, i); err != nil {
			t.Fatal(err)
		}
	}
	if got := indexes(mustProblems(t, c, 0)); !slices.Equal(got, []int{1, 2}) || c.Checks() != 3 || v.rechecks != 0 {
		t.Errorf("after %d edits: problems of %v after %d whole checks and %d rechecks", maxPending+1, got, c.Checks(), v.rechecks)
	}
}

package shock

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/internal/doctest"
	"github.com/levelwright/levelwright/internal/randomedit"
)

// reloadArchive loads data as a new document and fails when check finds
// errors in it.
func reloadArchive(t *testing.T, data []byte, when string) *Document {
	t.Helper()
	r, err := Load(when, data)
	if err != nil {
		t.Fatalf("%s: the saved bytes do not open: %v", when, err)
	}
	doctest.CheckClean(t, Format, data, when)
	return r
}

// TestCopyAndClearLevels copies a corpus level into an empty slot and
// into a slot holding another level, and clears a level, each one undo
// step: the file reloads with the copy's every chunk equal to the
// source's and the cleared level empty, and checks clean; each undo gives
// back the bytes of the step before, the last the original file.
func TestCopyAndClearLevels(t *testing.T) {
	d := corpusDocument(t)
	states := [][]byte{mustBytes(t, d)}
	chunks := func(d *Document, level int) [][]byte {
		var out [][]byte
		for k := codec.FirstLevelChunk; k <= codec.LastLevelChunk; k++ {
			data, err := d.Archive.Res.Chunk(codec.ChunkID(level, k)).Data()
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, data)
		}
		return out
	}
	steps := []struct {
		name  string
		do    func() error
		check func(r *Document)
	}{
		{"copy into an empty slot", func() error { return d.CopyLevelInto(1, 5) }, func(r *Document) {
			if !slices.EqualFunc(chunks(r, 5), chunks(r, 1), bytes.Equal) {
				t.Error("the copy in slot 5 has other chunks than level 1")
			}
		}},
		{"copy over a level", func() error { return d.CopyLevelInto(0, 2) }, func(r *Document) {
			if !slices.EqualFunc(chunks(r, 2), chunks(r, 0), bytes.Equal) {
				t.Error("the copy in slot 2 has other chunks than level 0")
			}
		}},
		{"clear", func() error { return d.ClearLevel(3) }, func(r *Document) {
			l := r.Archive.Levels[3]
			if l == nil {
				t.Fatal("the cleared level is gone")
			}
			if slices.ContainsFunc(l.Tiles, func(t codec.Tile) bool { return t.Shape != codec.ShapeSolid }) {
				t.Error("the cleared level has tiles that are not solid")
			}
			if slices.ContainsFunc(l.Objects[1:], func(o codec.Object) bool { return o.Active != 0 }) {
				t.Error("the cleared level has objects")
			}
		}},
		{"clear cyberspace", func() error { return d.ClearLevel(10) }, func(r *Document) {
			if r.Archive.Levels[10].Info.Cyberspace != 1 {
				t.Error("level 10, cleared, is no longer cyberspace")
			}
		}},
	}
	for _, s := range steps {
		doctest.OneStep(t, d.History, s.name, s.do)
		data := mustBytes(t, d)
		r := reloadArchive(t, data, s.name)
		s.check(r)
		if !bytes.Equal(mustBytes(t, r), data) {
			t.Fatalf("%s: the reloaded archive saves to other bytes", s.name)
		}
		states = append(states, data)
	}
	for i := len(steps) - 1; i >= 0; i-- {
		if _, err := d.History.Undo(); err != nil {
			t.Fatal(err)
		}
		if at := document.FirstDifference(mustBytes(t, d), states[i]); at >= 0 {
			t.Fatalf("undoing %s: the bytes differ from before it at offset %d", steps[i].name, at)
		}
	}
	if _, err := d.History.RedoAll(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(mustBytes(t, d), states[len(states)-1]) {
		t.Fatal("redoing every step does not give back the edited archive")
	}
}

// TestCopyAndClearRefused: a level the archive lacks, a slot past the
// sixteen and a level's own slot are refused with a message saying why,
// leaving no step.
func TestCopyAndClearRefused(t *testing.T) {
	d := corpusDocument(t)
	for _, c := range []struct {
		name, want string
		do         func() error
	}{
		{"copy a level the archive lacks", "no level 7", func() error { return d.CopyLevelInto(7, 8) }},
		{"copy past the slots", "slot from 0 to 15, got 16", func() error { return d.CopyLevelInto(1, 16) }},
		{"copy into its own slot", "its own slot", func() error { return d.CopyLevelInto(1, 1) }},
		{"clear past the slots", "slot from 0 to 15, got -1", func() error { return d.ClearLevel(-1) }},
	} {
		if err := c.do(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error saying %q", c.name, err, c.want)
		}
	}
	if n, _ := d.History.Steps(); n != 0 {
		t.Fatalf("refused operations left %d steps", n)
	}
}

// levelKinds are the random level operations of the property test: a
// level edited copied into, or a slot cleared, among the slots the
// edits leave alone.
var levelKinds = []randomedit.Kind[levels]{{Name: "copy or clear a level", Weight: 10, Edit: func(t testing.TB, x levels, rng *rand.Rand) error {
	var free []int
	for i := range codec.MaxLevels {
		if !slices.Contains(x.in, i) {
			free = append(free, i)
		}
	}
	to := free[rng.IntN(len(free))]
	if rng.IntN(3) == 0 {
		return x.ClearLevel(to)
	}
	return x.CopyLevelInto(x.in[rng.IntN(len(x.in))], to)
}}}

// TestRandomEditsWithLevelOperations: random edits of every kind on the
// corpus archive's levels, between copies of them into the other slots
// and clearings of those, some undone and redone as they go, keep the
// edited levels free of errors; undoing all the steps gives back the
// original bytes, redoing them all the edited bytes.
func TestRandomEditsWithLevelOperations(t *testing.T) {
	d := corpusDocument(t)
	var in []int
	for i, l := range d.Archive.Levels {
		if l != nil {
			in = append(in, i)
		}
	}
	run := randomEdits(t, d, in, 300, 7)
	run.Kinds = append(run.Kinds, levelKinds...)
	run.UndoEvery = 8
	run.Check = cleanAndReloading(40)
	done := run.Edit(t)
	if done["copy or clear a level"] < 10 {
		t.Errorf("only %d level operations", done["copy or clear a level"])
	}
	run.UndoRedoAll(t)
}

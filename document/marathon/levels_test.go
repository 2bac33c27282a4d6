package marathon

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/codecs/wad"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/internal/doctest"
	"github.com/levelwright/levelwright/internal/randomedit"
)

// levelNames are the names of d's levels, by directory order.
func levelNames(d *Document) []string {
	var names []string
	for _, l := range d.Levels {
		names = append(names, l.MapName())
	}
	return names
}

// reloadChecked loads data as a new document, fails when its directory
// indexes are not 0, 1, 2... or when check finds errors, and returns it.
func reloadChecked(t *testing.T, data []byte, when string) *Document {
	t.Helper()
	d, err := Load(when, data)
	if err != nil {
		t.Fatalf("%s: the file does not load: %v", when, err)
	}
	for i, e := range d.File.Entries {
		if int(e.Index) != i {
			t.Fatalf("%s: entry %d has directory index %d", when, i, e.Index)
		}
	}
	if int(d.File.Header.Count) != len(d.File.Entries) {
		t.Fatalf("%s: the header counts %d entries, the directory lists %d", when, d.File.Header.Count, len(d.File.Entries))
	}
	doctest.CheckClean(t, Format, data, when)
	return d
}

// TestLevelOperations adds, duplicates, copies in from another scenario,
// moves, renames and deletes levels of a corpus scenario, each one undo
// step: after each the file loads with the levels in the order expected,
// indexed by position, and checks clean; each undo gives back the bytes
// of the step before, the last the original file, and redoing them all
// the edited file.
func TestLevelOperations(t *testing.T) {
	d := openCorpus(t, "marathon", "jp", "tempus", "Repository-Seven.sceA")
	other := openCorpus(t, "marathon", "jp", "rubicon", "The-Ascension-Factor.sceA")
	otherBytes := doctest.Bytes(t, other)
	states := [][]byte{doctest.Bytes(t, d)}
	steps := []struct {
		name string
		do   func() error
		want []string
	}{
		{"add", func() error {
			i, err := d.AddLevel("Annex")
			if err == nil && i != 1 {
				err = fmt.Errorf("added at %d, want 1", i)
			}
			return err
		}, []string{"Repository Seven", "Annex"}},
		{"duplicate", func() error {
			i, err := d.DuplicateLevel(0)
			if err == nil && i != 1 {
				err = fmt.Errorf("duplicated to %d, want 1", i)
			}
			return err
		}, []string{"Repository Seven", "Repository Seven", "Annex"}},
		{"copy from", func() error { return d.CopyLevelFrom(other, 0, 1) },
			[]string{"Repository Seven", "The Ascension Factor", "Repository Seven", "Annex"}},
		{"move", func() error { return d.MoveLevel(1, 3) },
			[]string{"Repository Seven", "Repository Seven", "Annex", "The Ascension Factor"}},
		{"rename", func() error { return d.RenameLevel(1, "Repository Eight") },
			[]string{"Repository Seven", "Repository Eight", "Annex", "The Ascension Factor"}},
		{"delete", func() error { return d.DeleteLevel(2) },
			[]string{"Repository Seven", "Repository Eight", "The Ascension Factor"}},
	}
	for _, s := range steps {
		doctest.OneStep(t, d.History, s.name, s.do)
		data := doctest.Bytes(t, d)
		reloaded := reloadChecked(t, data, s.name)
		if got := levelNames(reloaded); !slices.Equal(got, s.want) {
			t.Fatalf("%s: reloaded, the levels are %q, want %q", s.name, got, s.want)
		}
		if !bytes.Equal(doctest.Bytes(t, reloaded), data) {
			t.Fatalf("%s: the reloaded file saves to other bytes", s.name)
		}
		states = append(states, data)
	}
	// The copied level is the other file's, chunk for chunk.
	copied, ascension := d.File.Entries[2], other.File.Entries[0]
	if len(copied.Chunks) != len(ascension.Chunks) {
		t.Fatalf("the copied level has %d chunks, the original %d", len(copied.Chunks), len(ascension.Chunks))
	}
	for i, c := range copied.Chunks {
		if c.Tag != ascension.Chunks[i].Tag || !bytes.Equal(c.Data, ascension.Chunks[i].Data) {
			t.Fatalf("the copied level's chunk %d (%s) differs from the original's", i, c.Tag[:])
		}
	}
	if !bytes.Equal(doctest.Bytes(t, other), otherBytes) {
		t.Fatal("copying a level out of a file changed that file")
	}
	edited := states[len(states)-1]
	for i := len(steps) - 1; i >= 0; i-- {
		if _, err := d.History.Undo(); err != nil {
			t.Fatal(err)
		}
		if at := document.FirstDifference(doctest.Bytes(t, d), states[i]); at >= 0 {
			t.Fatalf("undoing %s: the bytes differ from before it at offset %d", steps[i].name, at)
		}
	}
	redoAll(t, d)
	if !bytes.Equal(doctest.Bytes(t, d), edited) {
		t.Fatal("redoing every step does not give back the edited file")
	}
}

// TestLevelDirectoryRecords: in a file that keeps Marathon Infinity's
// 74-byte directory records, added, copied and renamed levels get the
// record the engine lists them by (their flags and name, from their map
// info), and the records move with their levels.
func TestLevelDirectoryRecords(t *testing.T) {
	f := wad.New(4, 1, "Records")
	f.Header.AppDataSize = codec.DirectoryDataSize
	e, _ := codec.NewLevelEntry(f, 0, "First")
	f.SetEntries([]*wad.Entry{e})
	d, err := Load("records.sceA", f.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	original := doctest.Bytes(t, d)
	if _, err := d.AddLevel("Second"); err != nil {
		t.Fatal(err)
	}
	if _, err := d.DuplicateLevel(0); err != nil {
		t.Fatal(err)
	}
	if err := d.RenameLevel(1, "Copy of First"); err != nil {
		t.Fatal(err)
	}
	if err := d.MoveLevel(2, 0); err != nil {
		t.Fatal(err)
	}
	reloaded := reloadChecked(t, doctest.Bytes(t, d), "records")
	want := []string{"Second", "First", "Copy of First"}
	for i, e := range reloaded.File.Entries {
		if len(e.AppData) != codec.DirectoryDataSize {
			t.Fatalf("entry %d: %d bytes of directory record, want %d", i, len(e.AppData), codec.DirectoryDataSize)
		}
		name, _, _ := bytes.Cut(e.AppData[8:], []byte{0})
		if string(name) != want[i] {
			t.Errorf("entry %d: the directory record names %q, want %q", i, name, want[i])
		}
		info := reloaded.Levels[i].Info[0]
		if flags := uint32(e.AppData[4])<<24 | uint32(e.AppData[5])<<16 | uint32(e.AppData[6])<<8 | uint32(e.AppData[7]); flags != info.EntryFlags {
			t.Errorf("entry %d: the directory record's entry flags are %#x, the map info's %#x", i, flags, info.EntryFlags)
		}
	}
	undoAll(t, d)
	if !bytes.Equal(doctest.Bytes(t, d), original) {
		t.Fatal("undoing every step does not give back the original file")
	}
}

// TestLevelOperationsRefused: what the engine could not load, or the
// document cannot hold, is refused with a message saying why, and
// leaves no step and no changed byte.
func TestLevelOperationsRefused(t *testing.T) {
	d := openCorpus(t, "marathon", "jp", "tempus", "Repository-Seven.sceA")
	m1 := openCorpus(t, "marathon", "m1", "Map.scen")
	original := doctest.Bytes(t, d)
	cases := []struct {
		name, want string
		do         func() error
	}{
		{"delete the only level", "only level", func() error { return d.DeleteLevel(0) }},
		{"delete a level the file lacks", "no map level 4", func() error { return d.DeleteLevel(4) }},
		{"move past the end", "position from 0 to 0, got 1", func() error { return d.MoveLevel(0, 1) }},
		{"duplicate a level the file lacks", "no map level -1", func() error { _, err := d.DuplicateLevel(-1); return err }},
		{"a name too long", "at most 65 fit", func() error { return d.RenameLevel(0, strings.Repeat("x", 70)) }},
		{"add with a name too long", "at most 65 fit", func() error { _, err := d.AddLevel(strings.Repeat("x", 66)); return err }},
		{"copy from Marathon 1", "data version 1", func() error { return d.CopyLevelFrom(m1, 0, 0) }},
		{"copy to a position past the end", "position from 0 to 1, got 2", func() error { return d.CopyLevelFrom(d, 0, 2) }},
		{"add to Marathon 1", "a Marathon 1 file", func() error { _, err := m1.AddLevel("New"); return err }},
	}
	for _, c := range cases {
		err := c.do()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error saying %q", c.name, err, c.want)
		}
	}
	if n, _ := d.History.Steps(); n != 0 {
		t.Fatalf("refused operations left %d steps", n)
	}
	if n, _ := m1.History.Steps(); n != 0 {
		t.Fatalf("refused operations left %d steps in the Marathon 1 file", n)
	}
	if !bytes.Equal(doctest.Bytes(t, d), original) {
		t.Fatal("refused operations changed the file")
	}
}

// TestLevelOperationsMarathon1 duplicates, moves and deletes levels of
// the Marathon 1 scenario (wad version 0, with no directory indexes or
// records): the result loads, indexed by position, and undoing gives
// back the original bytes, MacBinary wrapping and all.
func TestLevelOperationsMarathon1(t *testing.T) {
	d := openCorpus(t, "marathon", "m1", "Map.scen")
	original := doctest.Bytes(t, d)
	names := levelNames(d)
	if _, err := d.DuplicateLevel(3); err != nil {
		t.Fatal(err)
	}
	if err := d.MoveLevel(4, 0); err != nil {
		t.Fatal(err)
	}
	if err := d.DeleteLevel(10); err != nil {
		t.Fatal(err)
	}
	reloaded, err := Load("m1", doctest.Bytes(t, d))
	if err != nil {
		t.Fatal(err)
	}
	// The copy of level 3 first, then levels 0 to 8 and 10 on: the
	// tenth position held level 9.
	want := append([]string{names[3]}, names[:9]...)
	want = append(want, names[10:]...)
	if got := levelNames(reloaded); !slices.Equal(got, want) {
		t.Fatalf("the levels are %q, want %q", got, want)
	}
	undoAll(t, d)
	if at := document.FirstDifference(doctest.Bytes(t, d), original); at >= 0 {
		t.Fatalf("undoing every step: the bytes differ from the original at offset %d", at)
	}
}

// levelEditKinds are the random level operations of the property test
// (randomEdits) on a document whose edits are of level: they add,
// duplicate, rename, move and delete levels after it, so that it keeps
// its index.
var levelEditKinds = []editKind{
	{"add or duplicate a level", func(d *Document, level int, rng *rand.Rand) error {
		if d.File.Header.DataVersion == 0 || rng.IntN(2) == 0 {
			_, err := d.DuplicateLevel(level + rng.IntN(len(d.Levels)-level))
			return err
		}
		_, err := d.AddLevel(fmt.Sprintf("Level %d", rng.IntN(100)))
		return err
	}},
	{"rename, move or delete a level after", func(d *Document, level int, rng *rand.Rand) error {
		if len(d.Levels) <= level+1 {
			return randomedit.ErrNothing
		}
		i := level + 1 + rng.IntN(len(d.Levels)-level-1)
		switch rng.IntN(3) {
		case 0:
			return d.RenameLevel(i, fmt.Sprintf("Renamed %d", rng.IntN(100)))
		case 1:
			return d.MoveLevel(i, level+1+rng.IntN(len(d.Levels)-level-1))
		}
		return d.DeleteLevel(i)
	}},
}

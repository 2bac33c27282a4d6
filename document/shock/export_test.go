package shock

import (
	"bytes"
	"reflect"
	"slices"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/internal/jsontest"
)

// TestUnchangedExportImportsToIdenticalFile, for every level of the
// corpus archive and of a new one.
func TestUnchangedExportImportsToIdenticalFile(t *testing.T) {
	for _, doc := range []func(testing.TB) *Document{corpusDocument, newDocument} {
		d := doc(t)
		original := mustBytes(t, d)
		for i, l := range d.Archive.Levels {
			if l == nil {
				continue
			}
			lj, err := d.Export(i)
			if err != nil {
				t.Fatal(err)
			}
			rep, err := d.Import(jsontest.RoundTrip(t, lj))
			if err != nil {
				t.Fatalf("level %d: %v", i, err)
			}
			if rep.Steps != 0 || len(rep.Created)+len(rep.Deleted) != 0 {
				t.Fatalf("level %d: unchanged text made %+v", i, rep)
			}
		}
		if !bytes.Equal(mustBytes(t, d), original) {
			t.Fatal("importing unchanged text changed the file")
		}
	}
}

// TestEditedExportImports: edits made to the text arrive in the file, as
// undo steps, and the file exports to the edited text.
func TestEditedExportImports(t *testing.T) {
	d := corpusDocument(t)
	original := mustBytes(t, d)
	level := 1
	lj, err := d.Export(level)
	if err != nil {
		t.Fatal(err)
	}
	edited := jsontest.RoundTrip(t, lj)
	tile := &edited.Tiles[33*edited.Width+30]
	tile.FloorHeight, tile.Music = 7, 3
	linked := map[int]bool{}
	for _, k := range lj.Links {
		linked[k.To] = true
	}
	find := func(keep func(ObjectJSON) bool) int {
		for i, o := range edited.Objects {
			if keep(o) {
				return i
			}
		}
		t.Fatal("the corpus level has no object to edit")
		return 0
	}
	trap := find(func(o ObjectJSON) bool { return o.Class == codec.ClassTrap && !linked[o.Index] })
	edited.Objects[trap].Trap.Comparator = uint32(codec.MakeComparator(12, true, codec.OpGreater, 3, 0))
	moved := find(func(o ObjectJSON) bool { return o.Class == codec.ClassSmallStuff })
	edited.Objects[moved].X += 0x80
	edited.Objects[moved].Heading = 64
	gone := find(func(o ObjectJSON) bool { return o.Class == codec.ClassAmmo && !linked[o.Index] })
	deleted := edited.Objects[gone].Index
	edited.Objects = slices.Delete(edited.Objects, gone, gone+1)
	edited.Objects = append(edited.Objects, ObjectJSON{Index: 9999, Class: codec.ClassDrug, ClassName: "drug", Type: 2,
		X: 30<<8 | 0x40, Y: 33<<8 | 0x40, Data: strings.Repeat("00", codec.ClassTableSizes[codec.ClassDrug].Size-6)})

	rep, err := d.Import(edited)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Steps == 0 || !slices.Equal(rep.Deleted, []int{deleted}) || len(rep.Created) != 1 {
		t.Fatalf("report %+v", rep)
	}
	checkClean(t, d, level, "import")

	// The file exports to the edited text, but for what follows from the
	// edits: the new object's index, the trap's bytes and condition text.
	got, err := d.Export(level)
	if err != nil {
		t.Fatal(err)
	}
	got = jsontest.RoundTrip(t, got)
	edited.Objects[len(edited.Objects)-1].Index = rep.Created[9999]
	slices.SortFunc(edited.Objects, func(a, b ObjectJSON) int { return a.Index - b.Index })
	got.Links, edited.Links = nil, nil
	tile.Flags = tile.Flags&^codec.FlagMusicMask | 3<<12 // music lives in the flag word
	for i := range got.Objects {
		if g, e := &got.Objects[i], &edited.Objects[i]; g.Trap != nil && e.Trap != nil && g.Index == e.Index {
			e.Trap.Condition = g.Trap.Condition
			if e.Trap.Comparator == g.Trap.Comparator {
				e.Data = g.Data
			}
		}
	}
	if len(got.Objects) != len(edited.Objects) {
		t.Fatalf("the file holds %d objects, the text %d", len(got.Objects), len(edited.Objects))
	}
	for i := range got.Objects {
		if !reflect.DeepEqual(got.Objects[i], edited.Objects[i]) {
			t.Fatalf("exported %+v, edited %+v", got.Objects[i], edited.Objects[i])
		}
	}
	if !reflect.DeepEqual(got, edited) {
		t.Fatal("the file's tiles do not export to the edited text")
	}
	// Undoing the import gives back the original file.
	for range rep.Steps {
		if _, err := d.History.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(mustBytes(t, d), original) {
		t.Fatal("undoing the import does not give back the original file")
	}
}

// TestFailedImportChangesNothing: text that fails part way (a tile edit,
// then an object whose data does not fit) leaves the file and its
// history as they were.
func TestFailedImportChangesNothing(t *testing.T) {
	d := newDocument(t)
	original := mustBytes(t, d)
	lj, err := d.Export(1)
	if err != nil {
		t.Fatal(err)
	}
	in := jsontest.RoundTrip(t, lj)
	in.Tiles[30*64+30].FloorHeight = 12
	in.Objects = append(in.Objects, ObjectJSON{Index: 5, Class: codec.ClassGun, X: 30 << 8, Y: 30 << 8, Data: "00"})
	if _, err := d.Import(in); err == nil {
		t.Fatal("a gun with one byte of data imported")
	}
	if steps, _ := d.History.Steps(); steps != 0 || !bytes.Equal(mustBytes(t, d), original) {
		t.Fatalf("a failed import left %d steps or changed bytes", steps)
	}
}

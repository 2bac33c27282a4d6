package shock

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/jsontest"
)

// openCorpus opens the corpus archive.
func openCorpus(t *testing.T) *Document {
	t.Helper()
	d, err := Open(corpus.Path(t, "shock", "derelict", "archive.dat"))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// referenced finds, on the corpus archive's levels, a link from an
// object of class from to an object that nothing else names: the target
// to delete, and the link that names it.
func referenced(t *testing.T, d *Document, from uint8) (level int, k codec.Link) {
	t.Helper()
	for level, l := range d.Archive.Levels {
		if l == nil {
			continue
		}
		for _, k := range l.Links() {
			if l.Objects[k.From].Class == from && k.Field != codec.FieldStateTrap && len(l.LinksTo(k.To)) == 1 && k.To != k.From {
				return level, k
			}
		}
	}
	t.Fatalf("no %s of the corpus archive names an object", codec.ClassNames[from])
	return 0, codec.Link{}
}

// TestDeleteClearsReferences: deleting an object that a trap (trigger)
// or a container names, as the GUI does, lists that link first, clears
// it in the same step, leaves the level without errors, and lets the
// next object take the slot, which nothing names any more. One undo
// gives back the original bytes, one redo the edited ones.
func TestDeleteClearsReferences(t *testing.T) {
	for _, class := range []uint8{codec.ClassTrap, codec.ClassContainer} {
		t.Run(codec.ClassNames[class], func(t *testing.T) {
			d := openCorpus(t)
			level, k := referenced(t, d, class)
			l := d.Archive.Levels[level]
			deleted := []document.Ref{{Level: level, Kind: KindObject, Index: k.To}}
			refs, err := d.Referrers(deleted)
			if err != nil {
				t.Fatal(err)
			}
			want := document.Referrer{From: document.Ref{Level: level, Kind: KindObject, Index: k.From}, To: deleted[0],
				Name: reference{Link: k, Screen: -1}.String()}
			if !slices.Equal(refs, []document.Referrer{want}) {
				t.Fatalf("referrers of object %d: %v, want %v", k.To, refs, want)
			}
			original := mustBytes(t, d)
			steps, _ := d.History.Steps()
			if err := d.Delete(deleted); err != nil {
				t.Fatal(err)
			}
			if after, _ := d.History.Steps(); after != steps+1 {
				t.Fatalf("the delete took %d steps", after-steps)
			}
			if l.Objects[k.To].Active != 0 {
				t.Fatalf("object %d is still in use", k.To)
			}
			if got := l.LinksTo(k.To); len(got) != 0 {
				t.Fatalf("after the delete, %v still name object %d", got, k.To)
			}
			if found := slices.ContainsFunc(l.LinksFrom(k.From), func(o codec.Link) bool { return o.Field == k.Field }); found {
				t.Fatalf("object %d's %s still names an object: %v", k.From, k.Field, l.LinksFrom(k.From))
			}
			checkClean(t, d, level, "the delete")
			edited := mustBytes(t, d)
			x, y, z := openSpot(t, l)
			id, err := d.CreateObject(level, ObjectSpec{Class: codec.ClassCritter, Subclass: 1, Type: 1, X: x, Y: y, Z: z})
			if err != nil {
				t.Fatal(err)
			}
			if got := l.LinksTo(id); len(got) != 0 {
				t.Fatalf("the new object %d is named by %v", id, got)
			}
			checkClean(t, d, level, "placing an object")
			d.History.Undo()
			d.History.Undo()
			if !bytes.Equal(mustBytes(t, d), original) {
				t.Fatal("undoing the delete does not give back the original bytes")
			}
			d.History.Redo()
			if !bytes.Equal(mustBytes(t, d), edited) {
				t.Fatal("redoing the delete does not give back the edited bytes")
			}
		})
	}
}

// TestDeleteTriggerTarget: the case of the issue. Level 0's entry
// trigger 86 names null trigger 87 as its first object; deleting 87
// clears that field (trigger 86 keeps its second object, 88).
func TestDeleteTriggerTarget(t *testing.T) {
	d := openCorpus(t)
	l := d.Archive.Levels[0]
	if !slices.Contains(l.LinksFrom(86), codec.Link{From: 86, To: 87, Field: "first object"}) {
		t.Fatalf("level 0's object 86 does not name 87: %v", l.LinksFrom(86))
	}
	refs, err := d.Referrers([]document.Ref{{Level: 0, Kind: KindObject, Index: 87}})
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(refs); got != "[object 86's first object (object 87)]" {
		t.Fatalf("referrers %s", got)
	}
	if err := d.DeleteObjects(0, []int{87}); err != nil {
		t.Fatal(err)
	}
	if got := l.LinksFrom(86); !slices.Equal(got, []codec.Link{{From: 86, To: 88, Field: "second object"}}) {
		t.Fatalf("trigger 86's links after the delete: %v", got)
	}
}

// TestDeleteObjectsAndTiles: Delete takes objects and tiles of one level
// as one step: the objects go, the tiles turn solid, and one undo gives
// back the original bytes. Another kind, or refs of two levels, are
// refused and change nothing.
func TestDeleteObjectsAndTiles(t *testing.T) {
	d := openCorpus(t)
	level, k := referenced(t, d, codec.ClassContainer)
	l := d.Archive.Levels[level]
	w := int(l.Info.Width)
	open := slices.IndexFunc(l.Tiles, func(tile codec.Tile) bool { return tile.Shape != codec.ShapeSolid })
	if open < 0 {
		t.Fatalf("level %d has no open tile", level)
	}
	original := mustBytes(t, d)
	for _, bad := range [][]document.Ref{
		{{Level: level, Kind: KindObject, Index: k.To}, {Level: level, Kind: KindXref, Index: 1}},
		{{Level: level, Kind: KindObject, Index: k.To}, {Level: level + 1, Kind: KindTile, Index: open}},
	} {
		if err := d.Delete(bad); err == nil {
			t.Errorf("Delete(%v) was not refused", bad)
		}
		if _, err := d.Referrers(bad); err == nil {
			t.Errorf("Referrers(%v) was not refused", bad)
		}
	}
	if steps, _ := d.History.Steps(); steps != 0 || !bytes.Equal(mustBytes(t, d), original) {
		t.Fatalf("refused deletes made %d steps or changed the file", steps)
	}
	refs := []document.Ref{{Level: level, Kind: KindTile, Index: open}, {Level: level, Kind: KindObject, Index: k.To}}
	if err := d.Delete(refs); err != nil {
		t.Fatal(err)
	}
	if steps, _ := d.History.Steps(); steps != 1 {
		t.Fatalf("the delete took %d steps", steps)
	}
	if l.Objects[k.To].Active != 0 || len(l.LinksTo(k.To)) != 0 {
		t.Fatalf("object %d is in use (%d) or named (%v)", k.To, l.Objects[k.To].Active, l.LinksTo(k.To))
	}
	if shape := l.Tile(open%w, open/w).Shape; shape != codec.ShapeSolid {
		t.Fatalf("tile %d is %v after the delete, want solid", open, shape)
	}
	d.History.Undo()
	if !bytes.Equal(mustBytes(t, d), original) {
		t.Fatal("undoing the delete does not give back the original bytes")
	}
}

// TestNamedSlotNotReused: an object deleted without clearing what names
// it (as an import that drops it does) leaves its slot free but named:
// the next object takes another slot, and the level reports the trap's
// reference to the free slot as an error. Once the reference is gone
// the slot is the first taken again.
func TestNamedSlotNotReused(t *testing.T) {
	d := openCorpus(t)
	level, k := referenced(t, d, codec.ClassTrap)
	l := d.Archive.Levels[level]
	if err := d.DeleteObject(level, k.To); err != nil {
		t.Fatal(err)
	}
	if int(l.Objects[0].Next) != k.To {
		t.Fatalf("the free list starts at %d, not at the deleted object %d", l.Objects[0].Next, k.To)
	}
	p, err := d.Problems(level)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(p, func(q codec.Problem) bool {
		return q.Severity == "error" && q.Code == "target-missing" && q.Index == k.From
	}) {
		t.Fatalf("no target-missing error for object %d naming free slot %d: %v", k.From, k.To, p)
	}
	x, y, z := openSpot(t, l)
	spec := ObjectSpec{Class: codec.ClassCritter, Subclass: 1, Type: 1, X: x, Y: y, Z: z}
	id, err := d.CreateObject(level, spec)
	if err != nil {
		t.Fatal(err)
	}
	if id == k.To {
		t.Fatalf("the new object took slot %d, which object %d's %s still names", id, k.From, k.Field)
	}
	o := l.Objects[k.From]
	data, err := d.ClassData(level, k.From)
	if err != nil {
		t.Fatal(err)
	}
	if !codec.ClearLink(o, data, k) {
		t.Fatalf("object %d's data holds no %s naming %d", k.From, k.Field, k.To)
	}
	if err := d.SetClassData(level, k.From, data); err != nil {
		t.Fatal(err)
	}
	if next, err := d.CreateObject(level, spec); err != nil || next != k.To {
		t.Fatalf("with nothing naming it, the next object took slot %d (%v), want %d", next, err, k.To)
	}
}

// TestCheckReportsFreeSlotReference: a file written elsewhere whose trap
// names a free object slot is reported by check as an error, with the
// trap, the field and the slot in the message.
func TestCheckReportsFreeSlotReference(t *testing.T) {
	d := openCorpus(t)
	level, k := referenced(t, d, codec.ClassTrap)
	l := d.Archive.Levels[level]
	free := int(l.Objects[0].Next)
	if free == 0 || l.Objects[free].Active != 0 {
		t.Fatalf("level %d has no free slot at the head of its free list", level)
	}
	o := l.Objects[k.From]
	data := l.Classes[o.Class][o.SpecID].Data
	setField(t, o, data, k.Field, free)
	if !slices.Contains(l.LinksFrom(k.From), codec.Link{From: k.From, To: free, Field: k.Field}) {
		t.Fatalf("object %d's %s does not name slot %d: %v", k.From, k.Field, free, l.LinksFrom(k.From))
	}
	written := mustBytes(t, d)
	problems, err := format{}.Check(written)
	if err != nil {
		t.Fatal(err)
	}
	// Written by the codec, as another tool would write it.
	want := fmt.Sprintf("%d's %s is object %d, which is not in use", k.From, k.Field, free)
	for _, p := range problems {
		if p.Level == level && p.Index == k.From && p.Severity == "error" && p.Code == "target-missing" && bytes.Contains([]byte(p.Message), []byte(want)) {
			return
		}
	}
	t.Fatalf("check reports no target-missing error %q: %v", want, problems)
}

// setField writes id into the trap parameter field of o's data.
func setField(t *testing.T, o codec.Object, data []byte, field string, id int) {
	t.Helper()
	tr := codec.DecodeTrap(data)
	for _, f := range codec.ParamLayout(o, tr) {
		if f.Name == field {
			f.Set(&tr, uint32(id))
			tr.Encode(data)
			return
		}
	}
	t.Fatalf("no parameter %q", field)
}

// TestImportDoesNotTakeNamedSlots: an import that deletes an object others
// name (keeping the names, as import does) and creates objects whose text
// gives no free slot never puts a new object in the slot still named.
func TestImportDoesNotTakeNamedSlots(t *testing.T) {
	d := openCorpus(t)
	level, k := referenced(t, d, codec.ClassTrap)
	lj, err := d.Export(level)
	if err != nil {
		t.Fatal(err)
	}
	in := jsontest.RoundTrip(t, lj)
	in.Objects = slices.DeleteFunc(in.Objects, func(oj ObjectJSON) bool { return oj.Index == k.To })
	l := d.Archive.Levels[level]
	plain := slices.IndexFunc(in.Objects, func(oj ObjectJSON) bool {
		return len(l.LinksFrom(oj.Index)) == 0 && oj.Class == codec.ClassSmallStuff
	})
	if plain < 0 {
		t.Fatal("no small stuff naming nothing to copy")
	}
	for n := range 3 { // copies, at indexes the level has no slot for
		c := in.Objects[plain]
		c.Index = len(l.Objects) + n
		in.Objects = append(in.Objects, c)
	}
	rep, err := d.Import(in)
	if err != nil {
		t.Fatal(err)
	}
	for text, id := range rep.Created {
		if id == k.To {
			t.Errorf("object %d of the text took slot %d, which object %d's %s names", text, id, k.From, k.Field)
		}
	}
	if len(rep.Created) != 3 {
		t.Fatalf("%d objects created, want 3", len(rep.Created))
	}
}

// TestImportedMapNoteTakesItsSlot: a map note the text adds goes in the
// slot the text gives it when that is free, not the first free one.
func TestImportedMapNoteTakesItsSlot(t *testing.T) {
	d := openCorpus(t)
	level := firstLevel(d)
	l := d.Archive.Levels[level]
	first := int(l.Objects[0].Next) // the free list's head
	want := int(l.Objects[first].Next)
	if first == 0 || want == 0 {
		t.Fatal("the level has fewer than two free slots")
	}
	lj, err := d.Export(level)
	if err != nil {
		t.Fatal(err)
	}
	in := jsontest.RoundTrip(t, lj)
	scratch := openCorpus(t)
	id, err := scratch.AddMapNote(level, 20<<8, 20<<8, "HERE")
	if err != nil {
		t.Fatal(err)
	}
	added, err := scratch.Export(level)
	if err != nil {
		t.Fatal(err)
	}
	for _, oj := range added.Objects {
		if oj.Index == id {
			oj.Index = want
			in.Objects = append(in.Objects, oj)
		}
	}
	note := added.MapNotes[len(added.MapNotes)-1]
	note.Object = want
	in.MapNotes = append(in.MapNotes, note)
	rep, err := d.Import(in)
	if err != nil {
		t.Fatal(err)
	}
	if got := rep.Created[want]; got != want {
		t.Fatalf("the map note the text gives slot %d went to %d", want, got)
	}
}

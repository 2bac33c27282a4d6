package shock

import (
	"bytes"
	"reflect"
	"slices"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// doorPair is a door of the corpus whose other half names it back, with
// its level.
func doorPair(t *testing.T, d *Document) (level, a, b int) {
	t.Helper()
	for i, l := range d.Archive.Levels {
		if l == nil {
			continue
		}
		for _, k := range l.Links() {
			if k.Field != codec.FieldOtherHalf {
				continue
			}
			for _, back := range l.LinksFrom(k.To) {
				if back.Field == codec.FieldOtherHalf && back.To == k.From && k.From != k.To {
					return i, k.From, k.To
				}
			}
		}
	}
	t.Fatal("the corpus has no pair of door halves")
	return 0, 0, 0
}

// TestPasteObjectsIntoAnotherArchive: a pair of door halves and an
// object whose targets are left behind, copied from the corpus and pasted
// into a new archive through the clipboard text, become three objects
// in one step: the pair names each other's copies, the third
// object's references are cleared with a note each, and the level is clean. Undo takes
// the new archive back to its bytes.
func TestPasteObjectsIntoAnotherArchive(t *testing.T) {
	src := corpusDocument(t)
	level, a, b := doorPair(t, src)
	l := src.Archive.Levels[level]
	lone, leaving := 0, 0 // an object naming others, none of them a, b or a state trap
	for id := range l.Objects {
		links := l.LinksFrom(id)
		if lone != 0 || len(links) == 0 || id == a || id == b {
			continue
		}
		if !slices.ContainsFunc(links, func(k codec.Link) bool {
			return k.Field == codec.FieldStateTrap || k.To == a || k.To == b || k.To == id
		}) {
			lone, leaving = id, len(links)
		}
	}
	if lone == 0 {
		t.Fatal("no third object naming others")
	}
	clip, err := src.CopyObjects(level, []int{a, b, lone})
	if err != nil {
		t.Fatal(err)
	}
	text, err := clip.Text()
	if err != nil {
		t.Fatal(err)
	}
	parsed, err := ParseObjectClip(text)
	if err != nil || !reflect.DeepEqual(parsed, clip) {
		t.Fatalf("the clip's text reads back as %+v (%v)", parsed, err)
	}

	dst := newDocument(t)
	to := firstLevel(dst)
	original := mustBytes(t, dst)
	cx, cy := clip.Center()
	ids, notes, err := dst.PasteObjects(to, parsed, 8<<8-cx, 8<<8-cy)
	if err != nil {
		t.Fatal(err)
	}
	nl := dst.Archive.Levels[to]
	half := func(id int) int {
		o := nl.Objects[id]
		_, v, _ := codec.DecodeClassRecord(o, nl.Classes[o.Class][o.SpecID].Data).Field(codec.FieldOtherHalf)
		return int(v)
	}
	if len(ids) != 3 || half(ids[0]) != ids[1] || half(ids[1]) != ids[0] || len(nl.LinksFrom(ids[2])) != 0 {
		t.Fatalf("pasted %v with other halves %d, %d, the third's links %v", ids, half(ids[0]), half(ids[1]), nl.LinksFrom(ids[2]))
	}
	if len(notes) != leaving || !strings.Contains(notes[0], "which was not copied: cleared") {
		t.Fatalf("notes %q, want one for each of the %d references of object %d", notes, leaving, lone)
	}
	for i, id := range ids {
		o, c := nl.Objects[id], parsed.Objects[i]
		if o.Class != c.Class || o.Type != c.Type || int(o.X)-int(c.X) != 8<<8-cx || o.HP != c.HP {
			t.Errorf("pasted object %d is %+v, copied %+v", id, o, c)
		}
	}
	checkClean(t, dst, to, "paste")
	if steps, _ := dst.History.Steps(); steps != 1 {
		t.Fatalf("the paste took %d steps", steps)
	}
	if _, err := dst.History.Undo(); err != nil || !bytes.Equal(mustBytes(t, dst), original) {
		t.Fatalf("undoing the paste (%v) does not give back the bytes", err)
	}
}

// TestPasteObjectsRefusals: a paste that would put an object off the map
// and clipboard text that is not objects are refused, the paste with no
// step and no changed byte.
func TestPasteObjectsRefusals(t *testing.T) {
	d := corpusDocument(t)
	level, a, _ := doorPair(t, d)
	clip, err := d.CopyObjects(level, []int{a})
	if err != nil {
		t.Fatal(err)
	}
	e := &editor{t: t, d: d}
	w := int(d.Archive.Levels[level].Info.Width)
	if !e.refused(func() error { _, _, err := d.PasteObjects(level, clip, w<<8, 0); return err }) {
		t.Error("a paste off the map was not refused")
	}
	bad := clip
	bad.Objects = []ClipObject{clip.Objects[0]}
	bad.Objects[0].Data = bad.Objects[0].Data[1:]
	text, _ := bad.Text()
	for _, s := range []string{"", "{}", `{"kind":"levelwright/shock-objects","objects":[{"class":15}]}`, text} {
		if _, err := ParseObjectClip(s); err == nil {
			t.Errorf("%q was read as objects", s)
		}
	}
}

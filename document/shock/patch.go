package shock

import (
	"bytes"
	"cmp"
	"slices"

	"github.com/google/uuid"
	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/undo"
)

// change is one record's content before and after an edit.
type change[T any] struct {
	index         int
	before, after T
}

// entryKey names a class-table entry.
type entryKey struct{ class, index int }

// recorder applies an edit to a level and remembers the content each
// record had before it was first touched, so that the edit becomes a
// patch: the object, cross-reference, class-entry and tile-chain records
// it changed, before and after. Every object edit goes through one.
type recorder struct {
	doc        *Document
	level      *codec.Level
	levelIndex int
	objects    map[int]codec.Object
	xrefs      map[int]codec.Xref
	entries    map[entryKey]codec.ClassEntry
	tileRefs   map[int]uint16
	born       []int // objects that come into existence
	retired    []int // objects that cease to exist
}

func (d *Document) record(level int) (*recorder, error) {
	l, err := d.Level(level)
	if err != nil {
		return nil, err
	}
	return &recorder{doc: d, level: l, levelIndex: level, objects: map[int]codec.Object{}, xrefs: map[int]codec.Xref{},
		entries: map[entryKey]codec.ClassEntry{}, tileRefs: map[int]uint16{}}, nil
}

// object returns object i for writing.
func (r *recorder) object(i int) *codec.Object {
	if _, ok := r.objects[i]; !ok {
		r.objects[i] = r.level.Objects[i]
	}
	return &r.level.Objects[i]
}

// xref returns cross-reference i for writing.
func (r *recorder) xref(i int) *codec.Xref {
	if _, ok := r.xrefs[i]; !ok {
		r.xrefs[i] = r.level.Xrefs[i]
	}
	return &r.level.Xrefs[i]
}

// entry returns entry i of class's table for writing; its Data may be
// written in place.
func (r *recorder) entry(class, i int) *codec.ClassEntry {
	k := entryKey{class, i}
	if _, ok := r.entries[k]; !ok {
		r.entries[k] = cloneEntry(r.level.Classes[class][i])
	}
	return &r.level.Classes[class][i]
}

// tileRef returns tile i's first cross-reference for writing.
func (r *recorder) tileRef(i int) *uint16 {
	if _, ok := r.tileRefs[i]; !ok {
		r.tileRefs[i] = r.level.Tiles[i].ObjRef
	}
	return &r.level.Tiles[i].ObjRef
}

func cloneEntry(e codec.ClassEntry) codec.ClassEntry {
	e.Data = bytes.Clone(e.Data)
	return e
}

// rollback puts back everything the recorder touched.
func (r *recorder) rollback() {
	r.patch("", "").apply(false)
}

// patch turns what the recorder touched into a command, leaving out the
// records the edit left as they were. mergeKey, when not empty, lets the
// next patch with the same key merge into this one (a drag).
func (r *recorder) patch(description, mergeKey string) *patch {
	p := &patch{doc: r.doc, level: r.level, levelIndex: r.levelIndex, description: description, mergeKey: mergeKey,
		born: r.born, retired: r.retired, handles: map[int]uuid.UUID{}}
	for _, i := range sortedKeys(r.objects) {
		if after := r.level.Objects[i]; after != r.objects[i] {
			p.objects = append(p.objects, change[codec.Object]{i, r.objects[i], after})
		}
	}
	for _, i := range sortedKeys(r.xrefs) {
		if after := r.level.Xrefs[i]; after != r.xrefs[i] {
			p.xrefs = append(p.xrefs, change[codec.Xref]{i, r.xrefs[i], after})
		}
	}
	keys := make([]entryKey, 0, len(r.entries))
	for k := range r.entries {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b entryKey) int { return cmp.Or(cmp.Compare(a.class, b.class), cmp.Compare(a.index, b.index)) })
	for _, k := range keys {
		before, after := r.entries[k], r.level.Classes[k.class][k.index]
		if !sameEntry(before, after) {
			p.entries = append(p.entries, entryChange{k, before, cloneEntry(after)})
		}
	}
	for _, i := range sortedKeys(r.tileRefs) {
		if after := r.level.Tiles[i].ObjRef; after != r.tileRefs[i] {
			p.tileRefs = append(p.tileRefs, change[uint16]{i, r.tileRefs[i], after})
		}
	}
	return p
}

func sameEntry(a, b codec.ClassEntry) bool {
	return a.ID == b.ID && a.Next == b.Next && a.Prev == b.Prev && bytes.Equal(a.Data, b.Data)
}

func sortedKeys[V any](m map[int]V) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// commit records the edit as one step. An edit that changed nothing is
// not recorded.
func (r *recorder) commit(description, mergeKey string) error {
	p := r.patch(description, mergeKey)
	if p.empty() {
		return nil
	}
	return r.doc.Record(p)
}

type entryChange struct {
	key           entryKey
	before, after codec.ClassEntry
}

// patch is an undo command that sets records of one level to their
// content before or after an edit, and keeps the handles of the objects
// the edit creates or deletes.
type patch struct {
	doc         *Document
	level       *codec.Level
	levelIndex  int
	description string
	mergeKey    string
	objects     []change[codec.Object]
	xrefs       []change[codec.Xref]
	entries     []entryChange
	tileRefs    []change[uint16]
	born        []int
	retired     []int
	handles     map[int]uuid.UUID // handles of objects that do not exist at the moment
}

func (p *patch) empty() bool {
	return len(p.objects)+len(p.xrefs)+len(p.entries)+len(p.tileRefs) == 0
}

func (p *patch) Do() error {
	p.apply(true)
	p.swapHandles(p.retired, p.born)
	return nil
}

func (p *patch) Undo() error {
	p.apply(false)
	p.swapHandles(p.born, p.retired)
	return nil
}

// swapHandles forgets the handles of the objects gone and gives back
// those of the objects that return.
func (p *patch) swapHandles(gone, back []int) {
	if p.doc == nil {
		return
	}
	for _, i := range gone {
		if id, ok := p.doc.Handles.Forget(p.ref(i)); ok {
			p.handles[i] = id
		}
	}
	for _, i := range back {
		if id, ok := p.handles[i]; ok {
			p.doc.Handles.Restore(p.ref(i), id)
			delete(p.handles, i)
		}
	}
}

func (p *patch) ref(i int) document.Ref {
	return document.Ref{Level: p.levelIndex, Kind: "object", Index: i}
}

// apply writes the records' after (forward) or before content.
func (p *patch) apply(forward bool) {
	for _, c := range p.objects {
		p.level.Objects[c.index] = choose(forward, c.before, c.after)
	}
	for _, c := range p.xrefs {
		p.level.Xrefs[c.index] = choose(forward, c.before, c.after)
	}
	for _, c := range p.entries {
		e := &p.level.Classes[c.key.class][c.key.index]
		src := choose(forward, c.before, c.after)
		e.ID, e.Next, e.Prev = src.ID, src.Next, src.Prev
		copy(e.Data, src.Data)
	}
	for _, c := range p.tileRefs {
		p.level.Tiles[c.index].ObjRef = choose(forward, c.before, c.after)
	}
}

func choose[T any](forward bool, before, after T) T {
	if forward {
		return after
	}
	return before
}

func (p *patch) Describe() string { return p.description }

func (p *patch) Changes() []undo.Change {
	var out []undo.Change
	add := func(kind string, n int, index func(int) int) {
		if n == 0 {
			return
		}
		idx := make([]int, n)
		for i := range idx {
			idx[i] = index(i)
		}
		out = append(out, undo.Change{Level: p.levelIndex, Kind: kind, Indexes: idx})
	}
	add("object", len(p.objects), func(i int) int { return p.objects[i].index })
	add("xref", len(p.xrefs), func(i int) int { return p.xrefs[i].index })
	// A class entry's index is its class in the high 16 bits, its slot in the low.
	add("class-entry", len(p.entries), func(i int) int { return p.entries[i].key.class<<16 | p.entries[i].key.index })
	add("tile", len(p.tileRefs), func(i int) int { return p.tileRefs[i].index })
	return out
}

// Size counts the records the patch holds, twice each.
func (p *patch) Size() int {
	const objectSize, xrefSize, tileRefSize, entryOverhead = 2 * 32, 2 * 16, 2 * 8, 2 * (8 + 24)
	n := len(p.objects)*objectSize + len(p.xrefs)*xrefSize + len(p.tileRefs)*tileRefSize + len(p.description)
	for _, e := range p.entries {
		n += entryOverhead + len(e.before.Data) + len(e.after.Data)
	}
	return n
}

// Merge takes next into p when both are steps of the same gesture: p
// keeps its before content and takes next's after content.
func (p *patch) Merge(next undo.Command) bool {
	n, ok := next.(*patch)
	if !ok || p.mergeKey == "" || n.mergeKey != p.mergeKey || n.level != p.level {
		return false
	}
	p.objects = mergeChanges(p.objects, n.objects)
	p.xrefs = mergeChanges(p.xrefs, n.xrefs)
	p.tileRefs = mergeChanges(p.tileRefs, n.tileRefs)
	for _, c := range n.entries {
		i := slices.IndexFunc(p.entries, func(e entryChange) bool { return e.key == c.key })
		if i < 0 {
			p.entries = append(p.entries, c)
		} else {
			p.entries[i].after = c.after
		}
	}
	p.description = n.description
	return true
}

func mergeChanges[T any](mine, next []change[T]) []change[T] {
	for _, c := range next {
		i := slices.IndexFunc(mine, func(m change[T]) bool { return m.index == c.index })
		if i < 0 {
			mine = append(mine, c)
		} else {
			mine[i].after = c.after
		}
	}
	return mine
}

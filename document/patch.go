package document

import (
	"maps"
	"slices"

	"github.com/google/uuid"
	"github.com/levelwright/levelwright/undo"
)

// Table is one of a document's record slices, as edits see it: L is
// what holds the slice (a level, a map).
type Table[L, T any] struct {
	Kind  Kind // the entity kind named in undo changes and handles
	Size  int  // bytes per record, for the history's size
	Slice func(L) *[]T
	Same  func(a, b T) bool
	Clone func(T) T // nil: records hold no references and copy as they are
}

// PlainTable is a table of records that compare with == and copy as
// they are.
func PlainTable[L any, T comparable](kind Kind, size int, slice func(L) *[]T) *Table[L, T] {
	return &Table[L, T]{kind, size, slice, func(a, b T) bool { return a == b }, nil}
}

// Copy is a copy of record v that shares nothing with it.
func (t *Table[L, T]) Copy(v T) T {
	if t.Clone == nil {
		return v
	}
	return t.Clone(v)
}

// Value is a single field of what L holds, edited as a whole.
type Value[L, T any] struct {
	Kind  Kind
	Size  func(T) int
	Field func(L) *T
	Same  func(a, b T) bool
	Clone func(T) T // nil: copies as it is
}

// Edit is one edit of a target in the making: the content of each table
// before the edit first changed it, the entities it creates and the
// renumberings it makes. Commit records it as one undo step (a Patch);
// Rollback takes it back.
type Edit[L any] struct {
	Target   L
	Level    int            // the level Target is, named in changes and handles
	Born     map[Kind][]int // entities created, by kind
	Renumber []Renumbering
	snaps    map[any]snapshot[L]
	order    []any
	core     *Core // where Commit records the edit
}

// NewEdit starts an edit of target that is not recorded: for trials
// and tests. A document's edits start with Begin.
func NewEdit[L any](target L) *Edit[L] {
	return &Edit[L]{Target: target, Born: map[Kind][]int{}, snaps: map[any]snapshot[L]{}}
}

// Renumbering is how an edit moved one kind of entity: new index by old
// index, -1 for one that is gone. Only moved entities are listed.
type Renumbering struct {
	Kind  Kind
	Moves map[int]int
}

// Touched reports whether the edit changed t (a *Table or *Value).
func (e *Edit[L]) Touched(t any) bool { return e.snaps[t] != nil }

// snapshot is a table's or value's content before an edit.
type snapshot[L any] interface {
	// diff is what the edit changed, nil for nothing.
	diff(target L) diff[L]
}

// diff is a table's or value's content before and after an edit.
type diff[L any] interface {
	apply(target L, after bool)
	merge(next diff[L]) bool
	change(level int) undo.Change
	size() int
}

// tableSnapshot is a table's content before an edit: whole, once the
// edit may change anything in the table, or else the records it
// touched and, when it may append records, its length (records past it
// are new).
type tableSnapshot[L, T any] struct {
	t       *Table[L, T]
	whole   bool
	before  []T       // whole: every record
	records map[int]T // otherwise: the records touched, as they were
	grows   bool      // otherwise: records may be appended
	length  int
	isNil   bool
}

// Touch snapshots t whole before the edit first changes it; the edit
// may then change anything in the table, its length included.
func Touch[L, T any](e *Edit[L], t *Table[L, T]) {
	cur := *t.Slice(e.Target)
	s, ok := e.snaps[t].(*tableSnapshot[L, T])
	if ok && s.whole {
		return
	}
	n := len(cur)
	if ok {
		n = s.length // records past it were appended by this edit
	}
	before := make([]T, n)
	for i := range before {
		before[i] = t.Copy(cur[i])
	}
	if !ok {
		e.snaps[t] = &tableSnapshot[L, T]{t: t, whole: true, before: before, length: len(cur), isNil: cur == nil}
		e.order = append(e.order, t)
		return
	}
	for i, v := range s.records {
		before[i] = v
	}
	s.whole, s.before, s.records, s.grows = true, before, nil, false
}

// TouchAt snapshots record i of t before the edit first changes it; the
// edit may write that record but not shorten the table.
func TouchAt[L, T any](e *Edit[L], t *Table[L, T], i int) {
	s := recordSnapshot(e, t)
	if s.whole || i >= s.length {
		return // snapshotted whole, or appended by this edit
	}
	if _, ok := s.records[i]; !ok {
		s.records[i] = t.Copy((*t.Slice(e.Target))[i])
	}
}

// TouchEnd lets the edit append records to t without a snapshot of the
// whole table, which costs an append to a long table more than the
// rest of its step. The edit may write records it snapshots with
// TouchAt and those it appends, but not shorten the table.
func TouchEnd[L, T any](e *Edit[L], t *Table[L, T]) {
	recordSnapshot(e, t).grows = true
}

// recordSnapshot is t's snapshot in the edit, made for snapshotting
// records one by one if the edit has none yet.
func recordSnapshot[L, T any](e *Edit[L], t *Table[L, T]) *tableSnapshot[L, T] {
	s, ok := e.snaps[t].(*tableSnapshot[L, T])
	if !ok {
		cur := *t.Slice(e.Target)
		s = &tableSnapshot[L, T]{t: t, records: map[int]T{}, length: len(cur), isNil: cur == nil}
		e.snaps[t] = s
		e.order = append(e.order, t)
	}
	return s
}

// TouchValue snapshots v before the edit first changes it.
func TouchValue[L, T any](e *Edit[L], v *Value[L, T]) {
	if e.snaps[v] == nil {
		e.snaps[v] = &valueDiff[L, T]{v: v, before: v.copyOf(*v.Field(e.Target))}
		e.order = append(e.order, v)
	}
}

// Rollback puts every table and value back as it was.
func (e *Edit[L]) Rollback() {
	for _, t := range e.order {
		if d := e.snaps[t].diff(e.Target); d != nil {
			d.apply(e.Target, false)
		}
	}
}

// Patch is the undo command of the edit, nil when it changed nothing.
// It names level in its changes and moves handles for the renumberings.
func (e *Edit[L]) Patch(handles *Handles, level int, description, mergeKey string) *Patch[L] {
	p := &Patch[L]{target: e.Target, level: level, handles: handles, description: description, mergeKey: mergeKey,
		renumber: e.Renumber, forgotten: map[Kind]map[int]uuid.UUID{}}
	for _, t := range e.order {
		if d := e.snaps[t].diff(e.Target); d != nil {
			p.diffs = append(p.diffs, d)
		}
	}
	if len(p.diffs) == 0 {
		return nil
	}
	for kind, born := range e.Born {
		if len(born) > 0 {
			if p.born == nil {
				p.born = map[Kind][]int{}
			}
			p.born[kind] = born
		}
	}
	return p
}

// change is one record's content before and after an edit; a record
// that does not exist on one side holds the zero value there.
type change[T any] struct {
	index         int
	before, after T
}

type recordDiff[L, T any] struct {
	t                   *Table[L, T]
	beforeLen, afterLen int
	beforeNil, afterNil bool
	changes             []change[T]
}

func (s *tableSnapshot[L, T]) diff(target L) diff[L] {
	after := *s.t.Slice(target)
	d := &recordDiff[L, T]{t: s.t, beforeLen: s.length, afterLen: len(after), beforeNil: s.isNil, afterNil: after == nil}
	add := func(i int, before T, inBefore bool) {
		c := change[T]{index: i, before: before}
		inAfter := i < len(after)
		if inAfter {
			c.after = s.t.Copy(after[i])
		}
		if !inBefore || !inAfter || !s.t.Same(c.before, c.after) {
			d.changes = append(d.changes, c)
		}
	}
	if s.whole {
		for i := range max(len(s.before), len(after)) {
			var before T
			if i < len(s.before) {
				before = s.before[i]
				if i < len(after) && s.t.Same(before, after[i]) {
					continue
				}
			}
			add(i, before, i < len(s.before))
		}
	} else {
		for _, i := range slices.Sorted(maps.Keys(s.records)) {
			add(i, s.records[i], true)
		}
		if s.grows {
			for i := s.length; i < len(after); i++ {
				add(i, *new(T), false)
			}
		}
	}
	if len(d.changes) == 0 && d.beforeNil == d.afterNil {
		return nil
	}
	return d
}

func (d *recordDiff[L, T]) apply(target L, after bool) {
	n, isNil := d.beforeLen, d.beforeNil
	if after {
		n, isNil = d.afterLen, d.afterNil
	}
	s := *d.t.Slice(target)
	switch {
	case isNil:
		s = nil
	case len(s) >= n:
		s = s[:n:n]
	default:
		s = append(s[:len(s):len(s)], make([]T, n-len(s))...)
	}
	if s == nil && !isNil {
		s = []T{}
	}
	for _, c := range d.changes {
		if c.index < n {
			v := c.before
			if after {
				v = c.after
			}
			s[c.index] = d.t.Copy(v)
		}
	}
	*d.t.Slice(target) = s
}

// merge takes next, a later diff of the same table, into d.
func (d *recordDiff[L, T]) merge(next diff[L]) bool {
	n, ok := next.(*recordDiff[L, T])
	if !ok || n.t != d.t {
		return false
	}
	at := make(map[int]int, len(d.changes))
	for k, c := range d.changes {
		at[c.index] = k
	}
	for _, c := range n.changes {
		if k, ok := at[c.index]; ok {
			d.changes[k].after = c.after
		} else {
			d.changes = append(d.changes, c)
		}
	}
	d.afterLen, d.afterNil = n.afterLen, n.afterNil
	return true
}

func (d *recordDiff[L, T]) change(level int) undo.Change {
	c := undo.Change{Level: level, Kind: d.t.Kind}
	if d.beforeLen == d.afterLen {
		for _, ch := range d.changes {
			c.Indexes = append(c.Indexes, ch.index)
		}
	}
	return c
}

func (d *recordDiff[L, T]) size() int { return 2*d.t.Size*len(d.changes) + 48 }

func (v *Value[L, T]) copyOf(x T) T {
	if v.Clone == nil {
		return x
	}
	return v.Clone(x)
}

// valueDiff is a value before an edit (its snapshot) and, once the edit
// is done, after it.
type valueDiff[L, T any] struct {
	v             *Value[L, T]
	before, after T
}

func (s *valueDiff[L, T]) diff(target L) diff[L] {
	after := *s.v.Field(target)
	if s.v.Same(s.before, after) {
		return nil
	}
	return &valueDiff[L, T]{v: s.v, before: s.before, after: s.v.copyOf(after)}
}

func (d *valueDiff[L, T]) apply(target L, after bool) {
	x := d.before
	if after {
		x = d.after
	}
	*d.v.Field(target) = d.v.copyOf(x)
}

func (d *valueDiff[L, T]) merge(next diff[L]) bool {
	n, ok := next.(*valueDiff[L, T])
	if ok && n.v == d.v {
		d.after = n.after
	}
	return ok && n.v == d.v
}

func (d *valueDiff[L, T]) change(level int) undo.Change {
	return undo.Change{Level: level, Kind: d.v.Kind}
}

func (d *valueDiff[L, T]) size() int { return d.v.Size(d.before) + d.v.Size(d.after) + 48 }

// Patch is an undo command that sets tables and values of one target to
// their content before or after an edit, and moves the entities' handles
// with their indexes.
type Patch[L any] struct {
	// Applied, when set, is called after every Do and Undo with what
	// changed, for the caches a document keeps of its target.
	Applied func([]undo.Change)

	target      L
	level       int
	handles     *Handles
	description string
	mergeKey    string
	diffs       []diff[L]
	renumber    []Renumbering
	forgotten   map[Kind]map[int]uuid.UUID // handles of deleted entities, by kind and old index
	born        map[Kind][]int             // entities the edit creates, by kind
}

// Do applies the edit's differences, renumbers the handles and reports
// the changes to Applied.
func (p *Patch[L]) Do() error {
	for _, d := range p.diffs {
		d.apply(p.target, true)
	}
	for _, r := range p.renumber {
		p.forget(r.Kind, gone(r.Moves))
		p.handles.Renumber(p.level, r.Kind, r.Moves)
	}
	p.applied()
	return nil
}

// Undo takes the differences back, restores the handles and reports
// the changes to Applied.
func (p *Patch[L]) Undo() error {
	for _, d := range slices.Backward(p.diffs) {
		d.apply(p.target, false)
	}
	for kind, born := range p.born {
		p.forget(kind, born)
	}
	for _, r := range slices.Backward(p.renumber) {
		back := map[int]int{}
		for from, to := range r.Moves {
			if to >= 0 {
				back[to] = from
			}
		}
		p.handles.Renumber(p.level, r.Kind, back)
		for i, id := range p.forgotten[r.Kind] {
			p.handles.Restore(p.ref(r.Kind, i), id)
		}
	}
	p.applied()
	return nil
}

func (p *Patch[L]) applied() {
	if p.Applied != nil {
		p.Applied(p.Changes())
	}
}

// forget drops the handles of the kind's entities at indexes, keeping
// them for an undo.
func (p *Patch[L]) forget(kind Kind, indexes []int) {
	for _, i := range indexes {
		if id, ok := p.handles.Forget(p.ref(kind, i)); ok {
			if p.forgotten[kind] == nil {
				p.forgotten[kind] = map[int]uuid.UUID{}
			}
			p.forgotten[kind][i] = id
		}
	}
}

func gone(moves map[int]int) []int {
	var out []int
	for from, to := range moves {
		if to < 0 {
			out = append(out, from)
		}
	}
	return out
}

// Describe is the step's text in the Edit menu and history.
func (p *Patch[L]) Describe() string { return p.description }

// Changes lists the entities the patch changes.
func (p *Patch[L]) Changes() []undo.Change {
	var out []undo.Change
	for _, d := range p.diffs {
		out = append(out, d.change(p.level))
	}
	return out
}

// Size estimates the patch's memory, for the history bound.
func (p *Patch[L]) Size() int {
	n := 96
	for _, d := range p.diffs {
		n += d.size()
	}
	return n
}

// Merge takes the next patch into p when both carry the same merge key
// (the steps of one drag) and neither creates or renumbers entities.
func (p *Patch[L]) Merge(next undo.Command) bool {
	n, ok := next.(*Patch[L])
	if !ok || p.mergeKey == "" || n.mergeKey != p.mergeKey || n.level != p.level ||
		len(p.renumber)+len(n.renumber)+len(p.born)+len(n.born) > 0 {
		return false
	}
	for _, nd := range n.diffs {
		merged := false
		for _, pd := range p.diffs {
			if pd.merge(nd) {
				merged = true
				break
			}
		}
		if !merged {
			p.diffs = append(p.diffs, nd)
		}
	}
	return true
}

func (p *Patch[L]) ref(kind Kind, i int) Ref {
	return Ref{Level: p.level, Kind: kind, Index: i}
}

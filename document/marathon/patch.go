package marathon

import (
	"maps"
	"slices"

	"github.com/google/uuid"
	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/undo"
)

// table is one of a level's record slices, as the edit recorder sees it.
type table[T any] struct {
	kind  string // the entity kind named in undo changes and handles
	size  int    // bytes per record, for the history's size
	slice func(*codec.Level) *[]T
	same  func(a, b T) bool
	clone func(T) T // nil: records hold no references and copy as they are
}

func plainTable[T comparable](kind string, size int, slice func(*codec.Level) *[]T) *table[T] {
	return &table[T]{kind, size, slice, func(a, b T) bool { return a == b }, nil}
}

// copyOf is a copy of record v that shares nothing with it.
func (t *table[T]) copyOf(v T) T {
	if t.clone == nil {
		return v
	}
	return t.clone(v)
}

// The tables of a level.
var (
	endpointsTable    = plainTable("endpoint", 16, func(l *codec.Level) *[]codec.Endpoint { return &l.Endpoints })
	pointsTable       = plainTable("endpoint", 4, func(l *codec.Level) *[]codec.Point { return &l.Points })
	linesTable        = plainTable("line", 32, func(l *codec.Level) *[]codec.Line { return &l.Lines })
	sidesTable        = plainTable("side", 64, func(l *codec.Level) *[]codec.Side { return &l.Sides })
	polygonsTable     = plainTable("polygon", 128, func(l *codec.Level) *[]codec.Polygon { return &l.Polygons })
	objectsTable      = plainTable("object", 16, func(l *codec.Level) *[]codec.Object { return &l.Objects })
	lightsTable       = plainTable("light", 100, func(l *codec.Level) *[]codec.Light { return &l.Lights })
	oldLightsTable    = plainTable("light", 32, func(l *codec.Level) *[]codec.OldLight { return &l.OldLights })
	notesTable        = plainTable("annotation", 72, func(l *codec.Level) *[]codec.Note { return &l.Notes })
	infoTable         = plainTable("info", 88, func(l *codec.Level) *[]codec.MapInfo { return &l.Info })
	placementsTable   = plainTable("placement", 12, func(l *codec.Level) *[]codec.Placement { return &l.Placements })
	platformsTable    = plainTable("platform", 32, func(l *codec.Level) *[]codec.StaticPlatform { return &l.Platforms })
	runPlatformsTable = plainTable("platform", 140, func(l *codec.Level) *[]codec.Platform { return &l.RunPlatforms })
	mediaTable        = plainTable("liquid", 32, func(l *codec.Level) *[]codec.Media { return &l.Media })
	ambientTable      = plainTable("ambient-sound", 16, func(l *codec.Level) *[]codec.AmbientSound { return &l.Ambient })
	randomTable       = plainTable("random-sound", 32, func(l *codec.Level) *[]codec.RandomSound { return &l.Random })
	indexesTable      = plainTable("map-index", 2, func(l *codec.Level) *[]int16 { return &l.Exclusions })
	terminalsTable    = &table[codec.Terminal]{"terminal", 64, func(l *codec.Level) *[]codec.Terminal { return &l.Terminals },
		sameTerminal, cloneTerminal}
)

func sameTerminal(a, b codec.Terminal) bool {
	return a.Flags == b.Flags && a.PageLines == b.PageLines && slices.Equal(a.Groups, b.Groups) &&
		slices.Equal(a.Faces, b.Faces) && slices.Equal(a.RawText, b.RawText)
}

func cloneTerminal(t codec.Terminal) codec.Terminal {
	t.Groups, t.Faces, t.RawText = slices.Clone(t.Groups), slices.Clone(t.Faces), slices.Clone(t.RawText)
	return t
}

// snapshot is a table's content before an edit.
type snapshot interface {
	// diff is what the edit changed in the table, nil for nothing.
	diff(l *codec.Level) tableDiff
}

// tableDiff is a table's records before and after an edit.
type tableDiff interface {
	apply(l *codec.Level, after bool)
	merge(next tableDiff) bool
	change(level int) undo.Change
	size() int
}

// tableSnapshot is a table's content before an edit: whole, once the
// edit changes the table's length or many records, or else the records
// it touched.
type tableSnapshot[T any] struct {
	t       *table[T]
	whole   bool
	before  []T       // whole: every record
	records map[int]T // otherwise: the records touched, as they were
	length  int
	isNil   bool
}

// touch snapshots t whole before the edit first changes it.
func touch[T any](e *edit, t *table[T]) {
	cur := *t.slice(e.l)
	s, ok := e.snaps[t].(*tableSnapshot[T])
	if ok && s.whole {
		return
	}
	before := make([]T, len(cur))
	for i := range cur {
		before[i] = t.copyOf(cur[i])
	}
	if !ok {
		e.snaps[t] = &tableSnapshot[T]{t: t, whole: true, before: before, length: len(cur), isNil: cur == nil}
		e.order = append(e.order, t)
		return
	}
	for i, v := range s.records {
		before[i] = v
	}
	s.whole, s.before, s.records = true, before, nil
}

// touchAt snapshots record i of t before the edit first changes it; the
// edit may write that record but not change the table's length.
func touchAt[T any](e *edit, t *table[T], i int) {
	s, ok := e.snaps[t].(*tableSnapshot[T])
	if !ok {
		cur := *t.slice(e.l)
		s = &tableSnapshot[T]{t: t, records: map[int]T{}, length: len(cur), isNil: cur == nil}
		e.snaps[t] = s
		e.order = append(e.order, t)
	}
	if s.whole {
		return
	}
	if _, ok := s.records[i]; !ok {
		s.records[i] = t.copyOf((*t.slice(e.l))[i])
	}
}

// change is one record's content before and after an edit; a record
// that does not exist on one side holds the zero value there.
type change[T any] struct {
	index         int
	before, after T
}

type recordDiff[T any] struct {
	t                   *table[T]
	beforeLen, afterLen int
	beforeNil, afterNil bool
	changes             []change[T]
}

func (s *tableSnapshot[T]) diff(l *codec.Level) tableDiff {
	after := *s.t.slice(l)
	d := &recordDiff[T]{t: s.t, beforeLen: s.length, afterLen: len(after), beforeNil: s.isNil, afterNil: after == nil}
	add := func(i int, before T, inBefore bool) {
		c := change[T]{index: i, before: before}
		inAfter := i < len(after)
		if inAfter {
			c.after = s.t.copyOf(after[i])
		}
		if !inBefore || !inAfter || !s.t.same(c.before, c.after) {
			d.changes = append(d.changes, c)
		}
	}
	if s.whole {
		for i := range max(len(s.before), len(after)) {
			var before T
			if i < len(s.before) {
				before = s.before[i]
				if i < len(after) && s.t.same(before, after[i]) {
					continue
				}
			}
			add(i, before, i < len(s.before))
		}
	} else {
		for _, i := range slices.Sorted(maps.Keys(s.records)) {
			add(i, s.records[i], true)
		}
	}
	if len(d.changes) == 0 && d.beforeNil == d.afterNil {
		return nil
	}
	return d
}

func (d *recordDiff[T]) apply(l *codec.Level, after bool) {
	n, isNil := d.beforeLen, d.beforeNil
	if after {
		n, isNil = d.afterLen, d.afterNil
	}
	s := *d.t.slice(l)
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
			s[c.index] = d.t.copyOf(v)
		}
	}
	*d.t.slice(l) = s
}

// merge takes next, a later diff of the same table, into d.
func (d *recordDiff[T]) merge(next tableDiff) bool {
	n, ok := next.(*recordDiff[T])
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

func (d *recordDiff[T]) change(level int) undo.Change {
	c := undo.Change{Level: level, Kind: d.t.kind}
	if d.beforeLen == d.afterLen {
		for _, ch := range d.changes {
			c.Indexes = append(c.Indexes, ch.index)
		}
	}
	return c
}

func (d *recordDiff[T]) size() int { return 2*d.t.size*len(d.changes) + 48 }

// renumbering is how an edit moved one kind of entity: new index by old
// index, -1 for one that is gone. Only moved entities are listed.
type renumbering struct {
	kind  string
	moves map[int]int
}

// patch is an undo command that sets tables of one level to their
// content before or after an edit, and moves the entities' handles with
// their indexes.
type patch struct {
	doc         *Document
	level       int
	description string
	mergeKey    string
	diffs       []tableDiff
	renumber    []renumbering
	handles     map[string]map[int]uuid.UUID // handles of deleted entities, by kind and old index
	born        map[string][]int             // entities the edit creates, by kind
}

func (p *patch) Do() error {
	for _, d := range p.diffs {
		d.apply(p.doc.Levels[p.level], true)
	}
	for _, r := range p.renumber {
		p.forget(r.kind, gone(r.moves))
		p.doc.Handles.Renumber(p.level, r.kind, r.moves)
	}
	return nil
}

func (p *patch) Undo() error {
	for _, d := range slices.Backward(p.diffs) {
		d.apply(p.doc.Levels[p.level], false)
	}
	for kind, born := range p.born {
		p.forget(kind, born)
	}
	for _, r := range slices.Backward(p.renumber) {
		back := map[int]int{}
		for from, to := range r.moves {
			if to >= 0 {
				back[to] = from
			}
		}
		p.doc.Handles.Renumber(p.level, r.kind, back)
		for i, id := range p.handles[r.kind] {
			p.doc.Handles.Restore(p.ref(r.kind, i), id)
		}
	}
	return nil
}

// forget drops the handles of the kind's entities at indexes, keeping
// them for an undo.
func (p *patch) forget(kind string, indexes []int) {
	for _, i := range indexes {
		if id, ok := p.doc.Handles.Forget(p.ref(kind, i)); ok {
			if p.handles[kind] == nil {
				p.handles[kind] = map[int]uuid.UUID{}
			}
			p.handles[kind][i] = id
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

func (p *patch) Describe() string { return p.description }

func (p *patch) Changes() []undo.Change {
	var out []undo.Change
	for _, d := range p.diffs {
		out = append(out, d.change(p.level))
	}
	return out
}

func (p *patch) Size() int {
	n := 96
	for _, d := range p.diffs {
		n += d.size()
	}
	return n
}

// Merge takes the next patch into p when both carry the same merge key
// (the steps of one drag) and neither renumbers.
func (p *patch) Merge(next undo.Command) bool {
	n, ok := next.(*patch)
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

func (p *patch) ref(kind string, i int) document.Ref {
	return document.Ref{Level: p.level, Kind: kind, Index: i}
}

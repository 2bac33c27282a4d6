package document

import "github.com/levelwright/levelwright/undo"

// Cells is a slice of fixed-size records that edits overwrite in place
// and never grow or shrink, such as a map's tiles. Like a Table it is
// declared once; its edits are CellEdits, which keep per record changed
// only its index and its content before and after, so that a one-cell
// step and a paint stroke over thousands of cells both hold less history
// than a Patch would.
type Cells[L any, T comparable] struct {
	Kind  Kind // the entity kind named in undo changes
	Size  int  // bytes per record, for the history's size
	Slice func(L) []T
	// Write, when set, writes v over *cell keeping what of the cell an
	// edit does not own (System Shock's tile keeps its objects); nil
	// writes v whole.
	Write func(cell *T, v T)
}

func (c *Cells[L, T]) put(cell *T, v T) {
	if c.Write == nil {
		*cell = v
		return
	}
	c.Write(cell, v)
}

// CellEdit is an undo command that writes new content to some cells of
// a Cells and puts their old content back on undo. BeginCells starts
// one, Set names the cells and their new content, and Commit records it.
type CellEdit[L any, T comparable] struct {
	cells    *Cells[L, T]
	core     *Core
	target   L
	level    int
	describe func(cells int) string
	mergeKey string
	indexes  []int32
	before   []T
	after    []T
	at       map[int32]int // while the edit is made: position in indexes by cell
}

// BeginCells starts an edit of cells of target, which is level level of
// c's document. Nothing is written until Commit.
func BeginCells[L any, T comparable](c *Core, cells *Cells[L, T], level int, target L) *CellEdit[L, T] {
	return &CellEdit[L, T]{cells: cells, core: c, target: target, level: level, at: map[int32]int{}}
}

// Set makes the edit write v to cell i, which must be within the slice.
// A cell that v would leave as it is stays out of the edit; a cell set
// twice takes the later value.
func (e *CellEdit[L, T]) Set(i int, v T) {
	if k, ok := e.at[int32(i)]; ok {
		e.after[k] = v
		return
	}
	now := e.cells.Slice(e.target)[i]
	written := now
	e.cells.put(&written, v)
	if written == now {
		return
	}
	e.at[int32(i)] = len(e.indexes)
	e.indexes, e.before, e.after = append(e.indexes, int32(i)), append(e.before, now), append(e.after, v)
}

// Cells are the cells the edit changes and the content it writes to
// them, in the same order: what a document checks before Commit.
func (e *CellEdit[L, T]) Cells() (indexes []int32, after []T) { return e.indexes, e.after }

// Len is how many cells the edit changes.
func (e *CellEdit[L, T]) Len() int { return len(e.indexes) }

// Commit does the edit and records it as one step named describe(cells),
// cells being how many it changes. The next commit with the same
// non-empty mergeKey on the same level (the next event of a paint
// stroke) merges into the step until the history's BreakMerge, and the
// step is named again for the cells of both. An edit that changes no
// cell is not recorded.
func (e *CellEdit[L, T]) Commit(describe func(cells int) string, mergeKey string) error {
	if len(e.indexes) == 0 {
		return nil
	}
	e.describe, e.mergeKey, e.at = describe, mergeKey, nil
	return e.core.Record(e)
}

// Do writes the new content and reports the change to the core's
// Applied.
func (e *CellEdit[L, T]) Do() error {
	e.write(e.after)
	return nil
}

// Undo writes the old content back and reports the change to the core's
// Applied.
func (e *CellEdit[L, T]) Undo() error {
	e.write(e.before)
	return nil
}

func (e *CellEdit[L, T]) write(content []T) {
	s := e.cells.Slice(e.target)
	for k, i := range e.indexes {
		e.cells.put(&s[i], content[k])
	}
	if e.core.Applied != nil {
		e.core.Applied(e.Changes())
	}
}

// Describe is the step's text in the Edit menu and history.
func (e *CellEdit[L, T]) Describe() string { return e.describe(len(e.indexes)) }

// Changes lists the cells changed.
func (e *CellEdit[L, T]) Changes() []undo.Change {
	c := undo.Change{Level: e.level, Kind: e.cells.Kind, Indexes: make([]int, len(e.indexes))}
	for k, i := range e.indexes {
		c.Indexes[k] = int(i)
	}
	return []undo.Change{c}
}

// Size estimates the edit's memory, for the history bound: per cell its
// index and two records, and the slices that hold them.
func (e *CellEdit[L, T]) Size() int { return len(e.indexes)*(4+2*e.cells.Size) + 48 }

// Merge takes next, a later edit of the same cells and level with the
// same non-empty merge key, into e: a cell both change ends as next left
// it and goes back, on undo, to what it held before e.
func (e *CellEdit[L, T]) Merge(next undo.Command) bool {
	n, ok := next.(*CellEdit[L, T])
	if !ok || e.mergeKey == "" || n.mergeKey != e.mergeKey || n.cells != e.cells || n.level != e.level {
		return false
	}
	at := make(map[int32]int, len(e.indexes))
	for k, i := range e.indexes {
		at[i] = k
	}
	for k, i := range n.indexes {
		if j, ok := at[i]; ok {
			e.after[j] = n.after[k]
			continue
		}
		e.indexes, e.before, e.after = append(e.indexes, i), append(e.before, n.before[k]), append(e.after, n.after[k])
	}
	return true
}

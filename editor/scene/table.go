package scene

import "github.com/levelwright/levelwright/document"

// A table holds a value for each entity, the zero value for those it
// was given none: a slice by index for each level and kind, so that
// finding an entity's value is no search (a map keyed by Ref hashes the
// kind's name at each lookup). Entities come in runs of one kind, so the
// slice of the last level and kind asked for is kept at hand. Entities
// of negative index, which no table holds, are kept in a map.
type table[T any] struct {
	kinds    map[levelKind]*[]T
	last     levelKind
	lastRows *[]T
	negative map[document.Ref]T
}

type levelKind struct {
	level int
	kind  document.Kind
}

// rows is the slice of level and kind, made when add is set and there
// is none yet; nil otherwise.
func (t *table[T]) rows(level int, kind document.Kind, add bool) *[]T {
	if t.lastRows != nil && t.last.level == level && t.last.kind == kind {
		return t.lastRows
	}
	k := levelKind{level, kind}
	rows := t.kinds[k]
	if rows == nil {
		if !add {
			return nil
		}
		if t.kinds == nil {
			t.kinds = map[levelKind]*[]T{}
		}
		rows = new([]T)
		t.kinds[k] = rows
	}
	t.last, t.lastRows = k, rows
	return rows
}

// at is r's value.
func (t *table[T]) at(r document.Ref) T {
	if r.Index < 0 {
		return t.negative[r]
	}
	var v T
	if rows := t.rows(r.Level, r.Kind, false); rows != nil && r.Index < len(*rows) {
		v = (*rows)[r.Index]
	}
	return v
}

// set gives r the value v.
func (t *table[T]) set(r document.Ref, v T) {
	if r.Index < 0 {
		if t.negative == nil {
			t.negative = map[document.Ref]T{}
		}
		t.negative[r] = v
		return
	}
	rows := t.rows(r.Level, r.Kind, true)
	if n := r.Index + 1 - len(*rows); n > 0 {
		*rows = append(*rows, make([]T, n)...)
	}
	(*rows)[r.Index] = v
}

package document

import (
	"slices"

	"github.com/google/uuid"
	"github.com/levelwright/levelwright/undo"
)

// Kind names a kind of entity. Each game declares its kinds as
// constants in its own package, and a change, a ref, a table and a
// renumbering name one of them. It is undo's Kind, so that a command's
// changes carry it as it is.
type Kind = undo.Kind

// Ref names an entity by where it lives in the file: its level, its kind
// and its index.
type Ref struct {
	Level int
	Kind  Kind
	Index int
}

// Handles gives every entity a stable handle: a uuid assigned when the
// document is loaded or the entity created, kept while edits move the
// entity, and never written to the file. Selections, the inspector and
// scripts hold handles, so that they survive edits that renumber.
type Handles struct {
	byID map[uuid.UUID]Ref
	// byRef is the handle of each index of a level's kind, uuid.Nil
	// where none was assigned: selecting every entity of a large level
	// looks each up in a slice, not a map.
	byRef   map[levelKind]*[]uuid.UUID
	last    levelKind
	lastIDs *[]uuid.UUID
	// negative holds the handles of refs with a negative index.
	negative map[Ref]uuid.UUID
	moves    uint64
}

type levelKind struct {
	level int
	kind  Kind
}

// NewHandles returns an empty set of handles.
func NewHandles() *Handles {
	return &Handles{byID: map[uuid.UUID]Ref{}, byRef: map[levelKind]*[]uuid.UUID{}, negative: map[Ref]uuid.UUID{}}
}

// ids is the handles of r's level and kind, nil when there are none and
// add is false.
func (h *Handles) ids(r Ref, add bool) *[]uuid.UUID {
	k := levelKind{r.Level, r.Kind}
	if h.lastIDs != nil && h.last == k {
		return h.lastIDs
	}
	ids := h.byRef[k]
	if ids == nil {
		if !add {
			return nil
		}
		ids = new([]uuid.UUID)
		h.byRef[k] = ids
	}
	h.last, h.lastIDs = k, ids
	return ids
}

// of is r's handle, uuid.Nil for none.
func (h *Handles) of(r Ref) uuid.UUID {
	if r.Index < 0 {
		return h.negative[r]
	}
	if ids := h.ids(r, false); ids != nil && r.Index < len(*ids) {
		return (*ids)[r.Index]
	}
	return uuid.Nil
}

// set makes id r's handle (uuid.Nil: none), leaving byID alone.
func (h *Handles) set(r Ref, id uuid.UUID) {
	if r.Index < 0 {
		if id == uuid.Nil {
			delete(h.negative, r)
		} else {
			h.negative[r] = id
		}
		return
	}
	ids := h.ids(r, true)
	if r.Index >= len(*ids) {
		if id == uuid.Nil {
			return
		}
		*ids = slices.Grow(*ids, r.Index+1-len(*ids))[:r.Index+1]
	}
	(*ids)[r.Index] = id
}

// Of returns r's handle, assigning one the first time.
func (h *Handles) Of(r Ref) uuid.UUID {
	if id := h.of(r); id != uuid.Nil {
		return id
	}
	id := uuid.New()
	h.set(r, id)
	h.byID[id] = r
	return id
}

// Lookup returns where the entity with handle id is now.
func (h *Handles) Lookup(id uuid.UUID) (Ref, bool) {
	r, ok := h.byID[id]
	return r, ok
}

// Moves counts the times a handle was moved, forgotten or restored: the
// places of a set of handles stay as they were looked up until it
// changes.
func (h *Handles) Moves() uint64 { return h.moves }

// Move records that the entity at from is now at to (a renumbering).
func (h *Handles) Move(from, to Ref) {
	id := h.of(from)
	if id == uuid.Nil {
		return
	}
	h.set(from, uuid.Nil)
	h.Restore(to, id)
}

// Forget drops the handle of a deleted entity and returns it, so that an
// undo can give the entity back the same handle with Restore.
func (h *Handles) Forget(r Ref) (uuid.UUID, bool) {
	id := h.of(r)
	if id == uuid.Nil {
		return id, false
	}
	h.set(r, uuid.Nil)
	delete(h.byID, id)
	h.moves++
	return id, true
}

// Restore gives r the handle id again.
func (h *Handles) Restore(r Ref, id uuid.UUID) {
	h.set(r, id)
	h.byID[id] = r
	h.moves++
}

// Len is the number of handles assigned.
func (h *Handles) Len() int { return len(h.byID) }

// Renumber moves the handles of one level's entities of a kind to their
// new indexes (moves: new index by old index; -1 forgets the handle).
func (h *Handles) Renumber(level int, kind Kind, moves map[int]int) {
	type moved struct {
		id uuid.UUID
		to int
	}
	var keep []moved
	for from, to := range moves {
		if id, ok := h.Forget(Ref{level, kind, from}); ok && to >= 0 {
			keep = append(keep, moved{id, to})
		}
	}
	for _, m := range keep {
		h.Restore(Ref{level, kind, m.to}, m.id)
	}
}

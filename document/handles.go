package document

import (
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
	byID  map[uuid.UUID]Ref
	byRef map[Ref]uuid.UUID
}

// NewHandles returns an empty set of handles.
func NewHandles() *Handles {
	return &Handles{byID: map[uuid.UUID]Ref{}, byRef: map[Ref]uuid.UUID{}}
}

// Of returns r's handle, assigning one the first time.
func (h *Handles) Of(r Ref) uuid.UUID {
	if id, ok := h.byRef[r]; ok {
		return id
	}
	id := uuid.New()
	h.byID[id], h.byRef[r] = r, id
	return id
}

// Lookup returns where the entity with handle id is now.
func (h *Handles) Lookup(id uuid.UUID) (Ref, bool) {
	r, ok := h.byID[id]
	return r, ok
}

// Move records that the entity at from is now at to (a renumbering).
func (h *Handles) Move(from, to Ref) {
	id, ok := h.byRef[from]
	if !ok {
		return
	}
	delete(h.byRef, from)
	h.byID[id], h.byRef[to] = to, id
}

// Forget drops the handle of a deleted entity and returns it, so that an
// undo can give the entity back the same handle with Restore.
func (h *Handles) Forget(r Ref) (uuid.UUID, bool) {
	id, ok := h.byRef[r]
	if ok {
		delete(h.byRef, r)
		delete(h.byID, id)
	}
	return id, ok
}

// Restore gives r the handle id again.
func (h *Handles) Restore(r Ref, id uuid.UUID) {
	h.byID[id], h.byRef[r] = r, id
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
		r := Ref{level, kind, from}
		if id, ok := h.byRef[r]; ok {
			delete(h.byRef, r)
			delete(h.byID, id)
			if to >= 0 {
				keep = append(keep, moved{id, to})
			}
		}
	}
	for _, m := range keep {
		h.Restore(Ref{level, kind, m.to}, m.id)
	}
}

package document

import (
	"slices"

	"github.com/google/uuid"
)

// Selection is what the user has selected: entities by handle, in the
// order they were picked, so that it survives edits that renumber them.
type Selection struct {
	ids []uuid.UUID
	// in is ids as a set, made when first asked: selecting all of a
	// large level builds none.
	in map[uuid.UUID]bool
}

// Set replaces the selection with ids, which do not repeat.
func (s *Selection) Set(ids ...uuid.UUID) {
	s.ids, s.in = append(s.ids[:0], ids...), nil
}

// Add selects id too (shift-click); an id already selected stays where
// it is.
func (s *Selection) Add(id uuid.UUID) {
	if s.Has(id) {
		return
	}
	s.ids, s.in[id] = append(s.ids, id), true
}

// Toggle selects id, or deselects it when it is selected (ctrl-click).
func (s *Selection) Toggle(id uuid.UUID) {
	if !s.Has(id) {
		s.Add(id)
		return
	}
	i := slices.Index(s.ids, id)
	s.ids = slices.Delete(s.ids, i, i+1)
	delete(s.in, id)
}

// Clear selects nothing.
func (s *Selection) Clear() {
	s.ids, s.in = s.ids[:0], nil
}

// Has reports whether id is selected.
func (s *Selection) Has(id uuid.UUID) bool {
	if s.in == nil {
		s.in = make(map[uuid.UUID]bool, len(s.ids))
		for _, id := range s.ids {
			s.in[id] = true
		}
	}
	return s.in[id]
}

// Len is how many entities are selected.
func (s *Selection) Len() int { return len(s.ids) }

// Refs resolves the selection through h: where each selected entity is
// now, in selection order, leaving out entities that no longer exist
// (deleted, or undone before they were created).
func (s *Selection) Refs(h *Handles) []Ref {
	var refs []Ref
	for _, id := range s.ids {
		if r, ok := h.Lookup(id); ok {
			refs = append(refs, r)
		}
	}
	return refs
}

package diff

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/levelwright/levelwright/document"
)

// compareLists lists what differs between the entity lists of two
// levels, pairing entities by what they are (schema): a list's entities
// are aligned with the fields that name other lists' entities read
// through those lists' pairings, so that a deletion, which renumbers the
// entities after it and every field naming them, is one removal. Derived
// fields are left out.
//
// Without references a list is aligned once, as it is. With them the
// lists are aligned twice. The first time, a list is aligned once
// the lists it names are, in the order that leaves the fewest unaligned
// (their fields are left out until then; lines and polygons name each
// other). The second time, every list is aligned with all its names
// read through the pairings made so far; its pairs say what changed.
func compareLists(n int, lists []string, a, b Level, schema document.ExportSchema) []Change {
	pairs, renumber := pairings(lists, a, b, schema)
	var out []Change
	for _, list := range lists {
		la, lb := entities(a, list), entities(b, list)
		for _, p := range pairs[list] {
			switch {
			case p.A < 0:
				out = append(out, Change{Level: n, List: list, Index: entityIndex(lb, p.B), Change: "added"})
			case p.B < 0:
				out = append(out, Change{Level: n, List: list, Index: entityIndex(la, p.A), Change: "removed"})
			case !p.Same:
				var fields []Field
				renamedChanges("", la[p.A], view(schema, list, la[p.A], renumber, true), view(schema, list, lb[p.B], renumber, false), &fields)
				if len(fields) > 0 {
					out = append(out, Change{Level: n, List: list, Index: entityIndex(lb, p.B), Change: "changed", Fields: fields})
				}
			}
		}
	}
	return out
}

// pairings pairs the entities of each of lists in a with those in b,
// by what they are (schema), as compareLists describes, and returns the
// pairs by list and, by list, the index in b of each paired index in a.
func pairings(lists []string, a, b Level, schema document.ExportSchema) (map[string][]document.Pair, map[string]map[int]int) {
	renumber := map[string]map[int]int{} // list: index in a → index in b
	pairs := map[string][]document.Pair{}
	alignList := func(list string) {
		la, lb := entities(a, list), entities(b, list)
		if document.EqualJSON(la, lb) { // each entity is itself, the same unless what it names moved
			pairs[list] = make([]document.Pair, len(la))
			for i := range la {
				pairs[list][i] = document.Pair{A: i, B: i, Same: len(schema.References[list]) == 0}
			}
		} else {
			ta, tb := make([]any, len(la)), make([]any, len(lb))
			for i, e := range la {
				ta[i] = view(schema, list, e, renumber, true)
			}
			for i, e := range lb {
				tb[i] = view(schema, list, e, renumber, false)
			}
			pairs[list] = document.Align(ta, tb)
		}
		m := map[int]int{}
		for _, p := range pairs[list] {
			if p.A >= 0 && p.B >= 0 {
				m[entityIndex(la, p.A)] = entityIndex(lb, p.B)
			}
		}
		renumber[list] = m
	}
	if len(schema.References) > 0 {
		for _, list := range alignOrder(lists, schema) {
			alignList(list)
		}
	}
	for _, list := range lists {
		alignList(list)
	}
	return pairs, renumber
}

// alignOrder is the order in which compareLists first aligns lists: at
// each turn, the list that names the fewest lists not yet aligned (other
// than itself), by name among equals.
func alignOrder(lists []string, schema document.ExportSchema) []string {
	left := slices.Clone(lists)
	var out []string
	for len(left) > 0 {
		unaligned := func(list string) int {
			n := 0
			for _, target := range schema.References[list] {
				if target != list && slices.Contains(left, target) {
					n++
				}
			}
			return n
		}
		next := slices.MinFunc(left, func(x, y string) int {
			if d := unaligned(x) - unaligned(y); d != 0 {
				return d
			}
			return cmpString(x, y)
		})
		out = append(out, next)
		left = slices.DeleteFunc(left, func(l string) bool { return l == next })
	}
	return out
}

func cmpString(x, y string) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// view is entity e of list as compareLists compares it, by s: without its
// derived fields, and without the fields that name a list not yet
// aligned (absent from renumber); on side a (read), the fields that name
// an aligned list hold the index of the entity they name in b, where it
// has one.
func view(s document.ExportSchema, list string, e any, renumber map[string]map[int]int, read bool) any {
	m, ok := e.(map[string]any)
	if !ok {
		return e
	}
	out := maps.Clone(m)
	for _, f := range s.Derived[list] {
		delete(out, f)
	}
	for field, target := range s.References[list] {
		v, has := out[field]
		if !has {
			continue
		}
		m, aligned := renumber[target]
		switch {
		case !aligned:
			delete(out, field)
		case read:
			out[field] = renamed(v, m)
		}
	}
	return out
}

// renamed is v, a field's value (an index, or a list of them), with each
// index that m pairs replaced by its pair.
func renamed(v any, m map[int]int) any {
	switch x := v.(type) {
	case []any:
		out := make([]any, len(x))
		for i, item := range x {
			out[i] = renamed(item, m)
		}
		return out
	case json.Number:
		if i, err := x.Int64(); err == nil {
			if to, ok := m[int(i)]; ok {
				return json.Number(fmt.Sprint(to))
			}
		}
	}
	return v
}

// renamedChanges is fieldChanges of a, read through the pairings (ra),
// and b: the fields that differ there, shown with a's own values.
func renamedChanges(name string, a, ra, b any, out *[]Field) {
	am, aok := a.(map[string]any)
	ram, raok := ra.(map[string]any)
	bm, bok := b.(map[string]any)
	if aok && raok && bok {
		for _, k := range document.SortedKeys(ram, bm) {
			renamedChanges(join(name, k), am[k], ram[k], bm[k], out)
		}
		return
	}
	al, aok := a.([]any)
	ral, raok := ra.([]any)
	bl, bok := b.([]any)
	if aok && raok && bok && len(ral) == len(bl) && len(al) == len(ral) {
		for i := range ral {
			renamedChanges(fmt.Sprintf("%s[%d]", name, i), al[i], ral[i], bl[i], out)
		}
		return
	}
	if raok && bok && isEntityList(ral) && isEntityList(bl) {
		entityChanges(name, ral, bl, out) // no field of theirs is renamed
		return
	}
	if !document.EqualJSON(ra, b) {
		*out = append(*out, Field{Name: name, From: a, To: b})
	}
}

package document

import (
	"bytes"
	"encoding/json"
	"slices"
)

// A Pair is an entity of list a and the entity of list b that it is,
// by index; -1 where one side has none (added or removed). Same says the
// two are known to be equal.
type Pair struct {
	A, B int
	Same bool
}

// lcsLimit bounds the cells of the table that aligns the middle of two
// lists (what differs after their common start and end); past it, the
// middles pair up by place.
const lcsLimit = 4 << 20

// Align pairs the entities of a and b, lists of records as decoded JSON
// (objects, with numbers as json.Number), by what they are: diff pairs
// the entities of two exports with it, and import the records of the
// text with the level's (LeftOut). Entities that carry their own
// "index" (a slot of a fixed table) pair by it. Others pair by place
// around the longest run of unchanged entities: the common start and
// end, then the longest common subsequence of the middle; between two
// unchanged entities, the changed ones pair up in order and the rest are
// added or removed.
func Align(a, b []any) []Pair {
	if ia, ok := OwnIndexes(a); ok {
		if ib, ok := OwnIndexes(b); ok {
			return alignByIndex(ia, ib)
		}
	}
	var out []Pair
	start := 0
	for start < len(a) && start < len(b) && EqualJSON(a[start], b[start]) {
		out = append(out, Pair{start, start, true})
		start++
	}
	endA, endB := len(a), len(b)
	for endA > start && endB > start && EqualJSON(a[endA-1], b[endB-1]) {
		endA, endB = endA-1, endB-1
	}
	out = append(out, alignMiddle(a[start:endA], b[start:endB], start, start)...)
	for k := range len(a) - endA {
		out = append(out, Pair{endA + k, endB + k, true})
	}
	return out
}

// OwnIndexes maps each entity's own "index" to its place in list, when
// every entity has a distinct one.
func OwnIndexes(list []any) (map[int]int, bool) {
	out := make(map[int]int, len(list))
	for place, item := range list {
		n, ok := item.(map[string]any)["index"].(json.Number)
		if !ok {
			return nil, false
		}
		i, err := n.Int64()
		if _, seen := out[int(i)]; err != nil || seen {
			return nil, false
		}
		out[int(i)] = place
	}
	return out, len(list) > 0
}

// alignByIndex pairs places by the entities' own indexes, in index
// order: a and b map each index to its entity's place, and the pairs
// are of places, as align's others are.
func alignByIndex(a, b map[int]int) []Pair {
	var all []int
	for i := range a {
		all = append(all, i)
	}
	for i := range b {
		if _, ok := a[i]; !ok {
			all = append(all, i)
		}
	}
	slices.Sort(all)
	out := make([]Pair, len(all))
	for k, i := range all {
		out[k] = Pair{A: -1, B: -1}
		if p, ok := a[i]; ok {
			out[k].A = p
		}
		if p, ok := b[i]; ok {
			out[k].B = p
		}
	}
	return out
}

// alignMiddle pairs a and b, which start at places offA and offB of
// their lists, by their longest common subsequence, or by place when
// the table would be too big.
func alignMiddle(a, b []any, offA, offB int) []Pair {
	if len(a)*len(b) > lcsLimit {
		return inOrder(0, len(a), 0, len(b), offA, offB)
	}
	ka, kb := CanonicalJSON(a), CanonicalJSON(b)
	// lcs[i][j] is the length of the longest common subsequence of a[i:]
	// and b[j:].
	lcs := make([][]int32, len(a)+1)
	for i := range lcs {
		lcs[i] = make([]int32, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if ka[i] == kb[j] {
				lcs[i][j] = lcs[i+1][j+1] + 1
			} else {
				lcs[i][j] = max(lcs[i+1][j], lcs[i][j+1])
			}
		}
	}
	var out []Pair
	i, j, fromA, fromB := 0, 0, 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case ka[i] == kb[j]:
			out = append(out, gap(a, b, fromA, i, fromB, j, offA, offB)...)
			out = append(out, Pair{offA + i, offB + j, true})
			i, j = i+1, j+1
			fromA, fromB = i, j
		case lcs[i+1][j] >= lcs[i][j+1]:
			i++
		default:
			j++
		}
	}
	return append(out, gap(a, b, fromA, len(a), fromB, len(b), offA, offB)...)
}

// gapLimit bounds the cells of the table that pairs the entities of a
// gap by likeness; past it, they pair in order.
const gapLimit = 1 << 16

// gap pairs the changed entities a[fromA:toA] and b[fromB:toB] (a and b
// start at places offA and offB of their lists), keeping their order:
// an entity pairs with one it is like where that costs less than
// removing it and adding the other (unlike), so that a deleted entity
// beside a changed one is the one removed; the rest are removed (a) or
// added (b).
func gap(a, b []any, fromA, toA, fromB, toB, offA, offB int) []Pair {
	n, m := toA-fromA, toB-fromB
	if n == 0 || m == 0 || n*m > gapLimit {
		return inOrder(fromA, toA, fromB, toB, offA, offB)
	}
	// cost[i][j] is the least cost of a[fromA+i:toA] against
	// b[fromB+j:toB]: 1 for each entity left unpaired, twice the
	// unlikeness (0 to 1) of each pair.
	cost := make([][]float64, n+1)
	for i := range cost {
		cost[i] = make([]float64, m+1)
	}
	for i := n; i >= 0; i-- {
		for j := m; j >= 0; j-- {
			switch {
			case i == n:
				cost[i][j] = float64(m - j)
			case j == m:
				cost[i][j] = float64(n - i)
			default:
				cost[i][j] = min(2*unlike(a[fromA+i], b[fromB+j])+cost[i+1][j+1], 1+cost[i+1][j], 1+cost[i][j+1])
			}
		}
	}
	var out []Pair
	i, j := 0, 0
	for i < n || j < m {
		switch {
		case i < n && j < m && cost[i][j] == 2*unlike(a[fromA+i], b[fromB+j])+cost[i+1][j+1]:
			out = append(out, Pair{offA + fromA + i, offB + fromB + j, false})
			i, j = i+1, j+1
		case i < n && (j == m || cost[i][j] == 1+cost[i+1][j]):
			out = append(out, Pair{offA + fromA + i, -1, false})
			i++
		default:
			out = append(out, Pair{-1, offB + fromB + j, false})
			j++
		}
	}
	return out
}

// unlike is how unlike two entities are: the share of their fields
// that differ, 1 for entities that are not objects and differ.
func unlike(a, b any) float64 {
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if !aok || !bok {
		if EqualJSON(a, b) {
			return 0
		}
		return 1
	}
	all := SortedKeys(am, bm)
	differ := 0
	for _, k := range all {
		if !EqualJSON(am[k], bm[k]) {
			differ++
		}
	}
	if len(all) == 0 {
		return 0
	}
	return float64(differ) / float64(len(all))
}

// inOrder pairs the changed entities a[fromA:toA] and b[fromB:toB] in
// order; those left over are removed (a) or added (b).
func inOrder(fromA, toA, fromB, toB, offA, offB int) []Pair {
	var out []Pair
	for fromA < toA || fromB < toB {
		p := Pair{A: -1, B: -1}
		if fromA < toA {
			p.A = offA + fromA
			fromA++
		}
		if fromB < toB {
			p.B = offB + fromB
			fromB++
		}
		out = append(out, p)
	}
	return out
}

// CanonicalJSON is each entity as its JSON text, for comparing.
func CanonicalJSON(list []any) []string {
	out := make([]string, len(list))
	for i, v := range list {
		text, _ := json.Marshal(v)
		out[i] = string(text)
	}
	return out
}

// SortedKeys are the keys of the objects, each once, sorted.
func SortedKeys[M ~map[string]any](objects ...M) []string {
	var out []string
	for _, o := range objects {
		for k := range o {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// EqualJSON reports whether two decoded values are the same: objects with
// the same keys and equal values, lists of equal items, equal numbers
// (as the text wrote them), strings and booleans.
func EqualJSON(a, b any) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !EqualJSON(v, w) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		return ok && slices.EqualFunc(x, y, EqualJSON)
	case json.Number, string, bool, nil:
		return a == b
	}
	return false
}

// LeftOut is which of have's records want leaves out, when it has fewer:
// the two pair by what their records are (Align over their JSON), and
// the records of have that pair with none are left out, in order. A
// list as long as have's or longer leaves none out.
func LeftOut[T any](have, want []T) ([]int, error) {
	if want == nil || len(want) >= len(have) {
		return nil, nil
	}
	a, err := asEntities(have)
	if err != nil {
		return nil, err
	}
	b, err := asEntities(want)
	if err != nil {
		return nil, err
	}
	var out []int
	for _, p := range Align(a, b) {
		if p.A >= 0 && p.B < 0 {
			out = append(out, p.A)
		}
	}
	return out, nil
}

// asEntities is records as decoded JSON, as Align compares them.
func asEntities[T any](records []T) ([]any, error) {
	text, err := json.Marshal(records)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	var out []any
	return out, dec.Decode(&out)
}

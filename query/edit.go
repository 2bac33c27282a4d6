package query

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Value is s as a value to set: a number (decimal, or hexadecimal after
// 0x) as the export writes numbers, else text.
func Value(s string) (any, error) {
	if s == "" {
		return nil, fmt.Errorf("no value to set")
	}
	if quoted, ok := strings.CutPrefix(s, "\""); ok {
		return strings.TrimSuffix(quoted, "\""), nil
	}
	if n, ok := number(s); ok {
		return json.Number(strconv.FormatFloat(n, 'f', -1, 64)), nil // never an exponent, which integer fields refuse
	}
	return s, nil
}

// entity is the entity of level that m names.
func entity(level map[string]any, list string, index int) (map[string]any, bool) {
	items, _ := level[list].([]any)
	for place, item := range items {
		if e, ok := item.(map[string]any); ok && indexOf(e, place) == index {
			return e, true
		}
	}
	return nil, false
}

// Set sets field, a dotted path of names the entity has (in any case),
// to v in the entity of level that m names. A path the entity lacks is
// an error naming it: Set adds no field.
func Set(level map[string]any, m Match, field string, v any) error {
	e, ok := entity(level, m.List, m.Index)
	if !ok {
		return fmt.Errorf("the level has no %s %d", m.List, m.Index)
	}
	path := strings.Split(field, ".")
	for i, name := range path {
		key, ok := keyOf(e, name)
		if !ok {
			return fmt.Errorf("%s %d has no field %s", m.List, m.Index, strings.Join(path[:i+1], "."))
		}
		if i == len(path)-1 {
			if isObject(e[key]) || isList(e[key]) {
				return fmt.Errorf("%s %d's %s holds fields of its own: name one (%s.NAME)", m.List, m.Index, field, field)
			}
			e[key] = v
			return nil
		}
		next, ok := e[key].(map[string]any)
		if !ok {
			return fmt.Errorf("%s %d's %s holds no fields", m.List, m.Index, strings.Join(path[:i+1], "."))
		}
		e = next
	}
	return nil
}

func isList(v any) bool { _, ok := v.([]any); return ok }

// keyOf is the key of e that is name in any case.
func keyOf(e map[string]any, name string) (string, bool) {
	if _, ok := e[name]; ok {
		return name, true
	}
	for k := range e {
		if strings.EqualFold(k, name) {
			return k, true
		}
	}
	return "", false
}

// Text is level as the text its game imports.
func Text(level map[string]any) ([]byte, error) { return json.MarshalIndent(level, "", " ") }

// similarFields are the fields that say what kind of thing an entity
// is, in the games' exports: a System Shock object's class, subclass
// and type; a Marathon polygon's, side's or object's Type, and an
// object's Index (the monster, item or scenery it is); a Turok actor's
// Type and a mesh's Model.
var similarFields = []string{"class", "subclass", "type", "Index", "Model"}

// Similar is the query that finds the entities of list like entity index
// of level: of its list, with the same values of the fields that say
// what kind of thing it is (similarFields) where it has them; ok is
// false when level has no such entity.
func Similar(level map[string]any, list string, index int) (string, bool) {
	e, ok := entity(level, list, index)
	if !ok {
		return "", false
	}
	q := Query{List: list}
	for _, name := range similarFields {
		key, ok := keyOf(e, name)
		if name == "Index" {
			_, ok = e[name] // the exact name: a System Shock object's "index" is its number
			key = name
		}
		if !ok || isObject(e[key]) || isList(e[key]) {
			continue
		}
		c := Condition{Field: key, Op: "=", Value: text(e[key])}
		c.num, c.isNum = numeric(e[key])
		q.Conditions = append(q.Conditions, c)
	}
	return q.String(), true
}

// Describe names what kind of thing the entity m of level is, by the
// fields Similar compares ("Type=2 Index=5"); "" when it has none.
func Describe(level map[string]any, m Match) string {
	q, ok := Similar(level, m.List, m.Index)
	if !ok {
		return ""
	}
	_, rest, _ := strings.Cut(q, " ")
	return strings.ReplaceAll(rest, " and ", " ")
}

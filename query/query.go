// Package query finds the entities of a level by the values of their
// fields, in the text every game exports (document.Doc.Export), so that
// it knows no game: the command line's find, scripts' lw.find and the
// editor's Find read the same queries.
//
// A query names a list of the level's export and the conditions its
// entities meet, joined by "and":
//
//	objects Type=3 and Z>10
//	sides Texture=0x1105
//	actors TID=5
//	* Polygon=12
//
// The list "*" is every list. A field is a name of the export, dotted
// into nested fields ("Primary.Texture"); a name alone matches that
// field at any depth ("Texture" matches Primary.Texture and
// Secondary.Texture), and a list field matches through its items. A
// condition holds when some field it matches holds it; "!=" holds when
// none equals the value. The operators are = != < <= > >= and ~ (text
// that contains the value, in any case). Values are numbers (decimal,
// or hexadecimal after 0x) or text, quoted when it holds spaces. Names
// of lists and fields are read in any case.
package query

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// A Query is a parsed query: a list, or "*" for every list, and the
// conditions its entities meet.
type Query struct {
	List       string
	Conditions []Condition
}

// A Condition is a field, an operator and a value.
type Condition struct {
	Field string
	Op    string
	Value string
	num   float64
	isNum bool
}

// operators, the two-character ones first so that they are read whole.
var operators = []string{"!=", "<=", ">=", "=", "<", ">", "~"}

// Parse reads a query; an error says where it stops making sense.
func Parse(s string) (Query, error) {
	words, err := split(s)
	if err != nil {
		return Query{}, err
	}
	if len(words) == 0 {
		return Query{}, fmt.Errorf("an empty query: name a list (objects, polygons...) or * for every list")
	}
	q := Query{List: words[0]}
	if operatorAt(q.List) != "" || len(words) > 1 && operatorAt(words[1]) == words[1] {
		return Query{}, fmt.Errorf("%q: a query starts with a list's name (objects, polygons...) or *", strings.Join(words[:min(3, len(words))], " "))
	}
	rest := words[1:]
	for len(rest) > 0 {
		if len(q.Conditions) > 0 {
			if !strings.EqualFold(rest[0], "and") {
				return Query{}, fmt.Errorf("%q: conditions are joined by \"and\"", rest[0])
			}
			rest = rest[1:]
		}
		c, n, err := condition(rest)
		if err != nil {
			return Query{}, err
		}
		q.Conditions = append(q.Conditions, c)
		rest = rest[n:]
	}
	return q, nil
}

// split cuts s into words: runs of other characters than spaces, or
// quoted text; an operator is a word of its own.
func split(s string) ([]string, error) {
	var out []string
	for i := 0; i < len(s); {
		r := rune(s[i])
		switch {
		case unicode.IsSpace(r):
			i++
		case r == '"':
			end := strings.IndexByte(s[i+1:], '"')
			if end < 0 {
				return nil, fmt.Errorf("the quote at %d is not closed", i)
			}
			out = append(out, "\""+s[i+1:i+1+end])
			i += end + 2
		default:
			if op := operatorAt(s[i:]); op != "" {
				out = append(out, op)
				i += len(op)
				continue
			}
			j := i
			for j < len(s) && !unicode.IsSpace(rune(s[j])) && s[j] != '"' && operatorAt(s[j:]) == "" {
				j++
			}
			out = append(out, s[i:j])
			i = j
		}
	}
	return out, nil
}

// operatorAt is the operator s starts with, "" for none.
func operatorAt(s string) string {
	for _, op := range operators {
		if strings.HasPrefix(s, op) {
			return op
		}
	}
	return ""
}

// condition reads a condition from the start of words, saying how many
// words it took.
func condition(words []string) (Condition, int, error) {
	if len(words) < 3 || operatorAt(words[1]) != words[1] || words[0] == "" || operatorAt(words[0]) != "" {
		return Condition{}, 0, fmt.Errorf("%q: a condition is FIELD OP VALUE, with OP one of %s", strings.Join(words[:min(3, len(words))], " "), strings.Join(operators, " "))
	}
	c := Condition{Field: words[0], Op: words[1], Value: words[2]}
	if quoted, ok := strings.CutPrefix(c.Value, "\""); ok {
		c.Value = quoted
	} else if n, ok := number(c.Value); ok {
		c.num, c.isNum = n, true
	}
	if c.Op != "=" && c.Op != "!=" && c.Op != "~" && !c.isNum {
		return Condition{}, 0, fmt.Errorf("%s %s %s: %s compares numbers, and %q is none", c.Field, c.Op, c.Value, c.Op, c.Value)
	}
	return c, 3, nil
}

// number reads s as a number: decimal, or hexadecimal after 0x.
func number(s string) (float64, bool) {
	if hex, ok := strings.CutPrefix(strings.ToLower(s), "0x"); ok {
		n, err := strconv.ParseUint(hex, 16, 64)
		return float64(n), err == nil
	}
	if neg, ok := strings.CutPrefix(strings.ToLower(s), "-0x"); ok {
		n, err := strconv.ParseUint(neg, 16, 64)
		return -float64(n), err == nil
	}
	n, err := strconv.ParseFloat(s, 64)
	return n, err == nil
}

// String is the query as it parses.
func (q Query) String() string {
	parts := []string{q.List}
	for i, c := range q.Conditions {
		if i > 0 {
			parts = append(parts, "and")
		}
		v := c.Value
		if !c.isNum && (v == "" || strings.ContainsFunc(v, unicode.IsSpace) || strings.ContainsAny(v, "=<>!~\"")) {
			v = strconv.Quote(v)
		}
		parts = append(parts, c.Field+c.Op+v)
	}
	return strings.Join(parts, " ")
}

// A Match is an entity a query found: its list and its index (the
// entity's own "index" where it has one, else its place in the list).
type Match struct {
	List  string `json:"list"`
	Index int    `json:"index"`
}

// Find lists the entities of level, one level's export decoded (numbers
// as json.Number or float64), that q matches, list by list in the order
// of their names.
func (q Query) Find(level map[string]any) []Match {
	var out []Match
	names := make([]string, 0, len(level))
	for name := range level {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if q.List != "*" && !strings.EqualFold(q.List, name) {
			continue
		}
		list, ok := level[name].([]any)
		if !ok {
			continue
		}
		for place, e := range list {
			entity, ok := e.(map[string]any)
			if ok && q.matches(entity) {
				out = append(out, Match{List: name, Index: indexOf(entity, place)})
			}
		}
	}
	return out
}

// Lists are the names of the entity lists of level, for a query's
// first word.
func Lists(level map[string]any) []string {
	var out []string
	for name, v := range level {
		if list, ok := v.([]any); ok && (len(list) == 0 || isObject(list[0])) {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

func isObject(v any) bool { _, ok := v.(map[string]any); return ok }

// indexOf is entity's own "index" when it has one, else place.
func indexOf(entity map[string]any, place int) int {
	if n, ok := numeric(entity["index"]); ok {
		return int(n)
	}
	return place
}

// matches reports whether entity meets every condition of q.
func (q Query) matches(entity map[string]any) bool {
	for _, c := range q.Conditions {
		values := fieldValues(entity, strings.Split(c.Field, "."), !strings.Contains(c.Field, "."))
		if !c.holds(values) {
			return false
		}
	}
	return true
}

// fieldValues are the leaf values of v that path names: each step a
// key in any case; with anywhere, the path's one name at any depth.
// A list's items are each followed.
func fieldValues(v any, path []string, anywhere bool) []any {
	switch x := v.(type) {
	case []any:
		var out []any
		for _, item := range x {
			out = append(out, fieldValues(item, path, anywhere)...)
		}
		return out
	case map[string]any:
		var out []any
		for k, child := range x {
			switch {
			case strings.EqualFold(k, path[0]) && len(path) == 1:
				out = append(out, leaves(child)...)
			case strings.EqualFold(k, path[0]):
				out = append(out, fieldValues(child, path[1:], false)...)
			case anywhere:
				out = append(out, fieldValues(child, path, true)...)
			}
		}
		return out
	}
	return nil
}

// leaves are v's values that are not objects or lists: v itself, or a
// list's items.
func leaves(v any) []any {
	if list, ok := v.([]any); ok {
		var out []any
		for _, item := range list {
			out = append(out, leaves(item)...)
		}
		return out
	}
	if isObject(v) {
		return nil
	}
	return []any{v}
}

// holds reports whether the values a condition's field matched meet it.
func (c Condition) holds(values []any) bool {
	if c.Op == "!=" {
		return len(values) > 0 && !slices.ContainsFunc(values, c.equals)
	}
	return slices.ContainsFunc(values, func(v any) bool {
		switch c.Op {
		case "=":
			return c.equals(v)
		case "~":
			return strings.Contains(strings.ToLower(text(v)), strings.ToLower(c.Value))
		}
		n, ok := numeric(v)
		if !ok {
			return false
		}
		switch c.Op {
		case "<":
			return n < c.num
		case "<=":
			return n <= c.num
		case ">":
			return n > c.num
		}
		return n >= c.num
	})
}

// equals reports whether v is the condition's value: the same number,
// or the same text in any case.
func (c Condition) equals(v any) bool {
	if n, ok := numeric(v); ok && c.isNum {
		return n == c.num
	}
	return strings.EqualFold(text(v), c.Value)
}

// numeric is v as a number, if it is one.
func numeric(v any) (float64, bool) {
	switch x := v.(type) {
	case json.Number:
		n, err := x.Float64()
		return n, err == nil
	case float64:
		return x, true
	}
	return 0, false
}

// text is v as text.
func text(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	return fmt.Sprint(v)
}

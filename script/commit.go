package script

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// A commit applies only what a script changed. The level's table is
// compared with the level's export as generic JSON values, item by item
// of each list; the changed fields and items alone go through the
// game's strict decoding, as text, and are set into the level's typed
// export, which the game then imports. So the cost of a commit is that
// of walking the table, plus that of what changed.

// snapshot is a level's export as the document holds it now: the value
// the game's Export gives, and the same as generic JSON values.
type snapshot struct {
	typed   any
	generic any
}

// snapshot is level n's export, kept until a commit edits the document.
func (r *run) snapshot(n int) (*snapshot, error) {
	if s, ok := r.now[n]; ok {
		return s, nil
	}
	x, err := r.doc.Export(n)
	if err != nil {
		return nil, err
	}
	g, err := generic(x)
	if err != nil {
		return nil, err
	}
	s := &snapshot{typed: x, generic: g}
	r.now[n] = s
	return s, nil
}

// change is a field of a level that a commit changes: its new value
// whole, or for a list changed item by item, the changed items.
type change struct {
	key     string
	value   any   // the new value; with items, the changed items as a list
	items   []int // the indexes, from 0, of value's items; nil for a whole value
	length  int   // with items: the list's new length
	removed bool  // the table lacks the field
}

// commitTable applies t, a level's table, to the level whose export is
// s, and returns whether t differs from s and whether the document
// changed.
func (r *run) commitTable(t *lua.LTable, s *snapshot) (differs, edited bool, err error) {
	g, ok := s.generic.(map[string]any)
	typ := reflect.TypeOf(s.typed)
	if !ok || typ.Kind() != reflect.Struct {
		return false, false, fmt.Errorf("the level's export is no object to commit")
	}
	changes, err := r.diff(t, g, typ)
	if err != nil {
		return false, false, err
	}
	partial := map[string]any{}
	if n, ok := g["level"]; ok {
		partial["level"] = n // for messages that name the level
	}
	for _, c := range changes {
		if !c.removed {
			partial[c.key] = c.value
		}
	}
	text, err := json.Marshal(partial)
	if err != nil {
		return false, false, err
	}
	decoded, err := r.doc.DecodeLevel(text)
	if err != nil {
		return false, false, err
	}
	level, err := merge(s.typed, decoded, changes)
	if err != nil {
		return false, false, err
	}
	records := r.doc.Recorder().Records()
	if _, err := r.doc.ImportLevel(level); err != nil {
		return false, false, err
	}
	return len(changes) > 0, r.doc.Recorder().Records() != records, nil
}

// diff lists the fields of t, a level's table, that differ from g, its
// export: whole, or item by item for a list the type holds as a slice.
// Fields whose names differ only in case are all given whole, as a
// text would hold them, for the game's decoding to judge.
func (r *run) diff(t *lua.LTable, g map[string]any, typ reflect.Type) ([]change, error) {
	var keys []string
	named := map[string]int{} // how many keys have each lower case
	var err error
	t.ForEach(func(k, _ lua.LValue) {
		key, ok := k.(lua.LString)
		if !ok && err == nil {
			err = fmt.Errorf("level: key %s of a record is not a field name", k.String())
		}
		keys = append(keys, string(key))
		named[strings.ToLower(string(key))]++
	})
	if err != nil {
		return nil, err
	}
	var changes []change
	for key := range g {
		if t.RawGetString(key) == lua.LNil {
			changes = append(changes, change{key: key, removed: true})
		}
	}
	for _, key := range keys {
		v, path := t.RawGetString(key), "level."+key
		was, had := g[key]
		switch {
		case named[strings.ToLower(key)] > 1:
			value, err := r.fromLua(v, path, 1)
			if err != nil {
				return nil, err
			}
			changes = append(changes, change{key: key, value: value})
		case !had || !r.same(v, was):
			c, err := r.change(key, v, was, typ)
			if err != nil {
				return nil, err
			}
			changes = append(changes, c)
		}
	}
	return changes, nil
}

// change is the change of field key to v, from was in the export.
func (r *run) change(key string, v lua.LValue, was any, typ reflect.Type) (change, error) {
	path := "level." + key
	list, wasList := was.([]any)
	t, isTable := v.(*lua.LTable)
	if f, ok := fieldOf(typ, key); !ok || !wasList || !isTable || typ.Field(f).Type.Kind() != reflect.Slice || !r.isList(t) {
		value, err := r.fromLua(v, path, 1)
		return change{key: key, value: value}, err
	}
	n := t.Len()
	if countKeys(t) != n {
		return change{}, fmt.Errorf("%s: a list with holes or other keys besides its 1 to %d", path, n)
	}
	c := change{key: key, items: []int{}, length: n}
	values := []any{}
	for i := range n {
		e := t.RawGetInt(i + 1)
		if i < len(list) && r.same(e, list[i]) {
			continue
		}
		value, err := r.fromLua(e, path+"["+strconv.Itoa(i+1)+"]", 2)
		if err != nil {
			return change{}, err
		}
		c.items = append(c.items, i)
		values = append(values, value)
	}
	c.value = values
	return c, nil
}

// merge is typed, a level's export, with the changes set into it from
// decoded, the game's decoding of their values. Its lists are copies,
// so that an import does not see the document change under it.
func merge(typed, decoded any, changes []change) (any, error) {
	out := reflect.New(reflect.TypeOf(typed)).Elem()
	out.Set(reflect.ValueOf(typed))
	for i := range out.NumField() {
		if f := out.Field(i); f.Kind() == reflect.Slice && !f.IsNil() {
			c := reflect.MakeSlice(f.Type(), f.Len(), f.Len())
			reflect.Copy(c, f)
			f.Set(c)
		}
	}
	from := reflect.ValueOf(decoded)
	if from.Type() != out.Type() {
		return nil, fmt.Errorf("the game decodes a level as a %s, exports it as a %s", from.Type(), out.Type())
	}
	for _, c := range changes {
		i, ok := fieldOf(out.Type(), c.key)
		if !ok {
			return nil, fmt.Errorf("level: no field %q", c.key)
		}
		f := out.Field(i)
		switch {
		case c.removed:
			f.SetZero()
		case c.items != nil:
			list := reflect.MakeSlice(f.Type(), c.length, c.length)
			reflect.Copy(list, f)
			for j, at := range c.items {
				list.Index(at).Set(from.Field(i).Index(j))
			}
			f.Set(list)
		default:
			f.Set(from.Field(i))
		}
	}
	return out.Interface(), nil
}

// fieldOf is the index of the field of struct type t that JSON key fills,
// as encoding/json matches it: its name exactly, else ignoring case.
func fieldOf(t reflect.Type, key string) (int, bool) {
	folded := -1
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if name == key {
			return i, true
		}
		if folded < 0 && strings.EqualFold(name, key) {
			folded = i
		}
	}
	return folded, folded >= 0
}

// same reports whether fromLua makes of v the generic JSON value g,
// without making it.
func (r *run) same(v lua.LValue, g any) bool {
	switch g := g.(type) {
	case float64:
		n, ok := v.(lua.LNumber)
		return ok && math.Float64bits(float64(n)) == math.Float64bits(g)
	case string:
		s, ok := v.(lua.LString)
		return ok && string(s) == g
	case bool:
		b, ok := v.(lua.LBool)
		return ok && bool(b) == g
	case []any:
		t, ok := v.(*lua.LTable)
		if !ok || !r.isList(t) || t.Len() != len(g) {
			return false
		}
		equal, count := true, 0
		t.ForEach(func(k, e lua.LValue) {
			count++
			i, isIndex := k.(lua.LNumber)
			equal = equal && isIndex && i >= 1 && int(i) <= len(g) && r.same(e, g[int(i)-1])
		})
		return equal && count == len(g)
	case map[string]any:
		t, ok := v.(*lua.LTable)
		if !ok || r.isList(t) {
			return false
		}
		equal, count := true, 0
		t.ForEach(func(k, e lua.LValue) {
			count++
			if !equal {
				return
			}
			key, isName := k.(lua.LString)
			was, had := g[string(key)]
			equal = isName && had && r.same(e, was)
		})
		return equal && count == len(g)
	}
	return false
}

// has reports whether g has the field key.
func has(g map[string]any, key string) bool {
	_, ok := g[key]
	return ok
}

// refresh makes t, a level's table just committed, the level as it now
// is, g: only what differs is written, as new tables.
func (r *run) refresh(L *lua.LState, t *lua.LTable, g map[string]any) {
	var stale []lua.LValue
	t.ForEach(func(k, _ lua.LValue) {
		if key, ok := k.(lua.LString); !ok || !has(g, string(key)) {
			stale = append(stale, k)
		}
	})
	for _, k := range stale {
		t.RawSet(k, lua.LNil)
	}
	for key, v := range g {
		was := t.RawGetString(key)
		if r.same(was, v) {
			continue
		}
		list, isList := v.([]any)
		if items, ok := was.(*lua.LTable); ok && isList && r.isList(items) && countKeys(items) == items.Len() {
			for i, e := range list {
				if !r.same(items.RawGetInt(i+1), e) {
					items.RawSetInt(i+1, r.toLua(L, e))
				}
			}
			for i := items.Len(); i > len(list); i-- {
				items.RawSetInt(i, lua.LNil)
			}
			continue
		}
		t.RawSetString(key, r.toLua(L, v))
	}
}

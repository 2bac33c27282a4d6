package script

import (
	"encoding/hex"
	"fmt"
	"maps"
	"math"
	"reflect"
	"slices"
	"strconv"
	"unicode/utf8"

	lua "github.com/yuin/gopher-lua"

	"github.com/levelwright/levelwright/query"
)

// api is the lw table a script sees.
func (r *run) api(L *lua.LState) *lua.LTable {
	lw := L.NewTable()
	L.SetFuncs(lw, map[string]lua.LGFunction{
		"game":   r.luaGame,
		"levels": r.luaLevels,
		"level":  r.luaLevel,
		"commit": r.luaCommit,
		"find":   r.luaFind,
	})
	return lw
}

// luaGame is lw.game(): the game's key.
func (r *run) luaGame(L *lua.LState) int {
	L.Push(lua.LString(r.opt.Game))
	return 1
}

// luaLevels is lw.levels(): the document's level numbers, as a list.
func (r *run) luaLevels(L *lua.LState) int {
	levels, err := r.levelNumbers()
	if err != nil {
		L.RaiseError("%v", err)
	}
	t := L.NewTable()
	for _, n := range levels {
		t.Append(lua.LNumber(n))
	}
	L.Push(t)
	return 1
}

// levelNumbers lists the levels of the document, as its export numbers
// them in their "level" field (a file of one map: level 0).
func (r *run) levelNumbers() ([]int, error) {
	if r.levels != nil {
		return r.levels, nil
	}
	all, err := r.doc.Export(-1)
	if err != nil {
		return nil, err
	}
	list := reflect.ValueOf(all)
	if list.Kind() != reflect.Slice {
		list = reflect.ValueOf([]any{all})
	}
	r.levels = []int{}
	for i := range list.Len() {
		n := 0
		level := list.Index(i)
		if level.Kind() == reflect.Interface {
			level = level.Elem()
		}
		level = reflect.Indirect(level)
		if level.Kind() == reflect.Struct {
			if f, ok := fieldOf(level.Type(), "level"); ok && level.Field(f).CanInt() {
				n = int(level.Field(f).Int())
			}
		}
		r.levels = append(r.levels, n)
	}
	return r.levels, nil
}

// luaLevel is lw.level([n]): level n (by default the run's level) as
// its export object.
func (r *run) luaLevel(L *lua.LState) int {
	n := r.levelArg(L, 1)
	s, err := r.snapshot(n)
	if err != nil {
		L.RaiseError("level %d: %v", n, err)
	}
	L.Push(r.toLua(L, s.generic))
	return 1
}

// luaFind is lw.find(query[, n]): the entities of level n (by default
// the run's level) that query matches (the query package's language), as
// a list of {list = "objects", index = 12}, indexes as the export gives
// them. A query that does not parse ends the run with its message.
func (r *run) luaFind(L *lua.LState) int {
	q, err := query.Parse(L.CheckString(1))
	if err != nil {
		L.ArgError(1, err.Error())
	}
	n := r.levelArg(L, 2)
	s, err := r.snapshot(n)
	if err != nil {
		L.RaiseError("level %d: %v", n, err)
	}
	level, ok := s.generic.(map[string]any)
	if !ok {
		L.RaiseError("level %d is no object to search", n)
	}
	out := L.NewTable()
	for _, m := range q.Find(level) {
		t := L.NewTable()
		t.RawSetString("list", lua.LString(m.List))
		t.RawSetString("index", lua.LNumber(m.Index))
		out.Append(t)
	}
	L.Push(out)
	return 1
}

// levelArg is the level the optional argument at pos names: by default
// the run's level, else the file's first.
func (r *run) levelArg(L *lua.LState, pos int) int {
	n := L.OptInt(pos, r.opt.Level)
	if n < 0 && L.Get(pos) != lua.LNil {
		L.ArgError(pos, fmt.Sprintf("level %d: levels count from 0", n))
	}
	if n < 0 {
		levels, err := r.levelNumbers()
		if err != nil {
			L.RaiseError("%v", err)
		}
		if len(levels) == 0 {
			L.RaiseError("the file has no levels")
		}
		n = levels[0]
	}
	return n
}

// luaCommit is lw.commit(level): it applies the level table through the
// document's import, brings the table up to date with what the import
// derived (new sides, recomputed heights, found sectors) and returns it.
// A refused edit ends the run with its message.
func (r *run) luaCommit(L *lua.LState) int {
	t := L.CheckTable(1)
	if err := r.commit(L, t); err != nil {
		err = fmt.Errorf("%s %w", L.Where(1), err)
		r.budget.fail(err)
		L.RaiseError("%v", err)
	}
	r.budget.commits.Add(1)
	L.Push(t)
	return 1
}

// commit applies t, a level's table, keeping the level's export from
// before the run's first commit to it, and makes t the level as it is
// after.
func (r *run) commit(L *lua.LState, t *lua.LTable) error {
	if r.isList(t) {
		return fmt.Errorf("lw.commit takes a level table, got a list")
	}
	n := 0
	if f, ok := t.RawGetString("level").(lua.LNumber); ok {
		n = int(f)
	}
	s, err := r.snapshot(n)
	if err != nil {
		return fmt.Errorf("level %d: %w", n, err)
	}
	if _, seen := r.before[n]; !seen {
		r.before[n] = s.generic
	}
	differs, edited, err := r.commitTable(t, s)
	if err != nil {
		return fmt.Errorf("lw.commit: %w", err)
	}
	if edited {
		clear(r.now)
		if s, err = r.snapshot(n); err != nil {
			return fmt.Errorf("level %d: %w", n, err)
		}
	}
	if g, ok := s.generic.(map[string]any); ok && (differs || edited) {
		r.refresh(L, t, g)
	}
	return nil
}

// changes counts, for each level committed, the entities of each list
// that differ from before the run.
func (r *run) changes() (map[string]int, error) {
	out := map[string]int{}
	for _, n := range slices.Sorted(maps.Keys(r.before)) {
		s, err := r.snapshot(n)
		if err != nil {
			return nil, fmt.Errorf("level %d: %w", n, err)
		}
		before, _ := r.before[n].(map[string]any)
		after, _ := s.generic.(map[string]any)
		for key, list := range after {
			if c := differing(before[key], list); c > 0 {
				out[fmt.Sprintf("level %d %s", n, key)] = c
			}
		}
	}
	return out, nil
}

// differing counts the entries of two lists that differ, and those
// that only one has; two other values that differ count as one.
func differing(a, b any) int {
	la, okA := a.([]any)
	lb, okB := b.([]any)
	if !okA || !okB {
		if reflect.DeepEqual(a, b) {
			return 0
		}
		return 1
	}
	n := max(len(la), len(lb)) - min(len(la), len(lb))
	for i := range min(len(la), len(lb)) {
		if !reflect.DeepEqual(la[i], lb[i]) {
			n++
		}
	}
	return n
}

// toLua is a generic JSON value as Lua: objects and lists as tables
// (lists from index 1), numbers, strings and booleans as themselves.
// The tables made of objects are remembered, so that one left empty is
// written back as an object.
func (r *run) toLua(L *lua.LState, v any) lua.LValue {
	switch v := v.(type) {
	case map[string]any:
		t := L.CreateTable(0, len(v))
		for k, e := range v {
			t.RawSetString(k, r.toLua(L, e))
		}
		r.objects[t] = true
		return t
	case []any:
		t := L.CreateTable(len(v), 0)
		for _, e := range v {
			t.Append(r.toLua(L, e))
		}
		return t
	case float64:
		return lua.LNumber(v)
	case string:
		return lua.LString(v)
	case bool:
		return lua.LBool(v)
	}
	return lua.LNil
}

// maxDepth is the deepest nesting fromLua follows, so that a table that
// holds itself is an error.
const maxDepth = 64

// fromLua is a Lua value as generic JSON, at path (for messages): a
// table whose keys are 1 to n is a list, one whose keys are strings an
// object, and an empty one a list unless it was an object of the
// export. A string whose bytes are not UTF-8 is the export's form of
// such a string, {"bytes_hex": "..."}, so that its bytes reach the level
// as they are.
func (r *run) fromLua(v lua.LValue, path string, depth int) (any, error) {
	switch v := v.(type) {
	case lua.LNumber:
		if f := float64(v); math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, fmt.Errorf("%s: %v is not a number a level can hold", path, f)
		}
		return float64(v), nil
	case lua.LString:
		if !utf8.ValidString(string(v)) {
			return map[string]any{"bytes_hex": hex.EncodeToString([]byte(v))}, nil
		}
		return string(v), nil
	case lua.LBool:
		return bool(v), nil
	case *lua.LTable:
		if depth > maxDepth {
			return nil, fmt.Errorf("%s: tables nested deeper than %d (does a table hold itself?)", path, maxDepth)
		}
		return r.tableFromLua(v, path, depth)
	}
	return nil, fmt.Errorf("%s: a %s cannot be written to the level", path, v.Type())
}

// tableFromLua is a table as a JSON list or object.
func (r *run) tableFromLua(t *lua.LTable, path string, depth int) (any, error) {
	if n := t.Len(); r.isList(t) {
		if countKeys(t) != n {
			return nil, fmt.Errorf("%s: a list with holes or other keys besides its 1 to %d", path, n)
		}
		list := make([]any, n)
		for i := range n {
			e, err := r.fromLua(t.RawGetInt(i+1), path+"["+strconv.Itoa(i+1)+"]", depth+1)
			if err != nil {
				return nil, err
			}
			list[i] = e
		}
		return list, nil
	}
	obj := map[string]any{}
	var err error
	t.ForEach(func(k, e lua.LValue) {
		if err != nil {
			return
		}
		key, ok := k.(lua.LString)
		if !ok {
			err = fmt.Errorf("%s: key %s of a record is not a field name", path, k.String())
			return
		}
		obj[string(key)], err = r.fromLua(e, path+"."+string(key), depth+1)
	})
	return obj, err
}

// isList reports whether t is a list: a table with items 1 to n, or an
// empty one unless it was an object of the export.
func (r *run) isList(t *lua.LTable) bool {
	if t.Len() > 0 {
		return true
	}
	if r.objects[t] {
		return false
	}
	k, _ := t.Next(lua.LNil)
	return k == lua.LNil
}

// countKeys is the number of keys of t.
func countKeys(t *lua.LTable) int {
	n := 0
	t.ForEach(func(lua.LValue, lua.LValue) { n++ })
	return n
}

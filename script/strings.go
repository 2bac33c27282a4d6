package script

import (
	"math"
	"strings"

	lua "github.com/yuin/gopher-lua"
)

// The string functions a script gets in place of gopher-lua's: those
// that match patterns, through the matcher of pattern.go, which the
// run's limits can stop; and those that can make a large string in one
// call, which count its bytes against the memory limit before making
// it. They behave as Lua 5.1's.

// maxRep is the longest string string.rep makes, so that one call
// cannot take the machine's memory.
const maxRep = 1 << 24

// checkedStrings puts the checked functions into the string and table
// libraries of L.
func (b *budget) checkedStrings(L *lua.LState) {
	str := L.GetGlobal(lua.StringLibName).(*lua.LTable)
	format := str.RawGetString("format")
	L.SetFuncs(str, map[string]lua.LGFunction{
		"rep":    b.rep,
		"find":   func(L *lua.LState) int { return b.find(L, true) },
		"match":  func(L *lua.LState) int { return b.find(L, false) },
		"gmatch": b.gmatch,
		"gsub":   b.gsub,
		"format": func(L *lua.LState) int { return b.format(L, format) },
	})
	L.SetGlobal(concatName, L.NewFunction(b.join))
	tab := L.GetGlobal(lua.TabLibName).(*lua.LTable)
	concat := tab.RawGetString("concat")
	tab.RawSetString("concat", L.NewFunction(func(L *lua.LState) int { return b.concat(L, concat) }))
}

// raise ends the call with err, the run's reason to stop or a pattern's
// fault.
func raise(L *lua.LState, err error) {
	L.RaiseError("%s", err.Error())
}

// rep is string.rep(s, n).
func (b *budget) rep(L *lua.LState) int {
	s, n := L.CheckString(1), float64(L.CheckNumber(2))
	if n < 1 || s == "" {
		L.Push(lua.LString(""))
		return 1
	}
	if size := float64(len(s)) * math.Trunc(n); size > maxRep {
		L.RaiseError("string.rep: a string of %.0f bytes is past the limit of %d", size, maxRep)
	}
	if err := b.grow(len(s) * int(n)); err != nil {
		raise(L, err)
	}
	L.Push(lua.LString(strings.Repeat(s, int(n))))
	return 1
}

// position is the argument at arg (by default def), a position in a
// string of length n counted from 1 or, when negative, from the end, as
// an index from 0 between 0 and n.
func position(L *lua.LState, arg int, def float64, n int) int {
	p := math.Trunc(float64(L.OptNumber(arg, lua.LNumber(def))))
	if p < 0 {
		p += float64(n) + 1
	}
	return int(min(max(p-1, 0), float64(n)))
}

// find is string.find(s, pattern[, init[, plain]]) when find is set,
// else string.match(s, pattern[, init]).
func (b *budget) find(L *lua.LState, find bool) int {
	s, p := L.CheckString(1), L.CheckString(2)
	init := position(L, 3, 1, len(s))
	if find && (L.ToBool(4) || !hasSpecials(p)) {
		if i := strings.Index(s[init:], p); i >= 0 {
			L.Push(lua.LNumber(init + i + 1))
			L.Push(lua.LNumber(init + i + len(p)))
			return 2
		}
		L.Push(lua.LNil)
		return 1
	}
	m := &matcher{src: s, pat: p, check: b.Err}
	anchored := strings.HasPrefix(p, "^")
	start, end, err := m.find(init, boolInt(anchored), anchored)
	if err != nil {
		raise(L, err)
	}
	if start < 0 {
		L.Push(lua.LNil)
		return 1
	}
	if find {
		L.Push(lua.LNumber(start + 1))
		L.Push(lua.LNumber(end))
		return 2 + m.push(L, start, end, false)
	}
	return m.push(L, start, end, true)
}

// boolInt is 1 for true.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// gmatch is string.gmatch(s, pattern): an iterator over the matches, as
// Lua 5.1 gives them (a '^' is no anchor there).
func (b *budget) gmatch(L *lua.LState) int {
	s, p := L.CheckString(1), L.CheckString(2)
	at := 0
	L.Push(L.NewFunction(func(L *lua.LState) int {
		if at > len(s) {
			return 0
		}
		m := &matcher{src: s, pat: p, check: b.Err}
		start, end, err := m.find(at, 0, false)
		if err != nil {
			raise(L, err)
		}
		if start < 0 {
			at = len(s) + 1
			return 0
		}
		at = end
		if end == start {
			at++
		}
		return m.push(L, start, end, true)
	}))
	return 1
}

// gsub is string.gsub(s, pattern, repl[, n]).
func (b *budget) gsub(L *lua.LState) int {
	s, p := L.CheckString(1), L.CheckString(2)
	repl := L.Get(3)
	switch repl.Type() {
	case lua.LTNumber, lua.LTString, lua.LTTable, lua.LTFunction:
	default:
		L.ArgError(3, "string/function/table expected")
	}
	most := math.Trunc(float64(L.OptNumber(4, lua.LNumber(len(s)+1))))
	anchored := strings.HasPrefix(p, "^")
	var out strings.Builder
	add := func(piece string) {
		if err := b.grow(len(piece)); err != nil {
			raise(L, err)
		}
		out.WriteString(piece)
	}
	m := &matcher{src: s, pat: p, check: b.Err}
	n, at, from := 0, 0, 0 // from: the start of what no match has taken
	for float64(n) < most {
		start, end, err := m.find(at, boolInt(anchored), true)
		if err != nil {
			raise(L, err)
		}
		if start >= 0 {
			n++
			add(s[from:at])
			add(m.replacement(L, repl, start, end))
			from = end
		}
		if start >= 0 && end > at {
			at = end
		} else if at < len(s) {
			at++
		} else {
			break
		}
		if anchored {
			break
		}
	}
	add(s[from:])
	L.Push(lua.LString(out.String()))
	L.Push(lua.LNumber(n))
	return 2
}

// replacement is what gsub puts for the match from start to end: repl,
// a string with %0 to %9 in it, a table indexed by the first capture
// or a function of the captures; false or nil keep the match.
func (m *matcher) replacement(L *lua.LState, repl lua.LValue, start, end int) string {
	var v lua.LValue
	switch r := repl.(type) {
	case *lua.LTable:
		v = L.GetTable(r, m.capture0(L, start, end))
	case *lua.LFunction:
		L.Push(r)
		n := m.push(L, start, end, true)
		L.Call(n, 1)
		v = L.Get(-1)
		L.Pop(1)
	default:
		return m.expand(L, lua.LVAsString(repl), start, end)
	}
	switch v.Type() {
	case lua.LTNil:
		return m.src[start:end]
	case lua.LTBool:
		if v == lua.LFalse {
			return m.src[start:end]
		}
	case lua.LTString, lua.LTNumber:
		return lua.LVAsString(v)
	}
	L.RaiseError("invalid replacement value (a %s)", v.Type())
	return ""
}

// expand is the replacement string r for the match from start to end:
// %0 is the match, %1 to %9 its captures, and % before any other
// character that character.
func (m *matcher) expand(L *lua.LState, r string, start, end int) string {
	if !strings.Contains(r, "%") {
		return r
	}
	var out strings.Builder
	for i := 0; i < len(r); i++ {
		if r[i] != '%' {
			out.WriteByte(r[i])
			continue
		}
		i++
		var c byte // a '%' that ends r stands before the end, as in Lua 5.1
		if i < len(r) {
			c = r[i]
		}
		switch {
		case c == '0':
			out.WriteString(m.src[start:end])
		case '1' <= c && c <= '9':
			out.WriteString(lua.LVAsString(m.captureValue(L, int(c-'1'), start, end)))
		default:
			out.WriteByte(c)
		}
	}
	return out.String()
}

// capture0 is the first capture, or the whole match without captures.
func (m *matcher) capture0(L *lua.LState, start, end int) lua.LValue {
	return m.captureValue(L, 0, start, end)
}

// captureValue is capture i of the match from start to end: its text,
// or for a position capture its position; capture 0 of a pattern with
// none is the whole match.
func (m *matcher) captureValue(L *lua.LState, i, start, end int) lua.LValue {
	if i >= m.level {
		if i != 0 {
			L.RaiseError("invalid capture index")
		}
		return lua.LString(m.src[start:end])
	}
	c := m.capture[i]
	switch c.length {
	case captureOpen:
		L.RaiseError("unfinished capture")
	case capturePosition:
		return lua.LNumber(c.start + 1)
	}
	return lua.LString(m.src[c.start : c.start+c.length])
}

// push pushes the captures of the match from start to end, or the
// whole match when the pattern has none and whole is set, and returns
// how many values it pushed.
func (m *matcher) push(L *lua.LState, start, end int, whole bool) int {
	if m.level == 0 && !whole {
		return 0
	}
	n := max(m.level, 1)
	for i := range n {
		L.Push(m.captureValue(L, i, start, end))
	}
	return n
}

// format is string.format through gopher-lua's own, original, once its
// widths and precisions are known to be Lua's (two digits at most) and
// the bytes it can make are counted.
func (b *budget) format(L *lua.LState, original lua.LValue) int {
	f := L.CheckString(1)
	size := len(f)
	arg := 2
	for i := 0; i < len(f); i++ {
		if f[i] != '%' {
			continue
		}
		if i++; i < len(f) && f[i] == '%' {
			continue
		}
		for i < len(f) && strings.IndexByte("-+ #0", f[i]) >= 0 {
			i++
		}
		width := digits(f[i:])
		i += width
		precision := 0
		if i < len(f) && f[i] == '.' {
			precision = digits(f[i+1:])
			i += 1 + precision
		}
		if width > 2 || precision > 2 {
			L.RaiseError("invalid format (width or precision too long)")
		}
		size += 100 // the widest number, or padding
		if arg <= L.GetTop() {
			size += 2*len(lua.LVAsString(L.Get(arg))) + 2 // a %q doubles at most
		}
		arg++
	}
	if err := b.grow(size); err != nil {
		raise(L, err)
	}
	return callOriginal(L, original)
}

// digits counts the decimal digits s begins with.
func digits(s string) int {
	n := 0
	for n < len(s) && '0' <= s[n] && s[n] <= '9' {
		n++
	}
	return n
}

// concat is table.concat(t[, sep[, i[, j]]]) through gopher-lua's
// own, original, once the bytes it makes are counted.
func (b *budget) concat(L *lua.LState, original lua.LValue) int {
	t := L.CheckTable(1)
	sep := L.OptString(2, "")
	i := L.OptInt(3, 1)
	j := L.OptInt(4, t.Len())
	size := 0
	for k := i; k <= j && size >= 0; k++ {
		v := t.RawGetInt(k)
		if v.Type() != lua.LTString && v.Type() != lua.LTNumber {
			break // the original names the value
		}
		size += len(lua.LVAsString(v)) + len(sep)
	}
	if err := b.grow(size); err != nil {
		raise(L, err)
	}
	return callOriginal(L, original)
}

// callOriginal calls original, a function of gopher-lua's own, with the
// arguments of the call under way, and returns its one result.
func callOriginal(L *lua.LState, original lua.LValue) int {
	top := L.GetTop()
	L.Push(original)
	for i := 1; i <= top; i++ {
		L.Push(L.Get(i))
	}
	L.Call(top, 1)
	return 1
}

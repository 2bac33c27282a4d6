package script

import (
	"io"
	"reflect"

	lua "github.com/yuin/gopher-lua"
	"github.com/yuin/gopher-lua/ast"
	"github.com/yuin/gopher-lua/parse"
)

// A script's concatenations, a .. b, are calls of a checked function:
// the interpreter makes the string of a .. b inside one instruction,
// which nothing outside it can stop, and a string that doubles at each
// instruction outgrows any look at the heap between instructions. So
// the script is compiled from its syntax tree with every concatenation
// made a call of concatName, a global no Lua name can spell, which
// counts the bytes against the memory limit before making the string.

// concatName is the global the concatenations of a script call.
const concatName = "lw concat"

// load compiles the script src, named name, with its concatenations
// checked.
func load(L *lua.LState, src io.Reader, name string) (*lua.LFunction, error) {
	chunk, err := parse.Parse(src, name)
	if err != nil {
		return nil, err
	}
	checkConcats(reflect.ValueOf(chunk))
	proto, err := lua.Compile(chunk, name)
	if err != nil {
		return nil, err
	}
	return L.NewFunctionFromProto(proto), nil
}

// checkConcats makes every concatenation in the syntax tree at v a call
// of concatName.
func checkConcats(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			checkConcats(v.Elem())
		}
	case reflect.Slice:
		for i := range v.Len() {
			checkConcat(v.Index(i))
			checkConcats(v.Index(i))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				checkConcat(v.Field(i))
				checkConcats(v.Field(i))
			}
		}
	}
}

// checkConcat makes v, when it holds a concatenation, a call of
// concatName with its two operands.
func checkConcat(v reflect.Value) {
	if !v.CanSet() || v.Kind() != reflect.Interface || v.IsNil() {
		return
	}
	c, ok := v.Interface().(*ast.StringConcatOpExpr)
	if !ok {
		return
	}
	f := &ast.IdentExpr{Value: concatName}
	call := &ast.FuncCallExpr{Func: f, Args: []ast.Expr{c.Lhs, c.Rhs}}
	for _, n := range []interface {
		SetLine(int)
		SetLastLine(int)
	}{f, call} {
		n.SetLine(c.Line())
		n.SetLastLine(c.LastLine())
	}
	v.Set(reflect.ValueOf(call))
}

// join is a .. b: for strings and numbers, the joined string once its
// bytes are counted; else the __concat metamethod of a or b, as Lua
// calls it.
func (b *budget) join(L *lua.LState) int {
	x, y := L.Get(1), L.Get(2)
	if lua.LVCanConvToString(x) && lua.LVCanConvToString(y) {
		sx, sy := lua.LVAsString(x), lua.LVAsString(y)
		if err := b.grow(len(sx) + len(sy)); err != nil {
			raise(L, err)
		}
		L.Push(lua.LString(sx + sy))
		return 1
	}
	mm := L.GetMetaField(x, "__concat")
	if mm == lua.LNil {
		mm = L.GetMetaField(y, "__concat")
	}
	if mm.Type() != lua.LTFunction {
		L.RaiseError("cannot perform concat operation between %v and %v", x.Type(), y.Type())
	}
	L.Push(mm)
	L.Push(x)
	L.Push(y)
	L.Call(2, 1)
	return 1
}

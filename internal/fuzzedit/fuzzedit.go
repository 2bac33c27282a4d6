// Package fuzzedit edits a value as a fuzz input says, so that an import
// fuzz target can start from a valid export and change a few of its
// fields and list items: every input is then a level that decodes, and
// the inputs stay a few bytes long, which keeps the fuzzer's mutation and
// minimization cheap. Fuzzing the export's whole JSON text instead makes
// almost every input fail to decode, and each new one cost minutes to
// minimize.
package fuzzedit

import (
	"encoding/binary"
	"math"
	"reflect"
)

// OpSize is the length of one edit in an input.
const OpSize = 7

// MaxOps is how many edits Apply makes at the most: each walks the whole
// value again, and the fuzzer's inputs can grow long.
const MaxOps = 16

// Apply makes the edits ops holds to the value v points at, OpSize bytes
// each, MaxOps at the most (the rest, and a short tail, is ignored): a kind byte, then a 16-bit choice and a
// 32-bit value, little-endian. Kind (mod 3) 0 sets the chosen field (one
// of the numbers, booleans and strings v holds, in the order they are
// met) from the value; 1 removes an item of the chosen list (one of the
// slices v holds), the value choosing which; 2 appends a copy of one.
func Apply(v any, ops []byte) {
	root := reflect.ValueOf(v).Elem()
	ops = ops[:min(len(ops), MaxOps*OpSize)]
	for ; len(ops) >= OpSize; ops = ops[OpSize:] {
		choice := int(binary.LittleEndian.Uint16(ops[1:]))
		value := binary.LittleEndian.Uint32(ops[3:])
		var fields, lists []reflect.Value
		walk(root, &fields, &lists)
		switch ops[0] % 3 {
		case 0:
			if len(fields) > 0 {
				set(fields[choice%len(fields)], value)
			}
		case 1:
			if l := pick(lists, choice); l.IsValid() && l.Len() > 0 {
				i := int(value % uint32(l.Len()))
				l.Set(reflect.AppendSlice(l.Slice(0, i), l.Slice(i+1, l.Len())))
			}
		case 2:
			if l := pick(lists, choice); l.IsValid() && l.Len() > 0 {
				l.Set(reflect.Append(l, l.Index(int(value%uint32(l.Len())))))
			}
		}
	}
}

// Op is one edit as Apply reads it, for seeds.
func Op(kind byte, choice uint16, value uint32) []byte {
	b := []byte{kind, 0, 0, 0, 0, 0, 0}
	binary.LittleEndian.PutUint16(b[1:], choice)
	binary.LittleEndian.PutUint32(b[3:], value)
	return b
}

// pick is list number choice, or the zero Value when there is none.
func pick(lists []reflect.Value, choice int) reflect.Value {
	if len(lists) == 0 {
		return reflect.Value{}
	}
	return lists[choice%len(lists)]
}

// walk gathers the settable leaves and slices of v, depth first.
func walk(v reflect.Value, fields, lists *[]reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walk(v.Elem(), fields, lists)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				walk(v.Field(i), fields, lists)
			}
		}
	case reflect.Slice:
		if v.CanSet() && v.Type().Elem().Kind() != reflect.Uint8 {
			*lists = append(*lists, v)
		}
		fallthrough
	case reflect.Array:
		for i := range v.Len() {
			walk(v.Index(i), fields, lists)
		}
	case reflect.Bool, reflect.String, reflect.Float32, reflect.Float64,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if v.CanSet() {
			*fields = append(*fields, v)
		}
	}
}

// set gives field a value made from x: the number as a signed or an
// unsigned one (cut to the field's width), in 256ths for a float, its
// low bit for a boolean, its last decimal digit for a string.
func set(field reflect.Value, x uint32) {
	switch field.Kind() {
	case reflect.Bool:
		field.SetBool(x&1 != 0)
	case reflect.String:
		field.SetString(string(rune('0' + x%10)))
	case reflect.Float32, reflect.Float64:
		field.SetFloat(float64(int32(x)) / 256)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		bits := field.Type().Bits()
		field.SetInt(int64(int32(x)) << (64 - min(bits, 32)) >> (64 - min(bits, 32)))
	default:
		field.SetUint(uint64(x) & (math.MaxUint64 >> (64 - min(field.Type().Bits(), 32))))
	}
}

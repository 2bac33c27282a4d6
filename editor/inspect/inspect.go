// Package inspect holds what the games' inspector sections are made of:
// a section of fields, and fields built from records by reflection,
// with specs that hide, fix or name their values.
package inspect

import (
	"fmt"
	"math"
	"reflect"
	"strings"

	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// FieldSpec says how the inspector shows a record field, by its path
// ("Flags", "Primary.Texture", "Origin.X").
type FieldSpec struct {
	Hidden   bool
	ReadOnly bool
	Choices  []string       // names of the values 0, 1, ...
	None     bool           // -1 is a choice too, "none" (before Choices); a read-only number shows it as "none" (unsigned: its largest value)
	Flags    []string       // names of the bits 0, 1, ...
	Unit     *propgrid.Unit // the game's unit a number is shown in
	Label    string         // what the field is called, when not its path
}

// Specs are the field specs of a record type; fields named Unused or
// Rest are always hidden.
type Specs map[string]FieldSpec

// Section is a heading and the fields under it in the inspector.
type Section struct {
	Title  string
	Fields []propgrid.Field
}

// RecordFields builds the fields of records, one or more records of one
// struct type: every number, string, and number within a nested struct
// or a short array, unless hidden. Values the records disagree on show
// as mixed. An edit calls edit with an update for every record, which
// should make one undo step.
func RecordFields[T any](records []T, sp Specs, edit func(update func(*T)) error) []propgrid.Field {
	if len(records) == 0 {
		return nil
	}
	var out []propgrid.Field
	var walk func(t reflect.Type, path []int, name string)
	walk = func(t reflect.Type, path []int, name string) {
		switch t.Kind() {
		case reflect.Struct:
			for i := range t.NumField() {
				f := t.Field(i)
				if !f.IsExported() || f.Name == "Unused" || f.Name == "Rest" {
					continue
				}
				walk(f.Type, append(append([]int(nil), path...), i), join(name, f.Name))
			}
			return
		case reflect.Array:
			if t.Len() > 8 || t.Elem().Kind() == reflect.Uint8 {
				return
			}
			for i := range t.Len() {
				walk(t.Elem(), append(append([]int(nil), path...), i), fmt.Sprintf("%s[%d]", name, i))
			}
			return
		}
		spec := sp[name]
		if spec.Hidden {
			return
		}
		if f, ok := valueField(records, path, name, spec, edit); ok {
			out = append(out, f)
		}
	}
	walk(reflect.TypeOf(records[0]), nil, "")
	return out
}

func join(prefix, name string) string {
	if prefix == "" {
		return name
	}
	return prefix + "." + name
}

// at is the value at path within v.
func at(v reflect.Value, path []int) reflect.Value {
	for _, i := range path {
		if v.Kind() == reflect.Array {
			v = v.Index(i)
		} else {
			v = v.Field(i)
		}
	}
	return v
}

// valueField is the field of one number or string at path.
func valueField[T any](records []T, path []int, name string, spec FieldSpec, edit func(update func(*T)) error) (propgrid.Field, bool) {
	values := make([]reflect.Value, len(records))
	for i := range records {
		values[i] = at(reflect.ValueOf(records[i]), path)
	}
	set := func(assign func(v reflect.Value)) error {
		return edit(func(r *T) { assign(at(reflect.ValueOf(r).Elem(), path)) })
	}
	field := propgrid.Field{Label: strings.ReplaceAll(name, ".", " ")}
	if spec.Label != "" {
		field.Label = spec.Label
	}
	first := values[0]
	switch first.Kind() {
	case reflect.String:
		t := &propgrid.Text{Value: first.String(), Mixed: !same(values, reflect.Value.String)}
		if !spec.ReadOnly {
			t.Set = func(s string) error { return set(func(v reflect.Value) { v.SetString(s) }) }
		}
		field.Text = t
	case reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Int,
		reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		integerField(&field, values, spec, set)
	case reflect.Float32, reflect.Float64:
		n := &propgrid.Number{Value: first.Float(), Mixed: !same(values, reflect.Value.Float),
			Min: -math.MaxFloat32, Max: math.MaxFloat32, Unit: spec.Unit, Single: first.Kind() == reflect.Float32}
		if !spec.ReadOnly {
			n.Set = func(x float64) error { return set(func(v reflect.Value) { v.SetFloat(x) }) }
		}
		field.Number = n
	default:
		return field, false
	}
	return field, true
}

// same reports whether key gives every value what it gives the first.
func same[K comparable](values []reflect.Value, key func(reflect.Value) K) bool {
	first := key(values[0])
	for _, v := range values[1:] {
		if key(v) != first {
			return false
		}
	}
	return true
}

// integerField makes field the editor of the integers values: named
// check boxes for a flag word, a choice for an enumeration, otherwise a
// whole number within the type's range. set assigns to every record.
func integerField(field *propgrid.Field, values []reflect.Value, spec FieldSpec, set func(assign func(v reflect.Value)) error) {
	first := values[0]
	signed := first.CanInt()
	get := func(v reflect.Value) int64 {
		if signed {
			return v.Int()
		}
		return int64(v.Uint())
	}
	whole := func(x int64) func(reflect.Value) {
		return func(v reflect.Value) {
			if signed {
				v.SetInt(x)
			} else {
				v.SetUint(uint64(x))
			}
		}
	}
	mixed := !same(values, get)
	var none int64 // the index of value 0 among the options: 1 after "none"
	if spec.None {
		none = 1
	}
	switch {
	case spec.Flags != nil && !signed:
		var differ uint64
		for _, v := range values {
			differ |= v.Uint() ^ first.Uint()
		}
		fl := &propgrid.Flags{Names: spec.Flags, Value: first.Uint(), Mixed: differ}
		if !spec.ReadOnly {
			fl.Set = func(bit int, on bool) error {
				return set(func(v reflect.Value) {
					if on {
						v.SetUint(v.Uint() | 1<<bit)
					} else {
						v.SetUint(v.Uint() &^ (1 << bit))
					}
				})
			}
		}
		field.Flags = fl
	case spec.Choices != nil && (mixed || get(first) >= -none && get(first) < int64(len(spec.Choices))):
		options := spec.Choices
		if spec.None {
			options = append([]string{"none"}, options...)
		}
		index := -1
		if !mixed {
			index = int(get(first) + none)
		}
		c := &propgrid.Choice{Options: options, Index: index}
		if !spec.ReadOnly {
			c.Set = func(i int) error { return set(whole(int64(i) - none)) }
		}
		field.Choice = c
	case spec.None && spec.ReadOnly && !mixed && isNone(first):
		field.Text = &propgrid.Text{Value: "none"}
	default:
		lo, hi := numberRange(first.Type())
		n := &propgrid.Number{Value: float64(get(first)), Mixed: mixed, Whole: true, Min: lo, Max: hi, Unit: spec.Unit}
		if !spec.ReadOnly {
			n.Set = func(x float64) error { return set(whole(int64(x))) }
		}
		field.Number = n
	}
}

// isNone reports whether the integer v is the games' "none": -1, or
// stored unsigned, the type's largest value (65535 for 16 bits).
func isNone(v reflect.Value) bool {
	if v.CanInt() {
		return v.Int() == -1
	}
	_, hi := numberRange(v.Type())
	return float64(v.Uint()) == hi
}

// numberRange is the range of an integer type.
func numberRange(t reflect.Type) (lo, hi float64) {
	bits := t.Bits()
	if t.Kind() >= reflect.Uint && t.Kind() <= reflect.Uint64 {
		return 0, math.Pow(2, float64(bits)) - 1
	}
	return -math.Pow(2, float64(bits-1)), math.Pow(2, float64(bits-1)) - 1
}

// Pick returns the records of items at indexes.
func Pick[T any](items []T, indexes []int) []T {
	out := make([]T, 0, len(indexes))
	for _, i := range indexes {
		if i >= 0 && i < len(items) {
			out = append(out, items[i])
		}
	}
	return out
}

// BatchEach runs edit for every index as one undo step.
func BatchEach(batch func(string, func() error) error, description string, indexes []int, edit func(i int) error) error {
	return batch(description, func() error {
		for _, i := range indexes {
			if err := edit(i); err != nil {
				return err
			}
		}
		return nil
	})
}

// Title names a selection of one kind: "Polygon 3" or "4 polygons".
func Title(kind document.Kind, indexes []int) string {
	if len(indexes) == 1 {
		return fmt.Sprintf("%s%s %d", string(kind[0]-'a'+'A'), kind[1:], indexes[0])
	}
	return document.Count(len(indexes), string(kind))
}

// Common is the value all of values hold, or -1.
func Common(values []int) int {
	if AllSame(values) {
		return values[0]
	}
	return -1
}

// AllSame reports whether values are all the same.
func AllSame(values []int) bool {
	for _, v := range values[1:] {
		if v != values[0] {
			return false
		}
	}
	return true
}

// Map is f of every id, in order.
func Map(ids []int, f func(int) int) []int {
	out := make([]int, len(ids))
	for k, i := range ids {
		out[k] = f(i)
	}
	return out
}

package document

import (
	"fmt"
	"math"
	"reflect"
	"strings"
)

// ChangedFields names the fields of the struct records that differ
// between befores and afters (paired by position), once each, in the
// struct's order. Floats compare by their bits, so that a NaN a record
// holds is not a change. Records that are not structs name nothing.
func ChangedFields[T any](befores, afters []T) []string {
	t := reflect.TypeFor[T]()
	if t.Kind() != reflect.Struct {
		return nil
	}
	var out []string
	for f := range t.NumField() {
		for k := range min(len(befores), len(afters)) {
			if !sameValue(reflect.ValueOf(befores[k]).Field(f), reflect.ValueOf(afters[k]).Field(f)) {
				out = append(out, t.Field(f).Name)
				break
			}
		}
	}
	return out
}

// sameValue reports whether a and b hold the same value, floats by their
// bits, arrays and structs part by part.
func sameValue(a, b reflect.Value) bool {
	switch a.Kind() {
	case reflect.Float32, reflect.Float64:
		return math.Float64bits(a.Float()) == math.Float64bits(b.Float())
	case reflect.Array:
		for i := range a.Len() {
			if !sameValue(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Struct:
		for i := range a.NumField() {
			if !sameValue(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a.Interface(), b.Interface())
}

// maxNamedFields is how many changed fields a step's description names
// before it counts them instead.
const maxNamedFields = 3

// EditDescription is the description of a step that edits what (a
// "sector set 4"): "Edit sector set 4: Music", naming up to three changed
// fields and counting more ("Edit actor 2: 5 fields").
func EditDescription(what string, fields []string) string {
	switch {
	case len(fields) == 0:
		return "Edit " + what
	case len(fields) > maxNamedFields:
		return fmt.Sprintf("Edit %s: %d fields", what, len(fields))
	}
	return fmt.Sprintf("Edit %s: %s", what, strings.Join(fields, ", "))
}

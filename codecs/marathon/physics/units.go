package physics

import (
	"reflect"
	"strings"
)

// Unit is how a stored number reads: stored / Per in the unit Name.
type Unit struct {
	Name string
	Per  float64
}

// Units are the units of the fields, by a field's unit tag. A world unit
// (WU) is 1024 steps, a full circle 512, a fixed-point 1 is 65536, and a
// tick 1/30 s.
var Units = map[string]Unit{
	"wu":         {"WU", 1024},
	"angle":      {"°", 512.0 / 360},
	"ticks":      {"s", TicksPerSecond},
	"speed":      {"WU/tick", 1024},
	"fixed":      {"×", 65536},
	"fixedwu":    {"WU", 65536},
	"fixedspeed": {"WU/tick", 65536},
	"fixedaccel": {"WU/tick²", 65536},
	"fixedangle": {"°/tick", 65536 * 512.0 / 360},
}

// Field says how one field of a record type reads, by its path
// ("Vitality", "MeleeAttack.Range").
type Field struct {
	Path    string
	Unit    *Unit
	Flags   []string // names of the bits
	Choices []string // names of the values 0, 1, ...
	Names   []string // names of the values 0, 1, ... of a field that may hold others (sounds)
	Ref     Kind     // KindCount unless the field is an index of another kind
	Loose   bool     // a Ref that may hold other values
}

// Fields lists the number fields of a record type, nested ones by path.
func Fields(t reflect.Type) []Field {
	var out []Field
	var walk func(t reflect.Type, prefix string)
	walk = func(t reflect.Type, prefix string) {
		for i := range t.NumField() {
			f := t.Field(i)
			path := prefix + f.Name
			if f.Type.Kind() == reflect.Struct {
				walk(f.Type, path+".")
				continue
			}
			field := Field{Path: path, Ref: KindCount, Loose: f.Tag.Get("loose") == "true", Flags: FlagNames[f.Tag.Get("flags")], Choices: ChoiceNames[f.Tag.Get("choices")],
				Names: NameLists[f.Tag.Get("names")]}
			if u, ok := Units[f.Tag.Get("unit")]; ok {
				field.Unit = &u
			}
			for k, name := range KindNames {
				if f.Tag.Get("ref") == name {
					field.Ref = Kind(k)
				}
			}
			out = append(out, field)
		}
	}
	walk(t, "")
	return out
}

// FieldByPath is the field at path within record v, and whether there
// is one.
func FieldByPath(v reflect.Value, path string) (reflect.Value, bool) {
	for name := range strings.SplitSeq(path, ".") {
		if v.Kind() != reflect.Struct {
			return reflect.Value{}, false
		}
		v = v.FieldByName(name)
		if !v.IsValid() {
			return reflect.Value{}, false
		}
	}
	return v, v.CanInt() || v.CanUint()
}

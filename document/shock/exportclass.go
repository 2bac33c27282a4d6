package shock

import (
	"fmt"
	"slices"
	"strings"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// classProperties are the known fields of object o's class data d by
// name, for the export (nil when it has none).
func classProperties(o codec.Object, d []byte) map[string]int64 {
	var props map[string]int64
	for _, f := range codec.ClassLayout(o, d) {
		if f.Kind == codec.FieldUnknown {
			continue
		}
		if props == nil {
			props = map[string]int64{}
		}
		props[f.Name] = f.Get(d)
	}
	return props
}

// setProperties writes the properties of an imported object that differ
// from its class data before the import, cur, into the imported class
// data d, laid out as o's (with the action, puzzle kind and type the data
// and object hold): a property edited wins over Data, and Data edited
// under an unchanged property stays. It refuses a name the layout does
// not have (once the properties are set) and a changed value the field
// cannot take; whether a reference names an object in use is the class
// data edit's to check.
func setProperties(o codec.Object, d, cur []byte, props map[string]int64) error {
	// A property can change the layout (a door's access decides what its
	// lock is): apply what the layout names until it names nothing new.
	layout, names := codec.ClassLayout(o, d), ""
	for pass := 0; names != fieldNames(layout) && pass < 4; pass++ {
		names = fieldNames(layout)
		for _, f := range layout {
			v, ok := props[f.Name]
			if !ok || v == f.Get(cur) {
				continue
			}
			if err := f.Check(v); err != nil {
				return fmt.Errorf("properties: %w", err)
			}
			f.Set(d, v)
		}
		layout = codec.ClassLayout(o, d)
	}
	for name := range props {
		if !slices.ContainsFunc(layout, func(f codec.ClassField) bool { return f.Name == name }) {
			return fmt.Errorf("properties: a %s of this type has no %q (it has %s)", codec.ClassNames[o.Class], name, fieldNames(layout))
		}
	}
	return nil
}

// fieldNames lists a layout's known fields, quoted.
func fieldNames(layout []codec.ClassField) string {
	var names []string
	for _, f := range layout {
		if f.Kind != codec.FieldUnknown {
			names = append(names, fmt.Sprintf("%q", f.Name))
		}
	}
	if names == nil {
		return "no known fields"
	}
	return strings.Join(names, ", ")
}

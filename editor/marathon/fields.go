package marathon

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// The units Marathon's numbers are shown in.
var (
	worldUnits = &propgrid.Unit{Name: "WU", Per: 1024, Decimals: 3}          // positions and heights: 1024 a world unit
	squareWU   = &propgrid.Unit{Name: "WU²", Per: 1024 * 1024, Decimals: 3}  // areas
	degrees    = &propgrid.Unit{Name: "°", Per: 512.0 / 360, Decimals: 1}    // angles: 512 a turn
	percent    = &propgrid.Unit{Name: "%", Per: 65536.0 / 100, Decimals: 1}  // intensities: fixed point, 65536 the whole
	seconds    = &propgrid.Unit{Name: "s", Per: 30, Decimals: 2}             // periods and delays: 30 ticks a second
	wuPerSec   = &propgrid.Unit{Name: "WU/s", Per: 1024.0 / 30, Decimals: 2} // speeds: internal units a tick
	volume     = &propgrid.Unit{Name: "%", Per: 256.0 / 100, Decimals: 1}    // sound volumes: 256 the loudest
)

// shown is a spec that shows a field labelled label in unit.
func shown(label string, unit *propgrid.Unit) inspect.FieldSpec {
	return inspect.FieldSpec{Label: label, Unit: unit}
}

// named is a spec that shows a field labelled label as one of choices.
func named(label string, choices []string) inspect.FieldSpec {
	return inspect.FieldSpec{Label: label, Choices: choices}
}

// labelled is a spec that only gives a field a label.
func labelled(label string) inspect.FieldSpec { return inspect.FieldSpec{Label: label} }

// fixed is a read-only spec labelled label, in unit (nil for none).
func fixed(label string, unit *propgrid.Unit) inspect.FieldSpec {
	return inspect.FieldSpec{Label: label, Unit: unit, ReadOnly: true}
}

// swap replaces the field labelled label with fields, in its place; a
// label not among fields (a hidden field) changes nothing.
func swap(fields []propgrid.Field, label string, with ...propgrid.Field) []propgrid.Field {
	for i, f := range fields {
		if f.Label == label {
			return append(fields[:i:i], append(with, fields[i+1:]...)...)
		}
	}
	return fields
}

// accessor reads and writes one integer field of a record.
type accessor[T any] struct {
	get func(T) int
	put func(*T, int)
}

// indexChoice is a choice among names of the index the records hold at
// a; with none, the first choice is "none", for -1. A value out of
// names' range shows as a number, so that nothing is hidden.
func indexChoice[T any](records []T, label string, names []string, none bool, a accessor[T], edit func(func(*T)) error) propgrid.Field {
	options := names
	first := 0
	if none {
		options = append([]string{"none"}, names...)
		first = -1
	}
	values := make([]int, len(records))
	for i, r := range records {
		values[i] = a.get(r)
	}
	for _, v := range values {
		if v < first || v-first >= len(options) {
			n := &propgrid.Number{Value: float64(values[0]), Mixed: !inspect.AllSame(values), Whole: true, Min: -32768, Max: 32767,
				Set: func(x float64) error { return edit(func(r *T) { a.put(r, int(x)) }) }}
			return propgrid.Field{Label: label, Number: n}
		}
	}
	index := -1
	if inspect.AllSame(values) {
		index = values[0] - first
	}
	return propgrid.Field{Label: label, Choice: &propgrid.Choice{Options: options, Index: index,
		Set: func(i int) error { return edit(func(r *T) { a.put(r, i+first) }) }}}
}

// A shape descriptor names a bitmap: its collection in bits 8-12, the
// collection's colour table in bits 13-15, the bitmap in bits 0-7.
const (
	collectionShift = 8
	clutShift       = 13
)

// shapeText is a shape descriptor as the inspector shows it.
func shapeText(d uint16) string {
	if d == mcodec.None {
		return "none"
	}
	s := fmt.Sprintf("collection %d, bitmap %d", d>>collectionShift&0x1f, d&0xff)
	if clut := d >> clutShift; clut != 0 {
		s += fmt.Sprintf(", colour table %d", clut)
	}
	return s
}

var shapePart = regexp.MustCompile(`(collection|bitmap|colou?r table|clut)\s*(\d+)`)

// parseShape reads a shape descriptor as shapeText writes it, or as two
// bare numbers, collection and bitmap; "none" is no texture.
func parseShape(label, s string) (uint16, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "none" {
		return mcodec.None, nil
	}
	parts := map[string]int{}
	for _, m := range shapePart.FindAllStringSubmatch(s, -1) {
		n, err := strconv.Atoi(m[2])
		if err != nil {
			return 0, fmt.Errorf("%s: %q: %w", label, m[0], err)
		}
		key := m[1]
		if key != "collection" && key != "bitmap" {
			key = "clut"
		}
		parts[key] = n
	}
	if len(parts) == 0 {
		if f := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '/' || r == ' ' }); len(f) == 2 {
			c, err1 := strconv.Atoi(f[0])
			b, err2 := strconv.Atoi(f[1])
			if err1 == nil && err2 == nil {
				parts["collection"], parts["bitmap"] = c, b
			}
		}
	}
	c, okC := parts["collection"]
	b, okB := parts["bitmap"]
	switch {
	case !okC || !okB:
		return 0, fmt.Errorf("%s: %q names no collection and bitmap (\"collection 17, bitmap 5\", or \"none\")", label, s)
	case c < 0 || c >= mcodec.Collections:
		return 0, fmt.Errorf("%s: collection %d is outside 0 to %d", label, c, mcodec.Collections-1)
	case b > 0xff:
		return 0, fmt.Errorf("%s: bitmap %d is outside 0 to 255", label, b)
	case parts["clut"] > 7:
		return 0, fmt.Errorf("%s: colour table %d is outside 0 to 7", label, parts["clut"])
	}
	return uint16(parts["clut"]<<clutShift | c<<collectionShift | b), nil
}

// shapeField is the texture the records hold at a, shown as its
// collection and bitmap.
func shapeField[T any](records []T, label string, a accessor[T], edit func(func(*T)) error) propgrid.Field {
	first := a.get(records[0])
	mixed := false
	for _, r := range records[1:] {
		mixed = mixed || a.get(r) != first
	}
	return propgrid.Field{Label: label, Text: &propgrid.Text{Value: shapeText(uint16(first)), Mixed: mixed,
		Set: func(s string) error {
			d, err := parseShape(label, s)
			if err != nil {
				return err
			}
			return edit(func(r *T) { a.put(r, int(d)) })
		}}}
}

// common is the value get reads from all of records, or -1.
func common[T any](records []T, get func(T) int) int {
	values := make([]int, len(records))
	for i, r := range records {
		values[i] = get(r)
	}
	return inspect.Common(values)
}

// int16At and uint16At are accessors of a record's 16-bit field.
func int16At[T any](field func(*T) *int16) accessor[T] {
	return accessor[T]{get: func(r T) int { return int(*field(&r)) }, put: func(r *T, v int) { *field(r) = int16(v) }}
}

func uint16At[T any](field func(*T) *uint16) accessor[T] {
	return accessor[T]{get: func(r T) int { return int(*field(&r)) }, put: func(r *T, v int) { *field(r) = uint16(v) }}
}

package document

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// DecodeLevels reads one level's JSON object or an array of them,
// strictly: a field the schema does not have, a null (no list or value
// in the schema may be null), text after the value, or a level given
// twice (levelOf numbers a level; nil for a file of one map) is refused
// with its offset.
func DecodeLevels[L any](text []byte, levelOf func(L) int) ([]L, error) {
	if err := refuseNulls(text); err != nil {
		return nil, err
	}
	var levels []L
	var err error
	if trimmed := bytes.TrimLeft(text, " \t\r\n"); len(trimmed) > 0 && trimmed[0] == '[' {
		err = decodeStrict(text, &levels)
	} else {
		var one L
		err = decodeStrict(text, &one)
		levels = []L{one}
	}
	if err != nil {
		return nil, err
	}
	if levelOf != nil {
		seen := map[int]bool{}
		for _, l := range levels {
			n := levelOf(l)
			if seen[n] {
				return nil, fmt.Errorf("level %d is given twice", n)
			}
			seen[n] = true
		}
	}
	return levels, nil
}

// DecodeLevel reads one level's JSON object strictly, as DecodeLevels
// reads each: a field the schema does not have, a null or text after
// the value is refused with its offset.
func DecodeLevel[L any](text []byte) (L, error) {
	var level L
	if err := refuseNulls(text); err != nil {
		return level, err
	}
	return level, decodeStrict(text, &level)
}

// decodeStrict decodes text, one JSON value, into v, refusing fields v
// does not have and anything after the value.
func decodeStrict(text []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			return fmt.Errorf("offset %d: %v", se.Offset, err)
		case errors.As(err, &te):
			return fmt.Errorf("offset %d: field %s: expected %s, found %s", te.Offset, te.Field, te.Type, te.Value)
		}
		return fmt.Errorf("offset %d: %w", dec.InputOffset(), err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("offset %d: expected the end of the text after one JSON value", dec.InputOffset())
	}
	return nil
}

// refuseNulls reports the first null in text with its offset.
func refuseNulls(text []byte) error {
	dec := json.NewDecoder(bytes.NewReader(text))
	for {
		before := dec.InputOffset()
		tok, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return nil // decodeStrict reports the syntax error with its offset
		}
		if tok == nil {
			return fmt.Errorf("offset %d: expected a value or a list, found null", before)
		}
	}
}

// ExportLevels exports level one, or when one is -1 every level of the
// count that export accepts (skipping those it refuses).
func ExportLevels[L any](count, one int, export func(int) (L, error)) (any, error) {
	if one >= 0 {
		return export(one)
	}
	var levels []L
	for i := range count {
		if lj, err := export(i); err == nil {
			levels = append(levels, lj)
		}
	}
	return levels, nil
}

package document

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// SkipBOM is text without the UTF-8 byte-order mark some editors put
// first: the mark becomes spaces, so that offsets still count the file's
// bytes. Text without one is returned as it is.
func SkipBOM(text []byte) []byte {
	if !bytes.HasPrefix(text, bom) {
		return text
	}
	return append([]byte(strings.Repeat(" ", len(bom))), text[len(bom):]...)
}

// bom is the UTF-8 byte-order mark.
var bom = []byte("\uFEFF")

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
// does not have and anything after the value. Every error names its
// place (Position).
func decodeStrict(text []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			return fmt.Errorf("%s: %v", Position(text, se.Offset), err)
		case errors.As(err, &te):
			return fmt.Errorf("%s: field %s: expected %s, found %s", Position(text, te.Offset), te.Field, te.Type, te.Value)
		case errors.Is(err, io.ErrUnexpectedEOF):
			return fmt.Errorf("%s: expected the rest of the JSON value, the text ends", Position(text, int64(len(text))))
		}
		if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
			if at, found := unknownField(text, reflect.TypeOf(v), name); found {
				return fmt.Errorf("%s: unknown field %s", Position(text, at), name)
			}
		}
		return fmt.Errorf("%s: %w", Position(text, dec.InputOffset()), err)
	}
	end := dec.InputOffset()
	if _, err := dec.Token(); err != io.EOF {
		end += int64(len(text[end:]) - len(bytes.TrimLeft(text[end:], " \t\r\n")))
		return fmt.Errorf("%s: expected the end of the text after one JSON value", Position(text, end))
	}
	return nil
}

// Position names offset in text as "offset N (line L, column C)", lines
// and columns counted from 1, columns in characters.
func Position(text []byte, offset int64) string {
	before := text[:min(max(offset, 0), int64(len(text)))]
	line := bytes.Count(before, []byte("\n")) + 1
	column := utf8.RuneCount(before[bytes.LastIndexByte(before, '\n')+1:]) + 1
	return fmt.Sprintf("offset %d (line %d, column %d)", offset, line, column)
}

// unknownField finds the offset of the first object key named quoted (as
// a Go string literal, the way encoding/json's error quotes it) that the
// struct the text decodes into at that place does not have, walking text
// beside t. found is false when the walk does not meet it.
func unknownField(text []byte, t reflect.Type, quoted string) (offset int64, found bool) {
	name, err := strconv.Unquote(quoted)
	if err != nil {
		return 0, false
	}
	w := keyWalk{dec: json.NewDecoder(bytes.NewReader(text)), text: text, name: name, at: -1}
	w.value(t)
	return w.at, w.at >= 0
}

// keyWalk walks a JSON text and the Go type it decodes into together.
type keyWalk struct {
	dec  *json.Decoder
	text []byte
	name string // the key looked for
	at   int64  // where it was found, -1 until then
}

// value walks the next value of the text, which decodes into t (nil for
// a value whose type is not followed). It stops at the first error or
// once the key is found.
func (w *keyWalk) value(t reflect.Type) bool {
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	tok, err := w.dec.Token()
	if err != nil {
		return false
	}
	switch tok {
	case json.Delim('['):
		var elem reflect.Type
		if t != nil && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array) {
			elem = t.Elem()
		}
		for w.dec.More() {
			if !w.value(elem) {
				return false
			}
		}
	case json.Delim('{'):
		for w.dec.More() {
			before := w.dec.InputOffset()
			key, err := w.dec.Token()
			if err != nil {
				return false
			}
			field, known := fieldType(t, key.(string))
			if !known && key == w.name {
				w.at = before + int64(bytes.IndexByte(w.text[before:], '"'))
				return false
			}
			if !w.value(field) {
				return false
			}
		}
	default:
		return true
	}
	_, err = w.dec.Token() // the closing bracket
	return err == nil
}

// fieldType is the type of the value under key in an object that
// decodes into t (nil when it is not followed); known is false when t is
// a struct without such a field, matched as encoding/json matches it.
func fieldType(t reflect.Type, key string) (field reflect.Type, known bool) {
	switch {
	case t == nil:
		return nil, true
	case t.Kind() == reflect.Map:
		return t.Elem(), true
	case t.Kind() != reflect.Struct:
		return nil, true
	}
	var folded reflect.Type
	for _, f := range reflect.VisibleFields(t) {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		embedded := f.Type
		if embedded.Kind() == reflect.Pointer {
			embedded = embedded.Elem()
		}
		if !f.IsExported() || name == "-" || f.Anonymous && name == "" && embedded.Kind() == reflect.Struct {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if name == key {
			return f.Type, true
		}
		if folded == nil && strings.EqualFold(name, key) {
			folded = f.Type
		}
	}
	return folded, folded != nil
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
			before += int64(bytes.Index(text[before:], []byte("null")))
			return fmt.Errorf("%s: expected a value or a list, found null", Position(text, before))
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

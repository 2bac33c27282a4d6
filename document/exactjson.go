package document

import (
	"bytes"
	"encoding"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
)

// The exact JSON form of a level's text, in which every value comes
// back bit for bit (docs/scripting.md, "Values JSON cannot hold"):
//
//   - a string that is valid UTF-8 is a JSON string; any other is the
//     object {"bytes_hex": "..."}, its bytes as hexadecimal (an object
//     of that form is also accepted for any string);
//   - a finite float is a JSON number; +Inf and -Inf are the strings
//     "Infinity" and "-Infinity"; the quiet NaN with no payload and a
//     clear sign bit (0x7fc00000 in 32 bits, 0x7ff8000000000000 in 64)
//     is "NaN", and any other NaN "NaN(0x...)" with its bits in
//     hexadecimal, 8 or 16 digits as the field is 32 or 64 bits wide.
//
// Encoding/json refuses the floats and replaces the bytes. A level's
// type takes the exact form by calling MarshalExact and UnmarshalExact
// from its MarshalJSON and UnmarshalJSON.

// bytesHexKey names the hexadecimal bytes of a string that is not UTF-8.
const bytesHexKey = "bytes_hex"

// MarshalExact is v as JSON in the exact form: as encoding/json writes it,
// but for its strings that are not UTF-8 and its floats that are not
// finite. v's own MarshalJSON, which calls it, is not called again.
func MarshalExact(v any) ([]byte, error) {
	src := reflect.ValueOf(v)
	out := reflect.New(exactType(src.Type(), false)).Elem()
	copyValue(out, src, true)
	return json.Marshal(out.Interface())
}

// UnmarshalExact reads text, JSON in the exact form, into v (a pointer),
// refusing fields v's type does not have. v's own UnmarshalJSON, which
// calls it, is not called again.
func UnmarshalExact(text []byte, v any) error {
	dst := reflect.ValueOf(v).Elem()
	in := reflect.New(exactType(dst.Type(), false))
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(in.Interface()); err != nil {
		return err
	}
	copyValue(dst, in.Elem(), false)
	return nil
}

// exactString, exactFloat32 and exactFloat64 read and write their values
// in the exact form.
type (
	exactString  string
	exactFloat32 float32
	exactFloat64 float64
)

// MarshalJSON writes s as a string, or as its bytes when not UTF-8.
func (s exactString) MarshalJSON() ([]byte, error) {
	if utf8.ValidString(string(s)) {
		return json.Marshal(string(s))
	}
	return json.Marshal(map[string]string{bytesHexKey: hex.EncodeToString([]byte(s))})
}

// UnmarshalJSON reads a string or {"bytes_hex": "..."}.
func (s *exactString) UnmarshalJSON(text []byte) error {
	if len(text) > 0 && text[0] == '{' {
		var b struct {
			Hex *string `json:"bytes_hex"`
		}
		dec := json.NewDecoder(bytes.NewReader(text))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&b); err != nil || b.Hex == nil {
			return &json.UnmarshalTypeError{Value: "object other than {\"bytes_hex\": \"...\"}", Type: reflect.TypeFor[string]()}
		}
		raw, err := hex.DecodeString(*b.Hex)
		if err != nil {
			return fmt.Errorf("bytes_hex %q: %w", *b.Hex, err)
		}
		*s = exactString(raw)
		return nil
	}
	return json.Unmarshal(text, (*string)(s))
}

// MarshalJSON writes f as a number, or names it when it is not finite.
func (f exactFloat32) MarshalJSON() ([]byte, error) {
	return marshalFloat(uint64(math.Float32bits(float32(f))), 32)
}

// UnmarshalJSON reads a number or a name of a float that is not finite.
func (f *exactFloat32) UnmarshalJSON(text []byte) error {
	if text[0] != '"' {
		return json.Unmarshal(text, (*float32)(f))
	}
	bits, err := unmarshalFloat(text, 32)
	*f = exactFloat32(math.Float32frombits(uint32(bits)))
	return err
}

// MarshalJSON writes f as a number, or names it when it is not finite.
func (f exactFloat64) MarshalJSON() ([]byte, error) {
	return marshalFloat(math.Float64bits(float64(f)), 64)
}

// UnmarshalJSON reads a number or a name of a float that is not finite.
func (f *exactFloat64) UnmarshalJSON(text []byte) error {
	if text[0] != '"' {
		return json.Unmarshal(text, (*float64)(f))
	}
	bits, err := unmarshalFloat(text, 64)
	*f = exactFloat64(math.Float64frombits(bits))
	return err
}

// floatForm is the bits of a float width bits wide: its infinities and
// its plain NaN. A NaN goes through its bits only: converting a float32
// NaN to float64 and back may change them.
type floatForm struct{ inf, negInf, nan uint64 }

var floatForms = map[int]floatForm{32: {0x7f800000, 0xff800000, 0x7fc00000},
	64: {0x7ff0000000000000, 0xfff0000000000000, 0x7ff8000000000000}}

// marshalFloat writes a float width bits wide whose bits are raw.
func marshalFloat(raw uint64, width int) ([]byte, error) {
	form := floatForms[width]
	exponent := form.inf // the bits all set in an infinity or NaN
	switch {
	case raw == form.inf:
		return []byte(`"Infinity"`), nil
	case raw == form.negInf:
		return []byte(`"-Infinity"`), nil
	case raw == form.nan:
		return []byte(`"NaN"`), nil
	case raw&exponent == exponent:
		return fmt.Appendf(nil, `"NaN(0x%0*x)"`, width/4, raw), nil
	case width == 32:
		return json.Marshal(math.Float32frombits(uint32(raw)))
	}
	return json.Marshal(math.Float64frombits(raw))
}

// unmarshalFloat reads the name of a float width bits wide that is not
// finite, and returns its bits.
func unmarshalFloat(text []byte, width int) (uint64, error) {
	var name string
	if err := json.Unmarshal(text, &name); err != nil {
		return 0, err
	}
	form := floatForms[width]
	switch name {
	case "Infinity":
		return form.inf, nil
	case "-Infinity":
		return form.negInf, nil
	case "NaN":
		return form.nan, nil
	}
	digits, ok := strings.CutPrefix(name, "NaN(0x")
	if digits, ok = strings.CutSuffix(digits, ")"); ok && len(digits) == width/4 {
		raw, err := strconv.ParseUint(digits, 16, width)
		if err == nil && raw&form.inf == form.inf && raw&^form.negInf != 0 {
			return raw, nil
		}
	}
	return 0, fmt.Errorf("%q: want a number, \"Infinity\", \"-Infinity\", \"NaN\" or \"NaN(0x%s)\" with the %d bits of a NaN",
		name, strings.Repeat("h", width/4), width)
}

// exactTypes caches exactType's types, by type and top.
var exactTypes sync.Map

// exactType is t with its strings and floats as the exact types: structs,
// arrays, slices, pointers and maps (their values) of them are rebuilt,
// other types kept. A type that writes or reads itself (a json or text
// marshaler) is kept, except at the top, whose methods call MarshalExact
// or UnmarshalExact. The types rebuilt have no methods and no unexported
// fields (encoding/json skips those; an embedded struct of an unexported
// type, whose fields it takes, is kept under an exported name).
func exactType(t reflect.Type, nested bool) reflect.Type {
	key := [2]any{t, nested}
	if et, ok := exactTypes.Load(key); ok {
		return et.(reflect.Type)
	}
	et := buildExactType(t, nested)
	exactTypes.Store(key, et)
	return et
}

var (
	marshalers = []reflect.Type{reflect.TypeFor[json.Marshaler](), reflect.TypeFor[json.Unmarshaler](),
		reflect.TypeFor[encoding.TextMarshaler](), reflect.TypeFor[encoding.TextUnmarshaler]()}
	exactBasics = map[reflect.Kind]reflect.Type{reflect.String: reflect.TypeFor[exactString](),
		reflect.Float32: reflect.TypeFor[exactFloat32](), reflect.Float64: reflect.TypeFor[exactFloat64]()}
)

func buildExactType(t reflect.Type, nested bool) reflect.Type {
	if nested {
		for _, m := range marshalers {
			if t.Implements(m) || reflect.PointerTo(t).Implements(m) {
				return t
			}
		}
	}
	if basic, ok := exactBasics[t.Kind()]; ok {
		return basic
	}
	switch t.Kind() {
	case reflect.Struct:
		var fields []reflect.StructField
		for _, i := range keptFields(t) {
			f := t.Field(i)
			f.Type = exactType(f.Type, true)
			f.Index, f.Offset, f.PkgPath = nil, 0, ""
			f.Name = strings.ToUpper(f.Name[:1]) + f.Name[1:]
			fields = append(fields, f)
		}
		return reflect.StructOf(fields)
	case reflect.Slice:
		return reflect.SliceOf(exactType(t.Elem(), true))
	case reflect.Array:
		return reflect.ArrayOf(t.Len(), exactType(t.Elem(), true))
	case reflect.Pointer:
		return reflect.PointerTo(exactType(t.Elem(), true))
	case reflect.Map:
		return reflect.MapOf(t.Key(), exactType(t.Elem(), true))
	}
	return t
}

// keptFields lists the fields of struct type t that encoding/json reads
// and writes: the exported ones and the embedded structs (not pointers
// to them, whose fields it cannot set when their type is unexported).
func keptFields(t reflect.Type) []int {
	var out []int
	for i := range t.NumField() {
		f := t.Field(i)
		if f.IsExported() || f.Anonymous && f.Type.Kind() == reflect.Struct {
			out = append(out, i)
		}
	}
	return out
}

// copyValue copies src into dst, where dst's type is src's exact type
// (toExact) or src's type dst's; a struct's kept fields (keptFields) are
// the exact struct's, in order.
func copyValue(dst, src reflect.Value, toExact bool) {
	if dst.Type() == src.Type() {
		dst.Set(src)
		return
	}
	switch src.Kind() {
	case reflect.Struct:
		original := src
		if !toExact {
			original = dst
		}
		for k, i := range keptFields(original.Type()) {
			if toExact {
				copyValue(dst.Field(k), src.Field(i), toExact)
			} else {
				copyValue(dst.Field(i), src.Field(k), toExact)
			}
		}
	case reflect.Slice:
		if src.IsNil() {
			dst.SetZero()
			return
		}
		dst.Set(reflect.MakeSlice(dst.Type(), src.Len(), src.Len()))
		for i := range src.Len() {
			copyValue(dst.Index(i), src.Index(i), toExact)
		}
	case reflect.Array:
		for i := range src.Len() {
			copyValue(dst.Index(i), src.Index(i), toExact)
		}
	case reflect.Pointer:
		if src.IsNil() {
			dst.SetZero()
			return
		}
		dst.Set(reflect.New(dst.Type().Elem()))
		copyValue(dst.Elem(), src.Elem(), toExact)
	case reflect.Map:
		if src.IsNil() {
			dst.SetZero()
			return
		}
		dst.Set(reflect.MakeMapWithSize(dst.Type(), src.Len()))
		for it := src.MapRange(); it.Next(); {
			v := reflect.New(dst.Type().Elem()).Elem()
			copyValue(v, it.Value(), toExact)
			dst.SetMapIndex(it.Key(), v)
		}
	default:
		dst.Set(src.Convert(dst.Type()))
	}
}

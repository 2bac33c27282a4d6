package marathon

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"github.com/levelwright/levelwright/document"
)

// listKinds name the records of the level text's lists, for messages.
var listKinds = map[string]document.Kind{
	"endpoints": KindEndpoint, "lines": KindLine, "sides": KindSide, "polygons": KindPolygon, "objects": KindObject,
	"lights": KindLight, "old_lights": KindLight, "annotations": KindAnnotation, "info": KindInfo, "placements": KindPlacement,
	"platforms": KindPlatform, "run_platforms": KindPlatform, "liquids": KindLiquid, "ambient_sounds": KindAmbientSound,
	"random_sounds": KindRandomSound, "terminals": KindTerminal,
}

// UnmarshalJSON reads level text, refusing what encoding/json would let
// pass silently: a key it does not know, a key given twice in one
// object, a null, which would leave the field as it was, and an array
// longer than the fixed-size field it fills (a polygon's eight
// endpoints, a name's 66 bytes), whose extra values would be dropped. The refusal names the level, the record and the
// field.
func (lj *LevelJSON) UnmarshalJSON(text []byte) error {
	type plain LevelJSON // without this method
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	var p plain
	if err := dec.Decode(&p); err != nil {
		return err
	}
	dec = json.NewDecoder(bytes.NewReader(text))
	if err := fitsType(dec, reflect.TypeFor[plain](), ""); err != nil {
		return fmt.Errorf("level %d: %w", p.Level, err)
	}
	*lj = LevelJSON(p)
	return nil
}

// fitsType reads one JSON value from dec, which must fit type t (it has
// decoded into it already), and reports a null, a repeated key or an
// array longer than a Go array. path names the value: "polygon 3: Endpoints".
func fitsType(dec *json.Decoder, t reflect.Type, path string) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	switch tok {
	case nil:
		if t != nil && t.Kind() != reflect.Interface && t.Kind() != reflect.Pointer {
			return fmt.Errorf("%s is null: give a value (or [] for an empty list)", path)
		}
	case json.Delim('{'):
		seen := map[string]bool{}
		for dec.More() {
			tok, err := dec.Token()
			if err != nil {
				return err
			}
			key := tok.(string)
			if seen[strings.ToLower(key)] {
				return fmt.Errorf("%skey %q is given twice", prefix(path), key)
			}
			seen[strings.ToLower(key)] = true
			if err := fitsType(dec, fieldType(t, key), join(path, key)); err != nil {
				return err
			}
		}
		_, err = dec.Token()
		return err
	case json.Delim('['):
		n := 0
		for ; dec.More(); n++ {
			var et reflect.Type
			if t != nil && (t.Kind() == reflect.Array || t.Kind() == reflect.Slice) {
				et = t.Elem()
			}
			sub := fmt.Sprintf("%s[%d]", path, n)
			if kind, ok := listKinds[path]; ok {
				sub = fmt.Sprintf("%s %d", kind, n)
			}
			if err := fitsType(dec, et, sub); err != nil {
				return err
			}
		}
		if t != nil && t.Kind() == reflect.Array && n > t.Len() {
			return fmt.Errorf("%s: %d values, the field holds %d", path, n, t.Len())
		}
		_, err = dec.Token()
		return err
	}
	return nil
}

// fieldType is the type of t's field that key fills, as encoding/json
// matches it (its tag or name, case-insensitively), or nil.
func fieldType(t reflect.Type, key string) reflect.Type {
	if t == nil || t.Kind() != reflect.Struct {
		return nil
	}
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" {
			name = f.Name
		}
		if strings.EqualFold(name, key) {
			return f.Type
		}
	}
	return nil
}

// join names field key of the value at path: a list of the level ("")
// or a field of a record ("polygon 3") or of one of its parts.
func join(path, key string) string {
	switch {
	case path == "":
		return key
	case !strings.Contains(path, ":"):
		return path + ": " + key
	}
	return path + "." + key
}

func prefix(path string) string {
	if path == "" {
		return ""
	}
	return path + ": "
}

package document

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"
)

// exactSample holds every kind of value the exact form rebuilds: strings
// and floats at the top, in an embedded struct, arrays, slices, pointers
// and maps, beside values it keeps (bytes, raw JSON, an unexported
// field).
type exactSample struct {
	exactInner
	Name    string             `json:"name"`
	Paths   []string           `json:"paths,omitempty"`
	Quat    [2]float32         `json:"quat"`
	Wide    float64            `json:"wide"`
	Maybe   *float32           `json:"maybe,omitempty"`
	ByName  map[string]float32 `json:"by_name,omitempty"`
	Raw     []byte             `json:"raw"`
	Message json.RawMessage    `json:"message,omitempty"`
	hidden  string
}

type exactInner struct {
	Model string
	Yaw   float32
}

func (s exactSample) MarshalJSON() ([]byte, error)     { return MarshalExact(s) }
func (s *exactSample) UnmarshalJSON(text []byte) error { return UnmarshalExact(text, s) }

// sameBits reports whether a and b hold the same bytes and float bits,
// unexported fields aside.
func sameBits(t *testing.T, a, b exactSample) bool {
	t.Helper()
	a.hidden, b.hidden = "", ""
	ta, _ := json.Marshal(a)
	tb, _ := json.Marshal(b)
	return string(ta) == string(tb) && a.Name == b.Name && a.Model == b.Model &&
		math.Float32bits(a.Yaw) == math.Float32bits(b.Yaw) && math.Float64bits(a.Wide) == math.Float64bits(b.Wide) &&
		math.Float32bits(a.Quat[0]) == math.Float32bits(b.Quat[0]) && math.Float32bits(a.Quat[1]) == math.Float32bits(b.Quat[1])
}

// TestExactRoundTrip: strings that are not UTF-8 and floats that are not
// finite, NaNs of any bits included, come back bit for bit, in the
// documented form; values JSON holds are written as encoding/json
// writes them.
func TestExactRoundTrip(t *testing.T) {
	third := float32(1.0 / 3)
	v := exactSample{exactInner: exactInner{Model: "caf\xe9.bin", Yaw: math.Float32frombits(0xffc00001)},
		Name: "plain \u00e9 <&>", Paths: []string{"ok", "\xff\x00"}, Quat: [2]float32{float32(math.Inf(1)), math.Float32frombits(0x7f800001)},
		Wide: math.NaN(), Maybe: &third, ByName: map[string]float32{"a": float32(math.Inf(-1)), "b": float32(math.NaN())},
		Raw: []byte{0xe9, 0}, Message: json.RawMessage(`{"x":1}`), hidden: "kept out"}
	text, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"Model":{"bytes_hex":"636166e92e62696e"}`, `"Yaw":"NaN(0xffc00001)"`,
		`"name":"plain é \u003c\u0026\u003e"`, `"paths":["ok",{"bytes_hex":"ff00"}]`, `"quat":["Infinity","NaN(0x7f800001)"]`,
		`"wide":"NaN(0x7ff8000000000001)"`, `"maybe":0.33333334`, `"by_name":{"a":"-Infinity","b":"NaN"}`, `"raw":"6QA="`,
		`"message":{"x":1}`} {
		if !strings.Contains(string(text), want) {
			t.Errorf("the text lacks %s: %s", want, text)
		}
	}
	var back exactSample
	if err := json.Unmarshal(text, &back); err != nil {
		t.Fatal(err)
	}
	if !sameBits(t, v, back) || back.Paths[1] != "\xff\x00" || *back.Maybe != third ||
		math.Float32bits(back.ByName["b"]) != 0x7fc00000 || string(back.Raw) != "\xe9\x00" {
		t.Errorf("back %+v, want %+v", back, v)
	}
	plain := exactSample{Name: "x", Quat: [2]float32{1.5, -0.0}, Wide: 1e300}
	type noMethods exactSample
	want, _ := json.Marshal(noMethods(plain))
	if got, _ := json.Marshal(plain); string(got) != string(want) {
		t.Errorf("finite values and UTF-8 text: %s, encoding/json writes %s", got, want)
	}
}

// TestExactRefuses: the exact form's readers refuse what is not of it,
// naming what they want; a bytes_hex object may stand for any string.
func TestExactRefuses(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{`{"Yaw":"nan"}`, `"nan": want a number`},
		{`{"Yaw":"NaN(0x3f800000)"}`, `with the 32 bits of a NaN`},
		{`{"Yaw":"NaN(0x7fc0000)"}`, `want a number`},
		{`{"Yaw":"NaN(0x7f800000)"}`, `with the 32 bits of a NaN`},
		{`{"wide":"NaN(0x7fc00001)"}`, `with the 64 bits of a NaN`},
		{`{"Yaw":true}`, `cannot unmarshal`},
		{`{"Yaw":1e40}`, `cannot unmarshal number 1e40`},
		{`{"Model":{"bytes_hex":"zz"}}`, `bytes_hex "zz"`},
		{`{"Model":{"bytes":"00"}}`, `object other than`},
		{`{"Model":{}}`, `object other than`},
		{`{"Model":7}`, `cannot unmarshal number`},
		{`{"unknown":1}`, `unknown field "unknown"`},
	} {
		var v exactSample
		if err := json.Unmarshal([]byte(c.text), &v); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an error containing %q", c.text, err, c.want)
		}
	}
	var v exactSample
	if err := json.Unmarshal([]byte(`{"name":{"bytes_hex":"6869"}}`), &v); err != nil || v.Name != "hi" {
		t.Errorf("a bytes_hex object for UTF-8 text: %q, %v", v.Name, err)
	}
}

// FuzzExactJSON: reading any text never panics, and what it reads
// writes and reads back to the same bits.
func FuzzExactJSON(f *testing.F) {
	for _, seed := range []string{`{"Model":{"bytes_hex":"e9"},"Yaw":"NaN(0xffc00001)"}`, `{"quat":["Infinity","-Infinity"]}`,
		`{"wide":"NaN","by_name":{"a":"NaN(0x7f800001)"}}`, `{"paths":[{"bytes_hex":""},"x"],"maybe":"Infinity"}`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		var v exactSample
		if json.Unmarshal(text, &v) != nil {
			return
		}
		again, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("%q read, but not written: %v", text, err)
		}
		var back exactSample
		if err := json.Unmarshal(again, &back); err != nil || !sameBits(t, v, back) ||
			!reflect.DeepEqual(v.Paths, back.Paths) {
			t.Fatalf("%q: written %s, read back differently (%v)", text, again, err)
		}
	})
}

package document

import (
	"fmt"
	"strings"
	"testing"
)

// jsonLevel is a level as DecodeLevels reads it in these tests: a list
// of structs, a map, an embedded struct and a custom-named field.
type jsonLevel struct {
	jsonCommon
	Level   int               `json:"level"`
	Objects []jsonObject      `json:"objects"`
	Names   map[string]string `json:"names"`
}

type jsonCommon struct {
	Format string `json:"format"`
}

type jsonObject struct {
	X, Y  int
	Flags []int `json:"flags"`
}

// TestDecodeLevelsPositions: every refusal names its offset, line and
// column: an unknown field where it is (also when a known field of the
// same name stands elsewhere, and in a list's element), a null where it
// is, truncated text where it ends, text after the value where it starts.
func TestDecodeLevelsPositions(t *testing.T) {
	for _, tt := range []struct{ what, text, want string }{
		{"unknown top-level field", "{\n \"level\": 1,\n \"bogus\": 2,\n \"objects\": []\n}", "offset 16 (line 3, column 2): unknown field \"bogus\""},
		{"unknown field in an element", "{\"objects\": [{\"X\": 1}, {\"y\": 2, \"level\": 3}]}", "offset 32 (line 1, column 33): unknown field \"level\""},
		{"unknown field in a list of levels", "[{\"level\": 1},\n{\"level\": 2, \"names\": {\"level\": \"ok\"}, \"format\": \"\", \"Bogus\": 1}]", "offset 68 (line 2, column 54): unknown field \"Bogus\""},
		{"null", "{\"level\": 1, \"names\":\n  null}", "offset 24 (line 2, column 3): expected a value or a list, found null"},
		{"truncated", "{\"level\": 1, \"objects\": [{\"X\": 1", "offset 32 (line 1, column 33): expected the rest of the JSON value, the text ends"},
		{"text after", "{\"level\": 1}\n{}", "offset 13 (line 2, column 1): expected the end of the text after one JSON value"},
		{"type", "{\"level\": \"one\"}", "offset 15 (line 1, column 16): field level: expected int"},
	} {
		_, err := DecodeLevels(SkipBOM([]byte(tt.text)), func(l jsonLevel) int { return l.Level })
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("%s: %v, want %q", tt.what, err, tt.want)
		}
	}
}

// TestSkipBOM: a byte-order mark is read as whitespace, keeping the
// offsets of the file's bytes; text without one is the same text.
func TestSkipBOM(t *testing.T) {
	levels, err := DecodeLevels(SkipBOM([]byte("\uFEFF{\"level\": 4}")), func(l jsonLevel) int { return l.Level })
	if err != nil || len(levels) != 1 || levels[0].Level != 4 {
		t.Fatalf("with a byte-order mark: %v, %v", levels, err)
	}
	_, err = DecodeLevels(SkipBOM([]byte("\uFEFF{\"bogus\": 4}")), func(l jsonLevel) int { return l.Level })
	if err == nil || !strings.HasPrefix(err.Error(), "offset 4 (") {
		t.Errorf("an unknown field after a byte-order mark: %v, want it at offset 4", err)
	}
	text := []byte("{}")
	if got := SkipBOM(text); &got[0] != &text[0] {
		t.Error("text without a byte-order mark is copied")
	}
}

// FuzzDecodeLevels: any text, a byte-order mark skipped, decodes or is
// refused with its place: an offset within the text, and the line and
// column that offset is at; never a panic.
func FuzzDecodeLevels(f *testing.F) {
	for _, seed := range []string{
		"\uFEFF{\"level\": 1}", "{\"level\": 1, \"objects\": [{\"X\": 1", "{\"objects\": [{\"X\": 1, \"bogus\": 2}]}",
		"[{\"level\": 1}, {\"level\": 1}]", "{\"names\": null}", "{\"level\": 1}\n{}", "{\"level\": \"one\"}",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, text []byte) {
		text = SkipBOM(text)
		_, err := DecodeLevels(text, func(l jsonLevel) int { return l.Level })
		if err == nil || strings.HasSuffix(err.Error(), "is given twice") {
			return
		}
		var offset int64
		var line, column int
		if _, serr := fmt.Sscanf(err.Error(), "offset %d (line %d, column %d)", &offset, &line, &column); serr != nil {
			t.Fatalf("%q: %v: no place", text, err)
		}
		if offset < 0 || offset > int64(len(text)) || Position(text, offset) != fmt.Sprintf("offset %d (line %d, column %d)", offset, line, column) {
			t.Fatalf("%q: %v: a place outside the text", text, err)
		}
	})
}

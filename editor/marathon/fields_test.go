package marathon

import (
	"strings"
	"testing"
)

// TestShapeText: a texture shows as its collection and bitmap, and is
// read back from that text, from two bare numbers or "none"; a part
// out of range is refused, naming the range.
func TestShapeText(t *testing.T) {
	for _, c := range []struct {
		stored uint16
		text   string
	}{{0x1105, "collection 17, bitmap 5"}, {0x2a03, "collection 10, bitmap 3, colour table 1"}, {0xffff, "none"}} {
		if got := shapeText(c.stored); got != c.text {
			t.Errorf("%#x shows %q, want %q", c.stored, got, c.text)
		}
		if got, err := parseShape("Texture", c.text); err != nil || got != c.stored {
			t.Errorf("%q reads as %#x (%v), want %#x", c.text, got, err, c.stored)
		}
	}
	for _, c := range []struct {
		typed string
		want  uint16
		err   string
	}{
		{"17, 5", 0x1105, ""},
		{"17/5", 0x1105, ""},
		{"Bitmap 5 collection 17", 0x1105, ""},
		{"collection 32, bitmap 0", 0, "collection 32 is outside 0 to 31"},
		{"collection 1, bitmap 256", 0, "bitmap 256 is outside 0 to 255"},
		{"collection 1, bitmap 2, clut 8", 0, "colour table 8 is outside 0 to 7"},
		{"wall", 0, "names no collection and bitmap"},
	} {
		got, err := parseShape("Texture", c.typed)
		switch {
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("%q reads as %#x (%v), want %#x", c.typed, got, err, c.want)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%q: error %v, want one saying %q", c.typed, err, c.err)
		}
	}
}

// TestFacingValue: the place tool's facing is typed in degrees and
// stored in 512ths of a turn, the nearest one (a turn's last half step
// is 0 again).
func TestFacingValue(t *testing.T) {
	for _, c := range []struct {
		typed string
		want  int16
		err   string
	}{
		{"0", 0, ""}, {"90", 128, ""}, {"0.703125", 1, ""}, {"359.296875", 511, ""},
		{"1", 1, ""}, {"1.1", 2, ""}, {"359.9", 0, ""},
		{"360", 0, "outside 0 to under 360"},
		{"-90", 0, "outside 0 to under 360"},
		{"east", 0, "not a number"},
	} {
		got, err := facingValue(c.typed)
		switch {
		case c.err == "" && (err != nil || got != c.want):
			t.Errorf("%q° stores %d (%v), want %d", c.typed, got, err, c.want)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%q°: error %v, want one saying %q", c.typed, err, c.err)
		}
	}
}

package shapestest

import (
	"testing"

	"github.com/levelwright/levelwright/codecs/marathon/shapes"
)

// TestEnvironmentDecodes: the reader gives back Environment's textures
// texel for texel, in both orders, and the run-length items.
func TestEnvironmentDecodes(t *testing.T) {
	f, err := shapes.Decode(Environment(map[int]int{17: 3, 27: 1}))
	if err != nil {
		t.Fatal(err)
	}
	for c, n := range map[int]int{17: 3, 27: 1} {
		col := f.Collections[c]
		if col == nil || len(col.Frames) != n || len(col.ColorTables) != ColorTables {
			t.Fatalf("collection %d: %+v", c, col)
		}
		for shape, b := range col.Bitmaps {
			if b.Width != TextureSize || b.Height != TextureSize || b.ColumnOrder() != (shape%2 == 0) {
				t.Errorf("collection %d bitmap %d: %dx%d, column order %v", c, shape, b.Width, b.Height, b.ColumnOrder())
			}
			for _, p := range [][2]int{{0, 0}, {17, 90}, {127, 3}, {64, 127}} {
				if got, want := b.Pixels[p[1]*b.Width+p[0]], Texel(c, shape, p[0], p[1]); got != want {
					t.Errorf("collection %d bitmap %d texel %v: %d, want %d", c, shape, p, got, want)
				}
			}
		}
	}
	items := f.Collections[itemsCollection]
	if items == nil || len(items.Bitmaps) != 2 || !items.Bitmaps[0].RLE() || !items.Bitmaps[1].RLE() {
		t.Fatalf("items: %+v", items)
	}
	if got := Color(1, 5); got == Color(0, 5) || got.A != 255 {
		t.Errorf("colour tables 0 and 1 give index 5 %v and %v", Color(0, 5), got)
	}
}

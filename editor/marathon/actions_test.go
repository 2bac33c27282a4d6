package marathon

import (
	"testing"

	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
)

// paletteHost is a window whose texture palette has key chosen (none
// when key is negative).
type paletteHost struct {
	toolHost
	key int
}

func (h *paletteHost) ChosenTexture() (int, bool) { return h.key, h.key >= 0 }

// action is the session's action labelled label.
func action(t *testing.T, f *session, h game.Host, label string) game.Action {
	t.Helper()
	for _, a := range f.Actions(h) {
		if a.Label == label {
			return a
		}
	}
	t.Fatalf("the Marathon menu has no %q", label)
	return game.Action{}
}

// TestPaveAndNukeActions paves room 1 of the new map with a texture of
// the Shapes file chosen in the palette, then nukes that texture: the
// room's walls take it, then the environment's default again.
func TestPaveAndNukeActions(t *testing.T) {
	f, _ := newGeomSession(t)
	l := f.d.Levels[0]
	gfx, err := loadGraphics(writeShapes(t, t.TempDir(), l))
	if err != nil {
		t.Fatal(err)
	}
	f.gfx = gfx
	wall := l.Sides[0].Primary.Texture
	key := -1
	for _, p := range f.PaletteTextures(0) {
		if uint16(p.Key) != wall && p.Key>>8 == int(wall>>8) {
			key = p.Key
			break
		}
	}
	if key < 0 {
		t.Fatalf("the Shapes file has no texture of collection %d besides %#x", wall>>8, wall)
	}
	h := &paletteHost{key: -1}
	room := []document.Ref{{Kind: mdoc.KindPolygon, Index: 1}}
	if err := action(t, f, h, paveLabel).Do(room); err != nil || steps(f) != 0 || h.status == "" {
		t.Fatalf("Pave with no texture chosen: %v, %d steps, status %q", err, steps(f), h.status)
	}
	h.key = key
	if err := action(t, f, h, paveLabel).Do(room); err != nil || steps(f) != 1 {
		t.Fatalf("Pave: %v, %d steps", err, steps(f))
	}
	paved := 0
	for _, s := range l.Sides {
		if s.Polygon == 1 && s.Primary.Texture == uint16(key) {
			paved++
		}
	}
	if paved != 3 {
		t.Errorf("%d walls of room 1 have texture %#x, want its 3 outer walls", paved, key)
	}
	if err := action(t, f, h, nukeLabel).Do(nil); err != nil || steps(f) != 2 {
		t.Fatalf("Nuke: %v, %d steps", err, steps(f))
	}
	for si, s := range l.Sides {
		if s.Primary.Texture == uint16(key) {
			t.Errorf("side %d still has texture %#x", si, key)
		}
	}
}

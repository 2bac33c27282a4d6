package marathon

import (
	"testing"

	codec "github.com/levelwright/levelwright/codecs/marathon"
)

// paintWith is a paint function for Pave that sets texture t and leaves
// the transfer mode.
func paintWith(t uint16) func(*uint16, *int16) {
	return func(texture *uint16, _ *int16) { *texture = t }
}

// TestPaveAndNuke paves room 1 of the new map, whose floor is below room
// 0's: its four walls take the texture, the low side on its face of the
// shared line among them, room 0's face, which shows no wall, gets no
// side, and nuking the texture gives every surface that
// used it the environment's default.
func TestPaveAndNuke(t *testing.T) {
	d := newTestMap(t)
	l := d.Levels[0]
	const paved = 0x1203
	if err := d.EditPolygons(0, []int{0}, func(p *codec.Polygon) { p.FloorHeight = 256 }); err != nil {
		t.Fatal(err)
	}
	if err := d.EditPolygons(0, []int{1}, func(p *codec.Polygon) { p.CeilingTexture = paved }); err != nil {
		t.Fatal(err)
	}
	sides := len(l.Sides)
	oneStep(t, d, "paving room 1", func() error { return d.Pave(0, []int{1}, paintWith(paved)) })
	if got := d.History.UndoLabel(); got != "Undo Pave 1 polygon: 4 walls" {
		t.Errorf("the step is %q", got)
	}
	shared := l.Lines[sharedLine]
	if len(l.Sides) != sides {
		t.Errorf("paving made %d sides, want none: every wall that shows has one", len(l.Sides)-sides)
	}
	if shared.ClockwiseSide != codec.None || shared.CCWSide == codec.None || l.Sides[shared.CCWSide].Type != sideLow {
		t.Fatalf("the shared line has sides %d and %d, want a low side on room 1's face only", shared.ClockwiseSide, shared.CCWSide)
	}
	p := l.Polygons[1]
	for _, li := range p.Lines[:p.VertexCount] {
		si := l.Lines[li].ClockwiseSide
		if int(l.Lines[li].CCWPoly) == 1 {
			si = l.Lines[li].CCWSide
		}
		if s := l.Sides[si]; s.Primary.Texture != paved || int(s.Polygon) != 1 {
			t.Errorf("line %d's side of room 1 is %+v, want texture %#x", li, s, paved)
		}
	}
	wall := environmentTexture(l, defaultWallTexture)
	oneStep(t, d, "nuking the texture", func() error { return d.Nuke(0, paved) })
	if got := d.History.UndoLabel(); got != "Undo Nuke texture 0x1203: 4 walls, 1 ceiling" {
		t.Errorf("the step is %q", got)
	}
	for si, s := range l.Sides {
		if s.Primary.Texture == paved || int(s.Polygon) == 1 && s.Primary.Texture != wall {
			t.Errorf("side %d has texture %#x after the nuke, want %#x", si, s.Primary.Texture, wall)
		}
	}
	if got := l.Polygons[1].CeilingTexture; got != environmentTexture(l, defaultCeilingTexture) {
		t.Errorf("room 1's ceiling is %#x after the nuke", got)
	}
	refused(t, d, "nuking a texture no surface uses", "no surface", func() error { return d.Nuke(0, paved) })
	refused(t, d, "paving polygon 7", "no polygon 7", func() error { return d.Pave(0, []int{7}, paintWith(paved)) })
}

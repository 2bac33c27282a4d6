package shock

import "testing"

// TestHolds: a diagonal tile holds points in its open half only; a solid
// tile none, an open one all.
func TestHolds(t *testing.T) {
	for _, tt := range []struct {
		shape TileShape
		x, y  uint16 // within the tile, in 256ths
		want  bool
	}{
		{ShapeSolid, 0x80, 0x80, false},
		{ShapeOpen, 0x10, 0xF0, true},
		{ShapeDiagonalSE, 0xC0, 0x40, true}, // open to the south-east
		{ShapeDiagonalSE, 0x40, 0xC0, false},
		{ShapeDiagonalSW, 0x40, 0x40, true},
		{ShapeDiagonalSW, 0xC0, 0xC0, false},
		{ShapeDiagonalNW, 0x40, 0xC0, true},
		{ShapeDiagonalNW, 0xC0, 0x40, false},
		{ShapeDiagonalNE, 0xC0, 0xC0, true},
		{ShapeDiagonalNE, 0x40, 0x40, false},
	} {
		if got := (Tile{Shape: tt.shape}).Holds(5<<8|tt.x, 7<<8|tt.y); got != tt.want {
			t.Errorf("%s holds (%#x,%#x): %v, want %v", ShapeNames[tt.shape], tt.x, tt.y, got, tt.want)
		}
	}
}

// TestCheckPlacement: in a new level, an object in play in a wall, one
// under the floor and one over the ceiling are reported, each once; a
// trap in a wall, a door in the ceiling and an object in the open are
// not; an open tile whose floor is above its ceiling is, except in
// cyberspace.
func TestCheckPlacement(t *testing.T) {
	l := NewLevel(1)
	at := func(id int, class uint8, tx, ty int, z uint8) {
		l.Objects[id] = Object{Active: 1, Class: class, X: uint16(tx<<8 | 0x80), Y: uint16(ty<<8 | 0x80), Z: z}
	}
	at(1, ClassDrug, 10, 10, 32)  // in a wall
	at(2, ClassDrug, 30, 30, 16)  // under the floor (4 steps, z 32)
	at(3, ClassDrug, 30, 31, 150) // over the ceiling (16 steps, z 128)
	at(4, ClassTrap, 10, 11, 0)
	at(5, ClassDoor, 31, 30, 140)
	at(6, ClassDrug, 31, 31, 40)
	want := map[int]string{1: CodeObjectInWall, 2: CodeObjectUnderFloor, 3: CodeObjectOverCeiling}
	got := map[int]string{}
	for _, p := range l.CheckPlacement() {
		if _, twice := got[p.Index]; twice {
			t.Errorf("object %d reported twice", p.Index)
		}
		got[p.Index] = p.Code
	}
	if len(got) != len(want) {
		t.Errorf("reported %v, want %v", got, want)
	}
	for id, code := range want {
		if got[id] != code {
			t.Errorf("object %d: %q, want %q", id, got[id], code)
		}
	}
	i := 32*int(l.Info.Width) + 32
	l.Tiles[i].SetFloor(20, 0, false)
	if p := l.TileProblems(i); len(p) != 1 || p[0].Code != CodeFloorOverCeiling {
		t.Errorf("a floor over its ceiling: %v", p)
	}
	l.Info.Cyberspace = 1
	if p := l.TileProblems(i); len(p) != 0 {
		t.Errorf("in cyberspace: %v", p)
	}
}

// TestWallFace: an object just inside a wall, at its face toward an open
// tile, stands there (a picture or switch on the wall); one deeper in,
// or against another wall, stands inside it.
func TestWallFace(t *testing.T) {
	l := NewLevel(1) // open from (28,28) to (35,35)
	for _, tt := range []struct {
		x, y uint16
		want string
	}{
		{27<<8 | 0xF8, 30<<8 | 0x80, ""},               // the west wall's face
		{27<<8 | 0xC0, 30<<8 | 0x80, CodeObjectInWall}, // deeper
		{36<<8 | 0x04, 30<<8 | 0x80, ""},               // the east wall's face
		{20<<8 | 0xF8, 30<<8 | 0x80, CodeObjectInWall}, // a wall among walls
		{27<<8 | 0xF8, 27<<8 | 0xF8, ""},               // the south-west corner's face
	} {
		o := Object{Active: 1, Class: ClassDrug, X: tt.x, Y: tt.y, Z: 40}
		if _, code := l.PlacementProblem(o); code != tt.want {
			t.Errorf("(%#x,%#x): %q, want %q", tt.x, tt.y, code, tt.want)
		}
	}
}

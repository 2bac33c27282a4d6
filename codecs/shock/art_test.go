package shock

import "testing"

func TestTextureChunk(t *testing.T) {
	for _, tt := range []struct {
		id      uint16
		size, n int
		texture bool
	}{
		{76, 16, -1, true},
		{77, 32, -1, true},
		{707, 64, 0, true},
		{979, 64, 272, true},
		{999, 64, 292, true},
		{1000, 128, 0, true},
		{1272, 128, 272, true},
		{1292, 128, 292, true},
		{1293, 0, 0, false},
		{706, 0, 0, false},
		{700, 0, 0, false},
		{78, 0, 0, false},
	} {
		size, n, ok := TextureChunk(tt.id)
		if size != tt.size || n != tt.n || ok != tt.texture {
			t.Errorf("chunk %d: size %d, texture %d, %v; want %d, %d, %v", tt.id, size, n, ok, tt.size, tt.n, tt.texture)
		}
	}
}

// TestObjectArt: block 0 is no type's; each type has an inventory
// picture, 1 + extra world frames and an editor icon, in type order.
func TestObjectArt(t *testing.T) {
	var extra [NumObjectTypes]int
	extra[0], extra[1], extra[NumObjectTypes-1] = 2, 7, 1
	a := NewObjectArt(extra)
	for _, tt := range []struct {
		typ, frame, block int
		ok                bool
	}{
		{0, 0, 2, true},
		{0, 2, 4, true},
		{0, 3, 5, false},
		{1, 0, 1 + 5 + 1, true}, // after type 0's 5 blocks and type 1's inventory picture
		{1, 7, 1 + 5 + 1 + 7, true},
		{2, 0, 1 + 5 + 10 + 1, true},
		{NumObjectTypes - 1, 1, 1 + 5 + 10 + 3*(NumObjectTypes-3) + 2, true},
		{2, -1, 1 + 5 + 10, false},
	} {
		block, ok := a.World(tt.typ, tt.frame)
		if block != tt.block || ok != tt.ok {
			t.Errorf("type %d frame %d: block %d, %v; want %d, %v", tt.typ, tt.frame, block, ok, tt.block, tt.ok)
		}
	}
	if want := 1 + 3*NumObjectTypes + 10; a.Blocks != want {
		t.Errorf("%d blocks, want %d", a.Blocks, want)
	}
}

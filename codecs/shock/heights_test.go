package shock

import (
	"slices"
	"testing"
)

// TestCornerHeights: a slope's ceiling follows its slope control: parallel
// to the floor, mirrored, flat, or sloping over a flat floor; a tile that
// does not slope ignores its slope value.
func TestCornerHeights(t *testing.T) {
	for _, tt := range []struct {
		shape          TileShape
		control        SlopeControl
		floor, ceiling [4]float64
	}{
		{ShapeSlopeN, SlopeBothSame, [4]float64{4, 4, 6, 6}, [4]float64{22, 22, 24, 24}},
		{ShapeSlopeN, SlopeBothOpposite, [4]float64{4, 4, 6, 6}, [4]float64{24, 24, 22, 22}},
		{ShapeSlopeN, SlopeFloorOnly, [4]float64{4, 4, 6, 6}, [4]float64{24, 24, 24, 24}},
		{ShapeSlopeN, SlopeCeilingOnly, [4]float64{4, 4, 4, 4}, [4]float64{22, 22, 24, 24}},
		{ShapeOpen, SlopeBothSame, [4]float64{4, 4, 4, 4}, [4]float64{24, 24, 24, 24}},
	} {
		tile := Tile{Shape: tt.shape, Slope: 2}
		tile.SetFloor(4, 0, false)
		tile.SetCeiling(8, 0, false)
		tile.SetFlagField(FlagSlopeMask, uint32(tt.control))
		if floor, ceiling := tile.CornerHeights(); floor != tt.floor || ceiling != tt.ceiling {
			t.Errorf("shape %d, control %d: floor %v, ceiling %v; want %v, %v", tt.shape, tt.control, floor, ceiling, tt.floor, tt.ceiling)
		}
	}
}

// TestCornerRise: each sloped shape rises at the corners (SW, SE, NE, NW)
// the game's renderer raises (frtables.c): a valley at all but its named
// corner, a ridge only at the corner opposite its name.
func TestCornerRise(t *testing.T) {
	for _, tt := range []struct {
		shape TileShape
		want  [4]float64
	}{
		{ShapeOpen, [4]float64{0, 0, 0, 0}},
		{ShapeSlopeN, [4]float64{0, 0, 2, 2}},
		{ShapeSlopeE, [4]float64{0, 2, 2, 0}},
		{ShapeSlopeS, [4]float64{2, 2, 0, 0}},
		{ShapeSlopeW, [4]float64{2, 0, 0, 2}},
		{ShapeValleySE, [4]float64{2, 0, 2, 2}},
		{ShapeValleySW, [4]float64{0, 2, 2, 2}},
		{ShapeValleyNW, [4]float64{2, 2, 2, 0}},
		{ShapeValleyNE, [4]float64{2, 2, 0, 2}},
		{ShapeRidgeNW, [4]float64{0, 2, 0, 0}},
		{ShapeRidgeNE, [4]float64{2, 0, 0, 0}},
		{ShapeRidgeSE, [4]float64{0, 0, 0, 2}},
		{ShapeRidgeSW, [4]float64{0, 0, 2, 0}},
	} {
		if got := (Tile{Shape: tt.shape, Slope: 2}).CornerRise(); got != tt.want {
			t.Errorf("%s: rises %v, want %v", ShapeNames[tt.shape], got, tt.want)
		}
	}
}

// TestTriangles: a ridge or valley folds along the diagonal through
// its odd corner; other tiles split along SW-NE.
func TestTriangles(t *testing.T) {
	for _, tt := range []struct {
		shape TileShape
		want  [][3]int
	}{
		{ShapeOpen, [][3]int{{0, 1, 2}, {0, 2, 3}}},
		{ShapeSlopeE, [][3]int{{0, 1, 2}, {0, 2, 3}}},
		{ShapeRidgeSW, [][3]int{{0, 1, 2}, {0, 2, 3}}},  // odd corner NE: fold SW-NE
		{ShapeRidgeSE, [][3]int{{1, 2, 3}, {1, 3, 0}}},  // odd corner NW: fold SE-NW
		{ShapeValleySE, [][3]int{{1, 2, 3}, {1, 3, 0}}}, // odd corner SE: fold SE-NW
		{ShapeValleyNE, [][3]int{{0, 1, 2}, {0, 2, 3}}}, // odd corner NE: fold SW-NE
		{ShapeDiagonalNE, [][3]int{{1, 2, 3}}},
	} {
		tile := Tile{Shape: tt.shape, Slope: 3}
		if got := tile.Triangles(OpenCorners(tt.shape)); !slices.Equal(got, tt.want) {
			t.Errorf("shape %d: %v, want %v", tt.shape, got, tt.want)
		}
	}
}

// TestFloorUnder: an object's floor follows the slope at its exact
// position: on a slope rising north by 4 steps from floor 6, the floor is
// 6 at the south edge, 8 halfway and nearly 10 at the north edge; the
// ceiling of a flat tile is the same everywhere.
func TestFloorUnder(t *testing.T) {
	tile := Tile{Shape: ShapeSlopeN, Slope: 4}
	tile.SetFloor(6, 0, false)
	tile.SetCeiling(4, 0, false)
	tile.SetFlagField(FlagSlopeMask, uint32(SlopeFloorOnly))
	for _, tt := range []struct {
		y    uint16
		want float64
	}{{0x0500, 6}, {0x0580, 8}, {0x05C0, 9}} {
		if got := tile.FloorUnder(0x0380, tt.y); got != tt.want {
			t.Errorf("floor under y %#x: %v, want %v", tt.y, got, tt.want)
		}
		if got := tile.CeilingOver(0x0380, tt.y); got != 28 {
			t.Errorf("ceiling over y %#x: %v, want 28", tt.y, got)
		}
	}
}

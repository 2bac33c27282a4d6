package shock

// A tile's floor and ceiling, as the game shapes them: its corners are
// numbered counterclockwise from the south-west (SW, SE, NE, NW), and
// heights are counted in height steps (0-32) up from the level's bottom.

// cornerOffsets are a tile's corners as offsets within it, x east and y
// north, each 0 or 1.
var cornerOffsets = [4][2]float64{{0, 0}, {1, 0}, {1, 1}, {0, 1}}

// OpenCorners lists the corners of the open floor of a tile of shape:
// all four, or the three of a diagonal's open half; none for a solid
// tile.
func OpenCorners(shape TileShape) []int {
	switch shape {
	case ShapeSolid:
		return nil
	case ShapeDiagonalSE:
		return []int{0, 1, 2}
	case ShapeDiagonalSW:
		return []int{3, 0, 1}
	case ShapeDiagonalNW:
		return []int{2, 3, 0}
	case ShapeDiagonalNE:
		return []int{1, 2, 3}
	}
	return []int{0, 1, 2, 3}
}

// CornerRise is how many height steps a sloped floor rises at each
// corner, as the game's renderer raises them: slopes towards their side;
// a valley everywhere but its named corner, which stays low; a ridge at
// the corner opposite its name, the high end of its fold (frtables.c).
func (t Tile) CornerRise() [4]float64 {
	s := float64(t.Slope)
	up := func(corners ...int) [4]float64 {
		var r [4]float64
		for _, c := range corners {
			r[c] = s
		}
		return r
	}
	switch t.Shape {
	case ShapeSlopeN:
		return up(2, 3)
	case ShapeSlopeE:
		return up(1, 2)
	case ShapeSlopeS:
		return up(0, 1)
	case ShapeSlopeW:
		return up(3, 0)
	case ShapeValleySW:
		return up(1, 2, 3)
	case ShapeValleySE:
		return up(2, 3, 0)
	case ShapeValleyNE:
		return up(3, 0, 1)
	case ShapeValleyNW:
		return up(0, 1, 2)
	case ShapeRidgeNE:
		return up(0)
	case ShapeRidgeNW:
		return up(1)
	case ShapeRidgeSW:
		return up(2)
	case ShapeRidgeSE:
		return up(3)
	}
	return [4]float64{}
}

// CornerHeights are the tile's floor and ceiling at each corner. The
// slope control says which of them slope: the floor rises by
// CornerRise; a ceiling that slopes with it stays parallel to it (its
// high corners at the ceiling height, the others a slope lower), a
// mirrored one falls where the floor rises.
func (t Tile) CornerHeights() (floor, ceiling [4]float64) {
	rise := t.CornerRise()
	f, c, slope := float64(t.FloorHeight()), float64(32-t.CeilingHeight()), float64(t.Slope)
	if t.Shape < ShapeSlopeN {
		slope = 0
	}
	control := t.SlopeControl()
	for k := range 4 {
		floor[k], ceiling[k] = f, c
		if control != SlopeCeilingOnly {
			floor[k] += rise[k]
		}
		switch control {
		case SlopeBothSame, SlopeCeilingOnly:
			ceiling[k] += rise[k] - slope
		case SlopeBothOpposite:
			ceiling[k] -= rise[k]
		}
	}
	return floor, ceiling
}

// Triangles splits the tile's floor (and ceiling) over the corners open
// (OpenCorners) into triangles of corners: a diagonal's half is one; a
// ridge or valley, whose odd corner differs from the other three, folds
// along the diagonal through that corner; a flat or sloped tile splits
// along SW-NE.
func (t Tile) Triangles(open []int) [][3]int {
	if len(open) == 3 {
		return [][3]int{{open[0], open[1], open[2]}}
	}
	if rise := t.CornerRise(); rise[0] == rise[2] && rise[1] != rise[3] {
		return [][3]int{{1, 2, 3}, {1, 3, 0}}
	}
	return [][3]int{{0, 1, 2}, {0, 2, 3}}
}

// HeightAt is the height at (x, y) in the tile (each 0 to 1, east and
// north, clamped) of the floor or ceiling whose corners are at heights:
// on the plane of the triangle of the tile (Triangles) that holds the
// point.
func (t Tile) HeightAt(heights [4]float64, x, y float64) float64 {
	x, y = max(0, min(1, x)), max(0, min(1, y))
	tris := t.Triangles([]int{0, 1, 2, 3})
	weights := func(tri [3]int) (wa, wb, wc float64) {
		a, b, c := cornerOffsets[tri[0]], cornerOffsets[tri[1]], cornerOffsets[tri[2]]
		det := (b[1]-c[1])*(a[0]-c[0]) + (c[0]-b[0])*(a[1]-c[1])
		wa = ((b[1]-c[1])*(x-c[0]) + (c[0]-b[0])*(y-c[1])) / det
		wb = ((c[1]-a[1])*(x-c[0]) + (a[0]-c[0])*(y-c[1])) / det
		return wa, wb, 1 - wa - wb
	}
	tri := tris[1] // the two triangles cover the tile
	if wa, wb, wc := weights(tris[0]); min(wa, wb, wc) >= -1e-9 {
		tri = tris[0]
	}
	wa, wb, wc := weights(tri)
	return wa*heights[tri[0]] + wb*heights[tri[1]] + wc*heights[tri[2]]
}

// fineAt is where an object's coordinates (x, y) lie within their tile,
// each 0 to 1: the low byte is the position in 256ths of a tile.
func fineAt(x, y uint16) (fx, fy float64) {
	return float64(x&0xFF) / 256, float64(y&0xFF) / 256
}

// FloorUnder is the floor's height under an object at (x, y) in its
// tile t, in height steps; CeilingOver is the ceiling's.
func (t Tile) FloorUnder(x, y uint16) float64 {
	floor, _ := t.CornerHeights()
	fx, fy := fineAt(x, y)
	return t.HeightAt(floor, fx, fy)
}

// CeilingOver is the ceiling's height over an object at (x, y) in its
// tile t, in height steps.
func (t Tile) CeilingOver(x, y uint16) float64 {
	_, ceiling := t.CornerHeights()
	fx, fy := fineAt(x, y)
	return t.HeightAt(ceiling, fx, fy)
}

// ObjectZPerStep is how many units of an object's z (0-255) one height
// step spans: both scales span the level's full height, the map's in 32
// steps and an object's in 256.
const ObjectZPerStep = 8

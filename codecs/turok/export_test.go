package turok

// MapShape is mapShape for the external tests.
var MapShape = mapShape

// WalkedVisibility is walkedVisibility for the external tests.
var WalkedVisibility = walkedVisibility

// Cells is how many cells hold sectors.
func (l *Locator) Cells() int { return len(l.cells) }

// Visits is how many sectors SectorAt(p) tests.
func (l *Locator) Visits(p Vec3) int {
	n := 0
	for _, g := range l.grids {
		c, r := l.cellOf(g.level, p.X, p.Y)
		n += len(l.cells[cellKey(g.level, c, r)])
	}
	return n
}

// NearestSector is nearestSector for the external tests.
var NearestSector = nearestSector

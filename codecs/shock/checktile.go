package shock

// TileProblems are Check's findings about tile i alone (an index into
// Tiles): a floor above the ceiling (outside cyberspace, where
// floors and ceilings float free), textures past the level's texture
// list, and a chain of objects that leaves the table, loops, reaches
// another tile's cross-references or an object not in use. A check after an edit of a few tiles finds
// their problems so.
func (l *Level) TileProblems(i int) []Problem {
	c := &checker{l: l}
	c.checkTile(i)
	return c.problems
}

// checkTile checks tile i's texture slots and follows its chain of
// objects.
func (c *checker) checkTile(i int) {
	w := int(c.l.Info.Width)
	xrefs := c.l.Xrefs
	t := c.l.Tiles[i]
	x, y := i%w, i/w
	if c.l.Info.Cyberspace == 0 && t.FloorOverCeiling() {
		floor, ceiling := t.CornerHeights()
		c.add("warning", "tile", i, CodeFloorOverCeiling, "tile (%d,%d): its floor (corners %v) is above its ceiling (%v)", x, y, floor, ceiling)
	}
	if reason := c.l.TextureProblem(t); reason != "" {
		c.add("error", "tile", i, CodeTextureOutOfRange, "tile (%d,%d): %s", x, y, reason)
	}
	seen := map[int]bool{}
	for r := int(t.ObjRef); r != 0; r = int(xrefs[r].NextInTile) {
		if r >= len(xrefs) {
			c.add("error", "tile", i, "xref-out-of-range", "tile (%d,%d) reaches cross-reference %d, past the table", x, y, r)
			break
		}
		if seen[r] {
			c.add("error", "tile", i, "tile-chain-cycle", "tile (%d,%d)'s objects loop back to cross-reference %d", x, y, r)
			break
		}
		seen[r] = true
		if int(xrefs[r].TileX) != x || int(xrefs[r].TileY) != y {
			c.add("error", "tile", i, "tile-chain-elsewhere", "tile (%d,%d)'s objects include cross-reference %d, which is for tile (%d,%d)", x, y, r, xrefs[r].TileX, xrefs[r].TileY)
		}
		if o := int(xrefs[r].Object); o >= len(c.l.Objects) || c.l.Objects[o].Active == 0 {
			c.add("error", "tile", i, "tile-holds-free-object", "tile (%d,%d) holds object %d, which is not in use", x, y, o)
		}
	}
}

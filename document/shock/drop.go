package shock

// DropObject moves object id to the fine position (x, y) keeping its
// height above the floor: above the floor of the tile it lands on by as
// much as it stood above the floor of the tile it left, and never under
// that floor. It is MoveObject with the height worked out, for drags.
func (d *Document) DropObject(level, id int, x, y uint16) error {
	l, err := d.Level(level)
	if err != nil {
		return err
	}
	if err := activeObject(l, id); err != nil {
		return err
	}
	o := l.Objects[id]
	floorAt := func(x, y uint16) int {
		tx, ty := int(x>>8), int(y>>8)
		if tx >= int(l.Info.Width) || ty >= int(l.Info.Height) {
			return 0
		}
		return FloorHeight.Get(*l.Tile(tx, ty)) << objectHeightShift
	}
	above := max(0, int(o.Z)-floorAt(o.X, o.Y))
	z := min(255, floorAt(x, y)+above)
	return d.MoveObject(level, id, x, y, uint8(z))
}

// objectHeightShift turns a tile's height (0-31) into an object's z
// (0-255), as the place tool stands new objects on the floor.
const objectHeightShift = 3

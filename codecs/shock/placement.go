package shock

import (
	"fmt"
	"math"
)

// Where objects stand against the map: the game keeps an object in play
// inside a wall, under the floor or over the ceiling only by mistake.
// Two kinds of object are out of play there and left alone: traps and
// markers (class 12), which the player never meets, and objects that
// another names (a container's contents, a corpse's loot, what a trap
// moves into place), which the game keeps out of sight until it uses
// them.

// Codes of the placement problems.
const (
	CodeObjectInWall      = "object-in-wall"
	CodeObjectUnderFloor  = "object-under-floor"
	CodeObjectOverCeiling = "object-over-ceiling"
	CodeFloorOverCeiling  = "floor-over-ceiling"
)

// IsPlacementProblem reports whether p is one of CheckPlacement's
// findings, which an edit of tiles can change wherever they hold objects.
func IsPlacementProblem(p Problem) bool {
	switch p.Code {
	case CodeObjectInWall, CodeObjectUnderFloor, CodeObjectOverCeiling:
		return true
	}
	return false
}

// placementSlack is how far, in object z units, an object in play may
// reach past the floor or the ceiling: one height step, as the game's
// own levels sink decorations into floors and hang critters a little
// into ceilings.
const placementSlack = ObjectZPerStep

// CheckPlacement reports the objects in play that stand inside a solid
// tile or a diagonal's closed half, or whose z is more than a height step
// under the floor or over the ceiling at their position. It expects a
// level whose structure checks whole (CheckStructure).
func (l *Level) CheckPlacement() []Problem {
	c := &checker{l: l}
	named := make(map[int]bool)
	for _, k := range l.Links() {
		named[k.To] = true
	}
	for id, o := range l.Objects {
		if id == 0 || o.Active == 0 || o.Class == ClassTrap || named[id] {
			continue
		}
		if reason, code := l.PlacementProblem(o); code != "" {
			c.add("warning", "object", id, code, "object %d (%s): %s", id, ClassNames[o.Class], reason)
		}
	}
	return c.problems
}

// PlacementProblem says where object o would stand wrongly in the map,
// with its code; both are "" when it stands in the open (or off the map,
// which ObjectProblem reports).
func (l *Level) PlacementProblem(o Object) (reason, code string) {
	tx, ty := o.TileX(), o.TileY()
	if tx >= int(l.Info.Width) || ty >= int(l.Info.Height) || len(l.Tiles) != int(l.Info.Width)*int(l.Info.Height) {
		return "", ""
	}
	return l.PlacementOn(o, *l.Tile(tx, ty))
}

// PlacementOn is PlacementProblem with t as the tile o stands in. Doors
// are fitted into walls and ceilings, and cyberspace has no floor to
// stand on, so only a wall is wrong for those.
func (l *Level) PlacementOn(o Object, t Tile) (reason, code string) {
	tx, ty := o.TileX(), o.TileY()
	switch {
	case t.Holds(o.X, o.Y):
	case l.atWallFace(o.X, o.Y, t):
		return "", "" // on the wall, whose tile's heights mean nothing here
	default:
		return fmt.Sprintf("it stands inside the wall of tile (%d,%d)", tx, ty), CodeObjectInWall
	}
	if o.Class == ClassDoor || l.Info.Cyberspace != 0 {
		return "", ""
	}
	z := float64(o.Z)
	if floor := t.FloorUnder(o.X, o.Y) * ObjectZPerStep; z < floor-placementSlack {
		return fmt.Sprintf("its z %d is under the floor of tile (%d,%d), at %.4g", o.Z, tx, ty, floor), CodeObjectUnderFloor
	}
	if ceiling := t.CeilingOver(o.X, o.Y) * ObjectZPerStep; z > ceiling+placementSlack {
		return fmt.Sprintf("its z %d is over the ceiling of tile (%d,%d), at %.4g", o.Z, tx, ty, ceiling), CodeObjectOverCeiling
	}
	return "", ""
}

// wallFace is how far into a wall, in 256ths of a tile, an object still
// stands at the wall's face: pictures, switches and screens are mounted
// there, on the boundary between a wall and the open tile before it.
const wallFace = 16

// atWallFace reports whether the point (x, y), inside the wall of its
// tile t, is within wallFace of open floor: its tile's open half, or an
// open neighbour across a side or corner.
func (l *Level) atWallFace(x, y uint16, t Tile) bool {
	for _, d := range [][2]int{{-wallFace, 0}, {wallFace, 0}, {0, -wallFace}, {0, wallFace},
		{-wallFace, -wallFace}, {wallFace, -wallFace}, {-wallFace, wallFace}, {wallFace, wallFace}} {
		nx, ny := int(x)+d[0], int(y)+d[1]
		if nx < 0 || ny < 0 || nx>>8 >= int(l.Info.Width) || ny>>8 >= int(l.Info.Height) {
			continue
		}
		n := t
		if nx>>8 != int(x>>8) || ny>>8 != int(y>>8) {
			n = *l.Tile(nx>>8, ny>>8)
		}
		if n.Holds(uint16(nx), uint16(ny)) {
			return true
		}
	}
	return false
}

// InPlay reports whether object id is one the player meets where it
// stands: not a trap or marker, and not named by another object (as a
// container's contents, a corpse's loot, or what a trap moves into
// place), which the game keeps out of sight until it uses it.
func (l *Level) InPlay(id int) bool {
	return l.Objects[id].Class != ClassTrap && len(l.LinksTo(id)) == 0
}

// Holds reports whether the point (x, y), in object coordinates, lies in
// the open part of tile t: anywhere in an open or sloped tile, in a
// diagonal's open half, nowhere in a solid one.
func (t Tile) Holds(x, y uint16) bool {
	fx, fy := fineAt(x, y)
	switch t.Shape {
	case ShapeSolid:
		return false
	case ShapeDiagonalSE: // open to the south-east: SW, SE, NE
		return fy <= fx
	case ShapeDiagonalSW: // NW, SW, SE
		return fx+fy <= 1
	case ShapeDiagonalNW: // NE, NW, SW
		return fy >= fx
	case ShapeDiagonalNE: // SE, NE, NW
		return fx+fy >= 1
	}
	return true
}

// FloorOverCeiling reports whether the open tile t has a corner whose
// floor is higher than its ceiling, which the game cannot draw or walk.
func (t Tile) FloorOverCeiling() bool {
	if t.Shape == ShapeSolid {
		return false
	}
	floor, ceiling := t.CornerHeights()
	for _, k := range OpenCorners(t.Shape) {
		if floor[k] > ceiling[k] {
			return true
		}
	}
	return false
}

// Standing is where in its tile's height an object is put.
type Standing int

// The places an object can be put: resting on the floor, at a standing
// player's eye level (three quarters of a tile over the floor), or
// hanging from the ceiling.
const (
	OnFloor Standing = iota
	AtEyeLevel
	OnCeiling
)

// Render types (objprop.dat's render_type) that the game stands with
// their centre on the floor: flat pictures and special shapes.
const (
	renderTextPoly = 1
	renderSpecial  = 11
)

// zPerTile is how many units of an object's z a tile's width spans: the
// level's ZShift is log2 of the height steps a tile spans (3 is taken
// for a value past 8, which no level holds).
func (l *Level) zPerTile() float64 {
	shift := l.Info.ZShift
	if shift > 8 {
		shift = 3
	}
	return ObjectZPerStep * float64(int(1)<<shift)
}

// Pivot is how far an object's z, its centre, stands over its lowest
// point, in object z units, from its type's common properties p, as the
// game puts an object on the floor (obj_floor_compute in objsim.c): no
// distance for flat pictures and specials; else its physics_z, or its
// physics radius, in 96ths of a tile (PHYSICS_RADIUS_UNIT); else the
// game's standard size, half a tile. Without properties (p nil) it is 0:
// the object's centre on the floor.
func (l *Level) Pivot(p *CommonProps) float64 {
	const radiusUnit = 96
	switch {
	case p == nil || p.RenderType == renderTextPoly || p.RenderType == renderSpecial:
		return 0
	case p.PhysicsZ != 0:
		return float64(p.PhysicsZ) / radiusUnit * l.zPerTile()
	case p.Radius != 0:
		return float64(p.Radius) / radiusUnit * l.zPerTile()
	}
	return l.zPerTile() / 2
}

// StandingZ is the z that puts object o, whose pivot is pivot (Pivot),
// at s in its tile, at its exact position: on a slope, on the slope's
// height there. It is clamped to 0-255; ok is false when o's tile is off
// the map.
func (l *Level) StandingZ(o Object, pivot float64, s Standing) (z uint8, ok bool) {
	tx, ty := o.TileX(), o.TileY()
	if tx >= int(l.Info.Width) || ty >= int(l.Info.Height) || len(l.Tiles) != int(l.Info.Width)*int(l.Info.Height) {
		return 0, false
	}
	t := *l.Tile(tx, ty)
	floor := t.FloorUnder(o.X, o.Y) * ObjectZPerStep
	var at float64
	switch s {
	case OnFloor:
		at = floor + pivot
	case AtEyeLevel:
		at = floor + 0.75*l.zPerTile() - pivot
	case OnCeiling:
		at = t.CeilingOver(o.X, o.Y)*ObjectZPerStep - pivot
	}
	return uint8(max(0, min(255, math.Round(at)))), true
}

package turok

import "fmt"

// The limits of what a map can hold and the engine can load. Check
// reports values past them as errors, and editors refuse them.
const (
	// MaxCoordinate bounds every coordinate (positions, ceiling heights,
	// bounding boxes): |x| <= MaxCoordinate. The engine keeps positions
	// in 32-bit floats, whose spacing past 2^20 is an eighth of a unit
	// and grows with every doubling, so that its collision tests (point
	// in triangle, plane height) lose the precision maps are built with;
	// real maps span a few ten thousand units.
	MaxCoordinate = 1 << 20
	// MaxIndexed is the most vertices, sector sets and sectors a map can
	// hold: sectors name them by 16-bit index, and NoLink takes the last
	// value.
	MaxIndexed = NoLink
	// MaxPlaced is the most actors and the most static meshes a map can
	// hold: each takes over 100 bytes of the archive, whose offsets are
	// 32 bits, so that 2^24 of them keep the file under 4 GiB with room
	// for the rest.
	MaxPlaced = 1 << 24
)

// FieldError is a record field holding a value the engine cannot load.
type FieldError struct {
	Field string // as Origin.X
	Value float32
	// Code is "not-finite" (NaN or an infinity) or
	// "coordinate-out-of-range" (beyond MaxCoordinate).
	Code string
}

// Error names the field and why its value cannot be stored.
func (e *FieldError) Error() string {
	if e.Code == "not-finite" {
		return fmt.Sprintf("%s is %g, not a number", e.Field, e.Value)
	}
	return fmt.Sprintf("%s is %g, beyond the engine's range of -%d to %d", e.Field, e.Value, MaxCoordinate, MaxCoordinate)
}

// number checks that field holds a number.
func number(field string, f float32) *FieldError {
	if !finite(f) {
		return &FieldError{field, f, "not-finite"}
	}
	return nil
}

// coordinate checks that field holds a number within MaxCoordinate.
func coordinate(field string, f float32) *FieldError {
	if err := number(field, f); err != nil {
		return err
	}
	if f < -MaxCoordinate || f > MaxCoordinate {
		return &FieldError{field, f, "coordinate-out-of-range"}
	}
	return nil
}

// first is the first error of errs, or nil.
func first(errs ...*FieldError) *FieldError {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// point checks that v's axes are coordinates; the field is named only
// on error (valid records are the many).
func point(field string, v Vec3) *FieldError { return axes(field, v, coordinate) }

// numbers checks that v's axes are numbers.
func numbers(field string, v Vec3) *FieldError { return axes(field, v, number) }

func axes(field string, v Vec3, check func(string, float32) *FieldError) *FieldError {
	for i, f := range [3]float32{v.X, v.Y, v.Z} {
		if err := check("", f); err != nil {
			err.Field = field + "." + "XYZ"[i:i+1]
			return err
		}
	}
	return nil
}

// Validate returns the first field of v the engine cannot load, or nil.
func (v *Vertex) Validate() *FieldError {
	return first(point("Position", v.Position), coordinate("Height", v.Height))
}

// Validate returns the first field of s the engine cannot load, or nil:
// its water and sky heights must be coordinates, its ranges and speeds
// numbers.
func (s *SectorSet) Validate() *FieldError {
	return first(number("FogZFar", s.FogZFar), number("WaterZFar", s.WaterZFar), number("FogStart", s.FogStart),
		number("WaterStart", s.WaterStart), coordinate("WaterHeight", s.WaterHeight), coordinate("SkyHeight", s.SkyHeight),
		number("SkySpeed", s.SkySpeed), number("BlendLength", s.BlendLength))
}

// Validate returns the first field of m the engine cannot load, or nil:
// its origin and box must be coordinates, its scale, rotation and
// collision sizes numbers.
func (m *StaticMesh) Validate() *FieldError {
	return first(point("Origin", m.Origin), point("BoundsMin", m.BoundsMin), point("BoundsMax", m.BoundsMax),
		numbers("Scale", m.Scale), number("Rotation.X", m.Rotation[0]), number("Rotation.Y", m.Rotation[1]),
		number("Rotation.Z", m.Rotation[2]), number("Rotation.W", m.Rotation[3]),
		number("CollisionRadius", m.CollisionRadius), number("CollisionHigh", m.CollisionHigh))
}

// actorFloatNames names Actor.floats' fields.
var actorFloatNames = []string{"SightRange", "SightFOV", "LoudRange", "QuietRange", "AttackRange", "FlyHeight",
	"CollisionWidth", "CollisionWall", "CollisionHeight", "StepHeight", "MeleeRange", "LeashRadius", "TriggerDelay"}

// Validate returns the first field of a the engine cannot load, or nil:
// its origin and box must be coordinates, its scale, yaw, ranges and
// sizes numbers.
func (a *Actor) Validate() *FieldError {
	if err := first(point("Origin", a.Origin), point("BoundsMin", a.BoundsMin), point("BoundsMax", a.BoundsMax),
		numbers("Scale", a.Scale), number("Yaw", a.Yaw)); err != nil {
		return err
	}
	for i, f := range a.floats() {
		if err := number(actorFloatNames[i], *f); err != nil {
			return err
		}
	}
	return nil
}

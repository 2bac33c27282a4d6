package turok

import (
	"fmt"
	"math"
	"slices"
)

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
	// Code is CodeNonFinite (NaN or an infinity) or
	// "coordinate-out-of-range" (beyond MaxCoordinate).
	Code string
}

// CodeNonFinite is the code of a FieldError for a NaN or an infinity, a
// value that edits refuse and that check warns about where a file holds
// it (its bits are kept: export writes them in a form import reads back).
const CodeNonFinite = "non-finite-float"

// Error names the field and why its value cannot be stored.
func (e *FieldError) Error() string {
	if e.Code == CodeNonFinite {
		return fmt.Sprintf("%s is %g, not a number", e.Field, e.Value)
	}
	return fmt.Sprintf("%s is %g, beyond the engine's range of -%d to %d", e.Field, e.Value, MaxCoordinate, MaxCoordinate)
}

// floatField is a float field of a record as its checks see it: its
// name, its value, and whether it is a coordinate (else any number).
type floatField struct {
	name       string
	value      float32
	coordinate bool
}

// check is the field's error, or nil.
func (f floatField) check() *FieldError {
	switch {
	case !finite(f.value):
		return &FieldError{f.name, f.value, CodeNonFinite}
	case f.coordinate && (f.value < -MaxCoordinate || f.value > MaxCoordinate):
		return &FieldError{f.name, f.value, "coordinate-out-of-range"}
	}
	return nil
}

// fieldErrors lists the errors of fields, skipping those whose bits are
// those of the same field in was (nil: skip none): a value a file holds
// already is kept as it is, whatever it is.
func fieldErrors(fields, was []floatField) []*FieldError {
	var out []*FieldError
	for i, f := range fields {
		if was != nil && math.Float32bits(f.value) == math.Float32bits(was[i].value) {
			continue
		}
		if err := f.check(); err != nil {
			out = append(out, err)
		}
	}
	return out
}

// firstError is the first of errs, or nil.
func firstError(errs []*FieldError) *FieldError {
	if len(errs) == 0 {
		return nil
	}
	return errs[0]
}

// vec3Fields lists v's axes, named after field.
func vec3Fields(field string, v Vec3, coordinate bool) []floatField {
	return []floatField{{field + ".X", v.X, coordinate}, {field + ".Y", v.Y, coordinate}, {field + ".Z", v.Z, coordinate}}
}

// fields lists v's float fields: all coordinates.
func (v *Vertex) fields() []floatField {
	return append(vec3Fields("Position", v.Position, true), floatField{"Height", v.Height, true})
}

// fields lists s's float fields: its water and sky heights are
// coordinates, its ranges and speeds numbers.
func (s *SectorSet) fields() []floatField {
	return []floatField{{"FogZFar", s.FogZFar, false}, {"WaterZFar", s.WaterZFar, false}, {"FogStart", s.FogStart, false},
		{"WaterStart", s.WaterStart, false}, {"WaterHeight", s.WaterHeight, true}, {"SkyHeight", s.SkyHeight, true},
		{"SkySpeed", s.SkySpeed, false}, {"BlendLength", s.BlendLength, false}}
}

// fields lists m's float fields: its origin and box are coordinates,
// its scale, rotation and collision sizes numbers.
func (m *StaticMesh) fields() []floatField {
	out := slices.Concat(vec3Fields("Origin", m.Origin, true), vec3Fields("BoundsMin", m.BoundsMin, true),
		vec3Fields("BoundsMax", m.BoundsMax, true), vec3Fields("Scale", m.Scale, false))
	for i, q := range m.Rotation {
		out = append(out, floatField{"Rotation." + "XYZW"[i:i+1], q, false})
	}
	return append(out, floatField{"CollisionRadius", m.CollisionRadius, false}, floatField{"CollisionHigh", m.CollisionHigh, false})
}

// actorFloatNames names Actor.floats' fields.
var actorFloatNames = []string{"SightRange", "SightFOV", "LoudRange", "QuietRange", "AttackRange", "FlyHeight",
	"CollisionWidth", "CollisionWall", "CollisionHeight", "StepHeight", "MeleeRange", "LeashRadius", "TriggerDelay"}

// fields lists a's float fields: its origin and box are coordinates,
// its scale, yaw, ranges and sizes numbers.
func (a *Actor) fields() []floatField {
	out := slices.Concat(vec3Fields("Origin", a.Origin, true), vec3Fields("BoundsMin", a.BoundsMin, true),
		vec3Fields("BoundsMax", a.BoundsMax, true), vec3Fields("Scale", a.Scale, false), []floatField{{"Yaw", a.Yaw, false}})
	for i, f := range a.floats() {
		out = append(out, floatField{actorFloatNames[i], *f, false})
	}
	return out
}

// validateChange returns the first field of v the engine cannot load
// among those whose bits differ from was's (was nil: all of them), so
// that a value a file holds is kept whatever it is.
func validateChange[T any, P interface {
	*T
	fields() []floatField
}](v, was P) *FieldError {
	var before []floatField
	if was != nil {
		before = was.fields()
	}
	return firstError(fieldErrors(v.fields(), before))
}

// Validate returns the first field of v the engine cannot load, or nil.
func (v *Vertex) Validate() *FieldError { return validateChange(v, nil) }

// ValidateChange is Validate for an edit of was into v (nil for a new
// vertex): only the fields whose bits change are checked.
func (v *Vertex) ValidateChange(was *Vertex) *FieldError { return validateChange(v, was) }

// Validate returns the first field of s the engine cannot load, or nil.
func (s *SectorSet) Validate() *FieldError { return validateChange(s, nil) }

// ValidateChange is Validate for an edit of was into s, as Vertex's.
func (s *SectorSet) ValidateChange(was *SectorSet) *FieldError { return validateChange(s, was) }

// Validate returns the first field of m the engine cannot load, or nil.
func (m *StaticMesh) Validate() *FieldError { return validateChange(m, nil) }

// ValidateChange is Validate for an edit of was into m, as Vertex's.
func (m *StaticMesh) ValidateChange(was *StaticMesh) *FieldError { return validateChange(m, was) }

// Validate returns the first field of a the engine cannot load, or nil.
func (a *Actor) Validate() *FieldError { return validateChange(a, nil) }

// ValidateChange is Validate for an edit of was into a, as Vertex's.
func (a *Actor) ValidateChange(was *Actor) *FieldError { return validateChange(a, was) }

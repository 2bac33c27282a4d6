package turok

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// degrees is the unit of the angles the inspector shows. The map stores
// angles as float32 radians (or a quaternion); the fields hold the angle
// in degrees already (Per 1), rounded to shownPlaces, because a float32
// of radians is no whole number of any decimal step of a degree: shown
// through propgrid's Per = π/180, a typed 90 would come back as 90.0000025.
var degrees = &propgrid.Unit{Name: "°", Per: 1}

// shownPlaces is how many decimals of a degree an angle shows: finer than
// a float32 of radians turns by below a half turn, coarse enough that an
// angle typed with that many decimals shows again as typed.
const shownPlaces = 4

// shownDegrees is an angle in radians as the inspector shows it.
func shownDegrees(rad float64) float64 { return rounded(rad * 180 / math.Pi) }

// radians is an angle in degrees in radians.
func radians(deg float64) float64 { return deg * math.Pi / 180 }

// derived is a field the inspector computes from records rather than
// finds in them: an angle in degrees, a mesh's yaw from its quaternion, a
// number with a narrower range than its type's.
type derived[T any] struct {
	label  string
	unit   *propgrid.Unit
	whole  bool
	lo, hi float64
	get    func(T) float64   // the value shown
	set    func(*T, float64) // stores a typed value
}

// field is d's field for records; an edit sets every record whose shown
// value differs from the typed one, as one step, and leaves the others
// (and a record typed back its own value) exactly as stored.
func (d derived[T]) field(records []T, edit func(update func(*T)) error) propgrid.Field {
	values := make([]float64, len(records))
	mixed := false
	for i, r := range records {
		values[i] = d.get(r)
		mixed = mixed || values[i] != values[0]
	}
	n := &propgrid.Number{Value: values[0], Mixed: mixed, Whole: d.whole, Min: d.lo, Max: d.hi, Unit: d.unit}
	if edit != nil {
		n.Set = func(x float64) error {
			if !mixed && x == values[0] {
				return nil
			}
			return edit(func(r *T) {
				if d.get(*r) != x {
					d.set(r, x)
				}
			})
		}
	}
	return propgrid.Field{Label: d.label, Number: n}
}

// angle is a field of an angle that T holds in float32 radians, shown and
// typed in degrees from lo to hi.
func angle[T any](label string, lo, hi float64, at func(*T) *float32) derived[T] {
	return derived[T]{label: label, unit: degrees, lo: lo, hi: hi,
		get: func(r T) float64 { return shownDegrees(float64(*at(&r))) },
		set: func(r *T, deg float64) { *at(r) = float32(radians(deg)) }}
}

// worldUnits is the unit of distances, Turok's world units.
var worldUnits = &propgrid.Unit{Name: "units", Per: 1}

// seconds is the unit of the delays the map holds as seconds (an actor's
// trigger delay); floorDamageDelay that of the sector sets' floor damage
// delay (their sixth argument), which the game counts in 1024ths of a
// second (the Turok EX modding guide, levels page: 1024 is a second).
var (
	seconds          = &propgrid.Unit{Name: "s", Per: 1}
	floorDamageDelay = &propgrid.Unit{Name: "s", Per: 1024}
)

// rounded is x rounded to shownPlaces decimals.
func rounded(x float64) float64 {
	p := math.Pow(10, shownPlaces)
	return math.Round(x*p) / p
}

// statusPlaces is how many decimals of a world unit the status bar shows.
const statusPlaces = 2

// statusUnits is a coordinate as the status bar shows it: to hundredths
// of a world unit, without trailing zeros, and never "-0".
func statusUnits(v float32) string {
	p := math.Pow(10, statusPlaces)
	r := math.Round(float64(v)*p) / p
	if r == 0 {
		r = 0 // not -0
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}

// squaredDistance is a field of a range that T holds squared (as the
// engine compares it with squared distances), shown and typed as the
// distance in world units; a negative stored value shows as the negative
// of its root.
func squaredDistance[T any](label string, at func(*T) *float32) derived[T] {
	limit := math.Sqrt(math.MaxFloat32)
	return derived[T]{label: label, unit: worldUnits, lo: -limit, hi: limit,
		get: func(r T) float64 {
			v := float64(*at(&r))
			return rounded(math.Copysign(math.Sqrt(math.Abs(v)), v))
		},
		set: func(r *T, d float64) { *at(r) = float32(math.Copysign(d*d, d)) }}
}

// wholeNumber is a whole number field of T from lo to hi.
func wholeNumber[T any](label string, lo, hi float64, get func(T) float64, set func(*T, float64)) derived[T] {
	return derived[T]{label: label, whole: true, lo: lo, hi: hi, get: get, set: set}
}

// Euler angles of a rotation, in radians: yaw about Z (up), then pitch
// about the turned Y, then roll about the turned X. The map stores the
// rotation as a quaternion x, y, z, w (the corpus's meshes all turn
// about Z alone, as (0, 0, sin ½yaw, cos ½yaw)).
type euler struct{ yaw, pitch, roll float64 }

// eulerOf is the rotation of the quaternion q (x, y, z, w), which need not
// be of length 1.
func eulerOf(q [4]float32) euler {
	x, y, z, w := float64(q[0]), float64(q[1]), float64(q[2]), float64(q[3])
	if n := math.Sqrt(x*x + y*y + z*z + w*w); n > 0 {
		x, y, z, w = x/n, y/n, z/n, w/n
	}
	sinPitch := max(-1, min(1, 2*(w*y-z*x)))
	if 1-math.Abs(sinPitch) < poleTolerance {
		// Pitched straight up or down, yaw and roll turn about one axis:
		// the turn is all yaw, 2·atan2(z, w) either way.
		return euler{yaw: math.Remainder(2*math.Atan2(z, w), 2*math.Pi), pitch: math.Copysign(math.Pi/2, sinPitch)}
	}
	return euler{
		yaw:   math.Atan2(2*(w*z+x*y), 1-2*(y*y+z*z)),
		pitch: math.Asin(sinPitch),
		roll:  math.Atan2(2*(w*x+y*z), 1-2*(x*x+y*y)),
	}
}

// poleTolerance is how near sin(pitch) comes to ±1 for eulerOf to take
// the pitch as straight up or down, where the yaw and roll formulas
// divide nothing by nothing.
const poleTolerance = 1e-9

// quaternion is e as a quaternion (x, y, z, w) of length 1, the one of
// the two that is nearer near (a quaternion and its negative are the
// same rotation: a small edit keeps the sign the map had).
func (e euler) quaternion(near [4]float32) [4]float32 {
	cy, sy := math.Cos(e.yaw/2), math.Sin(e.yaw/2)
	cp, sp := math.Cos(e.pitch/2), math.Sin(e.pitch/2)
	cr, sr := math.Cos(e.roll/2), math.Sin(e.roll/2)
	q := [4]float64{sr*cp*cy - cr*sp*sy, cr*sp*cy + sr*cp*sy, cr*cp*sy - sr*sp*cy, cr*cp*cy + sr*sp*sy}
	dot := 0.0
	for i := range q {
		dot += q[i] * float64(near[i])
	}
	var out [4]float32
	for i := range q {
		if dot < 0 {
			q[i] = -q[i]
		}
		out[i] = float32(q[i])
	}
	return out
}

// meshAngles are a static mesh's yaw, pitch and roll in degrees, derived
// from its quaternion; an edit of one writes the quaternion of the new
// three.
var meshAngles = []derived[tcodec.StaticMesh]{
	meshAngle("Yaw", -360, 360, func(e *euler) *float64 { return &e.yaw }),
	meshAngle("Pitch", -90, 90, func(e *euler) *float64 { return &e.pitch }),
	meshAngle("Roll", -360, 360, func(e *euler) *float64 { return &e.roll }),
}

func meshAngle(label string, lo, hi float64, part func(*euler) *float64) derived[tcodec.StaticMesh] {
	return derived[tcodec.StaticMesh]{label: label, unit: degrees, lo: lo, hi: hi,
		get: func(m tcodec.StaticMesh) float64 {
			e := eulerOf(m.Rotation)
			return shownDegrees(*part(&e))
		},
		set: func(m *tcodec.StaticMesh, deg float64) {
			e := eulerOf(m.Rotation)
			*part(&e) = radians(deg)
			m.Rotation = e.quaternion(m.Rotation)
		}}
}

// colourField is a field of an RGBA colour that T holds as four bytes,
// shown as "R G B A" and typed so or as #RRGGBB[AA].
func colourField[T any](label string, records []T, at func(*T) *[4]uint8, edit func(update func(*T)) error) propgrid.Field {
	show := func(c [4]uint8) string { return fmt.Sprintf("%d %d %d %d", c[0], c[1], c[2], c[3]) }
	first := *at(&records[0])
	t := &propgrid.Text{Value: show(first)}
	for i := range records {
		t.Mixed = t.Mixed || *at(&records[i]) != first
	}
	t.Set = func(s string) error {
		c, err := parseColour(s, first)
		if err != nil {
			return fmt.Errorf("%s: %w", label, err)
		}
		return edit(func(r *T) { *at(r) = c })
	}
	return propgrid.Field{Label: label + " (R G B A)", Text: t}
}

// parseColour reads "R G B A" (or "R G B", keeping was's alpha), each a
// whole number from 0 to 255, or #RRGGBB[AA].
func parseColour(s string, was [4]uint8) ([4]uint8, error) {
	c := was
	if hex, ok := strings.CutPrefix(strings.TrimSpace(s), "#"); ok {
		v, err := strconv.ParseUint(hex, 16, 32)
		if err != nil || len(hex) != 6 && len(hex) != 8 {
			return c, fmt.Errorf("%q is not #RRGGBB or #RRGGBBAA", s)
		}
		if len(hex) == 6 {
			v = v<<8 | uint64(was[3])
		}
		return [4]uint8{uint8(v >> 24), uint8(v >> 16), uint8(v >> 8), uint8(v)}, nil
	}
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' })
	if len(parts) != 3 && len(parts) != 4 {
		return c, fmt.Errorf("%q is not R G B A: three or four whole numbers from 0 to 255", s)
	}
	for i, p := range parts {
		v, err := strconv.ParseUint(p, 10, 8)
		if err != nil {
			return c, fmt.Errorf("%q is not a whole number from 0 to 255", p)
		}
		c[i] = uint8(v)
	}
	return c, nil
}

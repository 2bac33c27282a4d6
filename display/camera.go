package display

import "math"

// Camera2D looks straight down at the map: Center is the world point at
// the middle of the view, Scale the pixels per world unit. Screen Y grows
// downwards; world Y grows upwards unless FlipY is set (Marathon's maps
// grow southwards, as the screen does).
type Camera2D struct {
	Center Vec2
	Scale  float64
	FlipY  bool
	// PixelRatio is the screen's pixels per device-independent unit
	// (2 on a HiDPI screen); line widths and marker sizes grow with it.
	// Zero means 1.
	PixelRatio float64
}

// Ratio is PixelRatio, 1 when unset.
func (c Camera2D) Ratio() float64 {
	if c.PixelRatio > 0 {
		return c.PixelRatio
	}
	return 1
}

// ToScreen maps a world point to pixels in a view of w x h.
func (c Camera2D) ToScreen(p Vec2, w, h int) Vec2 {
	dy := p.Y - c.Center.Y
	if !c.FlipY {
		dy = -dy
	}
	return Vec2{float64(w)/2 + (p.X-c.Center.X)*c.Scale, float64(h)/2 + dy*c.Scale}
}

// ToWorld maps pixels of a view of w x h to the world point under them.
func (c Camera2D) ToWorld(s Vec2, w, h int) Vec2 {
	dy := (s.Y - float64(h)/2) / c.Scale
	if !c.FlipY {
		dy = -dy
	}
	return Vec2{c.Center.X + (s.X-float64(w)/2)/c.Scale, c.Center.Y + dy}
}

// Fit returns the camera that shows lo..hi whole in a view of w x h,
// with a margin of 4% on each side.
func (c Camera2D) Fit(lo, hi Vec2, w, h int) Camera2D {
	c.Center = Vec2{(lo.X + hi.X) / 2, (lo.Y + hi.Y) / 2}
	span := max((hi.X-lo.X)/float64(w), (hi.Y-lo.Y)/float64(h), 1e-9)
	c.Scale = 1 / (span * 1.08)
	return c
}

// ZoomAt scales the view by factor, keeping the world point under the
// screen point s where it is.
func (c Camera2D) ZoomAt(s Vec2, factor float64, w, h int) Camera2D {
	before := c.ToWorld(s, w, h)
	c.Scale = max(1e-6, min(1e6, c.Scale*factor))
	after := c.ToWorld(s, w, h)
	c.Center = Vec2{c.Center.X + before.X - after.X, c.Center.Y + before.Y - after.Y}
	return c
}

// Pan moves the view by dx, dy pixels (the map follows the pointer).
func (c Camera2D) Pan(dx, dy float64) Camera2D {
	c.Center.X -= dx / c.Scale
	if c.FlipY {
		c.Center.Y -= dy / c.Scale
	} else {
		c.Center.Y += dy / c.Scale
	}
	return c
}

// Camera3D orbits Target: Yaw turns about Z, Pitch looks down from the
// horizon (radians), Distance is the eye's distance, FOV the vertical
// field of view.
type Camera3D struct {
	Target        Vec3
	Yaw, Pitch    float64
	Distance, FOV float64
	Near, Far     float64
}

// Orbit3D returns the camera that looks at lo..hi from the south-west,
// 35° down, near enough that flat levels fill most of the view; its far
// plane leaves room to move away.
func Orbit3D(lo, hi Vec3) Camera3D {
	c := Vec3{(lo.X + hi.X) / 2, (lo.Y + hi.Y) / 2, (lo.Z + hi.Z) / 2}
	r := math.Sqrt((hi.X-lo.X)*(hi.X-lo.X)+(hi.Y-lo.Y)*(hi.Y-lo.Y)+(hi.Z-lo.Z)*(hi.Z-lo.Z)) / 2
	fov := 50 * math.Pi / 180
	d := max(r/math.Tan(fov/2), 1)
	return Camera3D{Target: c, Yaw: -3 * math.Pi / 4, Pitch: 35 * math.Pi / 180, Distance: d, FOV: fov, Near: d / 100, Far: 4 * (d + 2*r + 1)}
}

// Frame is c turned about lo..hi: the same direction of view, aimed at
// the box's middle, near enough that the box fills most of the view, so
// that an orbit turns about it.
func (c Camera3D) Frame(lo, hi Vec3) Camera3D {
	f := Orbit3D(lo, hi)
	f.Yaw, f.Pitch = c.Yaw, c.Pitch
	f.Far = max(f.Far, c.Far) // the rest of the level stays in sight
	return f
}

// Eye is the camera's position.
func (c Camera3D) Eye() Vec3 {
	cp := math.Cos(c.Pitch)
	return Vec3{c.Target.X + c.Distance*cp*math.Cos(c.Yaw), c.Target.Y + c.Distance*cp*math.Sin(c.Yaw), c.Target.Z + c.Distance*math.Sin(c.Pitch)}
}

// maxPitch keeps the cameras from looking straight up or down, where
// the view's up direction is undefined.
const maxPitch = 89 * math.Pi / 180

// direction is the unit vector from the target to the eye.
func (c Camera3D) direction() Vec3 {
	cp := math.Cos(c.Pitch)
	return Vec3{cp * math.Cos(c.Yaw), cp * math.Sin(c.Yaw), math.Sin(c.Pitch)}
}

// Orbit turns the eye about the target: yaw about Z, pitch up or down.
func (c Camera3D) Orbit(yaw, pitch float64) Camera3D {
	c.Yaw += yaw
	c.Pitch = max(-maxPitch, min(maxPitch, c.Pitch+pitch))
	return c
}

// Look turns the view about the eye, as a flying camera looks around:
// the eye stays, the target moves.
func (c Camera3D) Look(yaw, pitch float64) Camera3D {
	eye := c.Eye()
	c = c.Orbit(yaw, pitch)
	d := c.direction()
	c.Target = Vec3{eye.X - d.X*c.Distance, eye.Y - d.Y*c.Distance, eye.Z - d.Z*c.Distance}
	return c
}

// Move flies eye and target together: forward along the view, right
// across it, up along Z, in world units.
func (c Camera3D) Move(forward, right, up float64) Camera3D {
	d := c.direction()
	f := Vec3{-d.X, -d.Y, -d.Z}
	r := normalize(cross(f, Vec3{0, 0, 1}))
	c.Target = Vec3{c.Target.X + f.X*forward + r.X*right, c.Target.Y + f.Y*forward + r.Y*right, c.Target.Z + f.Z*forward + up}
	return c
}

// Dolly brings the eye nearer the target (factor < 1) or further.
func (c Camera3D) Dolly(factor float64) Camera3D {
	c.Distance = max(c.Distance*factor, c.Near*2)
	return c
}

// Matrix is a 4x4 matrix, column-major as OpenGL takes it.
type Matrix [16]float64

func (a Matrix) Mul(b Matrix) Matrix {
	var m Matrix
	for col := range 4 {
		for row := range 4 {
			for k := range 4 {
				m[col*4+row] += a[k*4+row] * b[col*4+k]
			}
		}
	}
	return m
}

// apply transforms p (w = 1) into clip coordinates.
func (a Matrix) apply(p Vec3) [4]float64 {
	var out [4]float64
	for row := range 4 {
		out[row] = a[row]*p.X + a[4+row]*p.Y + a[8+row]*p.Z + a[12+row]
	}
	return out
}

// project maps p to the screen of a w x h view: x, y in pixels and the
// depth (-1 near to 1 far); ok is false behind the eye.
func (a Matrix) project(p Vec3, w, h int) (Vec3, bool) {
	c := a.apply(p)
	if c[3] <= 1e-9 {
		return Vec3{}, false
	}
	return Vec3{(c[0]/c[3] + 1) / 2 * float64(w), (1 - c[1]/c[3]) / 2 * float64(h), c[2] / c[3]}, true
}

// projectTriangle projects t's corners; ok is false when one is behind
// the eye.
func (a Matrix) projectTriangle(t Triangle3, w, h int) (s [3]Vec3, ok bool) {
	for i, p := range []Vec3{t.A, t.B, t.C} {
		if s[i], ok = a.project(p, w, h); !ok {
			return s, false
		}
	}
	return s, true
}

// ViewProjection is the matrix from world to clip coordinates for a view
// of aspect width/height.
func (c Camera3D) ViewProjection(aspect float64) Matrix {
	eye := c.Eye()
	f := normalize(sub(c.Target, eye))
	s := normalize(cross(f, Vec3{0, 0, 1}))
	u := cross(s, f)
	view := Matrix{s.X, u.X, -f.X, 0, s.Y, u.Y, -f.Y, 0, s.Z, u.Z, -f.Z, 0,
		-dot(s, eye), -dot(u, eye), dot(f, eye), 1}
	t := 1 / math.Tan(c.FOV/2)
	n, fa := c.Near, c.Far
	proj := Matrix{t / aspect, 0, 0, 0, 0, t, 0, 0, 0, 0, (fa + n) / (n - fa), -1, 0, 0, 2 * fa * n / (n - fa), 0}
	return proj.Mul(view)
}

func sub(a, b Vec3) Vec3    { return Vec3{a.X - b.X, a.Y - b.Y, a.Z - b.Z} }
func dot(a, b Vec3) float64 { return a.X*b.X + a.Y*b.Y + a.Z*b.Z }
func cross(a, b Vec3) Vec3  { return Vec3{a.Y*b.Z - a.Z*b.Y, a.Z*b.X - a.X*b.Z, a.X*b.Y - a.Y*b.X} }
func normalize(a Vec3) Vec3 {
	l := math.Sqrt(dot(a, a))
	if l == 0 {
		return a
	}
	return Vec3{a.X / l, a.Y / l, a.Z / l}
}

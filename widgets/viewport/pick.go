package viewport

import (
	"image"
	"math"
)

// Pick2D returns the item under screen point s of a w x h view, the one
// drawn on top first: markers, then lines, then polygons; tolerance is
// how many pixels off a marker or line may be. It returns 0 for none.
func Pick2D(l *List, cam Camera2D, s Vec2, w, h int, tolerance float64) ID {
	if under := Stack2D(l, cam, s, w, h, tolerance, 1); len(under) > 0 {
		return under[0]
	}
	return 0
}

// Stack2D lists the items under screen point s, the one drawn on top
// first (as Pick2D picks them), each once, at most most of them (0: all).
func Stack2D(l *List, cam Camera2D, s Vec2, w, h int, tolerance float64, most int) []ID {
	var under []ID
	add := func(id ID) bool {
		for _, u := range under {
			if u == id {
				return false
			}
		}
		under = append(under, id)
		return most > 0 && len(under) >= most
	}
	for i := len(l.Markers) - 1; i >= 0; i-- {
		m := l.Markers[i]
		at := cam.ToScreen(m.At, w, h)
		if m.ID != 0 && math.Hypot(s.X-at.X, s.Y-at.Y) <= m.Size/2+tolerance && add(m.ID) {
			return under
		}
	}
	for i := len(l.Lines) - 1; i >= 0; i-- {
		ln := l.Lines[i]
		if ln.ID != 0 && distanceToSegment(s, cam.ToScreen(ln.A, w, h), cam.ToScreen(ln.B, w, h)) <= ln.Width/2+tolerance && add(ln.ID) {
			return under
		}
	}
	p := cam.ToWorld(s, w, h)
	for i := len(l.Polygons) - 1; i >= 0; i-- {
		if pg := l.Polygons[i]; pg.ID != 0 && contains(pg.Points, p) && add(pg.ID) {
			return under
		}
	}
	return under
}

func distanceToSegment(p, a, b Vec2) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	t := 0.0
	if l2 := dx*dx + dy*dy; l2 > 0 {
		t = max(0, min(1, ((p.X-a.X)*dx+(p.Y-a.Y)*dy)/l2))
	}
	return math.Hypot(p.X-(a.X+t*dx), p.Y-(a.Y+t*dy))
}

// contains reports whether p is inside the polygon pts (even-odd rule).
func contains(pts []Vec2, p Vec2) bool {
	in := false
	for i, a := range pts {
		b := pts[(i+1)%len(pts)]
		if (a.Y <= p.Y) != (b.Y <= p.Y) && p.X < a.X+(p.Y-a.Y)*(b.X-a.X)/(b.Y-a.Y) {
			in = !in
		}
	}
	return in
}

// Pick3D returns the item under screen point s of a w x h view, the
// nearest one, or 0.
func Pick3D(l *List, cam Camera3D, s Vec2, w, h int) ID {
	hit, _ := PickHit(l, cam, s, w, h)
	return hit.ID
}

// A Hit is what the 3D view shows under a screen point: the item and
// the point of its surface there.
type Hit struct {
	ID ID
	At Vec3
}

// PickHit casts the ray from the eye through screen point s of a w x h
// view and returns the nearest item it meets: a triangle whose front
// faces the eye (a translucent one, which hides nothing, is seen
// through) or a sprite, where its picture is not transparent. ok is
// false when the ray meets none.
func PickHit(l *List, cam Camera3D, s Vec2, w, h int) (hit Hit, ok bool) {
	eye, dir := cam.Ray(s, w, h)
	best := math.Inf(1)
	for _, t := range l.Triangles {
		if t.ID == 0 || t.Color.A < 255 || !t.facing(eye) {
			continue
		}
		if d, in := rayTriangle(eye, dir, t.A, t.B, t.C); in && d < best {
			best, hit = d, Hit{ID: t.ID, At: along(eye, dir, d)}
		}
	}
	for _, sp := range l.Sprites {
		if sp.ID == 0 {
			continue
		}
		if d, in := raySprite(eye, dir, sp, l.Texture(sp.Texture)); in && d < best {
			best, hit = d, Hit{ID: sp.ID, At: along(eye, dir, d)}
		}
	}
	return hit, !math.IsInf(best, 1)
}

// along is the point d along the ray from o in direction dir.
func along(o, dir Vec3, d float64) Vec3 {
	return Vec3{o.X + dir.X*d, o.Y + dir.Y*d, o.Z + dir.Z*d}
}

// rayTriangle is how far along the ray from o in direction dir it meets
// the triangle a, b, c, from either side (Möller and Trumbore's test);
// in is false when it misses or meets it behind o.
func rayTriangle(o, dir, a, b, c Vec3) (d float64, in bool) {
	ab, ac := sub(b, a), sub(c, a)
	p := cross(dir, ac)
	det := dot(ab, p)
	if math.Abs(det) < 1e-12 {
		return 0, false // the ray runs along the triangle's plane
	}
	ao := sub(o, a)
	u := dot(ao, p) / det
	if u < 0 || u > 1 {
		return 0, false
	}
	q := cross(ao, ab)
	v := dot(dir, q) / det
	if v < 0 || u+v > 1 {
		return 0, false
	}
	d = dot(ac, q) / det
	return d, d > 0
}

// raySprite is how far along the ray from o in direction dir it meets
// sprite sp, turned to face o as the renderers turn it, where picture
// (nil: none) is not transparent; in is false when it misses.
func raySprite(o, dir Vec3, sp Sprite3, picture *image.NRGBA) (d float64, in bool) {
	right, facing, ok := spriteAxes(o, sp.At)
	if !ok {
		return 0, false
	}
	den := dot(dir, facing)
	if math.Abs(den) < 1e-12 {
		return 0, false
	}
	d = dot(sub(sp.At, o), facing) / den
	if d <= 0 {
		return 0, false
	}
	p := sub(along(o, dir, d), sp.At)
	x, up := dot(p, right)/sp.Width+0.5, p.Z/sp.Height // 0..1 across and up the picture
	if x < 0 || x > 1 || up < 0 || up > 1 {
		return 0, false
	}
	if picture != nil {
		size := picture.Rect.Size()
		col, row := min(int(x*float64(size.X)), size.X-1), min(int((1-up)*float64(size.Y)), size.Y-1)
		if picture.NRGBAAt(col, row).A == 0 {
			return 0, false
		}
	}
	return d, true
}

// spriteAxes are the directions across a sprite standing at at, seen
// from eye (left to right on screen), and out of its face towards the
// eye, both horizontal; ok is false when the eye is straight above or
// below it.
func spriteAxes(eye, at Vec3) (right, facing Vec3, ok bool) {
	facing = Vec3{eye.X - at.X, eye.Y - at.Y, 0}
	if dot(facing, facing) < 1e-18 {
		return Vec3{}, Vec3{}, false
	}
	facing = normalize(facing)
	return Vec3{-facing.Y, facing.X, 0}, facing, true
}

// Ray is the eye and the unit direction from it through screen point s
// of a w x h view, as ViewProjection projects.
func (c Camera3D) Ray(s Vec2, w, h int) (eye, dir Vec3) {
	eye = c.Eye()
	f := normalize(sub(c.Target, eye))
	right := normalize(cross(f, Vec3{0, 0, 1}))
	up := cross(right, f)
	t := math.Tan(c.FOV / 2)
	x := (2*s.X/float64(w) - 1) * t * float64(w) / float64(h)
	y := (1 - 2*s.Y/float64(h)) * t
	return eye, normalize(Vec3{f.X + right.X*x + up.X*y, f.Y + right.Y*x + up.Y*y, f.Z + right.Z*x + up.Z*y})
}

// PerPixel is how many world units a pixel spans, across the view, at
// point p of a view h pixels high.
func (c Camera3D) PerPixel(p Vec3, h int) float64 {
	eye := c.Eye()
	depth := dot(sub(p, eye), normalize(sub(c.Target, eye)))
	return 2 * max(depth, c.Near) * math.Tan(c.FOV/2) / float64(max(h, 1))
}

// Level is where the ray from the eye through screen point s of a w x h
// view meets the horizontal plane at height z; ok is false when it does
// not, ahead of the eye.
func (c Camera3D) Level(s Vec2, w, h int, z float64) (Vec3, bool) {
	eye, dir := c.Ray(s, w, h)
	if math.Abs(dir.Z) < 1e-12 {
		return Vec3{}, false
	}
	d := (z - eye.Z) / dir.Z
	return along(eye, dir, d), d > 0
}

// ToScreen is where p shows in a w x h view, in pixels; ok is false
// when it is behind the eye.
func (c Camera3D) ToScreen(p Vec3, w, h int) (Vec2, bool) {
	s, ok := c.ViewProjection(float64(w)/float64(h)).project(p, w, h)
	return Vec2{s.X, s.Y}, ok
}

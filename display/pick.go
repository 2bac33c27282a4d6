package display

import (
	"image"
	"math"
)

// Pick2D returns the item under screen point s of a w x h view, the one
// drawn on top first: markers, then lines, then polygons; tolerance is
// how many pixels off a marker or line may be. It returns 0 for none.
func Pick2D(l *List, cam Camera2D, s Vec2, w, h int, tolerance float64) ID {
	return top(Stack2D(l, cam, s, w, h, tolerance, 1))
}

// top is the first of the items under a point, or 0 for none.
func top(under []ID) ID {
	if len(under) > 0 {
		return under[0]
	}
	return 0
}

// Stack2D lists the items under screen point s, the one drawn on top
// first (as Pick2D picks them), each once, at most most of them (0: all).
// It tests every item of the list; an Index tests those near s.
func Stack2D(l *List, cam Camera2D, s Vec2, w, h int, tolerance float64, most int) []ID {
	return stack2D(l, cam, s, w, h, tolerance, most, func(kind, Vec2) ([]int32, bool) { return nil, true })
}

// A kind is one of a list's slices of items, for an Index.
type kind uint8

// The kinds of items.
const (
	markerItems kind = iota
	lineItems
	polygonItems
	triangleItems
	spriteItems
	kinds
)

// nearFunc names the items of a kind to test for world point p: their
// indices, last first, or every one of them when every is true.
type nearFunc func(k kind, p Vec2) (near []int32, every bool)

// stack2D is Stack2D testing the items near names.
func stack2D(l *List, cam Camera2D, s Vec2, w, h int, tolerance float64, most int, near nearFunc) []ID {
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
	p := cam.ToWorld(s, w, h)
	tests := [...]struct {
		kind
		n   int
		hit func(i int) (ID, bool)
	}{
		{markerItems, len(l.Markers), func(i int) (ID, bool) {
			m := l.Markers[i]
			at := cam.ToScreen(m.At, w, h)
			return m.ID, m.ID != 0 && math.Hypot(s.X-at.X, s.Y-at.Y) <= m.Size/2+tolerance
		}},
		{lineItems, len(l.Lines), func(i int) (ID, bool) {
			ln := l.Lines[i]
			return ln.ID, ln.ID != 0 && distanceToSegment(s, cam.ToScreen(ln.A, w, h), cam.ToScreen(ln.B, w, h)) <= ln.Width/2+tolerance
		}},
		{polygonItems, len(l.Polygons), func(i int) (ID, bool) {
			pg := l.Polygons[i]
			return pg.ID, pg.ID != 0 && contains(pg.Points, p)
		}},
	}
	for _, t := range tests {
		near, every := near(t.kind, p)
		if every {
			for i := t.n - 1; i >= 0; i-- {
				if id, ok := t.hit(i); ok && add(id) {
					return under
				}
			}
			continue
		}
		for _, i := range near {
			if id, ok := t.hit(int(i)); ok && add(id) {
				return under
			}
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
// false when the ray meets none. It tests every item of the list; an
// Index tests those along the ray.
func PickHit(l *List, cam Camera3D, s Vec2, w, h int) (hit Hit, ok bool) {
	eye, dir := cam.Ray(s, w, h)
	n := nearest{l: l, eye: eye, dir: dir, d: math.Inf(1)}
	for i := range l.Triangles {
		n.test(triangleItems, i)
	}
	for i := range l.Sprites {
		n.test(spriteItems, i)
	}
	return n.hit()
}

// nearest is the nearest item met so far by the ray from eye along dir:
// of two met as far, the triangle before the sprite and the one first
// in the list, whichever order they are tested in.
type nearest struct {
	l        *List
	eye, dir Vec3
	d        float64 // how far along the ray; +Inf for none yet
	kind     kind
	i        int
	id       ID
}

// test meets item i of kind k (triangleItems or spriteItems).
func (n *nearest) test(k kind, i int) {
	var d float64
	var in bool
	var id ID
	if k == triangleItems {
		t := n.l.Triangles[i]
		if t.ID == 0 || t.Color.A < 255 || !t.Facing(n.eye) {
			return
		}
		d, in = rayTriangle(n.eye, n.dir, t.A, t.B, t.C)
		id = t.ID
	} else {
		sp := n.l.Sprites[i]
		if sp.ID == 0 {
			return
		}
		d, in = raySprite(n.eye, n.dir, sp, n.l.Texture(sp.Texture))
		id = sp.ID
	}
	if in && (d < n.d || d == n.d && (k < n.kind || k == n.kind && i < n.i)) {
		n.d, n.kind, n.i, n.id = d, k, i, id
	}
}

// Hit is the item met, and the point where.
func (n *nearest) hit() (Hit, bool) {
	if math.IsInf(n.d, 1) {
		return Hit{}, false
	}
	return Hit{ID: n.id, At: along(n.eye, n.dir, n.d)}, true
}

// along is the point d along the ray from o in direction dir.
func along(o, dir Vec3, d float64) Vec3 {
	return Vec3{o.X + dir.X*d, o.Y + dir.Y*d, o.Z + dir.Z*d}
}

// rayTriangle is how far along the ray from o in direction dir it meets
// the triangle a, b, c, from either side (Möller and Trumbore's test);
// in is false when it misses, meets it behind o, or rounding puts the
// point met off the triangle's box.
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
	// Seen nearly edge on, the test's rounding can put the point met far
	// off the triangle: a point off its box is no hit.
	lo := Vec3{min(a.X, b.X, c.X), min(a.Y, b.Y, c.Y), min(a.Z, b.Z, c.Z)}
	hi := Vec3{max(a.X, b.X, c.X), max(a.Y, b.Y, c.Y), max(a.Z, b.Z, c.Z)}
	return d, d > 0 && inBox(along(o, dir, d), lo, hi)
}

// inBox reports whether p lies in the box from lo to hi, give or take
// the rounding of the box's coordinates (a tenth of an Index's
// roundingMargin, so that what the test meets the Index finds).
func inBox(p, lo, hi Vec3) bool {
	margin := roundingMargin / 10
	in := func(v, lo, hi float64) bool {
		return v >= lo-margin*(math.Abs(lo)+1) && v <= hi+margin*(math.Abs(hi)+1)
	}
	return in(p.X, lo.X, hi.X) && in(p.Y, lo.Y, hi.Y) && in(p.Z, lo.Z, hi.Z)
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
	at := along(o, dir, d)
	p := sub(at, sp.At)
	x, up := dot(p, right)/sp.Width+0.5, p.Z/sp.Height // 0..1 across and up the picture
	if x < 0 || x > 1 || up < 0 || up > 1 {
		return 0, false
	}
	// Seen nearly edge on, rounding can put the point met far off the
	// picture's plane, and so off its reach about its foot.
	half := math.Abs(sp.Width) / 2
	if !inBox(at, Vec3{sp.At.X - half, sp.At.Y - half, math.Inf(-1)}, Vec3{sp.At.X + half, sp.At.Y + half, math.Inf(1)}) {
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

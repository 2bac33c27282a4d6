package viewport

import "math"

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

// Pick3D returns the triangle under screen point s of a w x h view, the
// nearest one, or 0.
func Pick3D(l *List, cam Camera3D, s Vec2, w, h int) ID {
	vp, eye := cam.ViewProjection(float64(w)/float64(h)), cam.Eye()
	best, bestZ := ID(0), math.Inf(1)
	for _, t := range l.Triangles {
		q, ok := vp.projectTriangle(t, w, h)
		if !ok || t.ID == 0 || !t.facing(eye) {
			continue
		}
		st := newScreenTriangle(q)
		if z, inside := st.depthAt(s.X, s.Y); inside && z < bestZ {
			best, bestZ = t.ID, z
		}
	}
	return best
}

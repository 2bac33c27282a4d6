package viewport

import "slices"

// Items appended to a list (an actor placed) are tessellated alone and
// put after the others of their kind, rather than the whole list
// tessellated again: tens of milliseconds on a map of 50,000 sectors.

// appendItems tessellates the items l holds past those t was made of,
// which c must name, after the others of their kinds, and returns the
// vertices that moved or came (each buffer's from the first one on); ok
// is false when l holds fewer items of a kind than t, or c does not
// name each appended one.
func (t *tessellation) appendItems(l *List, c Changes) (changed patches, ok bool) {
	appended := func(have, now int, named []int) bool {
		if now < have {
			return false
		}
		for i := have; i < now; i++ {
			if !slices.Contains(named, i) {
				return false
			}
		}
		return true
	}
	if !appended(len(t.polygons), len(l.Polygons), c.Polygons) || !appended(len(t.lines), len(l.Lines), c.Lines) ||
		!appended(len(t.markers), len(l.Markers), c.Markers) || !appended(len(t.labels), len(l.Labels), c.Labels) ||
		!appended(len(t.tri), len(l.Triangles), c.Triangles) {
		return changed, false
	}
	first := len(t.flat)
	if len(l.Polygons) > len(t.polygons) {
		first = min(first, t.appendPolygons(l, &changed))
	}
	for _, k := range []struct {
		spans *[]span
		n     int
		item  func(out []vertex2, i int) []vertex2
	}{
		{&t.lines, len(l.Lines), func(out []vertex2, i int) []vertex2 { return t.line(out, l.Lines[i]) }},
		{&t.markers, len(l.Markers), func(out []vertex2, i int) []vertex2 { return t.marker(out, l.Markers[i]) }},
		{&t.labels, len(l.Labels), func(out []vertex2, i int) []vertex2 { return t.label(out, l.Labels[i]) }},
	} {
		if len(*k.spans) == k.n {
			continue
		}
		at := t.flatEnd(k.spans)
		var vs []vertex2
		var added []span
		for i := len(*k.spans); i < k.n; i++ {
			start := len(vs)
			vs = k.item(vs, i)
			added = append(added, span{at + start, len(vs) - start})
		}
		t.insertFlat(at, vs)
		*k.spans = append(*k.spans, added...)
		first = min(first, at)
	}
	if first < len(t.flat) {
		t.boxes = append(t.boxes[:first/cullChunk], boxesOf(t.flat[first/cullChunk*cullChunk:], boxOf)...)
		changed.flat = append(changed.flat, span{first, len(t.flat) - first})
	}
	t.appendFaces(l, &changed)
	return changed, true
}

// appendPolygons tessellates the polygons of l past those of t after
// them: the untextured ones at the end of the untextured ones in flat,
// the textured ones at the end of textured; the runs go on. It returns
// where the flat vertices it put begin (len(t.flat) for none).
func (t *tessellation) appendPolygons(l *List, changed *patches) int {
	at := t.flatEnd(nil)
	var flat []vertex2
	texturedFrom := len(t.textured)
	for i := len(t.polygons); i < len(l.Polygons); i++ {
		p := l.Polygons[i]
		textured := l.picture(p.Texture) != nil
		var s span
		if textured {
			s.start = len(t.textured)
			t.textured = t.texturedPolygon(t.textured, p)
			s.count = len(t.textured) - s.start
		} else {
			s.start = at + len(flat)
			flat = t.polygon(flat, p)
			s.count = at + len(flat) - s.start
		}
		t.polygons, t.inAtlas = append(t.polygons, s), append(t.inAtlas, textured)
		if n := len(t.runs); n > 0 && t.runs[n-1].textured == textured {
			t.runs[n-1].to = s.start + s.count
		} else {
			t.runs = append(t.runs, run{textured, s.start, s.start + s.count})
		}
	}
	if texturedFrom < len(t.textured) {
		changed.textured = append(changed.textured, span{texturedFrom, len(t.textured) - texturedFrom})
		c := texturedFrom / cullChunk
		t.texturedBoxes = append(t.texturedBoxes[:c], boxesOf(t.textured[c*cullChunk:], texturedBoxOf)...)
	}
	if len(flat) == 0 {
		return len(t.flat)
	}
	t.insertFlat(at, flat)
	return at
}

// flatEnd is where the flat vertices of a kind end: of the kind whose
// spans are spans (&t.lines, &t.markers or &t.labels), or of the
// untextured polygons for nil. A kind of no vertices ends where the
// one before it does.
func (t *tessellation) flatEnd(spans *[]span) int {
	end := 0
	for i, s := range t.polygons {
		if !t.inAtlas[i] {
			end = s.start + s.count
		}
	}
	if spans == nil {
		return end
	}
	for _, k := range []*[]span{&t.lines, &t.markers, &t.labels} {
		_, to := extent(*k)
		end = max(end, to)
		if k == spans {
			break
		}
	}
	return end
}

// insertFlat puts vs into the flat vertices at p, moving the spans of
// the lines, markers and labels from p on. The untextured polygons come
// first in flat: none of their spans lies past p but one of no
// vertices, and they are appended before the other kinds.
func (t *tessellation) insertFlat(p int, vs []vertex2) {
	t.flat = slices.Insert(t.flat, p, vs...)
	for _, spans := range [][]span{t.lines, t.markers, t.labels} {
		for i := range spans {
			if spans[i].start >= p {
				spans[i].start += len(vs)
			}
		}
	}
}

// appendFaces tessellates the faces of l past those t was made of: the
// opaque one-sided ones at the end of the one-sided ones of their buffer
// (moving the two-sided ones after them), the two-sided ones at its end,
// the translucent ones after the others.
func (t *tessellation) appendFaces(l *List, changed *patches) {
	if len(l.Triangles) == len(t.tri) {
		return
	}
	var solid [2][]vertex3      // one-sided, two-sided
	var textured [2][]texVertex // the same
	type added struct {
		tri   int
		in    int
		sided int // 0 one-sided, 1 two-sided
		span
	}
	var faces []added
	for i := len(t.tri); i < len(l.Triangles); i++ {
		tr := l.Triangles[i]
		in := placement(l, tr)
		t.tri = append(t.tri, placed{in: in, oneSided: tr.OneSided})
		sided := 1
		if tr.OneSided {
			sided = 0
		}
		switch in {
		case inTranslucent:
			t.tri[i].span = span{len(t.translucent3), 1}
			t.translucent3 = append(t.translucent3, translucentFace{tr, t.texturedFace(nil, l, tr, true)})
		case inTextured:
			start := len(textured[sided])
			textured[sided] = t.texturedFace(textured[sided], l, tr, true)
			faces = append(faces, added{i, in, sided, span{start, len(textured[sided]) - start}})
		default:
			start := len(solid[sided])
			solid[sided] = t.face(solid[sided], tr)
			faces = append(faces, added{i, in, sided, span{start, len(solid[sided]) - start}})
		}
	}
	// Where each group goes: the one-sided ones where the one-sided
	// faces of their buffer end, the two-sided ones at its end, after
	// them; each buffer changes from the first one put in.
	at := [2][2]int{
		{t.oneSided[0], len(t.solid) + len(solid[0])},
		{t.oneSided[1], len(t.texSolid) + len(textured[0])},
	}
	solidFrom := insertFaces(t, &t.solid, inSolid, 0, solid)
	texturedFrom := insertFaces(t, &t.texSolid, inTextured, 1, textured)
	for _, f := range faces {
		k := 0
		if f.in == inTextured {
			k = 1
		}
		t.tri[f.tri].span = span{at[k][f.sided] + f.start, f.count}
	}
	// The chunks from the first one changed are bounded again.
	if solidFrom < len(t.solid) {
		c := solidFrom / cullChunk
		rest := t.solid[c*cullChunk:]
		t.solidBoxes = append(t.solidBoxes[:c], boxes3Of(len(rest), solidAt(rest))...)
		changed.solid = append(changed.solid, span{solidFrom, len(t.solid) - solidFrom})
	}
	if texturedFrom < len(t.texSolid) {
		c := texturedFrom / cullChunk
		rest := t.texSolid[c*cullChunk:]
		t.texSolidBoxes = append(t.texSolidBoxes[:c], boxes3Of(len(rest), texturedAt(rest))...)
		changed.texSolid = append(changed.texSolid, span{texturedFrom, len(t.texSolid) - texturedFrom})
	}
}

// insertFaces puts the one-sided vertices of faces (faces[0]) at the end
// of the one-sided ones of buffer vs (faces of buffer in, the kth of
// oneSided), moving the faces after them, and the two-sided ones at its
// end; it returns where vs changed from.
func insertFaces[V vertex3 | texVertex](t *tessellation, vs *[]V, in, k int, faces [2][]V) int {
	from := len(*vs)
	if len(faces[0]) > 0 {
		from = t.oneSided[k]
		t.moveFaces(in, from, len(faces[0]))
		*vs = slices.Insert(*vs, from, faces[0]...)
		t.oneSided[k] += len(faces[0])
	}
	*vs = append(*vs, faces[1]...)
	return from
}

// moveFaces moves the faces of the buffer in (inSolid or inTextured)
// that begin at at or past it by n vertices, put in before them.
func (t *tessellation) moveFaces(in, at, n int) {
	for i := range t.tri {
		if p := &t.tri[i]; p.in == in && p.start >= at {
			p.start += n
		}
	}
}

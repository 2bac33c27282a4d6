package display

import "slices"

// Items appended to a list (an actor placed) are tessellated alone and
// put after the others of their kind, rather than the whole list
// tessellated again: tens of milliseconds on a map of 50,000 sectors.

// appendItems tessellates the items l holds past those t was made of,
// which c must name, after the others of their kinds, and returns the
// vertices that moved or came (each buffer's from the first one on); ok
// is false when l holds fewer items of a kind than t, or c does not
// name each appended one.
func (t *Tessellation) appendItems(l *List, c Changes) (changed Patches, ok bool) {
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
	if !appended(len(t.Polygons), len(l.Polygons), c.Polygons) || !appended(len(t.Lines), len(l.Lines), c.Lines) ||
		!appended(len(t.Markers), len(l.Markers), c.Markers) || !appended(len(t.Labels), len(l.Labels), c.Labels) ||
		!appended(len(t.Tri), len(l.Triangles), c.Triangles) {
		return changed, false
	}
	first := len(t.Flat)
	if len(l.Polygons) > len(t.Polygons) {
		first = min(first, t.appendPolygons(l, &changed))
	}
	for _, k := range []struct {
		spans *[]Span
		n     int
		item  func(out []FlatVertex, i int) []FlatVertex
	}{
		{&t.Lines, len(l.Lines), func(out []FlatVertex, i int) []FlatVertex { return t.line(out, l.Lines[i]) }},
		{&t.Markers, len(l.Markers), func(out []FlatVertex, i int) []FlatVertex { return t.marker(out, l.Markers[i]) }},
		{&t.Labels, len(l.Labels), func(out []FlatVertex, i int) []FlatVertex { return t.label(out, l.Labels[i]) }},
	} {
		if len(*k.spans) == k.n {
			continue
		}
		at := t.flatEnd(k.spans)
		var vs []FlatVertex
		var added []Span
		for i := len(*k.spans); i < k.n; i++ {
			start := len(vs)
			vs = k.item(vs, i)
			added = append(added, Span{at + start, len(vs) - start})
		}
		t.insertFlat(at, vs)
		*k.spans = append(*k.spans, added...)
		first = min(first, at)
	}
	if first < len(t.Flat) {
		t.Boxes = append(t.Boxes[:first/cullChunk], boxesOf(t.Flat[first/cullChunk*cullChunk:], boxOf)...)
		changed.Flat = append(changed.Flat, Span{first, len(t.Flat) - first})
	}
	t.appendFaces(l, &changed)
	return changed, true
}

// appendPolygons tessellates the polygons of l past those of t after
// them: the untextured ones at the end of the untextured ones in flat,
// the textured ones at the end of textured; the runs go on. It returns
// where the flat vertices it put begin (len(t.flat) for none).
func (t *Tessellation) appendPolygons(l *List, changed *Patches) int {
	at := t.flatEnd(nil)
	var flat []FlatVertex
	texturedFrom := len(t.Textured)
	for i := len(t.Polygons); i < len(l.Polygons); i++ {
		p := l.Polygons[i]
		textured := l.Picture(p.Texture) != nil
		var s Span
		if textured {
			s.Start = len(t.Textured)
			t.Textured = t.texturedPolygon(t.Textured, p)
			s.Count = len(t.Textured) - s.Start
		} else {
			s.Start = at + len(flat)
			flat = t.polygon(flat, p)
			s.Count = at + len(flat) - s.Start
		}
		t.Polygons, t.InAtlas = append(t.Polygons, s), append(t.InAtlas, textured)
		if n := len(t.Runs); n > 0 && t.Runs[n-1].Textured == textured {
			t.Runs[n-1].To = s.Start + s.Count
		} else {
			t.Runs = append(t.Runs, PolygonRun{textured, s.Start, s.Start + s.Count})
		}
	}
	if texturedFrom < len(t.Textured) {
		changed.Textured = append(changed.Textured, Span{texturedFrom, len(t.Textured) - texturedFrom})
		c := texturedFrom / cullChunk
		t.TexturedBoxes = append(t.TexturedBoxes[:c], boxesOf(t.Textured[c*cullChunk:], texturedBoxOf)...)
	}
	if len(flat) == 0 {
		return len(t.Flat)
	}
	t.insertFlat(at, flat)
	return at
}

// flatEnd is where the flat vertices of a kind end: of the kind whose
// spans are spans (&t.lines, &t.markers or &t.labels), or of the
// untextured polygons for nil. A kind of no vertices ends where the
// one before it does.
func (t *Tessellation) flatEnd(spans *[]Span) int {
	end := 0
	for i, s := range t.Polygons {
		if !t.InAtlas[i] {
			end = s.Start + s.Count
		}
	}
	if spans == nil {
		return end
	}
	for _, k := range []*[]Span{&t.Lines, &t.Markers, &t.Labels} {
		_, to := Extent(*k)
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
func (t *Tessellation) insertFlat(p int, vs []FlatVertex) {
	t.Flat = slices.Insert(t.Flat, p, vs...)
	for _, spans := range [][]Span{t.Lines, t.Markers, t.Labels} {
		for i := range spans {
			if spans[i].Start >= p {
				spans[i].Start += len(vs)
			}
		}
	}
}

// appendFaces tessellates the faces of l past those t was made of: the
// opaque one-sided ones at the end of the one-sided ones of their buffer
// (moving the two-sided ones after them), the two-sided ones at its end,
// the translucent ones after the others.
func (t *Tessellation) appendFaces(l *List, changed *Patches) {
	if len(l.Triangles) == len(t.Tri) {
		return
	}
	var solid [2][]SolidVertex       // one-sided, two-sided
	var textured [2][]TexturedVertex // the same
	type added struct {
		tri   int
		in    int
		sided int // 0 one-sided, 1 two-sided
		Span
	}
	var faces []added
	for i := len(t.Tri); i < len(l.Triangles); i++ {
		tr := l.Triangles[i]
		in := placement(l, tr)
		t.Tri = append(t.Tri, Placed{In: in, oneSided: tr.OneSided})
		sided := 1
		if tr.OneSided {
			sided = 0
		}
		switch in {
		case InTranslucent:
			t.Tri[i].Span = Span{len(t.Translucent3), 1}
			t.Translucent3 = append(t.Translucent3, TranslucentFace{tr, t.TexturedFace(nil, l, tr, true)})
		case InTextured:
			start := len(textured[sided])
			textured[sided] = t.TexturedFace(textured[sided], l, tr, true)
			faces = append(faces, added{i, in, sided, Span{start, len(textured[sided]) - start}})
		default:
			start := len(solid[sided])
			solid[sided] = t.face(solid[sided], tr)
			faces = append(faces, added{i, in, sided, Span{start, len(solid[sided]) - start}})
		}
	}
	// Where each group goes: the one-sided ones where the one-sided
	// faces of their buffer end, the two-sided ones at its end, after
	// them; each buffer changes from the first one put in.
	at := [2][2]int{
		{t.OneSided[0], len(t.Solid) + len(solid[0])},
		{t.OneSided[1], len(t.TexSolid) + len(textured[0])},
	}
	solidFrom := insertFaces(t, &t.Solid, InSolid, 0, solid)
	texturedFrom := insertFaces(t, &t.TexSolid, InTextured, 1, textured)
	for _, f := range faces {
		k := 0
		if f.in == InTextured {
			k = 1
		}
		t.Tri[f.tri].Span = Span{at[k][f.sided] + f.Start, f.Count}
	}
	// The chunks from the first one changed are bounded again.
	if solidFrom < len(t.Solid) {
		c := solidFrom / cullChunk
		rest := t.Solid[c*cullChunk:]
		t.SolidBoxes = append(t.SolidBoxes[:c], boxes3Of(len(rest), SolidAt(rest))...)
		changed.Solid = append(changed.Solid, Span{solidFrom, len(t.Solid) - solidFrom})
	}
	if texturedFrom < len(t.TexSolid) {
		c := texturedFrom / cullChunk
		rest := t.TexSolid[c*cullChunk:]
		t.TexSolidBoxes = append(t.TexSolidBoxes[:c], boxes3Of(len(rest), TexturedAt(rest))...)
		changed.TexSolid = append(changed.TexSolid, Span{texturedFrom, len(t.TexSolid) - texturedFrom})
	}
}

// insertFaces puts the one-sided vertices of faces (faces[0]) at the end
// of the one-sided ones of buffer vs (faces of buffer in, the kth of
// oneSided), moving the faces after them, and the two-sided ones at its
// end; it returns where vs changed from.
func insertFaces[V SolidVertex | TexturedVertex](t *Tessellation, vs *[]V, in, k int, faces [2][]V) int {
	from := len(*vs)
	if len(faces[0]) > 0 {
		from = t.OneSided[k]
		t.moveFaces(in, from, len(faces[0]))
		*vs = slices.Insert(*vs, from, faces[0]...)
		t.OneSided[k] += len(faces[0])
	}
	*vs = append(*vs, faces[1]...)
	return from
}

// moveFaces moves the faces of the buffer in (inSolid or inTextured)
// that begin at at or past it by n vertices, put in before them.
func (t *Tessellation) moveFaces(in, at, n int) {
	for i := range t.Tri {
		if p := &t.Tri[i]; p.In == in && p.Start >= at {
			p.Start += n
		}
	}
}

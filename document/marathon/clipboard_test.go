package marathon

import (
	"bytes"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/internal/doctest"
)

// cluster picks up to n polygons of l joined through their neighbours,
// starting from a platform, a liquid and an object's polygon, so that a
// clipping of them names every kind of shared record the level has.
func cluster(l *codec.Level, n int) []int {
	var queue []int
	for pi, p := range l.Polygons {
		if p.Type == codec.PolygonPlatform {
			queue = append(queue, pi)
			break
		}
	}
	for pi, p := range l.Polygons {
		if !l.Marathon1() && p.Media >= 0 {
			queue = append(queue, pi)
			break
		}
	}
	if len(l.Objects) > 0 {
		queue = append(queue, int(l.Objects[0].Polygon))
	}
	seen := map[int]bool{}
	var out []int
	for len(queue) > 0 && len(out) < n {
		pi := queue[0]
		queue = queue[1:]
		if seen[pi] {
			continue
		}
		seen[pi] = true
		out = append(out, pi)
		p := l.Polygons[pi]
		for _, a := range p.Adjacent[:p.VertexCount] {
			if a != codec.None {
				queue = append(queue, int(a))
			}
		}
	}
	return out
}

// besideMap is an offset that moves the clipping just past an edge of
// level l, so that the paste touches nothing, or, when the map reaches
// every edge of the world, a little aside.
func besideMap(l *codec.Level, c *Clipping) Offset {
	var lb, cb box
	for v := range len(l.Endpoints) + len(l.Points) {
		p, _ := l.Vertex(uint16(v))
		lb.add(p)
	}
	for _, p := range c.Points {
		cb.add(p)
	}
	for _, o := range []Offset{
		{int(lb.maxX + 1024 - cb.minX), int(lb.minY - cb.minY)},
		{int(lb.minX - 1024 - cb.maxX), int(lb.minY - cb.minY)},
		{int(lb.minX - cb.minX), int(lb.maxY + 1024 - cb.minY)},
		{int(lb.minX - cb.minX), int(lb.minY - 1024 - cb.maxY)},
	} {
		if int(cb.minX)+o.X > -32000 && int(cb.maxX)+o.X < 32000 && int(cb.minY)+o.Y > -32000 && int(cb.maxY)+o.Y < 32000 {
			return o
		}
	}
	return Offset{512, 512}
}

// errorCodes counts a level's check errors by code and message without
// the index.
func errorCodes(l *codec.Level, level int) map[string]int {
	out := map[string]int{}
	for _, p := range bin.Errors(l.Check(level)) {
		out[p.Code]++
	}
	return out
}

// checkPasted holds the pasted records of level to, which were
// before-counted, against the clipping's sources in level from: every
// reference points into the pasted set or to a shared record identical
// to the source's, positions are moved by offset.
func checkPasted(t *testing.T, from, to *codec.Level, polygons []int, before *codec.Level, c *Clipping, offset Offset) {
	t.Helper()
	np, nl, ns, nv := len(before.Polygons), len(before.Lines), len(before.Sides), len(before.Endpoints)+len(before.Points)
	// The walls of lines whose other polygon stayed behind gain sides.
	if got := len(to.Polygons) - np; got != len(c.Polygons) || len(to.Lines)-nl != len(c.Lines) ||
		len(to.Sides)-ns < len(c.Sides) || len(to.Endpoints)+len(to.Points)-nv != len(c.Points) ||
		len(to.Objects)-len(before.Objects) != len(c.Objects) {
		t.Fatalf("pasted %d polygons, %d lines, %d sides, %d endpoints, %d objects; the clipping holds %d, %d, %d, %d, %d",
			got, len(to.Lines)-nl, len(to.Sides)-ns, len(to.Endpoints)+len(to.Points)-nv, len(to.Objects)-len(before.Objects),
			len(c.Polygons), len(c.Lines), len(c.Sides), len(c.Points), len(c.Objects))
	}
	in := func(v, lo, n int) bool { return v >= lo && v < lo+n }
	light := func(l *codec.Level, i int16) any {
		if l.Marathon1() {
			return l.OldLights[i]
		}
		return l.Lights[i]
	}
	for k, src := range polygons {
		s, p := from.Polygons[src], to.Polygons[np+k]
		if p.VertexCount != s.VertexCount || p.Type != s.Type || p.FloorHeight != s.FloorHeight || p.FloorTexture != s.FloorTexture {
			t.Fatalf("polygon %d is not a copy of polygon %d", np+k, src)
		}
		for v := range int(p.VertexCount) {
			a, _ := from.Vertex(s.Endpoints[v])
			b, _ := to.Vertex(p.Endpoints[v])
			if !in(int(p.Endpoints[v]), nv, len(c.Points)) || !in(int(p.Lines[v]), nl, len(c.Lines)) ||
				int(b.X) != int(a.X)+offset.X || int(b.Y) != int(a.Y)+offset.Y {
				t.Fatalf("polygon %d vertex %d: endpoint %d at %v, line %d; from %v moved by %v", np+k, v, p.Endpoints[v], b, p.Lines[v], a, offset)
			}
			if adj := p.Adjacent[v]; adj != codec.None && !in(int(adj), np, len(c.Polygons)) {
				t.Fatalf("polygon %d is beside polygon %d, outside the paste", np+k, adj)
			}
		}
		if !reflect.DeepEqual(light(to, p.FloorLight), light(from, s.FloorLight)) || !reflect.DeepEqual(light(to, p.CeilingLight), light(from, s.CeilingLight)) {
			t.Fatalf("polygon %d's lights are not those of polygon %d", np+k, src)
		}
		if !from.Marathon1() && s.Media >= 0 {
			m, sm := to.Media[p.Media], from.Media[s.Media]
			if !reflect.DeepEqual(light(to, m.LightIndex), light(from, sm.LightIndex)) {
				t.Fatalf("polygon %d's liquid has another light than polygon %d's", np+k, src)
			}
			m.LightIndex = sm.LightIndex
			if m != sm {
				t.Fatalf("polygon %d's liquid %v is not polygon %d's %v", np+k, m, src, sm)
			}
		}
	}
	platforms := 0
	for _, p := range c.Polygons {
		if p.Type == codec.PolygonPlatform {
			platforms++
		}
	}
	var named []int16
	for _, q := range to.Platforms[len(before.Platforms):] {
		named = append(named, q.Polygon)
	}
	for _, q := range to.RunPlatforms[len(before.RunPlatforms):] {
		named = append(named, q.Polygon)
	}
	for _, pi := range named {
		if !in(int(pi), np, len(c.Polygons)) || to.Polygons[pi].Type != codec.PolygonPlatform {
			t.Fatalf("a pasted platform names polygon %d, no pasted platform polygon", pi)
		}
	}
	if len(named) != platforms {
		t.Fatalf("pasted %d platforms for %d platform polygons", len(named), platforms)
	}
	for li := nl; li < len(to.Lines); li++ {
		line := to.Lines[li]
		for _, pi := range []uint16{line.ClockwisePoly, line.CCWPoly} {
			if pi != codec.None && !in(int(pi), np, len(c.Polygons)) {
				t.Fatalf("line %d names polygon %d, outside the paste", li, pi)
			}
		}
		owners, sides := [2]uint16{line.ClockwisePoly, line.CCWPoly}, [2]uint16{line.ClockwiseSide, line.CCWSide}
		for face := range owners {
			wall := line.Flags&codec.LineSolid != 0 || owners[1-face] == codec.None
			if owners[face] != codec.None && wall && sides[face] == codec.None {
				t.Fatalf("line %d is a wall of polygon %d without a side", li, owners[face])
			}
		}
		for _, si := range sides {
			if si != codec.None && (si < uint16(ns) || int(to.Sides[si].Line) != li) {
				t.Fatalf("line %d names side %d, outside the paste or not its own", li, si)
			}
		}
	}
	for si := ns; si < len(to.Sides); si++ {
		if s := to.Sides[si]; !in(int(s.Polygon), np, len(c.Polygons)) || !in(int(s.Line), nl, len(c.Lines)) {
			t.Fatalf("side %d is of polygon %d, outside the paste", si, s.Polygon)
		}
	}
	for k, o := range to.Objects[len(before.Objects):] {
		s := c.Objects[k]
		if !in(int(o.Polygon), np, len(c.Polygons)) || int(o.X) != int(s.X)+offset.X || int(o.Y) != int(s.Y)+offset.Y {
			t.Fatalf("object %d at (%d,%d) is in polygon %d, not where it was copied from moved into the paste", len(before.Objects)+k, o.X, o.Y, o.Polygon)
		}
	}
}

// cloneLevel copies the counts checkPasted compares with.
func cloneLevel(l *codec.Level) *codec.Level {
	return &codec.Level{Endpoints: slices.Clone(l.Endpoints), Points: slices.Clone(l.Points), Lines: slices.Clone(l.Lines),
		Sides: slices.Clone(l.Sides), Polygons: slices.Clone(l.Polygons), Objects: slices.Clone(l.Objects),
		Platforms: slices.Clone(l.Platforms), RunPlatforms: slices.Clone(l.RunPlatforms)}
}

// TestCopyPaste copies polygons with what they need and pastes them in
// the same level, another level of the file and another file: the
// references point into the paste or to identical shared records, the
// level's check finds no new errors, the derived data is the engine's,
// and the paste is one step whose undo gives back the exact bytes.
func TestCopyPaste(t *testing.T) {
	for _, tc := range []struct {
		name       string
		from, into []string
		level, to  int
		wantShared bool // the paste reuses every light and liquid
	}{
		{"within a preprocessed level", []string{"marathon", "jp", "Excalibar", "Prologue.sceA"}, nil, 0, 0, true},
		{"within a plain level", []string{"marathon", "eternal", "Genie-In-A-Bottle.sceA"}, nil, 0, 0, true},
		{"across Marathon 1 levels", []string{"marathon", "m1", "Map.scen"}, nil, 0, 1, false},
		{"across preprocessed files", []string{"marathon", "jp", "Evil", "A-million-ways-to-spend-your-time.sceA"},
			[]string{"marathon", "jp", "Excalibar", "Prologue.sceA"}, 0, 0, false},
		{"across plain files", []string{"marathon", "eternal", "Third-Rock-from-Lhowon.sceA"},
			[]string{"marathon", "eternal", "Aaron-Eternal.sceA"}, 0, 0, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := openCorpus(t, tc.from...)
			dst := src
			if tc.into != nil {
				dst = openCorpus(t, tc.into...)
			}
			from := src.Levels[tc.level]
			polygons := cluster(from, 16)
			c, err := src.Copy(tc.level, polygons)
			if err != nil {
				t.Fatal(err)
			}
			text, err := c.Text()
			if err != nil {
				t.Fatal(err)
			}
			parsed, err := ParseClipping(text)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(parsed, c) {
				t.Fatal("the clipping's text decodes to another clipping")
			}
			if len(c.Textures) == 0 || len(c.Objects) == 0 || len(c.Platforms)+len(c.RunPlatforms) == 0 {
				t.Fatalf("the clipping of %v holds %d textures, %d objects, %d platforms", polygons, len(c.Textures), len(c.Objects), len(c.Platforms)+len(c.RunPlatforms))
			}
			to := dst.Levels[tc.to]
			was, before, errs := doctest.Bytes(t, dst), cloneLevel(to), errorCodes(to, tc.to)
			lights, media := to.LightCount(), len(to.Media)
			stale := newTally()
			compareWithReference(to, stale)
			steps, _ := dst.History.Steps()
			offset := besideMap(to, parsed)
			refs, err := dst.Paste(tc.to, parsed, offset)
			if err != nil {
				t.Fatal(err)
			}
			if n, _ := dst.History.Steps(); n != steps+1 {
				t.Fatalf("the paste made %d steps", n-steps)
			}
			if len(refs) < len(c.Polygons)+len(c.Objects) || refs[0].Kind != KindPolygon || refs[0].Index != len(before.Polygons) {
				t.Fatalf("the paste returned %v", refs[:1])
			}
			checkPasted(t, from, to, polygons, before, c, offset)
			if tc.wantShared && (to.LightCount() != lights || len(to.Media) != media) {
				t.Errorf("pasting in the level it was copied from added %d lights and %d liquids", to.LightCount()-lights, len(to.Media)-media)
			}
			if !tc.wantShared && to.LightCount() == lights {
				t.Errorf("pasting in another level added no light")
			}
			for code, n := range errorCodes(to, tc.to) {
				if n > errs[code] {
					t.Errorf("the paste gave the level %d %s errors, it had %d", n, code, errs[code])
				}
			}
			if to.CarriesDerivedData() {
				edited := newTally()
				compareWithReference(to, edited)
				for k, v := range edited.differ {
					if _, was := stale.differ[k]; !was {
						t.Errorf("after the paste, %s: stored %s", k, v)
					}
				}
			}
			saveAndReload(t, dst, tc.to)
			if _, err := dst.History.Undo(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(doctest.Bytes(t, dst), was) {
				t.Fatal("undoing the paste does not give back the file's bytes")
			}
		})
	}
}

// TestDuplicate duplicates polygons as one step, beside themselves.
func TestDuplicate(t *testing.T) {
	d := openCorpus(t, "marathon", "jp", "rubicon", "The-Ascension-Factor.sceA")
	l := d.Levels[0]
	polygons := cluster(l, 6)
	before := cloneLevel(l)
	refs, err := d.Duplicate(0, polygons, Offset{X: 64, Y: 64})
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := d.History.Steps(); n != 1 {
		t.Fatalf("duplicating made %d steps", n)
	}
	c, err := d.Copy(0, polygons)
	if err != nil {
		t.Fatal(err)
	}
	checkPasted(t, l, l, polygons, before, c, Offset{X: 64, Y: 64})
	if refs[len(polygons)-1].Index != len(before.Polygons)+len(polygons)-1 {
		t.Fatalf("duplicate returned %v", refs)
	}
	checkLevel(t, d, 0, "after duplicating")
}

// TestPasteRefused pastes what a level cannot take: the paste says why
// and leaves no step and no changed byte.
func TestPasteRefused(t *testing.T) {
	m1 := openCorpus(t, "marathon", "m1", "Map.scen")
	plain := openCorpus(t, "marathon", "eternal", "Genie-In-A-Bottle.sceA")
	pre := openCorpus(t, "marathon", "jp", "Excalibar", "Prologue.sceA")
	copyOf := func(d *Document) *Clipping {
		c, err := d.Copy(0, cluster(d.Levels[0], 8))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	trigger := copyOf(plain)
	trigger.Source.Path = "another.sceA"
	trigger.Outside = append(trigger.Outside, OutsideTarget{Kind: KindPolygon, Index: 0, Polygon: 3})
	for _, tc := range []struct {
		name   string
		into   *Document
		c      *Clipping
		offset Offset
		want   string
	}{
		{"Marathon 1 into Marathon 2", pre, copyOf(m1), Offset{}, "Marathon 1 map"},
		{"Marathon 2 into Marathon 1", m1, copyOf(pre), Offset{}, "polygon types, lights and sides differ"},
		{"plat records into PLAT", pre, copyOf(plain), Offset{}, "run-time form"},
		{"PLAT into plat records", plain, copyOf(pre), Offset{}, "keeps plat records"},
		{"past the map's edge", pre, copyOf(pre), Offset{X: 40000}, "past the map's edge"},
		{"a trigger of another file", plain, trigger, Offset{}, "copy that polygon too"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			was := doctest.Bytes(t, tc.into)
			_, err := tc.into.Paste(0, tc.c, tc.offset)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error saying %q", err, tc.want)
			}
			if n, _ := tc.into.History.Steps(); n != 0 || !bytes.Equal(doctest.Bytes(t, tc.into), was) {
				t.Fatalf("a refused paste left %d steps or changed bytes", n)
			}
		})
	}
}

// TestParseClippingRefuses decodes texts that are no clipping, or one
// whose references run past its tables.
func TestParseClippingRefuses(t *testing.T) {
	d := openCorpus(t, "marathon", "jp", "rubicon", "The-Ascension-Factor.sceA")
	c, err := d.Copy(0, cluster(d.Levels[0], 4))
	if err != nil {
		t.Fatal(err)
	}
	bad := c.clone()
	bad.Lines[0].CCWSide = uint16(len(bad.Sides) + 5)
	badText, _ := bad.Text()
	old := c.clone()
	old.Version = 99
	oldText, _ := old.Text()
	for _, tc := range []struct{ text, want string }{
		{"hello", "no Marathon polygons"},
		{`{"kind":"something else","version":1}`, "not Marathon polygons"},
		{oldText, "version 99"},
		{badText, "line 0 CCWSide"},
	} {
		if _, err := ParseClipping(tc.text); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%.30q: got %v, want %q", tc.text, err, tc.want)
		}
	}
}

// FuzzPasteClipping pastes clipboard texts into a new map: a text is
// refused or pasted, never a panic, and a paste leaves a level that
// passes its structural and reference checks.
func FuzzPasteClipping(f *testing.F) {
	d, err := New("new.sceA", "Fuzz")
	if err != nil {
		f.Fatal(err)
	}
	c, err := d.Copy(0, []int{0, 1})
	if err != nil {
		f.Fatal(err)
	}
	text, _ := c.Text()
	f.Add(text)
	f.Add(`{"kind":"levelwright/marathon-polygons","version":1}`)
	f.Fuzz(func(t *testing.T, text string) {
		d, _ := New("new.sceA", "Fuzz")
		was := doctest.Bytes(t, d)
		c, err := ParseClipping(text)
		if err != nil {
			return
		}
		if _, err := d.Paste(0, c, Offset{X: 2048}); err != nil {
			if !bytes.Equal(doctest.Bytes(t, d), was) {
				t.Fatalf("a refused paste changed the file: %v", err)
			}
			return
		}
		checkLevel(t, d, 0, "after a paste")
	})
}

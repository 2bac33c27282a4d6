package marathon

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
)

// ClippingKind tags the text of a Clipping, so that a paste knows the
// clipboard holds Marathon polygons and not some other text.
const ClippingKind = "levelwright/marathon-polygons"

// ClippingVersion is the version of the clipping text this editor writes
// and reads.
const ClippingVersion = 1

// Polygon types whose permutation names a light or a platform's polygon
// (map.h), in every generation after Marathon 1.
const (
	lightOnTrigger     = 6
	platformOnTrigger  = 7
	lightOffTrigger    = 8
	platformOffTrigger = 9
)

// A Clipping is polygons copied from a level with everything they need
// to stand in another: their endpoints, lines and sides, the objects and
// annotations in them, and the lights, liquids, platforms, ambient and
// random sounds they name. Its records name each other by their index in
// the clipping's own tables; a line or side face whose polygon was not
// copied names none. Derived fields are left to the level pasted into.
type Clipping struct {
	Kind      string `json:"kind"`
	Version   int    `json:"version"`
	Source    Source `json:"source"`
	Marathon1 bool   `json:"marathon1"`

	Points       []codec.Point          `json:"points"`
	Lines        []codec.Line           `json:"lines"`
	Sides        []codec.Side           `json:"sides"`
	Polygons     []codec.Polygon        `json:"polygons"`
	Objects      []codec.Object         `json:"objects"`
	Notes        []codec.Note           `json:"notes"`
	Lights       []codec.Light          `json:"lights"`
	OldLights    []codec.OldLight       `json:"oldLights"`
	Media        []codec.Media          `json:"media"`
	Platforms    []codec.StaticPlatform `json:"platforms"`
	RunPlatforms []codec.Platform       `json:"runPlatforms"`
	Ambient      []codec.AmbientSound   `json:"ambient"`
	Random       []codec.RandomSound    `json:"random"`
	// Textures are the shape descriptors the polygons, sides and liquids
	// show, for the user to see what the paste needs from the Shapes file.
	Textures []uint16 `json:"textures"`
	// Outside are the platform triggers and switches whose platform's
	// polygon was not copied: they keep it only in the level copied from.
	Outside []OutsideTarget `json:"outside"`
}

// Source is the file and level a clipping was copied from.
type Source struct {
	Path  string `json:"path"`
	Level int    `json:"level"`
}

// An OutsideTarget is a clipped polygon (a platform trigger) or side (a
// platform switch) whose target, Polygon of the source level, was not
// copied; the clipping holds -1 in its place.
type OutsideTarget struct {
	Kind    document.Kind `json:"kind"`
	Index   int           `json:"index"`
	Polygon int           `json:"polygon"`
}

// Offset is how far a paste moves a clipping, in world units.
type Offset struct{ X, Y int }

// Copy takes polygons of level, with what they need, as a clipping.
func (d *Document) Copy(level int, polygons []int) (*Clipping, error) {
	l, err := d.Level(level)
	if err != nil {
		return nil, err
	}
	if len(polygons) == 0 {
		return nil, fmt.Errorf("level %d: select polygons to copy", level)
	}
	c := &Clipping{Kind: ClippingKind, Version: ClippingVersion, Source: Source{Path: d.Path, Level: level}, Marathon1: l.Marathon1()}
	k := copier{l: l, c: c, polygon: map[int]int{}, line: map[int]int{}, point: map[int]int{}, at: map[string]map[int]int{}}
	for _, pi := range polygons {
		if pi < 0 || pi >= len(l.Polygons) {
			return nil, fmt.Errorf("level %d has no polygon %d", level, pi)
		}
		if p := l.Polygons[pi]; p.VertexCount < 3 || p.VertexCount > 8 {
			return nil, fmt.Errorf("level %d: polygon %d has %d vertices, 3 to 8 are allowed", level, pi, p.VertexCount)
		}
		if _, ok := k.polygon[pi]; !ok {
			k.polygon[pi] = len(c.Polygons)
			k.sources = append(k.sources, pi)
			c.Polygons = append(c.Polygons, l.Polygons[pi])
		}
	}
	if err := k.outlines(); err != nil {
		return nil, fmt.Errorf("level %d: %w", level, err)
	}
	for _, o := range l.Objects {
		if to, ok := k.polygon[int(o.Polygon)]; ok {
			o.Polygon = int16(to)
			c.Objects = append(c.Objects, o)
		}
	}
	for _, n := range l.Notes {
		if to, ok := k.polygon[int(n.Polygon)]; ok {
			n.Polygon = int16(to)
			c.Notes = append(c.Notes, n)
		}
	}
	if err := k.shared(); err != nil {
		return nil, fmt.Errorf("level %d: %w", level, err)
	}
	c.Textures = c.textures()
	return c, nil
}

// copier gathers a clipping: the maps from the level's indexes to the
// clipping's.
type copier struct {
	l                    *codec.Level
	c                    *Clipping
	polygon, line, point map[int]int
	sources              []int                  // the level's polygon of each clipped one
	at                   map[string]map[int]int // the shared tables, by name
}

// outlines copies the polygons' lines, endpoints and sides, and points
// the polygons at them.
func (k *copier) outlines() error {
	l, c := k.l, k.c
	for pi := range c.Polygons {
		p := &c.Polygons[pi]
		n := int(p.VertexCount)
		for v := range 8 {
			if v >= n {
				p.Endpoints[v], p.Lines[v] = codec.None, codec.None
			} else {
				li := int(p.Lines[v])
				if li >= len(l.Lines) {
					return fmt.Errorf("polygon %d lists line %d of %d", k.sources[pi], li, len(l.Lines))
				}
				ep, err := k.copyPoint(int(p.Endpoints[v]))
				if err != nil {
					return err
				}
				p.Endpoints[v], p.Lines[v] = ep, k.copyLine(li)
			}
			p.Adjacent[v], p.Sides[v] = codec.None, codec.None
		}
	}
	for ci := range c.Lines {
		line := &c.Lines[ci]
		for _, v := range []*uint16{&line.Endpoints[0], &line.Endpoints[1]} {
			ep, err := k.copyPoint(int(*v))
			if err != nil {
				return err
			}
			*v = ep
		}
	}
	return nil
}

func (k *copier) copyPoint(v int) (uint16, error) {
	if to, ok := k.point[v]; ok {
		return uint16(to), nil
	}
	p, ok := k.l.Vertex(uint16(v))
	if !ok {
		return 0, fmt.Errorf("endpoint %d is past the level's %d", v, len(k.l.Endpoints)+len(k.l.Points))
	}
	k.point[v] = len(k.c.Points)
	k.c.Points = append(k.c.Points, p)
	return uint16(k.point[v]), nil
}

// copyLine copies line li with the sides of its copied faces; a face
// whose polygon stays behind loses it, and the line becomes a wall.
func (k *copier) copyLine(li int) uint16 {
	if to, ok := k.line[li]; ok {
		return uint16(to)
	}
	l, c := k.l, k.c
	ci := len(c.Lines)
	k.line[li] = ci
	line := l.Lines[li]
	owners := []*uint16{&line.ClockwisePoly, &line.CCWPoly}
	for face, si := range []*uint16{&line.ClockwiseSide, &line.CCWSide} {
		to, ok := k.polygon[int(*owners[face])]
		if !ok {
			*owners[face], *si = codec.None, codec.None
			line.Flags = line.Flags&^codec.LineTransparent | codec.LineSolid
			continue
		}
		*owners[face] = uint16(to)
		if int(*si) >= len(l.Sides) {
			*si = codec.None
			continue
		}
		s := l.Sides[*si]
		s.Polygon, s.Line = int16(to), int16(ci)
		*si = uint16(len(c.Sides))
		c.Sides = append(c.Sides, s)
	}
	c.Lines = append(c.Lines, line)
	return uint16(ci)
}

// shared copies the lights, liquids, sounds and platforms the clipped
// records name, and points them at the copies.
func (k *copier) shared() error {
	c := k.c
	for _, r := range c.refs() {
		switch r.to {
		case "point", "line", "side", "polygon", "platform", "run-platform":
			continue // copied with the outlines, or by triggers below
		case "light":
			continue // after the liquids, which name lights too
		}
		if err := k.take(r); err != nil {
			return err
		}
	}
	for pi := range c.Polygons {
		if err := k.triggers(pi); err != nil {
			return err
		}
	}
	for si := range c.Sides {
		s := &c.Sides[si]
		if class, _ := codec.ControlPanel(*s); class == codec.PanelPlatformSwitch && s.Flags&codec.SideControlPanel != 0 {
			if to, ok := k.polygon[int(s.ControlPanelPermutation)]; ok {
				s.ControlPanelPermutation = int16(to)
			} else {
				c.Outside = append(c.Outside, OutsideTarget{Kind: KindSide, Index: si, Polygon: int(s.ControlPanelPermutation)})
				s.ControlPanelPermutation = -1
			}
		}
	}
	for _, r := range c.refs() {
		if r.to == "light" {
			if err := k.take(r); err != nil {
				return err
			}
		}
	}
	return nil
}

// triggers points clipped polygon pi's permutation at its platform, or
// at the polygon its platform trigger names.
func (k *copier) triggers(pi int) error {
	l, c := k.l, k.c
	p := &c.Polygons[pi]
	switch {
	case p.Type == codec.PolygonPlatform:
		return k.platform(pi)
	case c.Marathon1:
		// Marathon 1's polygon types differ: other permutations stay
		// as they are.
	case p.Type == platformOnTrigger || p.Type == platformOffTrigger:
		if to, ok := k.polygon[int(p.Permutation)]; ok {
			p.Permutation = int16(to)
			return nil
		}
		if p.Permutation < 0 || int(p.Permutation) >= len(l.Polygons) {
			return fmt.Errorf("a platform trigger names polygon %d of %d", p.Permutation, len(l.Polygons))
		}
		c.Outside = append(c.Outside, OutsideTarget{Kind: KindPolygon, Index: pi, Polygon: int(p.Permutation)})
		p.Permutation = -1
	}
	return nil
}

// platform copies the platform of clipped polygon pi: the one its
// permutation names, or else the one that names the polygon. After
// Marathon 1, the polygon's permutation names the copy.
func (k *copier) platform(pi int) error {
	l, c := k.l, k.c
	p := &c.Polygons[pi]
	from := k.sources[pi]
	permutation := -1
	if i := platformOf(l.Platforms, int(p.Permutation), from, func(q codec.StaticPlatform) int16 { return q.Polygon }); i >= 0 {
		q := l.Platforms[i]
		q.Polygon = int16(pi)
		permutation = len(c.Platforms)
		c.Platforms = append(c.Platforms, q)
	} else if i := platformOf(l.RunPlatforms, int(p.Permutation), from, func(q codec.Platform) int16 { return q.Polygon }); i >= 0 {
		q := l.RunPlatforms[i]
		q.Polygon, q.Parent = int16(pi), -1
		permutation = len(c.RunPlatforms)
		c.RunPlatforms = append(c.RunPlatforms, q)
	} else {
		return fmt.Errorf("polygon %d is a platform that no platform names", from)
	}
	if !c.Marathon1 {
		p.Permutation = int16(permutation)
	}
	return nil
}

// platformOf is the index of the platform of polygon pi: permutation
// when that one names it, else the first that does, else -1.
func platformOf[T any](platforms []T, permutation, pi int, polygon func(T) int16) int {
	if permutation >= 0 && permutation < len(platforms) && int(polygon(platforms[permutation])) == pi {
		return permutation
	}
	return slices.IndexFunc(platforms, func(q T) bool { return int(polygon(q)) == pi })
}

// take copies the record a reference of the clipping names in the level
// into the clipping's table and points the reference at the copy.
func (k *copier) take(r ref) error {
	v := r.get()
	if v < 0 && r.noneOK {
		return nil
	}
	at := k.at[r.to]
	if at == nil {
		at = map[int]int{}
		k.at[r.to] = at
	}
	if to, ok := at[v]; ok {
		r.set(to)
		return nil
	}
	l, c := k.l, k.c
	n := map[string]int{"light": l.LightCount(), "liquid": len(l.Media), "ambient-sound": len(l.Ambient), "random-sound": len(l.Random)}[r.to]
	if v < 0 || v >= n {
		return fmt.Errorf("%s names %s %d, and the level has %d", r.what, r.to, v, n)
	}
	at[v] = c.count(r.to)
	switch r.to {
	case "light":
		if l.Marathon1() {
			c.OldLights = append(c.OldLights, l.OldLights[v])
		} else {
			c.Lights = append(c.Lights, l.Lights[v])
		}
	case "liquid":
		c.Media = append(c.Media, l.Media[v])
	case "ambient-sound":
		c.Ambient = append(c.Ambient, l.Ambient[v])
	case "random-sound":
		c.Random = append(c.Random, l.Random[v])
	}
	r.set(at[v])
	return nil
}

// textures lists the shape descriptors the clipping shows, in order.
func (c *Clipping) textures() []uint16 {
	var out []uint16
	for _, p := range c.Polygons {
		out = append(out, p.FloorTexture, p.CeilingTexture)
	}
	for _, s := range c.Sides {
		out = append(out, s.Primary.Texture, s.Secondary.Texture, s.Transparent.Texture)
	}
	for _, m := range c.Media {
		out = append(out, m.Texture)
	}
	slices.Sort(out)
	out = slices.Compact(out)
	return slices.DeleteFunc(out, func(t uint16) bool { return t == codec.None })
}

// ref is one field of a clipped record that names another record of the
// clipping: to is the table it names, what the field for messages.
type ref struct {
	to, what string
	noneOK   bool
	u16      *uint16
	i16      *int16
}

// get is the index the field holds, -1 for none.
func (r ref) get() int {
	if r.u16 != nil {
		if *r.u16 == codec.None {
			return -1
		}
		return int(*r.u16)
	}
	return int(*r.i16)
}

// set stores index v (-1 for none).
func (r ref) set(v int) {
	if r.u16 != nil {
		*r.u16 = uint16(v)
	} else {
		*r.i16 = int16(v)
	}
}

// refs lists every reference between the clipping's records.
func (c *Clipping) refs() []ref {
	var out []ref
	u := func(to, what string, noneOK bool, f *uint16) {
		out = append(out, ref{to: to, what: what, noneOK: noneOK, u16: f})
	}
	i := func(to, what string, noneOK bool, f *int16) {
		out = append(out, ref{to: to, what: what, noneOK: noneOK, i16: f})
	}
	for pi := range c.Polygons {
		p := &c.Polygons[pi]
		what := fmt.Sprintf("polygon %d", pi)
		for v := range min(int(p.VertexCount), 8) {
			u("point", what+" Endpoints", false, &p.Endpoints[v])
			u("line", what+" Lines", false, &p.Lines[v])
		}
		i("light", what+" FloorLight", false, &p.FloorLight)
		i("light", what+" CeilingLight", false, &p.CeilingLight)
		switch {
		case p.Type == codec.PolygonPlatform && !c.Marathon1: // a Marathon 1 platform's permutation is its own
			platforms := "platform"
			if len(c.RunPlatforms) > 0 {
				platforms = "run-platform"
			}
			i(platforms, what+" Permutation", false, &p.Permutation)
		case c.Marathon1:
		case p.Type == lightOnTrigger || p.Type == lightOffTrigger:
			i("light", what+" Permutation", false, &p.Permutation)
		case p.Type == platformOnTrigger || p.Type == platformOffTrigger:
			i("polygon", what+" Permutation", true, &p.Permutation)
		}
		if c.Marathon1 {
			continue // Marathon 1 polygons have no liquids or sounds
		}
		i("liquid", what+" Media", true, &p.Media)
		if p.Media != -1 {
			i("light", what+" MediaLight", false, &p.MediaLight)
		}
		i("ambient-sound", what+" AmbientSound", true, &p.AmbientSound)
		i("random-sound", what+" RandomSound", true, &p.RandomSound)
	}
	for li := range c.Lines {
		line := &c.Lines[li]
		what := fmt.Sprintf("line %d", li)
		u("point", what+" Endpoints", false, &line.Endpoints[0])
		u("point", what+" Endpoints", false, &line.Endpoints[1])
		u("side", what+" ClockwiseSide", true, &line.ClockwiseSide)
		u("side", what+" CCWSide", true, &line.CCWSide)
		u("polygon", what+" ClockwisePoly", true, &line.ClockwisePoly)
		u("polygon", what+" CCWPoly", true, &line.CCWPoly)
	}
	for si := range c.Sides {
		s := &c.Sides[si]
		what := fmt.Sprintf("side %d", si)
		i("polygon", what+" Polygon", false, &s.Polygon)
		i("line", what+" Line", false, &s.Line)
		i("light", what+" PrimaryLight", false, &s.PrimaryLight)
		i("light", what+" SecondaryLight", false, &s.SecondaryLight)
		i("light", what+" TransparentLight", false, &s.TransparentLight)
		if s.Flags&codec.SideControlPanel != 0 {
			switch class, _ := codec.ControlPanel(*s); class {
			case codec.PanelLightSwitch:
				i("light", what+" ControlPanelPermutation", false, &s.ControlPanelPermutation)
			case codec.PanelPlatformSwitch:
				i("polygon", what+" ControlPanelPermutation", true, &s.ControlPanelPermutation)
			}
		}
	}
	for mi := range c.Media {
		i("light", fmt.Sprintf("liquid %d LightIndex", mi), false, &c.Media[mi].LightIndex)
	}
	for k := range c.Platforms {
		i("polygon", fmt.Sprintf("platform %d Polygon", k), false, &c.Platforms[k].Polygon)
	}
	for k := range c.RunPlatforms {
		i("polygon", fmt.Sprintf("platform %d Polygon", k), false, &c.RunPlatforms[k].Polygon)
		i("run-platform", fmt.Sprintf("platform %d Parent", k), true, &c.RunPlatforms[k].Parent)
	}
	for k := range c.Objects {
		i("polygon", fmt.Sprintf("object %d Polygon", k), false, &c.Objects[k].Polygon)
	}
	for k := range c.Notes {
		i("polygon", fmt.Sprintf("annotation %d Polygon", k), false, &c.Notes[k].Polygon)
	}
	return out
}

// count is the number of records of a table of the clipping.
func (c *Clipping) count(table string) int {
	return map[string]int{"point": len(c.Points), "line": len(c.Lines), "side": len(c.Sides), "polygon": len(c.Polygons),
		"light": len(c.Lights) + len(c.OldLights), "liquid": len(c.Media), "ambient-sound": len(c.Ambient),
		"random-sound": len(c.Random), "platform": len(c.Platforms), "run-platform": len(c.RunPlatforms)}[table]
}

// check reports the first thing wrong with a clipping: its kind or
// version, a polygon's vertex count, or a reference past its table.
func (c *Clipping) check() error {
	if c.Kind != ClippingKind {
		return fmt.Errorf("the clipboard holds %q, not Marathon polygons (%q)", c.Kind, ClippingKind)
	}
	if c.Version != ClippingVersion {
		return fmt.Errorf("the clipping is of version %d, this editor reads version %d", c.Version, ClippingVersion)
	}
	if len(c.Polygons) == 0 {
		return fmt.Errorf("the clipping holds no polygons")
	}
	if c.Marathon1 && len(c.Lights) > 0 || !c.Marathon1 && len(c.OldLights) > 0 {
		return fmt.Errorf("the clipping's lights are not of its map's generation")
	}
	for pi, p := range c.Polygons {
		if p.VertexCount < 3 || p.VertexCount > 8 {
			return fmt.Errorf("clipping: polygon %d has %d vertices, 3 to 8 are allowed", pi, p.VertexCount)
		}
	}
	for _, r := range c.refs() {
		v, n := r.get(), c.count(r.to)
		if v == -1 && r.noneOK {
			continue
		}
		if v < 0 || v >= n {
			return fmt.Errorf("clipping: %s is %d, past its %d %ss", r.what, v, n, r.to)
		}
	}
	for _, o := range c.Outside {
		n := map[document.Kind]int{KindPolygon: len(c.Polygons), KindSide: len(c.Sides)}[o.Kind]
		if o.Index < 0 || o.Index >= n {
			return fmt.Errorf("clipping: outside target names %s %d, past its %d", o.Kind, o.Index, n)
		}
	}
	return nil
}

// Text encodes the clipping as JSON text, for the system clipboard.
func (c *Clipping) Text() (string, error) {
	b, err := json.Marshal(c)
	if err != nil {
		return "", fmt.Errorf("encoding the clipping: %w", err)
	}
	return string(b), nil
}

// ParseClipping decodes a clipping's text, checking its kind, version
// and references.
func ParseClipping(text string) (*Clipping, error) {
	dec := json.NewDecoder(bytes.NewReader([]byte(text)))
	dec.DisallowUnknownFields()
	var c Clipping
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("the clipboard holds no Marathon polygons: %w", err)
	}
	if err := c.check(); err != nil {
		return nil, err
	}
	return &c, nil
}

// Center is the middle of the box of the clipping's endpoints.
func (c *Clipping) Center() codec.Point {
	var b box
	for _, p := range c.Points {
		b.add(p)
	}
	return codec.Point{X: int16((b.minX + b.maxX) / 2), Y: int16((b.minY + b.maxY) / 2)}
}

// clone is a copy of the clipping that shares no slice with it.
func (c *Clipping) clone() *Clipping {
	w := *c
	w.Points, w.Lines, w.Sides, w.Polygons = slices.Clone(c.Points), slices.Clone(c.Lines), slices.Clone(c.Sides), slices.Clone(c.Polygons)
	w.Objects, w.Notes, w.Lights, w.OldLights = slices.Clone(c.Objects), slices.Clone(c.Notes), slices.Clone(c.Lights), slices.Clone(c.OldLights)
	w.Media, w.Platforms, w.RunPlatforms = slices.Clone(c.Media), slices.Clone(c.Platforms), slices.Clone(c.RunPlatforms)
	w.Ambient, w.Random = slices.Clone(c.Ambient), slices.Clone(c.Random)
	return &w
}

// Paste adds a clipping to level, moved by offset, as one undo step: new
// endpoints, lines, sides, polygons, objects, annotations and platforms,
// and the lights, liquids and sounds the level has no identical one of.
// It returns the polygons, objects and annotations it added. A clipping
// the level cannot take is refused, naming why, and changes nothing.
func (d *Document) Paste(level int, c *Clipping, offset Offset) ([]document.Ref, error) {
	e, err := d.begin(level)
	if err != nil {
		return nil, err
	}
	if err := c.check(); err != nil {
		return nil, err
	}
	if err := c.fits(d, level, e.l, offset); err != nil {
		return nil, fmt.Errorf("level %d cannot take the clipping: %w", level, err)
	}
	l := e.l
	w := c.clone()
	to := map[string][]int{}
	base := func(table string, first int) {
		for k := range c.count(table) {
			to[table] = append(to[table], first+k)
		}
	}
	// The shared tables first: a liquid is the same once its light is.
	if c.Marathon1 {
		to["light"] = reuseOrAdd(e, oldLightsTable, c.OldLights)
	} else {
		to["light"] = reuseOrAdd(e, lightsTable, c.Lights)
	}
	media := slices.Clone(c.Media)
	for k := range media {
		media[k].LightIndex = int16(to["light"][media[k].LightIndex])
	}
	to["liquid"] = reuseOrAdd(e, mediaTable, media)
	to["ambient-sound"] = reuseOrAdd(e, ambientTable, c.Ambient)
	to["random-sound"] = reuseOrAdd(e, randomTable, c.Random)
	base("point", e.vertexCount())
	base("line", len(l.Lines))
	base("side", len(l.Sides))
	base("polygon", len(l.Polygons))
	base("platform", len(l.Platforms))
	base("run-platform", len(l.RunPlatforms))
	for _, r := range w.refs() {
		if v := r.get(); v >= 0 {
			r.set(to[r.to][v])
		}
	}
	for _, o := range c.Outside {
		switch o.Kind {
		case KindPolygon:
			w.Polygons[o.Index].Permutation = int16(o.Polygon)
		case KindSide:
			w.Sides[o.Index].ControlPanelPermutation = int16(o.Polygon)
		}
	}

	for _, p := range w.Points {
		e.addVertex(codec.Point{X: int16(int(p.X) + offset.X), Y: int16(int(p.Y) + offset.Y)})
	}
	document.Touch(e.Edit, polygonsTable)
	for _, p := range w.Polygons {
		p.FirstObject = -1
		p.SetIndexes(codec.PolygonIndexes{SoundSources: -1})
		e.l.Polygons = append(e.l.Polygons, p)
		e.Born[KindPolygon] = append(e.Born[KindPolygon], len(l.Polygons)-1)
	}
	document.Touch(e.Edit, linesTable)
	for _, line := range w.Lines {
		l.Lines = append(l.Lines, line)
		e.Born[KindLine] = append(e.Born[KindLine], len(l.Lines)-1)
	}
	if len(w.Sides) > 0 {
		document.Touch(e.Edit, sidesTable)
		for _, s := range w.Sides {
			l.Sides = append(l.Sides, s)
			e.Born[KindSide] = append(e.Born[KindSide], len(l.Sides)-1)
		}
	}
	appendBorn(e, platformsTable, w.Platforms)
	appendBorn(e, runPlatformsTable, w.RunPlatforms)
	for k := range w.Objects {
		w.Objects[k].X, w.Objects[k].Y = int16(int(w.Objects[k].X)+offset.X), int16(int(w.Objects[k].Y)+offset.Y)
	}
	appendBorn(e, objectsTable, w.Objects)
	for k := range w.Notes {
		n := &w.Notes[k].Location
		n.X, n.Y = int16(int(n.X)+offset.X), int16(int(n.Y)+offset.Y)
	}
	appendBorn(e, notesTable, w.Notes)
	for _, li := range to["line"] {
		e.lineChanged(li)
		e.fixSides(li)
	}
	for _, pi := range to["polygon"] {
		e.polygonChanged(pi)
	}
	e.topology = true
	if err := d.commitGeometry(e, "Paste "+document.Count(len(c.Polygons), "polygon")); err != nil {
		return nil, err
	}
	var out []document.Ref
	for _, pi := range to["polygon"] {
		out = append(out, document.Ref{Level: level, Kind: KindPolygon, Index: pi})
	}
	for k := range w.Objects {
		out = append(out, document.Ref{Level: level, Kind: KindObject, Index: len(l.Objects) - len(w.Objects) + k})
	}
	for k := range w.Notes {
		out = append(out, document.Ref{Level: level, Kind: KindAnnotation, Index: len(l.Notes) - len(w.Notes) + k})
	}
	return out, nil
}

// fits reports why level l of d cannot take the clipping moved by
// offset: another generation of map, platforms of another form, too
// many records, a position past the map's edge, or a platform trigger
// that names a polygon of another level.
func (c *Clipping) fits(d *Document, level int, l *codec.Level, offset Offset) error {
	if c.Marathon1 != l.Marathon1() {
		from, into := "Marathon 2 or Infinity", "Marathon 1"
		if c.Marathon1 {
			from, into = into, from
		}
		return fmt.Errorf("the clipping is from a %s map and the level is a %s one: their polygon types, lights and sides differ", from, into)
	}
	if len(c.Platforms) > 0 && len(l.RunPlatforms) > 0 {
		return fmt.Errorf("the clipping's platforms are plat records and the level keeps its platforms in their run-time form (PLAT)")
	}
	if len(c.RunPlatforms) > 0 && (len(l.Platforms) > 0 || len(l.RunPlatforms) == 0 && !l.CarriesDerivedData()) {
		return fmt.Errorf("the clipping's platforms are in their run-time form (PLAT) and the level keeps plat records")
	}
	for _, n := range []struct {
		kind      string
		has, adds int
	}{{"endpoint", len(l.Endpoints) + len(l.Points), len(c.Points)}, {"line", len(l.Lines), len(c.Lines)},
		{"side", len(l.Sides), len(c.Sides)}, {"polygon", len(l.Polygons), len(c.Polygons)},
		{"object", len(l.Objects), len(c.Objects)}, {"annotation", len(l.Notes), len(c.Notes)},
		{"platform", len(l.Platforms) + len(l.RunPlatforms), len(c.Platforms) + len(c.RunPlatforms)}} {
		if n.has+n.adds > codec.MaxRecords {
			return fmt.Errorf("the level has %d %ss and the clipping adds %d: the engine loads at most %d", n.has, n.kind, n.adds, codec.MaxRecords)
		}
	}
	var pts []codec.Point
	pts = append(pts, c.Points...)
	for _, o := range c.Objects {
		pts = append(pts, codec.Point{X: o.X, Y: o.Y})
	}
	for _, n := range c.Notes {
		pts = append(pts, n.Location)
	}
	for _, p := range pts {
		x, y := int(p.X)+offset.X, int(p.Y)+offset.Y
		if x < math.MinInt16 || x > math.MaxInt16 || y < math.MinInt16 || y > math.MaxInt16 {
			return fmt.Errorf("moved by (%d,%d), the point (%d,%d) would be at (%d,%d), past the map's edge (%d to %d)",
				offset.X, offset.Y, p.X, p.Y, x, y, math.MinInt16, math.MaxInt16)
		}
	}
	same := c.Source.Path == d.Path && c.Source.Level == level
	for _, o := range c.Outside {
		if !same || o.Polygon < 0 || o.Polygon >= len(l.Polygons) {
			return fmt.Errorf("%s %d of the clipping switches the platform of polygon %d of the level it was copied from: copy that polygon too",
				o.Kind, o.Index, o.Polygon)
		}
	}
	return nil
}

// reuseOrAdd finds each record of add in table t of the edit's level,
// appending those it has no identical one of, and returns their indexes.
func reuseOrAdd[T comparable](e *edit, t *table[T], add []T) []int {
	out := make([]int, len(add))
	for k, v := range add {
		s := t.Slice(e.l)
		if i := slices.Index(*s, v); i >= 0 {
			out[k] = i
			continue
		}
		document.Touch(e.Edit, t)
		*s = append(*s, v)
		out[k] = len(*s) - 1
		e.Born[t.Kind] = append(e.Born[t.Kind], out[k])
	}
	return out
}

// appendBorn appends records to table t of the edit's level.
func appendBorn[T any](e *edit, t *table[T], add []T) {
	if len(add) == 0 {
		return
	}
	document.Touch(e.Edit, t)
	s := t.Slice(e.l)
	for _, v := range add {
		*s = append(*s, v)
		e.Born[t.Kind] = append(e.Born[t.Kind], len(*s)-1)
	}
}

// Duplicate copies polygons of level and pastes them moved by offset,
// as one undo step, returning what it added.
func (d *Document) Duplicate(level int, polygons []int, offset Offset) ([]document.Ref, error) {
	c, err := d.Copy(level, polygons)
	if err != nil {
		return nil, err
	}
	return d.Paste(level, c, offset)
}

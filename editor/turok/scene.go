package turok

import (
	"image/color"
	"maps"
	"math"
	"slices"
	"sort"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/undo"
)

var (
	actorColor  = color.NRGBA{240, 110, 60, 255}
	meshColor   = color.NRGBA{120, 220, 160, 255}
	vertexColor = color.NRGBA{235, 235, 235, 255}
	edgeColor   = color.NRGBA{255, 255, 255, 70}
)

// Layers of a Turok map, besides vertices and edges.
const (
	actorsLayer = "Actors"
	meshesLayer = "Static meshes"
)

// levelScene builds the scene of a Turok map: sectors coloured by the
// draw mode (floor height first), walls (edges without a neighbour),
// actors and static meshes as their models where the game's data gave
// them (else as boxes of their size turned to their heading), and when
// their layers are on the sectors' vertices (coloured by their floor
// height in the Floor height mode, in a rim that stands out from their
// colour in every mode) and edges
// and the grid sections; in 3D the sector triangles in the draw mode's
// colours (tinted by their sector set's fog colour in the Fog colour
// and Water modes), with the ceilings of the sectors that have one,
// water planes, and the actors' and meshes' boxes, under a sky of the
// first sector set's fog colour.
func levelScene(m *codec.Map, models *gameModels) *scene.Scene {
	s, _ := drawnScene(m, models)
	return s
}

// drawnScene is levelScene and what draws it.
func drawnScene(m *codec.Map, models *gameModels) (*scene.Scene, *turokMap) {
	t := &turokMap{m: m, models: models}
	s := scene.New(t, false)
	s.Appends = true // actors and static meshes added are drawn over the sectors, as they are at a build
	return s, t
}

// turokMap draws a Turok map, its one level.
type turokMap struct {
	m *codec.Map
	// models are the models read from the game's data; meshes and
	// actors whose model is not among them are drawn as boxes.
	models *gameModels
	// meshes is where each section's meshes start in the map's numbering.
	meshes []int
	mode   string
	lo, hi float64 // the range of floor heights the colours span (colourSpan)
	// held keeps the span while a Brush stroke is under way: floors
	// sculpted past it take its end colours until the stroke ends
	// (session.endStroke), rather than the whole map being drawn again
	// in new colours at each dab.
	held bool
	// carriers are the actors that carry each TID, which links point at.
	carriers map[int16][]int
	// swatches are the set modes' legends as built (setSwatches).
	swatches []scene.Swatch
	// drawnMeshes are the static meshes as last drawn, by their number
	// across the map: of a changed section, only those that differ from
	// these are drawn again.
	drawnMeshes []codec.StaticMesh
	// drawn are the actors as last drawn: a change that adds or removes
	// actors names none, and those that differ from these are the ones
	// to draw again, the ones added or removed at the end of the table
	// among them.
	drawn []codec.Actor
}

// Layers are actors, static meshes and the actors' links to their
// targets, and the sectors' vertices and edges, the sector sets' borders
// and the grid sections, which are off until the user turns them on.
func (t *turokMap) Layers() []scene.Layer {
	return []scene.Layer{{Name: actorsLayer, Color: actorColor, Shape: scene.TriangleGlyph},
		{Name: meshesLayer, Color: meshColor, Shape: scene.SquareGlyph},
		{Name: scene.LinksLayer, Color: linkColor, Shape: scene.LineGlyph},
		{Name: setBordersLayer, Color: setBorderColor, Shape: scene.LineGlyph, Off: true},
		{Name: scene.VerticesLayer, Color: vertexColor, Shape: scene.SquareGlyph, Off: true},
		{Name: scene.EdgesLayer, Color: edgeColor, Shape: scene.LineGlyph, Off: true},
		{Name: sectionsLayer, Color: sectionColor, Shape: scene.LineGlyph, Off: true}}
}

// sectionsLayer draws the grid sections' cells, which static meshes
// belong to by where they stand.
const sectionsLayer = "Grid sections"

// sectionColor outlines the grid sections' cells.
var sectionColor = color.NRGBA{R: 0xE0, G: 0xC0, B: 0x40, A: 0xA0}

// drawSections outlines the cells of the grid sections.
func (t *turokMap) drawSections(s *scene.Scene) {
	grid := t.m.SectionGrid()
	for i := range grid.Cells() {
		lo, hi := grid.Cell(i)
		corners := []display.Vec2{{X: float64(lo.X), Y: float64(lo.Y)}, {X: float64(hi.X), Y: float64(lo.Y)},
			{X: float64(hi.X), Y: float64(hi.Y)}, {X: float64(lo.X), Y: float64(hi.Y)}}
		for k := range corners {
			s.List.Lines = append(s.List.Lines, display.Line{A: corners[k], B: corners[(k+1)%4], Width: 1.5, Color: sectionColor})
		}
	}
}

// floor is a sector's floor height: the mean of its corners'.
func (t *turokMap) floor(sec codec.Sector) float64 {
	var z float64
	for _, v := range sec.Vertices {
		z += float64(t.m.Vertices[v].Position.Z)
	}
	return z / 3
}

// heights is the range of the sectors' floor heights.
func (t *turokMap) heights() (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, sec := range t.m.Sectors {
		if int(max(sec.Vertices[0], sec.Vertices[1], sec.Vertices[2])) < len(t.m.Vertices) {
			z := t.floor(sec)
			lo, hi = min(lo, z), max(hi, z)
		}
	}
	return lo, hi
}

// colourSpan is the range of floor heights the colours span for
// sectors whose floors lie from lo to hi: that range widened by an eighth
// on each side (at least heightStep) and out to whole heightSteps, so
// that sculpting a little past the highest or lowest floor redraws only
// what it changes, not the whole map in new colours.
func colourSpan(lo, hi float64) (float64, float64) {
	if math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return lo, hi // no sectors
	}
	room := max(heightStep, (hi-lo)/8)
	return math.Floor((lo-room)/heightStep) * heightStep, math.Ceil((hi+room)/heightStep) * heightStep
}

// heightStep is what the ends of the colours' span are whole multiples
// of, in map units.
const heightStep = 16

// respan reports whether floors from lo to hi need a new colour span:
// one lies outside the span, or they fill less than half of it.
func (t *turokMap) respan(lo, hi float64) bool {
	nlo, nhi := colourSpan(lo, hi)
	return lo < t.lo || hi > t.hi || (nhi-nlo) < (t.hi-t.lo)/2
}

const turokLevel = 0

// Build sets the background and grid and draws every entity of the map.
func (t *turokMap) Build(s *scene.Scene) {
	t.mode = s.ModeName()
	s.List.Background, s.List.Sky = scene.Background, t.sky()
	s.List.Grid = &display.Grid{Spacing: 256, Color: scene.GridColor}
	t.lo, t.hi = colourSpan(t.heights())
	t.reserve(s)
	t.swatches = t.setSwatches()
	for i := range t.m.Sectors {
		s.Entity(document.Ref{Level: turokLevel, Kind: tdoc.KindSector, Index: i})
	}
	for i := range t.m.Vertices {
		s.Entity(document.Ref{Level: turokLevel, Kind: tdoc.KindVertex, Index: i})
	}
	t.meshes = t.meshes[:0]
	g := 0
	for _, sec := range t.m.Sections {
		t.meshes = append(t.meshes, g)
		g += len(sec.Meshes)
	}
	t.meshes = append(t.meshes, g)
	t.keepMeshes()
	for i := range g {
		s.Entity(document.Ref{Level: turokLevel, Kind: tdoc.KindMesh, Index: i})
	}
	if s.Shown(sectionsLayer) {
		t.drawSections(s)
	}
	t.carriers = carriersOf(t.m.Actors)
	t.drawn = append(t.drawn[:0], t.m.Actors...)
	for i := range t.m.Actors {
		s.Entity(document.Ref{Level: turokLevel, Kind: tdoc.KindActor, Index: i})
	}
}

func (t *turokMap) at(v uint16) display.Vec2 {
	p := t.m.Vertices[v].Position
	return display.Vec2{X: float64(p.X), Y: float64(p.Y)}
}

// Draw appends the items of one entity.
func (t *turokMap) Draw(s *scene.Scene, r document.Ref) {
	switch r.Kind {
	case tdoc.KindSector:
		t.sector(s, r.Index)
	case tdoc.KindVertex:
		if s.Shown(scene.VerticesLayer) {
			c := vertexColor
			if t.mode == floorHeightMode {
				c = scene.Heights.At(scene.Span(float64(t.m.Vertices[r.Index].Position.Z), t.lo, t.hi))
			}
			at, id := t.at(uint16(r.Index)), s.ID(turokLevel, tdoc.KindVertex, r.Index)
			s.List.Markers = append(s.List.Markers,
				display.Marker{At: at, Shape: display.Square, Size: vertexSize + 2, Heading: display.NoHeading, Color: contrast(c), ID: id},
				display.Marker{At: at, Shape: display.Square, Size: vertexSize, Heading: display.NoHeading, Color: c, ID: id})
		}
	case tdoc.KindMesh:
		if !s.Shown(meshesLayer) || r.Index >= t.meshes[len(t.meshes)-1] { // hidden, or removed
			return
		}
		sec := sort.SearchInts(t.meshes, r.Index+1) - 1
		mesh := t.m.Sections[sec].Meshes[r.Index-t.meshes[sec]]
		id := s.ID(turokLevel, tdoc.KindMesh, r.Index)
		if sh := t.models.shape(mesh.Model); sh != nil {
			drawShape(s, sh, meshPlacement(mesh), display.Square, meshColor, eulerOf(mesh.Rotation).yaw, id)
			return
		}
		b := meshBody(mesh)
		drawBody2D(s, b, display.Square, meshColor, id)
		drawBody3D(s, b, meshColor, id)
	case tdoc.KindActor:
		if !s.Shown(actorsLayer) || r.Index >= len(t.m.Actors) { // hidden, or removed
			return
		}
		a := t.m.Actors[r.Index]
		id := s.ID(turokLevel, tdoc.KindActor, r.Index)
		t.links(s, r.Index, id)
		if sh := t.models.shape(a.Model); sh != nil {
			drawShape(s, sh, actorPlacement(a), display.Triangle, actorColor, float64(a.Yaw), id)
			return
		}
		b := actorBody(a)
		drawBody2D(s, b, display.Triangle, actorColor, id)
		drawBody3D(s, b, actorColor, id)
	}
}

// vertexSize is how wide a vertex is drawn, in pixels, inside a
// one-pixel rim of its colour's contrast.
const vertexSize = 5

// contrast is black for a light colour and white for a dark one: the rim
// that shows a vertex coloured as the sectors around it (in the Floor
// height mode) and one on sectors of its own colour.
func contrast(c color.NRGBA) color.NRGBA {
	if 299*int(c.R)+587*int(c.G)+114*int(c.B) > 128*1000 {
		return color.NRGBA{A: 255}
	}
	return color.NRGBA{255, 255, 255, 255}
}

func (t *turokMap) sector(s *scene.Scene, i int) {
	sec := t.m.Sectors[i]
	v := sec.Vertices
	if int(max(v[0], v[1], v[2])) >= len(t.m.Vertices) {
		return
	}
	c := scene.PaletteColor(int(sec.Set))
	switch t.mode {
	case floorHeightMode:
		c = scene.Heights.At(scene.Span(t.floor(sec), t.lo, t.hi))
	case fogMode:
		c = t.fogColor(int(sec.Set))
	case waterMode:
		c = t.waterSwatch(int(sec.Set))
	}
	id := s.ID(turokLevel, tdoc.KindSector, i)
	s.List.Polygons = append(s.List.Polygons, display.Polygon{Points: []display.Vec2{t.at(v[0]), t.at(v[1]), t.at(v[2])}, Fill: c, ID: id})
	for j, link := range sec.Links {
		switch {
		case link == codec.NoLink:
			s.List.Lines = append(s.List.Lines, display.Line{A: t.at(v[j]), B: t.at(v[(j+1)%3]), Width: 2, Color: scene.WallColor})
		case s.Shown(scene.EdgesLayer):
			s.List.Lines = append(s.List.Lines, display.Line{A: t.at(v[j]), B: t.at(v[(j+1)%3]), Width: 1, Color: edgeColor})
		}
	}
	t.setBorders(s, i)
	corner := func(k int, z float32) display.Vec3 {
		p := t.m.Vertices[v[k]].Position
		return display.Vec3{X: float64(p.X), Y: float64(p.Y), Z: float64(z)}
	}
	floor := func(k int) display.Vec3 { return corner(k, t.m.Vertices[v[k]].Position.Z) }
	s.List.Triangles = append(s.List.Triangles, scene.FacingTriangle(true, id, t.face3D(sec, c, false), floor(0), floor(1), floor(2)))
	if sec.Flags&ceilingFlag != 0 {
		ceiling := func(k int) display.Vec3 { return corner(k, t.m.Vertices[v[k]].Height) }
		s.List.Triangles = append(s.List.Triangles, scene.FacingTriangle(false, id, t.face3D(sec, c, true), ceiling(0), ceiling(1), ceiling(2)))
	}
	if w, ok := t.water(int(sec.Set)); ok {
		z := t.m.SectorSets[sec.Set].WaterHeight
		s.List.Triangles = append(s.List.Triangles, display.Triangle3{A: corner(0, z), B: corner(1, z), C: corner(2, z), Color: waterSurface(w), ID: id})
	}
}

// redrawnKinds are the kinds of change the scene redraws from (a static
// mesh's edits change its section; a sector set's colours and water its
// sectors); changes of the map's other kinds leave it as it is.
var redrawnKinds = []document.Kind{tdoc.KindVertex, tdoc.KindSector, tdoc.KindSectorSet, tdoc.KindActor, tdoc.KindSection}

// affected: a moved vertex redraws itself and the sectors that use it;
// sectors themselves and their neighbours (their set borders); actors
// themselves and the actors that link to them; a changed sector set its
// sectors; a changed section its meshes. Actors that came or went redraw
// the actors that differ from those drawn (those after the ones removed,
// which move down) and the ones added or removed at the end; static
// meshes that came or went (or moved to another section) the meshes from
// the first section whose number of meshes changed on, as they are
// numbered across the map. Sectors or vertices that came or went, a
// floor height that needs a new colour span (respan), a change of the
// first sector set, whose fog colour is the sky, and a change of sectors
// or sets that changes the set modes' legends (a set painted on its first
// sectors or off its last, a set's colours) rebuild the scene, and with
// it the legend.
func (t *turokMap) Affected(changes []undo.Change) ([]document.Ref, bool) {
	byKind, whole := scene.Changed(changes, turokLevel)
	if slices.ContainsFunc(redrawnKinds, func(k document.Kind) bool { return whole[k] && k != tdoc.KindActor }) {
		return nil, true
	}
	if len(byKind[tdoc.KindVertex]) > 0 {
		if !t.held && t.respan(t.heights()) {
			return nil, true
		}
	}
	if len(byKind[tdoc.KindSector])+len(byKind[tdoc.KindSectorSet]) > 0 && !slices.Equal(t.setSwatches(), t.swatches) {
		return nil, true
	}
	// The sectors to draw again, marked by index (a set's flags reach
	// thousands of them) once there are some.
	var sectors []bool
	marked := 0
	mark := func(i int) {
		if sectors == nil {
			sectors = make([]bool, len(t.m.Sectors))
		}
		if i < len(sectors) && !sectors[i] {
			sectors[i] = true
			marked++
		}
	}
	for _, i := range byKind[tdoc.KindSector] {
		mark(i)
	}
	for _, i := range t.neighbours(byKind[tdoc.KindSector]) {
		mark(i)
	}
	if sets := byKind[tdoc.KindSectorSet]; len(sets) > 0 {
		if sets[0] == 0 {
			return nil, true
		}
		isChanged := indexSet(sets)
		for si, sec := range t.m.Sectors {
			if int(sec.Set) < len(isChanged) && isChanged[sec.Set] {
				mark(si)
			}
		}
	}
	if moved := byKind[tdoc.KindVertex]; len(moved) > 0 {
		isMoved := indexSet(moved)
		for si, sec := range t.m.Sectors {
			for _, v := range sec.Vertices {
				if int(v) < len(isMoved) && isMoved[v] {
					mark(si)
				}
			}
		}
	}
	refs := make([]document.Ref, 0, marked)
	for i, redrawn := range sectors {
		if redrawn {
			refs = append(refs, document.Ref{Level: turokLevel, Kind: tdoc.KindSector, Index: i})
		}
	}
	for _, i := range byKind[tdoc.KindVertex] {
		refs = append(refs, document.Ref{Level: turokLevel, Kind: tdoc.KindVertex, Index: i})
	}
	meshes, ok := t.renumberedMeshes(byKind[tdoc.KindSection])
	if !ok {
		return nil, true
	}
	for _, g := range meshes {
		refs = append(refs, document.Ref{Level: turokLevel, Kind: tdoc.KindMesh, Index: g})
	}
	changed := byKind[tdoc.KindActor]
	if whole[tdoc.KindActor] {
		changed = t.renumberedActors(changed)
	} else {
		for _, i := range changed {
			if i < min(len(t.drawn), len(t.m.Actors)) {
				t.drawn[i] = t.m.Actors[i]
			}
		}
	}
	if len(changed) > 0 {
		actors := map[int]bool{}
		for _, i := range changed {
			actors[i] = true
		}
		for _, i := range t.linkedActors(changed) {
			actors[i] = true
		}
		for _, i := range slices.Sorted(maps.Keys(actors)) {
			refs = append(refs, document.Ref{Level: turokLevel, Kind: tdoc.KindActor, Index: i})
		}
	}
	return refs, false
}

// renumberedActors takes the actors as they are now for those drawn,
// and lists changed and the actors that differ from those drawn: those
// edited, those after the ones removed, and the ones added or removed at
// the end of the table.
func (t *turokMap) renumberedActors(changed []int) []int {
	now := t.m.Actors
	n := min(len(now), len(t.drawn))
	for i := range n {
		if now[i] != t.drawn[i] {
			changed = append(changed, i)
		}
	}
	for i := n; i < max(len(now), len(t.drawn)); i++ {
		changed = append(changed, i)
	}
	t.drawn = append(t.drawn[:0], now...)
	return changed
}

// renumberedMeshes lists the static meshes that the sections changed
// redraw, and numbers the meshes of every section again: the meshes of
// those sections, and when a section's number of meshes changed, every
// mesh from that section's first on, past the last ones removed. ok is
// false when a section changed is past the ones drawn.
func (t *turokMap) renumberedMeshes(sections []int) (meshes []int, ok bool) {
	if len(sections) == 0 {
		return nil, true
	}
	if len(t.m.Sections)+1 != len(t.meshes) || slices.ContainsFunc(sections, func(si int) bool { return si >= len(t.m.Sections) }) {
		return nil, false
	}
	from, was := -1, t.meshes[len(t.meshes)-1]
	g := 0
	for si, sec := range t.m.Sections {
		if from < 0 && t.meshes[si+1]-t.meshes[si] != len(sec.Meshes) {
			from = g
		}
		t.meshes[si] = g
		g += len(sec.Meshes)
	}
	t.meshes[len(t.m.Sections)] = g
	for _, si := range sections {
		if from >= 0 && t.meshes[si] >= from {
			continue // among those below
		}
		for g := t.meshes[si]; g < t.meshes[si+1]; g++ {
			if now := t.m.Sections[si].Meshes[g-t.meshes[si]]; from >= 0 || now != t.drawnMeshes[g] {
				meshes = append(meshes, g)
				t.drawnMeshes[g] = now
			}
		}
	}
	if from >= 0 {
		for g := from; g < max(was, t.meshes[len(t.m.Sections)]); g++ {
			meshes = append(meshes, g)
		}
		t.keepMeshes()
	}
	return meshes, true
}

// indexSet marks indexes in a slice by index (negative ones left out),
// so that a pass over a big table tests each record in one step.
func indexSet(indexes []int) []bool {
	if len(indexes) == 0 {
		return nil
	}
	set := make([]bool, max(slices.Max(indexes)+1, 0))
	for _, i := range indexes {
		if i >= 0 {
			set[i] = true
		}
	}
	return set
}

// keepMeshes notes the static meshes as they are drawn now.
func (t *turokMap) keepMeshes() {
	t.drawnMeshes = t.drawnMeshes[:0]
	for _, sec := range t.m.Sections {
		t.drawnMeshes = append(t.drawnMeshes, sec.Meshes...)
	}
}

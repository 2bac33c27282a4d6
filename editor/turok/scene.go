package turok

import (
	"image/color"
	"maps"
	"slices"
	"sort"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/undo"
	"github.com/levelwright/levelwright/widgets/viewport"
)

var (
	actorColor = color.NRGBA{240, 110, 60, 255}
	meshColor  = color.NRGBA{120, 220, 160, 255}
)

// ceilingFlag is the sector flag of sectors that have a ceiling.
const ceilingFlag = 1 << 6

// levelScene builds the scene of a Turok map: sectors coloured by sector set,
// walls (edges without a neighbour), actors with their yaw, and static
// meshes' bounds; in 3D the sector triangles, with the ceilings of the
// sectors that have one.
func levelScene(m *codec.Map) *scene.Scene {
	return scene.New(&turokMap{m: m}, false)
}

// turokMap draws a Turok map, its one level.
type turokMap struct {
	m *codec.Map
	// meshes is where each section's meshes start in the map's numbering.
	meshes []int
}

const turokLevel = 0

// Build sets the background and grid and draws every entity of the map.
func (t *turokMap) Build(s *scene.Scene) {
	s.List.Background = scene.Background
	s.List.Grid = &viewport.Grid{Spacing: 256, Color: scene.GridColor}
	for i := range t.m.Sectors {
		s.Entity(document.Ref{Level: turokLevel, Kind: tdoc.KindSector, Index: i})
	}
	t.meshes = t.meshes[:0]
	g := 0
	for _, sec := range t.m.Sections {
		t.meshes = append(t.meshes, g)
		for range sec.Meshes {
			s.Entity(document.Ref{Level: turokLevel, Kind: tdoc.KindMesh, Index: g})
			g++
		}
	}
	t.meshes = append(t.meshes, g)
	for i := range t.m.Actors {
		s.Entity(document.Ref{Level: turokLevel, Kind: tdoc.KindActor, Index: i})
	}
}

func (t *turokMap) at(v uint16) viewport.Vec2 {
	p := t.m.Vertices[v].Position
	return viewport.Vec2{X: float64(p.X), Y: float64(p.Y)}
}

// Draw appends the items of one entity.
func (t *turokMap) Draw(s *scene.Scene, r document.Ref) {
	switch r.Kind {
	case tdoc.KindSector:
		t.sector(s, r.Index)
	case tdoc.KindMesh:
		sec := sort.SearchInts(t.meshes, r.Index+1) - 1
		mesh := t.m.Sections[sec].Meshes[r.Index-t.meshes[sec]]
		lo, hi := mesh.BoundsMin, mesh.BoundsMax
		corners := []viewport.Vec2{{X: float64(lo.X), Y: float64(lo.Y)}, {X: float64(hi.X), Y: float64(lo.Y)},
			{X: float64(hi.X), Y: float64(hi.Y)}, {X: float64(lo.X), Y: float64(hi.Y)}}
		id := s.ID(turokLevel, tdoc.KindMesh, r.Index)
		for k := range corners {
			s.List.Lines = append(s.List.Lines, viewport.Line{A: corners[k], B: corners[(k+1)%4], Width: 1, Color: meshColor, ID: id})
		}
	case tdoc.KindActor:
		a := t.m.Actors[r.Index]
		s.List.Markers = append(s.List.Markers, viewport.Marker{At: viewport.Vec2{X: float64(a.Origin.X), Y: float64(a.Origin.Y)},
			Shape: viewport.Circle, Size: 8, Heading: float64(a.Yaw), Color: actorColor, ID: s.ID(turokLevel, tdoc.KindActor, r.Index)})
	}
}

func (t *turokMap) sector(s *scene.Scene, i int) {
	sec := t.m.Sectors[i]
	v := sec.Vertices
	if int(max(v[0], v[1], v[2])) >= len(t.m.Vertices) {
		return
	}
	c := scene.PaletteColor(int(sec.Set))
	id := s.ID(turokLevel, tdoc.KindSector, i)
	s.List.Polygons = append(s.List.Polygons, viewport.Polygon{Points: []viewport.Vec2{t.at(v[0]), t.at(v[1]), t.at(v[2])}, Fill: c, ID: id})
	for j, link := range sec.Links {
		if link == codec.NoLink {
			s.List.Lines = append(s.List.Lines, viewport.Line{A: t.at(v[j]), B: t.at(v[(j+1)%3]), Width: 2, Color: scene.WallColor})
		}
	}
	corner := func(k int, ceiling bool) viewport.Vec3 {
		p := t.m.Vertices[v[k]]
		z := p.Position.Z
		if ceiling {
			z = p.Height
		}
		return viewport.Vec3{X: float64(p.Position.X), Y: float64(p.Position.Y), Z: float64(z)}
	}
	s.List.Triangles = append(s.List.Triangles, scene.FacingTriangle(true, id, c, corner(0, false), corner(1, false), corner(2, false)))
	if sec.Flags&ceilingFlag != 0 {
		dark := color.NRGBA{c.R / 2, c.G / 2, c.B / 2, 255}
		s.List.Triangles = append(s.List.Triangles, scene.FacingTriangle(false, id, dark, corner(0, true), corner(1, true), corner(2, true)))
	}
}

// redrawnKinds are the kinds of change the scene redraws from (a static
// mesh's edits change its section); changes of the map's other kinds
// leave it as it is.
var redrawnKinds = []document.Kind{tdoc.KindVertex, tdoc.KindSector, tdoc.KindActor, tdoc.KindSection}

// affected: a moved vertex redraws the sectors that use it; sectors and
// actors themselves; a changed section its meshes. Entities that came or
// went rebuild the scene.
func (t *turokMap) Affected(changes []undo.Change) ([]document.Ref, bool) {
	byKind, whole := scene.Changed(changes, turokLevel)
	if slices.ContainsFunc(redrawnKinds, func(k document.Kind) bool { return whole[k] }) {
		return nil, true
	}
	sectors := map[int]bool{}
	for _, i := range byKind[tdoc.KindSector] {
		sectors[i] = true
	}
	if moved := byKind[tdoc.KindVertex]; len(moved) > 0 {
		for si, sec := range t.m.Sectors {
			for _, v := range sec.Vertices {
				if _, found := slices.BinarySearch(moved, int(v)); found {
					sectors[si] = true
				}
			}
		}
	}
	var refs []document.Ref
	for _, i := range slices.Sorted(maps.Keys(sectors)) {
		refs = append(refs, document.Ref{Level: turokLevel, Kind: tdoc.KindSector, Index: i})
	}
	for _, sec := range byKind[tdoc.KindSection] {
		if sec+1 >= len(t.meshes) || len(t.m.Sections[sec].Meshes) != t.meshes[sec+1]-t.meshes[sec] {
			return nil, true
		}
		for g := t.meshes[sec]; g < t.meshes[sec+1]; g++ {
			refs = append(refs, document.Ref{Level: turokLevel, Kind: tdoc.KindMesh, Index: g})
		}
	}
	for _, i := range byKind[tdoc.KindActor] {
		refs = append(refs, document.Ref{Level: turokLevel, Kind: tdoc.KindActor, Index: i})
	}
	return refs, false
}

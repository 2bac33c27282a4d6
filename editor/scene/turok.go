package scene

import (
	"image/color"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/widgets/viewport"
)

var (
	actorColor = color.NRGBA{240, 110, 60, 255}
	meshColor  = color.NRGBA{120, 220, 160, 255}
)

// ceilingFlag is the sector flag of sectors that have a ceiling.
const ceilingFlag = 1 << 6

// Turok builds the scene of a Turok map: sectors coloured by sector set,
// walls (edges without a neighbour), actors with their yaw, and static
// meshes' bounds; in 3D the sector triangles, with the ceilings of the
// sectors that have one.
func Turok(m *codec.Map) *Scene {
	const level = 0
	s := &Scene{}
	s.List.Background = background
	s.List.Grid = &viewport.Grid{Spacing: 256, Color: gridColor}
	at := func(v uint16) viewport.Vec2 {
		p := m.Vertices[v].Position
		return viewport.Vec2{X: float64(p.X), Y: float64(p.Y)}
	}
	for i, sec := range m.Sectors {
		v := sec.Vertices
		if int(max(v[0], v[1], v[2])) >= len(m.Vertices) {
			continue
		}
		c := paletteColor(int(sec.Set))
		id := s.ref(level, "sector", i)
		s.List.Polygons = append(s.List.Polygons, viewport.Polygon{Points: []viewport.Vec2{at(v[0]), at(v[1]), at(v[2])}, Fill: c, ID: id})
		for j, link := range sec.Links {
			if link == codec.NoLink {
				s.List.Lines = append(s.List.Lines, viewport.Line{A: at(v[j]), B: at(v[(j+1)%3]), Width: 2, Color: wallColor})
			}
		}
		corner := func(k int, ceiling bool) viewport.Vec3 {
			p := m.Vertices[v[k]]
			z := p.Position.Z
			if ceiling {
				z = p.Height
			}
			return viewport.Vec3{X: float64(p.Position.X), Y: float64(p.Position.Y), Z: float64(z)}
		}
		s.List.Triangles = append(s.List.Triangles, facingTriangle(true, id, c, corner(0, false), corner(1, false), corner(2, false)))
		if sec.Flags&ceilingFlag != 0 {
			dark := color.NRGBA{c.R / 2, c.G / 2, c.B / 2, 255}
			s.List.Triangles = append(s.List.Triangles, facingTriangle(false, id, dark, corner(0, true), corner(1, true), corner(2, true)))
		}
	}
	g := 0
	for _, sec := range m.Sections {
		for _, mesh := range sec.Meshes {
			lo, hi := mesh.BoundsMin, mesh.BoundsMax
			corners := []viewport.Vec2{{X: float64(lo.X), Y: float64(lo.Y)}, {X: float64(hi.X), Y: float64(lo.Y)},
				{X: float64(hi.X), Y: float64(hi.Y)}, {X: float64(lo.X), Y: float64(hi.Y)}}
			id := s.ref(level, "mesh", g)
			for k := range corners {
				s.List.Lines = append(s.List.Lines, viewport.Line{A: corners[k], B: corners[(k+1)%4], Width: 1, Color: meshColor, ID: id})
			}
			g++
		}
	}
	for i, a := range m.Actors {
		s.List.Markers = append(s.List.Markers, viewport.Marker{At: viewport.Vec2{X: float64(a.Origin.X), Y: float64(a.Origin.Y)},
			Shape: viewport.Circle, Size: 8, Heading: float64(a.Yaw), Color: actorColor, ID: s.ref(level, "actor", i)})
	}
	return s
}

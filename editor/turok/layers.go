package turok

import (
	"image/color"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/editor/scene"
)

// setBordersLayer outlines where the sector set changes from a sector to
// its neighbour, so that the sets' regions show in any draw mode (over
// floor heights, say), not only in the Sector set mode.
const setBordersLayer = "Sector set borders"

var (
	linkColor      = color.NRGBA{R: 0x40, G: 0xE0, B: 0xE0, A: 0xD0}
	setBorderColor = color.NRGBA{R: 0xFF, G: 0x60, B: 0xD0, A: 0xE0}
)

// carriersOf is, for each TID, the actors that carry it, in actor order.
func carriersOf(actors []codec.Actor) map[int16][]int {
	out := map[int16][]int{}
	for i, a := range actors {
		out[a.TID] = append(out[a.TID], i)
	}
	return out
}

// links draws actor i's links: an arrow to each other actor that carries
// the TID it targets. A negative target is none, and TID 0 is every
// actor's that has none: links to them would say nothing and draw as
// many lines as actors to each (`check` warns of that target).
func (t *turokMap) links(s *scene.Scene, i int, id display.ID) {
	a := t.m.Actors[i]
	if a.TargetTID <= 0 || !s.Shown(scene.LinksLayer) {
		return
	}
	from := display.Vec2{X: float64(a.Origin.X), Y: float64(a.Origin.Y)}
	for _, k := range t.carriers[a.TargetTID] {
		if k != i {
			to := t.m.Actors[k].Origin
			s.List.Lines = append(s.List.Lines, display.Line{A: from, B: display.Vec2{X: float64(to.X), Y: float64(to.Y)},
				Width: 1.5, Color: linkColor, ID: id, Arrow: true})
		}
	}
}

// linkedActors follows a change of the actors changed: it files the
// actors by TID again and lists the actors whose links it alters, those
// that target a TID whose carriers changed or moved.
func (t *turokMap) linkedActors(changed []int) []int {
	before := t.carriers
	t.carriers = carriersOf(t.m.Actors)
	tids := map[int16]bool{}
	for tid, now := range t.carriers {
		if !slices.Equal(now, before[tid]) {
			tids[tid] = true
		}
	}
	for tid := range before {
		if _, ok := t.carriers[tid]; !ok {
			tids[tid] = true
		}
	}
	for _, i := range changed {
		if i < len(t.m.Actors) {
			tids[t.m.Actors[i].TID] = true
		}
	}
	var out []int
	for i, a := range t.m.Actors {
		if a.TargetTID > 0 && tids[a.TargetTID] {
			out = append(out, i)
		}
	}
	return out
}

// setBorders draws sector i's edges whose neighbour is of another sector
// set, each edge once: by the sector of the lower index.
func (t *turokMap) setBorders(s *scene.Scene, i int) {
	if !s.Shown(setBordersLayer) {
		return
	}
	sec := t.m.Sectors[i]
	v := sec.Vertices
	for j, link := range sec.Links {
		if link != codec.NoLink && int(link) > i && int(link) < len(t.m.Sectors) && t.m.Sectors[link].Set != sec.Set {
			s.List.Lines = append(s.List.Lines, display.Line{A: t.at(v[j]), B: t.at(v[(j+1)%3]), Width: 2, Color: setBorderColor})
		}
	}
}

// neighbours lists the sectors linked to the sectors changed, whose set
// borders a change of set alters.
func (t *turokMap) neighbours(changed []int) []int {
	var out []int
	for _, i := range changed {
		if i < len(t.m.Sectors) {
			for _, link := range t.m.Sectors[i].Links {
				if link != codec.NoLink && int(link) < len(t.m.Sectors) {
					out = append(out, int(link))
				}
			}
		}
	}
	return out
}

// reserve makes room in s for the entities and the items of the map's
// sectors and of its meshes and actors drawn as bodies, which are most
// of it: a big map's scene is built in one go, and growing its lists of
// 3D triangles as it goes copied them over and over (40% of building
// the 51,200-sector map with 8,535 meshes and actors).
func (t *turokMap) reserve(s *scene.Scene) {
	n, bodies := len(t.m.Sectors), t.m.MeshCount()+len(t.m.Actors)
	s.Reserve(n + len(t.m.Vertices) + bodies)
	s.List.Polygons = slices.Grow(s.List.Polygons, n+bodies)
	s.List.Lines = slices.Grow(s.List.Lines, bodyLines*bodies)
	s.List.Markers = slices.Grow(s.List.Markers, bodies)
	s.List.Triangles = slices.Grow(s.List.Triangles, n+bodyTriangles*bodies)
}

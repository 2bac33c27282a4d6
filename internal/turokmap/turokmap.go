// Package turokmap generates large Turok maps for tests and benchmarks,
// so that the codec, the document and the editor measure the same map.
package turokmap

import "github.com/levelwright/levelwright/codecs/turok"

// Hills is a map of a hilly terrain of 2*cells*cells sectors, 64 units a
// square, with a static mesh and an actor every 64 squares and
// visibility tables. Hills(160) is the 51,200-sector map the editor must
// draw without stalls.
func Hills(cells int) *turok.Map { return hills(cells, 64) }

// Wooded is Hills with a static mesh and an actor every 6 squares: at
// 160 cells, 4,267 meshes on 51,200 sectors, as many meshes to a sector
// as the largest community map has.
func Wooded(cells int) *turok.Map { return hills(cells, 6) }

// hills is a hilly terrain of 2*cells*cells sectors with a static mesh
// and an actor every so many squares; the actors target nothing (-1), as
// a new actor does: a target of TID 0 would name every actor without a
// TID, a link from each actor to every other.
func hills(cells, every int) *turok.Map {
	const size = 64
	m := turok.NewTerrain(cells, size)
	for i := range m.Vertices {
		x, y := i%(cells+1), i/(cells+1)
		m.Vertices[i] = turok.Vertex{Position: turok.Vec3{X: float32(x * size), Y: float32(y * size), Z: float32((x * y) % 37)}, Height: 512}
	}
	var meshes []turok.StaticMesh
	for i := 0; i < cells*cells; i += every {
		x, y := float32(i%cells*size+size/2), float32(i/cells*size+size/2)
		meshes = append(meshes, turok.StaticMesh{Origin: turok.Vec3{X: x, Y: y}, Scale: turok.Vec3{X: 1, Y: 1, Z: 1}, Rotation: [4]float32{0, 0, 0, 1},
			BoundsMin: turok.Vec3{X: x - 16, Y: y - 16}, BoundsMax: turok.Vec3{X: x + 16, Y: y + 16, Z: 64}, Model: "models/mapstatic/rock.kmesh"})
		m.Actors = append(m.Actors, turok.Actor{Type: 1, Origin: turok.Vec3{X: x + 8, Y: y}, Scale: turok.Vec3{X: 1, Y: 1, Z: 1}, TargetTID: -1,
			Model: "models/actors/raptor.bin", Anim: "anims/actors/raptor.kanim"})
	}
	m.Sections = []turok.Section{{Meshes: meshes}}
	m.Visibility = m.NewVisibility()
	return m
}

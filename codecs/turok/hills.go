package turok

// HillyTerrain returns a map like NewTerrain's over cells x cells squares
// of 64 units (2*cells*cells sectors), whose vertices rise and fall, with
// a static mesh and an actor every 64 squares and visibility tables: a
// large valid map for benchmarks and tests (160 cells make 51,200
// sectors).
func HillyTerrain(cells int) *Map {
	const size = 64
	m := NewTerrain(cells, size)
	for i := range m.Vertices {
		x, y := i%(cells+1), i/(cells+1)
		m.Vertices[i] = Vertex{Position: Vec3{float32(x * size), float32(y * size), float32((x * y) % 37)}, Height: 512}
	}
	var meshes []StaticMesh
	for i := 0; i < cells*cells; i += 64 {
		x, y := float32(i%cells*size+size/2), float32(i/cells*size+size/2)
		meshes = append(meshes, StaticMesh{Origin: Vec3{x, y, 0}, Scale: Vec3{1, 1, 1}, Rotation: [4]float32{0, 0, 0, 1},
			BoundsMin: Vec3{x - 16, y - 16, 0}, BoundsMax: Vec3{x + 16, y + 16, 64}, Model: "models/mapstatic/rock.kmesh"})
		m.Actors = append(m.Actors, Actor{Type: 1, Origin: Vec3{x + 8, y, 0}, Scale: Vec3{1, 1, 1}, Model: "models/actors/raptor.bin", Anim: "anims/actors/raptor.kanim"})
	}
	m.Sections = []Section{{Meshes: meshes}}
	m.Visibility = m.NewVisibility()
	return m
}

package viewport

import "testing"

// TestUpdateNamingAppendedItems: Changes that name items appended past
// the lists a tessellation was made of are not patched in (the
// renderer's buffers hold no room for them): update says the list must
// be tessellated again, which then holds them. Items changed in place
// are patched.
func TestUpdateNamingAppendedItems(t *testing.T) {
	cam := Camera2D{Scale: 1}
	l := sampleList()
	ts := tessellate(l, cam, nil)
	l.Polygons[0].Fill = green
	if _, ok := ts.update(l, Changes{Polygons: []int{0}}); !ok {
		t.Fatal("a polygon changed in place was not patched")
	}
	n := len(ts.flat)
	l.Markers = append(l.Markers, Marker{At: Vec2{10, 10}, Shape: Square, Size: 8, Heading: NoHeading, Color: red})
	l.Triangles = append(l.Triangles, Triangle3{A: Vec3{0, 0, 0}, B: Vec3{10, 0, 0}, C: Vec3{0, 10, 0}, Color: red})
	for name, c := range map[string]Changes{
		"marker":   {Markers: []int{len(l.Markers) - 1}},
		"triangle": {Triangles: []int{len(l.Triangles) - 1}},
	} {
		if _, ok := ts.update(l, c); ok {
			t.Errorf("an appended %s was patched into the tessellation of the list before it", name)
		}
	}
	again := tessellate(l, cam, nil)
	if len(again.markers) != len(l.Markers) || len(again.tri) != len(l.Triangles) || len(again.flat) <= n {
		t.Errorf("tessellated again: %d markers, %d faces, %d flat vertices (were %d) of %d markers and %d faces",
			len(again.markers), len(again.tri), len(again.flat), n, len(l.Markers), len(l.Triangles))
	}
}

package turok

import (
	"bytes"
	"fmt"
	"slices"
	"testing"

	"github.com/levelwright/levelwright/codecs/kex"
)

// meshAt is a static mesh standing on m's floor at (x, y).
func meshAt(m *Map, x, y float32) StaticMesh {
	o := Vec3{x, y, 0}
	return StaticMesh{Origin: o, Scale: Vec3{1, 1, 1}, Rotation: [4]float32{0, 0, 0, 1},
		BoundsMin: Vec3{x - 16, y - 16, 0}, BoundsMax: Vec3{x + 16, y + 16, 64},
		Sector: int32(m.Locator().SectorAt(o)), CullBits: -1, Model: "models/rock.staticmesh"}
}

// regridAll sets the grid bounds of every section with meshes to their
// extent.
func regridAll(m *Map) {
	for i := range m.Sections {
		if lo, hi, ok := m.SectionBounds(i); ok {
			m.GridMin[i], m.GridMax[i] = lo, hi
		}
	}
}

// dialectMap builds a map as a writer of the given dialect would: a 2x2
// grid over a 1024-unit terrain whose sections 1 and 2 are empty,
// written in form; with zeroStride, no actors and empty data sets of
// stride 0.
func dialectMap(form EmptySection, zeroStride, long bool) *Map {
	m := NewTerrain(4, 256)
	m.LongSectors, m.EmptySections, m.ZeroStride = long, form, zeroStride
	m.GridWidth, m.GridHeight = 2, 2
	m.GridMin = []XY{{0, 0}, {512, 0}, {0, 512}, {512, 512}}
	m.GridMax = []XY{{512, 512}, {1024, 512}, {512, 1024}, {1024, 1024}}
	m.Sections = []Section{{Meshes: []StaticMesh{meshAt(m, 100, 100)}}, {}, {}, {Meshes: []StaticMesh{meshAt(m, 900, 900)}}}
	regridAll(m)
	if zeroStride {
		m.Actors = nil
	}
	m.Visibility = m.NewVisibility()
	return m
}

// dialectMaps are generated maps of every dialect: empty sections as two
// empty blocks, as an archive of no blocks and as count 0, offset 0,
// with and without zero-stride empty data sets, 16- and 18-byte sectors.
func dialectMaps() map[string]*Map {
	out := map[string]*Map{}
	for _, form := range []EmptySection{EmptyBlocks, EmptyArchive, EmptyAtZero} {
		for _, zero := range []bool{false, true} {
			for _, long := range []bool{false, true} {
				out[fmt.Sprintf("form=%d zeroStride=%v long=%v", form, zero, long)] = dialectMap(form, zero, long)
			}
		}
	}
	return out
}

// sectionNodes parses a map's bytes and returns its grid sections' blocks.
func sectionNodes(t *testing.T, b []byte) []*kex.Node {
	t.Helper()
	tree, err := kex.Parse(b, mapShape)
	if err != nil {
		t.Fatal(err)
	}
	return tree.Root.Children[blockSections].Children
}

// formOf is the form an empty section's block is written in.
func formOf(n *kex.Node) EmptySection {
	switch {
	case n.EndZero:
		return EmptyAtZero
	case len(n.Children) == 0:
		return EmptyArchive
	}
	return EmptyBlocks
}

// TestEmptySectionDialects: maps whose empty grid sections and data sets
// are written by other writers' rules decode, write back byte for byte,
// pass Check, and are written in their own dialect after their sections
// are filled and emptied.
func TestEmptySectionDialects(t *testing.T) {
	for name, gen := range dialectMaps() {
		t.Run(name, func(t *testing.T) {
			orig := gen.Encode()
			for _, i := range []int{1, 2} {
				if got := formOf(sectionNodes(t, orig)[i]); got != gen.EmptySections {
					t.Fatalf("generated section %d in form %d, want %d", i, got, gen.EmptySections)
				}
			}
			m, err := Decode(orig)
			if err != nil {
				t.Fatal(err)
			}
			if m.EmptySections != gen.EmptySections || m.ZeroStride != gen.ZeroStride || m.LongSectors != gen.LongSectors {
				t.Fatalf("read form %d, zero stride %v, long %v", m.EmptySections, m.ZeroStride, m.LongSectors)
			}
			if got := m.Encode(); !bytes.Equal(got, orig) {
				t.Fatalf("unchanged map differs at %d", firstDiff(got, orig))
			}
			if p := m.Check(); len(p) > 0 {
				t.Fatalf("check: %v", p)
			}
			if gen.ZeroStride {
				if actors := m.tree.Root.Children[blockActors].Children[0]; actors.Stride != 0 || actors.Count != 0 {
					t.Fatalf("actors read as %d x %d bytes", actors.Count, actors.Stride)
				}
			}

			// Fill empty section 1 and empty section 3.
			m.Sections[1].Meshes = []StaticMesh{meshAt(m, 700, 300)}
			m.Sections[2].Meshes = append(m.Sections[2].Meshes, m.Sections[3].Meshes...)
			m.Sections[2].Meshes[0].Origin = Vec3{300, 700, 0}
			m.Sections[2].Meshes[0].Sector = int32(m.Locator().SectorAt(m.Sections[2].Meshes[0].Origin))
			m.Sections[2].Meshes[0].BoundsMin, m.Sections[2].Meshes[0].BoundsMax = Vec3{284, 684, 0}, Vec3{316, 716, 64}
			m.Sections[3].Meshes = nil
			m.Actors = nil // the actors' data set becomes empty
			regridAll(m)
			m.Visibility = m.NewVisibility()
			edited := m.Encode()
			again, err := Decode(edited)
			if err != nil {
				t.Fatal(err)
			}
			if got := again.Encode(); !bytes.Equal(got, edited) {
				t.Fatalf("edited map differs at %d", firstDiff(got, edited))
			}
			if p := again.Check(); len(p) > 0 {
				t.Fatalf("check after edits: %v", p)
			}
			for i, s := range again.Sections {
				if !slices.Equal(s.Meshes, m.Sections[i].Meshes) {
					t.Errorf("section %d reads back as %v, want %v", i, s.Meshes, m.Sections[i].Meshes)
				}
			}
			nodes := sectionNodes(t, edited)
			if got := formOf(nodes[3]); got != gen.EmptySections {
				t.Errorf("emptied section 3 written in form %d, want the file's %d", got, gen.EmptySections)
			}
			for _, i := range []int{1, 2} {
				if n := nodes[i]; len(n.Children) != 2 || n.Children[0].Stride != staticMeshSize || n.Children[0].Count != 1 {
					t.Errorf("filled section %d written as %d blocks", i, len(n.Children))
				}
			}
			wantStride := uint32(actorSize) // an emptied set keeps its record size...
			if gen.ZeroStride {
				wantStride = 0 // ...or takes the file's stride of empty sets
			}
			if s := again.tree.Root.Children[blockActors].Children[0].Stride; s != wantStride {
				t.Errorf("emptied actors written with a stride of %d, want %d", s, wantStride)
			}
			for i := 1; i <= 2; i++ {
				if got := again.tree.Root.Children[blockActors].Children[i].EndZero; got != (gen.EmptySections == EmptyAtZero) {
					t.Errorf("the actors' empty path archive %d is at offset 0: %v, in form %d", i, got, gen.EmptySections)
				}
			}

			// Back to the content read: the sections filled are empty again,
			// in their own form, and the file is the one read.
			again.Sections = slices.Clone(gen.Sections)
			again.GridMin, again.GridMax = slices.Clone(gen.GridMin), slices.Clone(gen.GridMax)
			again.Actors, again.Visibility = gen.Actors, gen.Visibility
			if got := again.Encode(); !bytes.Equal(got, orig) {
				t.Errorf("restored map differs from the one read at %d", firstDiff(got, orig))
			}
		})
	}
}

// TestZeroStrideSectors: a map without sectors whose sectors' data set
// has a stride of 0 takes the sector size of its writer, known by its
// empty sections: 18 bytes for the Blender exporter's (count 0, offset
// 0), the original 16 for others; sectors drawn later are written so.
func TestZeroStrideSectors(t *testing.T) {
	for _, tc := range []struct {
		form EmptySection
		long bool
	}{{EmptyAtZero, true}, {EmptyArchive, false}, {EmptyBlocks, false}} {
		gen := dialectMap(tc.form, true, !tc.long)
		terrain := NewTerrain(4, 256)
		gen.Vertices, gen.Sectors, gen.Sections = nil, nil, make([]Section, 4)
		gen.Visibility = gen.NewVisibility()
		orig := gen.Encode()
		m, err := Decode(orig)
		if err != nil {
			t.Fatalf("form %d: %v", tc.form, err)
		}
		if s := m.tree.Root.Children[blockCollision].Children[2]; s.Stride != 0 || m.Visibility.Stride != 0 {
			t.Fatalf("form %d: sectors written with a stride of %d, visibility %d", tc.form, s.Stride, m.Visibility.Stride)
		}
		if m.LongSectors != tc.long || !bytes.Equal(m.Encode(), orig) {
			t.Fatalf("form %d: long sectors %v, want %v; unchanged bytes equal %v", tc.form, m.LongSectors, tc.long, bytes.Equal(m.Encode(), orig))
		}
		if p := m.Check(); len(p) > 0 {
			t.Fatalf("form %d: check: %v", tc.form, p)
		}
		m.Vertices, m.Sectors = terrain.Vertices, terrain.Sectors
		m.Visibility = m.NewVisibility()
		drawn, err := Decode(m.Encode())
		if err != nil {
			t.Fatal(err)
		}
		want := uint32(shortSectorSize)
		if tc.long {
			want = longSectorSize
		}
		if s := drawn.tree.Root.Children[blockCollision].Children[2]; s.Stride != want || len(drawn.Sectors) != len(terrain.Sectors) {
			t.Errorf("form %d: %d sectors drawn are written as %d of %d bytes, want %d", tc.form, len(terrain.Sectors), s.Count, s.Stride, want)
		}
	}
}

// TestBlenderFormWithoutEmptySections: a file of the Blender exporter's
// without an empty section is known by its other empty archives at
// offset 0 (here, the actors' paths): a section emptied is written so.
func TestBlenderFormWithoutEmptySections(t *testing.T) {
	gen := dialectMap(EmptyAtZero, true, true)
	gen.Sections[1].Meshes = []StaticMesh{meshAt(gen, 700, 300)}
	gen.Sections[2].Meshes = []StaticMesh{meshAt(gen, 300, 700)}
	regridAll(gen)
	gen.Visibility = nil
	orig := gen.Encode()
	m, err := Decode(orig)
	if err != nil {
		t.Fatal(err)
	}
	if !m.tree.Root.Children[blockActors].Children[1].EndZero || m.EmptySections != EmptyAtZero {
		t.Fatalf("actors' paths at offset 0: %v; form %d", m.tree.Root.Children[blockActors].Children[1].EndZero, m.EmptySections)
	}
	m.Sections[2].Meshes = nil
	if got := formOf(sectionNodes(t, m.Encode())[2]); got != EmptyAtZero {
		t.Errorf("emptied section written in form %d", got)
	}
}

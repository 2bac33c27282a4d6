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

// dialectMap builds a map as a writer of dialect d would: a 2x2 grid
// over a 1024-unit terrain whose sections 1 and 2 are empty, written in
// d's form. A dialect whose other choices only empty blocks show (a
// stride of 0, paths at offset 0) has no actors, so that the file shows
// them.
func dialectMap(d Dialect) *Map {
	m := NewTerrain(4, 256)
	m.Dialect = d
	m.GridWidth, m.GridHeight = 2, 2
	m.GridMin = []XY{{0, 0}, {512, 0}, {0, 512}, {512, 512}}
	m.GridMax = []XY{{512, 512}, {1024, 512}, {512, 1024}, {1024, 1024}}
	m.Sections = []Section{{Meshes: []StaticMesh{meshAt(m, 100, 100)}}, {}, {}, {Meshes: []StaticMesh{meshAt(m, 900, 900)}}}
	regridAll(m)
	if d.ZeroStride || d.EmptyPathsAtZero {
		m.Actors = nil
	}
	m.Visibility = m.NewVisibility()
	return m
}

// dialectMaps are generated maps of every dialect a file can show: empty
// sections as two empty blocks, as an archive of no blocks and as count
// 0, offset 0; empty archives of paths at offset 0 or not; with and
// without zero-stride empty data sets; 16- and 18-byte sectors. Left
// out: sections at offset 0 with paths' headers and sized empty data
// sets, which the Blender exporter's files are known by when no empty
// data set says otherwise (see TestBlenderDialect).
func dialectMaps() map[string]*Map {
	out := map[string]*Map{}
	for _, form := range []EmptySection{EmptyBlocks, EmptyArchive, EmptyAtZero} {
		for _, paths := range []bool{false, true} {
			for _, zero := range []bool{false, true} {
				for _, long := range []bool{false, true} {
					d := Dialect{LongSectors: long, EmptySections: form, EmptyPathsAtZero: paths, ZeroStride: zero}
					if form == EmptyAtZero && !paths && !zero {
						continue
					}
					out[fmt.Sprintf("%+v", d)] = dialectMap(d)
				}
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
			if m.Dialect != gen.Dialect {
				t.Fatalf("read dialect %+v", m.Dialect)
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
				if got := again.tree.Root.Children[blockActors].Children[i].EndZero; got != gen.EmptyPathsAtZero {
					t.Errorf("the actors' empty path archive %d is at offset 0: %v", i, got)
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

// TestZeroStrideSectors: a map without sectors takes the sector size
// its sectors' data set shows: 16 or 18 bytes by its stride, and 18 for
// a stride of 0, which only the Blender exporter writes, and it writes
// only 18-byte sectors; sectors drawn later are written so.
func TestZeroStrideSectors(t *testing.T) {
	for _, tc := range []struct {
		form       EmptySection
		zero, long bool
	}{{EmptyAtZero, true, false}, {EmptyArchive, true, false}, {EmptyBlocks, true, false},
		{EmptyArchive, false, false}, {EmptyBlocks, false, true}} {
		name := fmt.Sprintf("form %d, zero stride %v, long %v", tc.form, tc.zero, tc.long)
		gen := dialectMap(Dialect{LongSectors: tc.long, EmptySections: tc.form, EmptyPathsAtZero: tc.form == EmptyAtZero, ZeroStride: tc.zero})
		terrain := NewTerrain(4, 256)
		gen.Vertices, gen.Sectors, gen.Sections, gen.Actors = nil, nil, make([]Section, 4), nil
		gen.Visibility = gen.NewVisibility()
		orig := gen.Encode()
		m, err := Decode(orig)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		wantStride := map[bool]uint32{false: shortSectorSize, true: longSectorSize}[tc.long]
		if tc.zero {
			wantStride = 0
		}
		if s := m.tree.Root.Children[blockCollision].Children[2]; s.Stride != wantStride || m.Visibility.Stride != 0 {
			t.Fatalf("%s: sectors written with a stride of %d, visibility %d", name, s.Stride, m.Visibility.Stride)
		}
		long := tc.long || tc.zero
		if m.LongSectors != long || !bytes.Equal(m.Encode(), orig) {
			t.Fatalf("%s: long sectors %v, want %v; unchanged bytes equal %v", name, m.LongSectors, long, bytes.Equal(m.Encode(), orig))
		}
		if p := m.Check(); len(p) > 0 {
			t.Fatalf("%s: check: %v", name, p)
		}
		m.Vertices, m.Sectors = terrain.Vertices, terrain.Sectors
		m.Visibility = m.NewVisibility()
		drawn, err := Decode(m.Encode())
		if err != nil {
			t.Fatal(err)
		}
		want := uint32(shortSectorSize)
		if long {
			want = longSectorSize
		}
		if s := drawn.tree.Root.Children[blockCollision].Children[2]; s.Stride != want || len(drawn.Sectors) != len(terrain.Sectors) {
			t.Errorf("%s: %d sectors drawn are written as %d of %d bytes, want %d", name, len(terrain.Sectors), s.Count, s.Stride, want)
		}
	}
}

// TestPathsAtZeroWithoutEmptySections: a file without an empty section
// whose actors' empty paths are at offset 0 is a writer's that leaves
// out every empty archive's header: a section emptied is written so.
func TestPathsAtZeroWithoutEmptySections(t *testing.T) {
	gen := dialectMap(Dialect{LongSectors: true, EmptySections: EmptyAtZero, EmptyPathsAtZero: true})
	gen.Sections[1].Meshes = []StaticMesh{meshAt(gen, 700, 300)}
	gen.Sections[2].Meshes = []StaticMesh{meshAt(gen, 300, 700)}
	regridAll(gen)
	gen.Visibility = nil
	orig := gen.Encode()
	m, err := Decode(orig)
	if err != nil {
		t.Fatal(err)
	}
	if !m.tree.Root.Children[blockActors].Children[1].EndZero || m.EmptySections != EmptyAtZero || !m.EmptyPathsAtZero {
		t.Fatalf("actors' paths at offset 0: %v; dialect %+v", m.tree.Root.Children[blockActors].Children[1].EndZero, m.Dialect)
	}
	m.Sections[2].Meshes = nil
	if got := formOf(sectionNodes(t, m.Encode())[2]); got != EmptyAtZero {
		t.Errorf("emptied section written in form %d", got)
	}
}

// headWords is the first two little-endian words of a block: a data
// set's stride and count, an indexed archive's count and first offset.
func headWords(b []byte, n *kex.Node) [2]uint32 {
	return [2]uint32{le.Uint32(b[n.Offset:]), le.Uint32(b[n.Offset+4:])}
}

// TestEmptiedInWritersDialect: a map with actors and meshes, one grid
// section empty and no empty data set, is told from the file as its
// writer's, and written as that writer writes it after every actor and
// then every mesh is deleted. The Blender exporter writes the actors'
// data set as (0, 0) and their path archives as (0, 8), and each empty
// section as (0, 0); the Kex editor's form and the archive form keep
// record sizes and headers.
func TestEmptiedInWritersDialect(t *testing.T) {
	for _, tc := range []struct {
		name    string
		dialect Dialect
		actors  [2]uint32 // the actors' data set: stride, count
		section [2]uint32 // an empty section: count, end offset (or the meshes' stride, count)
	}{
		{"blender", BlenderDialect, [2]uint32{0, 0}, [2]uint32{0, 0}},
		{"kex editor", Dialect{LongSectors: true}, [2]uint32{actorSize, 0}, [2]uint32{2, 16}},
		{"archive", Dialect{EmptySections: EmptyArchive}, [2]uint32{actorSize, 0}, [2]uint32{0, 8}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			gen := dialectMap(tc.dialect)
			gen.Actors = NewTerrain(4, 256).Actors
			gen.Sections[2].Meshes = []StaticMesh{meshAt(gen, 300, 700)}
			regridAll(gen)
			gen.Visibility = gen.NewVisibility()
			orig := gen.Encode()
			m, err := Decode(orig)
			if err != nil {
				t.Fatal(err)
			}
			if m.Dialect != tc.dialect || !bytes.Equal(m.Encode(), orig) {
				t.Fatalf("read dialect %+v, want %+v; unchanged bytes equal %v", m.Dialect, tc.dialect, bytes.Equal(m.Encode(), orig))
			}

			m.Actors = nil
			noActors := m.Encode()
			tree, err := kex.Parse(noActors, mapShape)
			if err != nil {
				t.Fatal(err)
			}
			actors := tree.Root.Children[blockActors]
			if got := headWords(noActors, actors.Children[0]); got != tc.actors {
				t.Errorf("actors' data set written as %v, want %v", got, tc.actors)
			}
			for i := 1; i <= 2; i++ {
				if got := headWords(noActors, actors.Children[i]); got != [2]uint32{0, 8} {
					t.Errorf("actors' path archive %d written as %v, want (0, 8)", i, got)
				}
			}

			m.Sections = make([]Section, len(m.Sections))
			m.Visibility = m.NewVisibility()
			noMeshes := m.Encode()
			for i, n := range sectionNodes(t, noMeshes) {
				if got := headWords(noMeshes, n); got != tc.section {
					t.Errorf("emptied section %d written as %v, want %v", i, got, tc.section)
				}
				if tc.dialect.EmptySections == EmptyBlocks {
					if got := headWords(noMeshes, n.Children[0]); got != [2]uint32{staticMeshSize, 0} {
						t.Errorf("emptied section %d's meshes written as %v", i, got)
					}
				}
			}
			again, err := Decode(noMeshes)
			if err != nil {
				t.Fatal(err)
			}
			if again.Dialect != tc.dialect || !bytes.Equal(again.Encode(), noMeshes) {
				t.Errorf("emptied map read as %+v; unchanged bytes equal %v", again.Dialect, bytes.Equal(again.Encode(), noMeshes))
			}
			if p := again.Check(); len(p) > 0 {
				t.Errorf("check of the emptied map: %v", p)
			}
		})
	}
}

// TestEmptyBlenderMap: the Blender exporter's empty map (no geometry, no
// sections, no actors; every empty data set with a stride of 0 and every
// archive with its header) reads as its dialect, 18-byte sectors
// included, and writes back unchanged.
func TestEmptyBlenderMap(t *testing.T) {
	gen := &Map{Version: 1, SkyMaterial: defaultSkyMatter, Dialect: BlenderDialect}
	orig := gen.Encode()
	tree, err := kex.Parse(orig, mapShape)
	if err != nil {
		t.Fatal(err)
	}
	root := tree.Root
	for _, n := range []*kex.Node{root.Children[blockSections], root.Children[blockActors].Children[1]} {
		if got := headWords(orig, n); got != [2]uint32{0, 8} {
			t.Fatalf("empty archive at %d written as %v, want (0, 8)", n.Offset, got)
		}
	}
	if got := headWords(orig, root.Children[blockCollision].Children[2]); got != [2]uint32{0, 0} {
		t.Fatalf("no sectors written as %v, want (0, 0)", got)
	}
	m, err := Decode(orig)
	if err != nil {
		t.Fatal(err)
	}
	if m.Dialect != BlenderDialect || !bytes.Equal(m.Encode(), orig) {
		t.Errorf("read dialect %+v, want %+v; unchanged bytes equal %v", m.Dialect, BlenderDialect, bytes.Equal(m.Encode(), orig))
	}
}

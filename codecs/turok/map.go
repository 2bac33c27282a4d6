// Package turok is the typed model of Turok EX maps (.map): the world,
// the collision surface of triangular sectors, the grid sections of
// static meshes, the actors and the visibility tables, on top of the
// kexArchive tree that package kex keeps byte for byte.
package turok

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/codecs/kex"
)

// Map is a decoded map.
type Map struct {
	Version      int32
	SunDirection Vec3
	SunColor     [4]float32 // RGBA
	AmbientColor [4]float32 // RGBA
	SkyMaterial  string

	Vertices   []Vertex
	SectorSets []SectorSet
	Sectors    []Sector

	// The grid bounds: GridWidth x GridHeight cells, each a rectangle
	// GridMin[i]..GridMax[i] in XY, one per grid section.
	GridWidth, GridHeight int16
	GridMin, GridMax      []XY
	Sections              []Section

	Actors []Actor
	// Visibility is nil when the map has no visibility tables.
	Visibility *Visibility

	// Dialect is how the file's writer lays out what the format leaves
	// open; the map is written back in it.
	Dialect

	tree *kex.Tree // the archive as read: its layout and padding
}

// Dialect is how a writer of maps lays out what the format leaves open:
// the sectors' size, and the form of empty sections, archives and data
// sets. Decode tells it from the file; Encode writes in it what an edit
// adds or empties. docs/turok-dialects.md lists the writers' rules.
type Dialect struct {
	// LongSectors is set for the Kex editor's 18-byte sectors, which add
	// a draw order to the original editor's 16 bytes.
	LongSectors bool
	// EmptySections is how the file writes a grid section without static
	// meshes: the form of the first one read; in a file without one,
	// EmptyAtZero when another empty archive is at offset 0 or its empty
	// data sets have a stride of 0 (the Blender exporter's mark), else
	// EmptyBlocks (as for a new map). A section read empty keeps its own
	// form while it stays empty; one that becomes empty takes this form;
	// one that gains meshes is written as its two blocks, whatever the
	// form.
	EmptySections EmptySection
	// EmptyPathsAtZero is set when the file writes an archive of paths
	// without blocks (the actors' models or animations, or the list of
	// grid sections) as count 0, end offset 0. Other writers, the Blender
	// exporter among them, write its header: 0, 8. An empty archive keeps
	// the form it was read in; one that becomes empty takes the file's.
	EmptyPathsAtZero bool
	// ZeroStride is set when the file writes empty data sets with a
	// stride of 0: when it holds one, or, holding no empty data set of
	// records, when its empty sections are the Blender exporter's, which
	// writes every empty data set so. An empty data set keeps the stride
	// it was read with; one that becomes empty gets a stride of 0 in such
	// a file, and its record size in others.
	ZeroStride bool
}

// BlenderDialect is the dialect of BehemothProgrammer's Blender add-on
// (TurokEXBlenderTools 1.1.0): 18-byte sectors, every empty data set
// with a stride of 0, and every archive's header written except an empty
// grid section's, which is count 0, end offset 0.
var BlenderDialect = Dialect{LongSectors: true, EmptySections: EmptyAtZero, ZeroStride: true}

// Section is a grid section: the static meshes in one grid cell.
type Section struct {
	Meshes []StaticMesh
}

// EmptySection is a writer's form of a grid section without static
// meshes.
type EmptySection uint8

const (
	// EmptyBlocks is the section's two blocks, empty: a data set of no
	// meshes and an archive of no model paths (the Kex editor's form, and
	// Levelwright's for new maps).
	EmptyBlocks EmptySection = iota
	// EmptyArchive is an indexed archive of no blocks: 0, 8.
	EmptyArchive
	// EmptyAtZero is an indexed archive of no blocks whose end offset is
	// 0: 0, 0 (the Turok Blender exporter's form).
	EmptyAtZero
)

// Visibility holds, per sector, a bit per static mesh: whether the mesh
// can be seen from the sector. Meshes are numbered across the sections,
// in order; bit i of a row is bit i%8 of byte i/8.
type Visibility struct {
	Stride uint32 // bytes per sector: the mesh bits, rounded up
	Count  uint32 // rows: one per sector
	Data   []byte
}

// Root blocks of a map archive.
const (
	blockVersion = iota
	blockWorld
	blockSky
	blockCollision
	blockGridBounds
	blockSections
	blockActors
	blockVisibility
)

var (
	dataSet = &kex.Shape{Kind: kex.DataSet}
	paths   = &kex.Shape{Kind: kex.Indexed, Each: dataSet}
	// mapShape is the layout every map follows.
	mapShape = &kex.Shape{Kind: kex.Indexed, Blocks: []*kex.Shape{
		blockVersion: {Kind: kex.Raw, Size: 4},
		blockWorld: {Kind: kex.Indexed, Blocks: []*kex.Shape{
			{Kind: kex.Raw, Size: 12}, {Kind: kex.Raw, Size: 16}, {Kind: kex.Raw, Size: 16}}},
		blockSky:        dataSet,
		blockCollision:  {Kind: kex.Indexed, Blocks: []*kex.Shape{dataSet, dataSet, dataSet}},
		blockGridBounds: {Kind: kex.Indexed, Blocks: []*kex.Shape{dataSet, dataSet, dataSet}},
		blockSections: {Kind: kex.Indexed, Each: &kex.Shape{Kind: kex.Indexed,
			Blocks: []*kex.Shape{dataSet, paths}}},
		blockActors:     {Kind: kex.Indexed, Blocks: []*kex.Shape{dataSet, paths, paths}},
		blockVisibility: dataSet,
	}}
)

// path names a block for errors, as root[3][2].
func path(indexes ...int) string {
	s := "root"
	for _, i := range indexes {
		s += fmt.Sprintf("[%d]", i)
	}
	return s
}

// ParseTree reads a map as its archive's tree of blocks, laid out as
// every map is.
func ParseTree(data []byte) (*kex.Tree, error) { return kex.Parse(data, mapShape) }

// Decode reads a map.
func Decode(data []byte) (*Map, error) {
	tree, err := ParseTree(data)
	if err != nil {
		return nil, err
	}
	root := tree.Root
	if len(root.Children) < blockVisibility {
		return nil, bin.Errorf(0, "root", "at least %d blocks, found %d", blockVisibility, len(root.Children))
	}
	m := &Map{tree: tree}
	m.Version = int32(le.Uint32(root.Children[blockVersion].Data))
	world := root.Children[blockWorld]
	if len(world.Children) < 3 {
		return nil, bin.Errorf(world.Offset, path(blockWorld), "3 blocks, found %d", len(world.Children))
	}
	r := reader{b: world.Children[0].Data}
	m.SunDirection = r.vec3()
	for i, c := range []*[4]float32{&m.SunColor, &m.AmbientColor} {
		r := reader{b: world.Children[i+1].Data}
		for j := range c {
			c[j] = r.f32()
		}
	}
	m.SkyMaterial = text(root.Children[blockSky])

	if err := m.decodeCollision(root.Children[blockCollision]); err != nil {
		return nil, err
	}
	actors, sections := root.Children[blockActors], root.Children[blockSections]
	if slices.ContainsFunc([]*kex.Node{sections, actors.Child(1), actors.Child(2)}, func(n *kex.Node) bool { return n != nil && n.EndZero }) {
		// A writer that leaves out the header of these empty archives
		// leaves it out of an empty section's too.
		m.EmptySections, m.EmptyPathsAtZero = EmptyAtZero, true
	}
	names := interner{}
	told, err := m.decodeGrid(root.Children[blockGridBounds], sections, names)
	if err != nil {
		return nil, err
	}
	if err := m.decodeActors(actors, names); err != nil {
		return nil, err
	}
	// Headers left out of empty sections alone are the Blender
	// exporter's mark.
	blender := m.EmptySections == EmptyAtZero && !m.EmptyPathsAtZero
	m.ZeroStride = zeroStride(blender, recordSets(root)...)
	if !told && m.ZeroStride {
		m.EmptySections = EmptyAtZero // the writer of zero strides is the Blender exporter
	}
	if s := root.Children[blockCollision].Children[2]; s.Count == 0 && (s.Stride == 0 || blender) {
		// The writers of these files, the Blender exporter, write only
		// 18-byte sectors.
		m.LongSectors = true
	}
	if v := root.Child(blockVisibility); v != nil {
		m.Visibility = &Visibility{Stride: v.Stride, Count: v.Count, Data: v.Data}
	}
	return m, nil
}

// text is the string a data set holds, up to its first NUL.
func text(n *kex.Node) string { return string(textBytes(n)) }

// textBytes is text's bytes, in the node's data.
func textBytes(n *kex.Node) []byte {
	s, _, _ := bytes.Cut(n.Data, []byte{0})
	return s
}

// text returns text(n), one string for each distinct path: maps name
// a few models and animations many times over.
func (in interner) text(n *kex.Node) string {
	b := textBytes(n)
	if s, ok := in[string(b)]; ok {
		return s
	}
	s := string(b)
	in[s] = s
	return s
}

// interner holds the distinct paths decoded so far.
type interner map[string]string

// recordSets are the data sets of records of a map's tree: the
// collision surface's, the grid bounds', the sections' meshes and the
// actors.
func recordSets(root *kex.Node) []*kex.Node {
	var out []*kex.Node
	for _, b := range []int{blockCollision, blockGridBounds} {
		out = append(out, root.Children[b].Children...)
	}
	for _, s := range root.Children[blockSections].Children {
		if len(s.Children) > 0 {
			out = append(out, s.Children[0])
		}
	}
	return append(out, root.Children[blockActors].Children[0])
}

// zeroStride tells whether a file whose data sets of records are sets
// writes empty ones with a stride of 0: when one is so, or, none being
// empty, when the file is the Blender exporter's (blender).
func zeroStride(blender bool, sets ...*kex.Node) bool {
	sized := false
	for _, n := range sets {
		if n.Count == 0 && n.Stride == 0 {
			return true
		}
		sized = sized || n.Count == 0
	}
	return blender && !sized
}

// records checks that data set n holds records of size bytes (any size
// when empty) and returns how many.
func (m *Map) records(n *kex.Node, size uint32, what string, where ...int) (int, error) {
	if n.Count > 0 && n.Stride != size {
		return 0, bin.Errorf(n.Offset, path(where...), "%s of %d bytes, found a stride of %d", what, size, n.Stride)
	}
	return int(n.Count), nil
}

func decodeAll[T any](n *kex.Node, count int, read func(*T, *reader)) []T {
	out := make([]T, count)
	r := reader{b: n.Data}
	for i := range out {
		read(&out[i], &r)
	}
	return out
}

func (m *Map) decodeCollision(c *kex.Node) error {
	if len(c.Children) < 3 {
		return bin.Errorf(c.Offset, path(blockCollision), "3 blocks, found %d", len(c.Children))
	}
	n, err := m.records(c.Children[0], vertexSize, "vertices", blockCollision, 0)
	if err != nil {
		return err
	}
	m.Vertices = decodeAll(c.Children[0], n, (*Vertex).read)
	if n, err = m.records(c.Children[1], sectorSetSize, "sector sets", blockCollision, 1); err != nil {
		return err
	}
	m.SectorSets = decodeAll(c.Children[1], n, (*SectorSet).read)
	sectors := c.Children[2]
	switch {
	case sectors.Stride == longSectorSize:
		m.LongSectors = true
	case sectors.Count == 0: // the size is decided by the dialect (see Decode)
	case sectors.Stride != shortSectorSize:
		return bin.Errorf(sectors.Offset, path(blockCollision, 2), "sectors of 16 or 18 bytes, found a stride of %d", sectors.Stride)
	}
	long := m.LongSectors
	m.Sectors = decodeAll(sectors, int(sectors.Count), func(s *Sector, r *reader) { s.read(r, long) })
	return nil
}

// decodeGrid reads the grid bounds and sections, and tells whether an
// empty section showed the file's form of them.
func (m *Map) decodeGrid(bounds, sections *kex.Node, names interner) (told bool, err error) {
	if len(bounds.Children) < 3 {
		return false, bin.Errorf(bounds.Offset, path(blockGridBounds), "3 blocks, found %d", len(bounds.Children))
	}
	if size := bounds.Children[0]; size.Count > 0 {
		if size.Stride*size.Count != 4 {
			return false, bin.Errorf(size.Offset, path(blockGridBounds, 0), "a width and a height of 2 bytes each, found %d records of %d bytes", size.Count, size.Stride)
		}
		m.GridWidth, m.GridHeight = int16(le.Uint16(size.Data)), int16(le.Uint16(size.Data[2:]))
	}
	for i, out := range []*[]XY{&m.GridMin, &m.GridMax} {
		n, err := m.records(bounds.Children[i+1], gridBoundSize, "grid bounds", blockGridBounds, i+1)
		if err != nil {
			return false, err
		}
		*out = decodeAll(bounds.Children[i+1], n, func(p *XY, r *reader) { p.X, p.Y = r.f32(), r.f32() })
	}
	m.Sections = make([]Section, len(sections.Children))
	for i, s := range sections.Children {
		if len(s.Children) == 0 {
			if !told {
				m.EmptySections, told = EmptyArchive, true
				if s.EndZero {
					m.EmptySections = EmptyAtZero
				}
			}
			continue
		}
		if len(s.Children) < 2 {
			return false, bin.Errorf(s.Offset, path(blockSections, i), "2 blocks (or none, for an empty section), found %d", len(s.Children))
		}
		n, err := m.records(s.Children[0], staticMeshSize, "static meshes", blockSections, i, 0)
		if err != nil {
			return false, err
		}
		if n == 0 && !told {
			m.EmptySections, told = EmptyBlocks, true
		}
		models := s.Children[1]
		if len(models.Children) != n {
			return false, bin.Errorf(models.Offset, path(blockSections, i, 1), "a model path for each of %d static meshes, found %d", n, len(models.Children))
		}
		m.Sections[i].Meshes = decodeAll(s.Children[0], n, (*StaticMesh).read)
		for j := range m.Sections[i].Meshes {
			m.Sections[i].Meshes[j].Model = names.text(models.Children[j])
		}
	}
	return told, nil
}

func (m *Map) decodeActors(a *kex.Node, names interner) error {
	if len(a.Children) < 3 {
		return bin.Errorf(a.Offset, path(blockActors), "3 blocks, found %d", len(a.Children))
	}
	n, err := m.records(a.Children[0], actorSize, "actors", blockActors, 0)
	if err != nil {
		return err
	}
	for i := 1; i <= 2; i++ {
		if got := len(a.Children[i].Children); got != n {
			return bin.Errorf(a.Children[i].Offset, path(blockActors, i), "a path for each of %d actors, found %d", n, got)
		}
	}
	m.Actors = decodeAll(a.Children[0], n, (*Actor).read)
	for i := range m.Actors {
		m.Actors[i].Model = names.text(a.Children[1].Children[i])
		m.Actors[i].Anim = names.text(a.Children[2].Children[i])
	}
	return nil
}

// Encode writes the map. Blocks whose content did not change keep the
// bytes they were read with, padding included; new and resized ones are
// laid out by the archive's alignment rules.
func (m *Map) Encode() []byte {
	var old *kex.Node
	tree := &kex.Tree{}
	if m.tree != nil {
		c := *m.tree
		tree, old = &c, m.tree.Root
	}
	root := reuse(old, kex.Indexed)
	root.Children = make([]*kex.Node, 0, 8)
	version := le.AppendUint32(nil, uint32(m.Version))
	root.Children = append(root.Children, raw(old.Child(blockVersion), version))

	oldWorld := old.Child(blockWorld)
	world := reuse(oldWorld, kex.Indexed)
	var w writer
	w.vec3(m.SunDirection)
	for _, c := range [][4]float32{m.SunColor, m.AmbientColor} {
		for _, f := range c {
			w.f32(f)
		}
	}
	world.Children = []*kex.Node{raw(oldWorld.Child(0), w[:12]), raw(oldWorld.Child(1), w[12:28]), raw(oldWorld.Child(2), w[28:])}
	root.Children = append(root.Children, world, str(old.Child(blockSky), m.SkyMaterial))

	oldCollision := old.Child(blockCollision)
	collision := reuse(oldCollision, kex.Indexed)
	sectorSize := uint32(shortSectorSize)
	if m.LongSectors {
		sectorSize = longSectorSize
	}
	long := m.LongSectors
	collision.Children = []*kex.Node{
		set(m, oldCollision.Child(0), vertexSize, m.Vertices, (*Vertex).write),
		set(m, oldCollision.Child(1), sectorSetSize, m.SectorSets, (*SectorSet).write),
		set(m, oldCollision.Child(2), sectorSize, m.Sectors, func(s *Sector, w *writer) { s.write(w, long) }),
	}
	bounds, sections := m.encodeGrid(old)
	root.Children = append(root.Children, collision, bounds, sections, m.encodeActors(old.Child(blockActors)))
	if v := m.Visibility; v != nil {
		n := reuse(old.Child(blockVisibility), kex.DataSet)
		n.Stride, n.Count, n.Data, n.Records = v.Stride, v.Count, v.Data, nil
		root.Children = append(root.Children, n)
	}
	if old != nil && len(old.Children) > blockVisibility+1 && m.Visibility != nil {
		// Blocks past the visibility tables, which this model does not
		// know, follow them unchanged (without the tables they would take
		// the tables' place, so they go with them).
		root.Children = append(root.Children, old.Children[blockVisibility+1:]...)
	}
	tree.Root = root
	return tree.Bytes()
}

func (m *Map) encodeGrid(old *kex.Node) (bounds, sections *kex.Node) {
	oldBounds := old.Child(blockGridBounds)
	bounds = reuse(oldBounds, kex.Indexed)
	size := reuse(oldBounds.Child(0), kex.DataSet)
	if m.GridWidth != 0 || m.GridHeight != 0 || size.Count != 0 {
		size.Stride, size.Count, size.Records = 2, 2, nil
		size.Data = le.AppendUint16(le.AppendUint16(nil, uint16(m.GridWidth)), uint16(m.GridHeight))
	}
	writeXY := func(p *XY, w *writer) { w.f32(p.X); w.f32(p.Y) }
	bounds.Children = []*kex.Node{size,
		set(m, oldBounds.Child(1), gridBoundSize, m.GridMin, writeXY),
		set(m, oldBounds.Child(2), gridBoundSize, m.GridMax, writeXY)}

	oldSections := old.Child(blockSections)
	sections = m.archive(oldSections, len(m.Sections))
	for i, s := range m.Sections {
		sections.Children[i] = m.encodeSection(oldSections.Child(i), s)
	}
	return bounds, sections
}

// encodeSection writes section s in the place of old: an empty section
// in the form it was read in, or in the file's form (EmptySections) when
// it was not empty; a section with meshes as its two blocks.
func (m *Map) encodeSection(old *kex.Node, s Section) *kex.Node {
	readEmpty := old != nil && old.Kind == kex.Indexed && (len(old.Children) == 0 || old.Children[0].Count == 0)
	switch {
	case len(s.Meshes) > 0: // the two blocks
	case readEmpty && len(old.Children) == 0:
		return reuse(old, kex.Indexed)
	case readEmpty: // the two blocks it was read as
	case m.EmptySections == EmptyArchive:
		return kex.NewIndexed()
	case m.EmptySections == EmptyAtZero:
		return &kex.Node{Kind: kex.Indexed, EndZero: true}
	}
	section := reuse(old, kex.Indexed)
	oldModels := old.Child(1)
	models := reuse(oldModels, kex.Indexed)
	models.Children = make([]*kex.Node, len(s.Meshes))
	for j := range s.Meshes {
		models.Children[j] = str(oldModels.Child(j), s.Meshes[j].Model)
	}
	section.Children = []*kex.Node{set(m, old.Child(0), staticMeshSize, s.Meshes, (*StaticMesh).write), models}
	return section
}

func (m *Map) encodeActors(old *kex.Node) *kex.Node {
	actors := reuse(old, kex.Indexed)
	oldModels, oldAnims := old.Child(1), old.Child(2)
	models, anims := m.archive(oldModels, len(m.Actors)), m.archive(oldAnims, len(m.Actors))
	for i := range m.Actors {
		models.Children[i] = str(oldModels.Child(i), m.Actors[i].Model)
		anims.Children[i] = str(oldAnims.Child(i), m.Actors[i].Anim)
	}
	actors.Children = []*kex.Node{set(m, old.Child(0), actorSize, m.Actors, (*Actor).write), models, anims}
	return actors
}

// reuse copies the node read at a block's place, to keep its padding, or
// starts a new one.
func reuse(old *kex.Node, kind kex.Kind) *kex.Node {
	if old != nil && old.Kind == kind {
		c := *old
		return &c
	}
	return &kex.Node{Kind: kind}
}

// archive is an indexed archive of count blocks, to be filled, in the
// place of old. One that becomes empty (or is new and empty) takes the
// file's form of empty archives of paths: count 0 at offset 0 when
// m.EmptyPathsAtZero, 0, 8 otherwise.
func (m *Map) archive(old *kex.Node, count int) *kex.Node {
	n := reuse(old, kex.Indexed)
	n.Children = make([]*kex.Node, count)
	if count == 0 && (old == nil || len(old.Children) > 0) {
		n.EndZero = m.EmptyPathsAtZero
	}
	return n
}

// raw is a raw block of data, in the place of old.
func raw(old *kex.Node, data []byte) *kex.Node {
	n := reuse(old, kex.Raw)
	n.Data = data
	return n
}

// str is a data set holding s and its NUL; the block read is kept, bytes
// and node, when it holds the same string (the encoder does not change
// the nodes it writes).
func str(old *kex.Node, s string) *kex.Node {
	if old != nil && old.Kind == kex.DataSet && string(textBytes(old)) == s {
		return old
	}
	n := reuse(old, kex.DataSet)
	n.Stride, n.Count, n.Data, n.Records = uint32(len(s)+1), 1, append([]byte(s), 0), nil
	return n
}

// set is a data set of records of size bytes written by write, in the
// place of old. A set read empty and still empty keeps the stride it was
// read with; one that becomes empty takes m's stride of empty sets (0
// when m.ZeroStride, else size).
func set[T any](m *Map, old *kex.Node, size uint32, items []T, write func(*T, *writer)) *kex.Node {
	n := reuse(old, kex.DataSet)
	switch {
	case len(items) > 0:
		n.Stride = size
	case old != nil && old.Kind == kex.DataSet && old.Count == 0:
	case m.ZeroStride:
		n.Stride = 0
	default:
		n.Stride = size
	}
	n.Count = uint32(len(items))
	n.Records = func(dst []byte) []byte {
		w := writer(dst)
		for i := range items {
			write(&items[i], &w)
		}
		return w
	}
	return n
}

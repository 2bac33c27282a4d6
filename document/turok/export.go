package turok

import (
	"encoding/hex"
	"fmt"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
)

// ExportFormat names the JSON form of a Turok map.
const ExportFormat = "levelwright-turok-map/1"

// MapJSON is a Turok map's editable content as text, with the format's
// field names and flags by name. Import reads the same form back. Every
// list is written, [] when empty; the format's fixed-size arrays are
// lists that import refuses at any other length.
type MapJSON struct {
	Format     string          `json:"format"`
	Vertices   []codec.Vertex  `json:"vertices"`
	SectorSets []SectorSetJSON `json:"sector_sets"`
	Sectors    []SectorJSON    `json:"sectors"`
	Sections   []SectionJSON   `json:"sections"`
	Actors     []ActorJSON     `json:"actors"`
	Visibility *VisibilityJSON `json:"visibility,omitempty"`
}

// MarshalJSON writes the map in the exact form of document.MarshalExact:
// model paths that are not UTF-8 and floats that are not finite are
// written so that they come back bit for bit.
func (mj MapJSON) MarshalJSON() ([]byte, error) { return document.MarshalExact(mj) }

// UnmarshalJSON reads the map in the exact form, refusing fields it
// does not have.
func (mj *MapJSON) UnmarshalJSON(text []byte) error { return document.UnmarshalExact(text, mj) }

// SectorSetJSON is a sector set with its flags by name and its colours
// (RGBA), args and unused bytes as lists.
type SectorSetJSON struct {
	codec.SectorSet
	Flags      []string `json:"Flags"`
	FogColor   []int    `json:"FogColor"`
	WaterColor []int    `json:"WaterColor"`
	Args       []int16  `json:"Args"`
	Unused     []int    `json:"Unused"`
}

// SectorJSON is a sector with its corners and links as lists. DrawOrder
// is written for maps of 18-byte sectors only: 16-byte sectors have none
// (and 0 is a draw order like any other).
type SectorJSON struct {
	codec.Sector
	Vertices  []uint16 `json:"Vertices"`
	Links     []uint16 `json:"Links"`
	DrawOrder *int16   `json:"DrawOrder,omitempty"`
}

// SectionJSON is a grid section: its bounds (derived) and its meshes.
type SectionJSON struct {
	Min    codec.XY   `json:"Min"`
	Max    codec.XY   `json:"Max"`
	Meshes []MeshJSON `json:"Meshes"`
}

// MeshJSON is a static mesh with its flags by name and its rotation as a
// list.
type MeshJSON struct {
	codec.StaticMesh
	Flags    []string  `json:"Flags"`
	Rotation []float32 `json:"Rotation"`
}

// ActorJSON is an actor with its spawn flags by name.
type ActorJSON struct {
	codec.Actor
	SpawnFlags1 []string `json:"SpawnFlags1"`
	SpawnFlags2 []string `json:"SpawnFlags2"`
	SpawnFlags3 []string `json:"SpawnFlags3"`
}

// VisibilityJSON describes the visibility tables, for reading: their
// shape, whether edits made them stale, and each sector's row of mesh
// bits as hex (bit k of byte k/8 for mesh k), so that a diff of two
// exports shows the rows a rebuild changed.
type VisibilityJSON struct {
	Stride, Count uint32
	Stale         bool
	Rows          []string
}

// Export returns the map as text.
func (d *Document) Export() MapJSON {
	m := d.Map
	mj := MapJSON{Format: ExportFormat, Vertices: append([]codec.Vertex{}, m.Vertices...),
		SectorSets: make([]SectorSetJSON, len(m.SectorSets)), Sectors: make([]SectorJSON, len(m.Sectors)),
		Sections: make([]SectionJSON, len(m.Sections)), Actors: make([]ActorJSON, len(m.Actors))}
	for i, s := range m.SectorSets {
		mj.SectorSets[i] = SectorSetJSON{s, names(codec.SectorSetFlags, s.Flags), ints(s.FogColor[:]), ints(s.WaterColor[:]),
			append([]int16{}, s.Args[:]...), ints(s.Unused[:])}
	}
	for i, s := range m.Sectors {
		mj.Sectors[i] = SectorJSON{Sector: s, Vertices: append([]uint16{}, s.Vertices[:]...), Links: append([]uint16{}, s.Links[:]...)}
		if m.LongSectors {
			mj.Sectors[i].DrawOrder = &s.DrawOrder
		}
	}
	for i, sec := range m.Sections {
		sj := SectionJSON{Meshes: make([]MeshJSON, len(sec.Meshes))}
		if i < len(m.GridMin) && i < len(m.GridMax) {
			sj.Min, sj.Max = m.GridMin[i], m.GridMax[i]
		}
		for j, mesh := range sec.Meshes {
			sj.Meshes[j] = MeshJSON{mesh, names(codec.StaticMeshFlags, mesh.Flags), append([]float32{}, mesh.Rotation[:]...)}
		}
		mj.Sections[i] = sj
	}
	for i, a := range m.Actors {
		mj.Actors[i] = ActorJSON{a, names(codec.ActorSpawnFlags1, a.SpawnFlags1),
			names(codec.ActorSpawnFlags2, a.SpawnFlags2), names(codec.ActorSpawnFlags3, uint32(a.SpawnFlags3))}
	}
	if v := m.Visibility; v != nil {
		mj.Visibility = &VisibilityJSON{v.Stride, v.Count, d.VisibilityStale(), visibilityRows(v)}
	}
	return mj
}

// visibilityRows are v's rows as hex, one a sector: as many as its
// count says and its data holds, the last cut short with the data.
func visibilityRows(v *codec.Visibility) []string {
	rows := []string{}
	stride := int(v.Stride)
	for from := 0; stride > 0 && from < len(v.Data) && len(rows) < int(v.Count); from += stride {
		rows = append(rows, hex.EncodeToString(v.Data[from:min(len(v.Data), from+stride)]))
	}
	return rows
}

// names lists the names of v's bits, [] for none.
func names(set codec.FlagSet, v uint32) []string { return append([]string{}, set.Names(v)...) }

func ints(bytes []uint8) []int {
	out := make([]int, len(bytes))
	for i, b := range bytes {
		out[i] = int(b)
	}
	return out
}

// fill copies list, the text's value of the field at path, into dst,
// which it must fill exactly.
func fill[T any](path string, dst []T, list []T) error {
	switch {
	case list == nil:
		return fmt.Errorf("%s: null or missing, want a list of %d", path, len(dst))
	case len(list) != len(dst):
		return fmt.Errorf("%s: %d values, the field holds %d", path, len(list), len(dst))
	}
	copy(dst, list)
	return nil
}

// fillBytes is fill for a field of bytes: every value 0 to 255.
func fillBytes(path string, dst []uint8, list []int) error {
	wide := make([]int, len(dst))
	if err := fill(path, wide, list); err != nil {
		return err
	}
	for i, v := range wide {
		if v < 0 || v > 255 {
			return fmt.Errorf("%s[%d]: %d, want 0 to 255", path, i, v)
		}
		dst[i] = uint8(v)
	}
	return nil
}

// mask reads the flag names at path, a list (empty for none).
func mask(path string, set codec.FlagSet, list []string) (uint32, error) {
	if list == nil {
		return 0, fmt.Errorf("%s: null or missing, want a list of flag names ([] for none)", path)
	}
	v, err := set.Mask(list)
	if err != nil {
		return 0, fmt.Errorf("%s: %w", path, err)
	}
	return v, nil
}

// firstErr is the first error of errs that is not nil, or nil.
func firstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// lists refuses the map's lists when null or missing.
func (mj MapJSON) lists() error {
	for _, l := range []struct {
		name  string
		isNil bool
	}{{"vertices", mj.Vertices == nil}, {"sector_sets", mj.SectorSets == nil}, {"sectors", mj.Sectors == nil},
		{"sections", mj.Sections == nil}, {"actors", mj.Actors == nil}} {
		if l.isNil {
			return fmt.Errorf("%s: null or missing, want a list ([] for none)", l.name)
		}
	}
	for i, sec := range mj.Sections {
		if sec.Meshes == nil {
			return fmt.Errorf("sections[%d].Meshes: null or missing, want a list ([] for none)", i)
		}
	}
	return nil
}

// imported is the text's records, read back and checked.
type imported struct {
	sets    []codec.SectorSet
	sectors []codec.Sector
	meshes  [][]codec.StaticMesh
	actors  []codec.Actor
}

// records reads the text's records back, flags by name and lists into
// the fixed-size fields, and names the first bad one. It refuses the
// values the engine could not load that m's record of the same place
// does not hold already, sectors naming a sector set the text does not
// hold, and a draw order for a map whose sectors are not long (18
// bytes).
func (mj MapJSON) records(m *codec.Map) (r imported, err error) {
	if err := mj.lists(); err != nil {
		return r, err
	}
	for i := range mj.Vertices {
		if err := mj.Vertices[i].ValidateChange(recordAt(m.Vertices, i)); err != nil {
			return r, fmt.Errorf("vertices[%d].%w", i, err)
		}
	}
	if err := roomFor("sector set", len(mj.SectorSets), 0); err != nil {
		return r, fmt.Errorf("sector_sets: %w", err)
	}
	for i, s := range mj.SectorSets {
		set, err := s.record(fmt.Sprintf("sector_sets[%d].", i), recordAt(m.SectorSets, i))
		if err != nil {
			return r, err
		}
		r.sets = append(r.sets, set)
	}
	for i, s := range mj.Sectors {
		sector, at := s.Sector, fmt.Sprintf("sectors[%d].", i)
		if err := firstErr(fill(at+"Vertices", sector.Vertices[:], s.Vertices), fill(at+"Links", sector.Links[:], s.Links)); err != nil {
			return r, err
		}
		sets := len(r.sets)
		if i < len(m.Sectors) && sector.Set == m.Sectors[i].Set {
			sets = max(sets, len(m.SectorSets)) // unchanged: the map's set, whose removal import checks
		}
		if err := checkIndex("sector set", int(sector.Set), sets); err != nil {
			return r, fmt.Errorf("%sSet: %w", at, err)
		}
		switch {
		case s.DrawOrder == nil:
		case !m.LongSectors:
			return r, fmt.Errorf("%sDrawOrder: the map's sectors are 16 bytes, which hold no draw order (only 18-byte sectors do): leave it out", at)
		default:
			sector.DrawOrder = *s.DrawOrder
		}
		r.sectors = append(r.sectors, sector)
	}
	for i, sec := range mj.Sections {
		list := make([]codec.StaticMesh, len(sec.Meshes))
		var have []codec.StaticMesh
		if i < len(m.Sections) {
			have = m.Sections[i].Meshes
		}
		for j, mesh := range sec.Meshes {
			if list[j], err = mesh.record(fmt.Sprintf("sections[%d].Meshes[%d].", i, j), recordAt(have, j)); err != nil {
				return r, err
			}
		}
		r.meshes = append(r.meshes, list)
	}
	if err := roomFor("actor", len(mj.Actors), 0); err != nil {
		return r, fmt.Errorf("actors: %w", err)
	}
	r.actors = make([]codec.Actor, len(mj.Actors))
	for i, a := range mj.Actors {
		if r.actors[i], err = a.record(fmt.Sprintf("actors[%d].", i), recordAt(m.Actors, i)); err != nil {
			return r, err
		}
	}
	return r, nil
}

// recordAt is &list[i], or nil past the end of list.
func recordAt[T any](list []T, i int) *T {
	if i < len(list) {
		return &list[i]
	}
	return nil
}

// record is the sector set s describes, or an error naming its first
// bad field after at; a value that base, the map's set of the same place
// (nil for none), holds already is kept.
func (s SectorSetJSON) record(at string, base *codec.SectorSet) (codec.SectorSet, error) {
	set := s.SectorSet
	var err error
	if set.Flags, err = mask(at+"Flags", codec.SectorSetFlags, s.Flags); err != nil {
		return set, err
	}
	err = firstErr(fillBytes(at+"FogColor", set.FogColor[:], s.FogColor), fillBytes(at+"WaterColor", set.WaterColor[:], s.WaterColor),
		fill(at+"Args", set.Args[:], s.Args), fillBytes(at+"Unused", set.Unused[:], s.Unused))
	if err != nil {
		return set, err
	}
	if err := set.ValidateChange(base); err != nil {
		return set, fmt.Errorf("%s%w", at, err)
	}
	return set, nil
}

// record is the static mesh m describes, or an error naming its first
// bad field after at, keeping what base holds already as
// SectorSetJSON.record does.
func (m MeshJSON) record(at string, base *codec.StaticMesh) (codec.StaticMesh, error) {
	s := m.StaticMesh
	var err error
	if s.Flags, err = mask(at+"Flags", codec.StaticMeshFlags, m.Flags); err != nil {
		return s, err
	}
	if err := fill(at+"Rotation", s.Rotation[:], m.Rotation); err != nil {
		return s, err
	}
	if err := s.ValidateChange(base); err != nil {
		return s, fmt.Errorf("%s%w", at, err)
	}
	return s, nil
}

// record is the actor a describes, or an error naming its first bad
// field after at, keeping what base holds already as
// SectorSetJSON.record does.
func (a ActorJSON) record(at string, base *codec.Actor) (codec.Actor, error) {
	actor := a.Actor
	var flags3 uint32
	for k, f := range []struct {
		set   codec.FlagSet
		names []string
		to    *uint32
	}{{codec.ActorSpawnFlags1, a.SpawnFlags1, &actor.SpawnFlags1}, {codec.ActorSpawnFlags2, a.SpawnFlags2, &actor.SpawnFlags2},
		{codec.ActorSpawnFlags3, a.SpawnFlags3, &flags3}} {
		var err error
		if *f.to, err = mask(fmt.Sprintf("%sSpawnFlags%d", at, k+1), f.set, f.names); err != nil {
			return actor, err
		}
	}
	if flags3 > 0xFFFF {
		return actor, fmt.Errorf("%sSpawnFlags3: 16 bits, found %#x", at, flags3)
	}
	actor.SpawnFlags3 = uint16(flags3)
	if err := actor.ValidateChange(base); err != nil {
		return actor, fmt.Errorf("%s%w", at, err)
	}
	return actor, nil
}

// Import applies the differences between mj and the map as edits, one
// undo step in all, and returns how many records it changed. Vertices
// move, sectors change set and draw order, sector sets, actors and static
// meshes change any field; sector sets and actors may be added or
// removed at the end of their lists. The geometry's counts (vertices,
// sectors, meshes per section) stay: draw and delete in the editor.
// Derived fields (links, sector flags, sectors of actors and meshes,
// section bounds) are recomputed, whatever the text says. Text that is
// not a whole map (a list null or missing, a fixed-size field of
// another length) or holds a value the engine could not load is refused
// before anything changes, naming the entity, its index and the field.
func (d *Document) Import(mj MapJSON) (edits int, err error) {
	if mj.Format != ExportFormat {
		return 0, fmt.Errorf("format %q, want %q", mj.Format, ExportFormat)
	}
	r, err := mj.records(d.Map)
	if err != nil {
		return 0, err
	}
	m := d.Map
	if len(r.meshes) != len(m.Sections) {
		return 0, fmt.Errorf("the text has %d grid sections, the map %d", len(r.meshes), len(m.Sections))
	}
	var flat []codec.StaticMesh
	for i, list := range r.meshes {
		if len(list) != len(m.Sections[i].Meshes) {
			return 0, fmt.Errorf("section %d: the text has %d static meshes, the map %d: import does not add or remove them", i, len(list), len(m.Sections[i].Meshes))
		}
		flat = append(flat, list...)
	}
	if len(mj.Vertices) != len(m.Vertices) {
		return 0, fmt.Errorf("the text has %d vertices, the map %d: import does not add or remove them", len(mj.Vertices), len(m.Vertices))
	}
	if len(r.sectors) != len(m.Sectors) {
		return 0, fmt.Errorf("the text has %d sectors, the map %d: import does not add or remove them", len(r.sectors), len(m.Sectors))
	}
	for i, s := range r.sectors {
		if s.Vertices != m.Sectors[i].Vertices {
			return 0, fmt.Errorf("sectors[%d].Vertices: corners %v, the map's %v: import does not change corners", i, s.Vertices, m.Sectors[i].Vertices)
		}
	}
	var rows []string // before the import, to tell the rows the text changes
	if mj.Visibility != nil && m.Visibility != nil {
		rows = visibilityRows(m.Visibility)
	}
	err = d.Batch("Import map", func() error {
		syncs := []func() (int, error){
			// Sets first: sectors and their flags may need new ones, and
			// the sets the text leaves out go by identity.
			func() (int, error) { return d.removeLeftOutSets(&r) },
			func() (int, error) {
				return document.SyncRecords(sectorSetsTable, d.state, r.sets,
					func(s codec.SectorSet) error { _, err := d.AddSectorSet(s); return err }, d.DeleteSectorSet,
					func(i int, s codec.SectorSet) error {
						return d.EditSectorSets([]int{i}, func(r *codec.SectorSet) { *r = s })
					})
			},
			func() (int, error) {
				return document.SyncRecords(verticesTable, d.state, mj.Vertices, nil, nil, d.MoveVertex)
			},
			func() (int, error) {
				// Sectors take their set and draw order from the text, the
				// rest is derived.
				want := slices.Clone(m.Sectors)
				for i, s := range r.sectors {
					want[i].Set, want[i].DrawOrder, want[i].Flags = s.Set, s.DrawOrder, uint16(m.SectorSets[s.Set].Flags)
				}
				return document.SyncRecords(sectorsTable, d.state, want, nil, nil, func(i int, s codec.Sector) error {
					return d.EditSectors([]int{i}, func(r *codec.Sector) { *r = s })
				})
			},
			func() (int, error) { return d.importActors(r.actors) },
			func() (int, error) { return d.importMeshes(flat) },
			func() (int, error) { return d.importVisibility(mj.Visibility, rows) },
		}
		for _, sync := range syncs {
			n, err := sync()
			if err != nil {
				return err
			}
			edits += n
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return edits, nil
}

// importActors makes the actors want, in one edit: those that differ
// are changed, added past the end or removed from it, each settled (its
// bounds following its origin and scale, its sector found); it returns
// how many actors changed.
func (d *Document) importActors(want []codec.Actor) (int, error) {
	e := d.begin()
	have := d.Map.Actors
	if len(want) != len(have) {
		document.Touch(e.Edit, actorsTable)
	}
	changed := 0
	for i, a := range want {
		was, base := a, (*codec.Actor)(nil) // a new actor is checked whole
		if i < len(have) {
			if a.Same(have[i]) {
				continue
			}
			was, base = have[i], &have[i]
		}
		if err := d.settle(actorPlacement(&a, base), actorPlacement(&was, nil)); err != nil {
			e.Rollback()
			return 0, fmt.Errorf("actors[%d]: %w", i, err)
		}
		switch {
		case i >= len(have):
			e.Born[KindActor] = append(e.Born[KindActor], i)
			d.Map.Actors = append(d.Map.Actors, a)
		case a.Same(have[i]):
			continue // the text differs in derived values only
		default:
			document.TouchAt(e.Edit, actorsTable, i)
			d.Map.Actors[i] = a
		}
		changed++
	}
	if len(want) < len(have) {
		moves := map[int]int{}
		for i := len(want); i < len(have); i++ {
			moves[i] = -1
		}
		d.Map.Actors = d.Map.Actors[:len(want)]
		e.Renumber = append(e.Renumber, document.Renumbering{Kind: KindActor, Moves: moves})
		changed += len(moves)
	}
	return changed, e.Commit(fmt.Sprintf("Import %d actors", changed), "")
}

// importVisibility takes the visibility rows that vj (when given)
// changes from before, the rows before the import, in one edit, with
// the text's stale mark: new rows are as stale as the text says. The
// rows must keep the map's shape: as many, each as long as the map's.
// Text that changes rows while the import renumbers meshes (moving them
// between sections, which moves their bits) is refused: its rows number
// the meshes as they were.
func (d *Document) importVisibility(vj *VisibilityJSON, before []string) (int, error) {
	m := d.Map
	switch {
	case vj == nil || slices.Equal(vj.Rows, before):
		return 0, nil
	case m.Visibility == nil:
		return 0, fmt.Errorf("visibility: the map has no visibility tables, and import does not add them")
	case vj.Stride != m.Visibility.Stride || vj.Count != m.Visibility.Count:
		return 0, fmt.Errorf("visibility: Stride %d and Count %d, the map's are %d and %d: import does not reshape the tables",
			vj.Stride, vj.Count, m.Visibility.Stride, m.Visibility.Count)
	}
	have := visibilityRows(m.Visibility)
	if !slices.Equal(have, before) {
		return 0, fmt.Errorf("visibility.Rows: the text changes rows and moves meshes between sections, which moves their bits: import the two apart")
	}
	if len(vj.Rows) != len(have) {
		return 0, fmt.Errorf("visibility.Rows: %d rows, the map has %d", len(vj.Rows), len(have))
	}
	data := slices.Clone(m.Visibility.Data)
	at := 0
	for i, row := range vj.Rows {
		b, err := hex.DecodeString(row)
		if err != nil || len(b) != len(have[i])/2 {
			return 0, fmt.Errorf("visibility.Rows[%d]: want %d bytes as hex, like %q", i, len(have[i])/2, have[i])
		}
		at += copy(data[at:], b)
	}
	e := d.begin()
	document.TouchValue(e.Edit, visibilityValue)
	m.Visibility = &codec.Visibility{Stride: m.Visibility.Stride, Count: m.Visibility.Count, Data: data}
	if vj.Stale != d.state.staleVisibility {
		document.TouchValue(e.Edit, staleValue)
		d.state.staleVisibility = vj.Stale
	}
	return 1, e.Commit("Import visibility", "")
}

// importMeshes edits the static meshes that differ from want (every
// mesh, in order) in more than their derived sector, all in one edit.
func (d *Document) importMeshes(want []codec.StaticMesh) (int, error) {
	var changed []int
	g := 0
	for _, sec := range d.Map.Sections {
		for _, mesh := range sec.Meshes {
			w := want[g]
			w.Sector = mesh.Sector
			if !mesh.Same(w) {
				changed = append(changed, g)
			}
			g++
		}
	}
	if len(changed) == 0 {
		return 0, nil
	}
	return len(changed), d.editMeshesAt(changed, "Edit "+describe("static mesh", changed), "",
		func(g int, s *codec.StaticMesh) { *s = want[g] }, true)
}

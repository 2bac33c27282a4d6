package turok

import (
	"fmt"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
)

// ExportFormat names the JSON form of a Turok map.
const ExportFormat = "levelwright-turok-map/1"

// MapJSON is a Turok map's editable content as text, with the format's
// field names and flags by name. Import reads the same form back.
type MapJSON struct {
	Format     string          `json:"format"`
	Vertices   []codec.Vertex  `json:"vertices"`
	SectorSets []SectorSetJSON `json:"sector_sets"`
	Sectors    []codec.Sector  `json:"sectors"`
	Sections   []SectionJSON   `json:"sections"`
	Actors     []ActorJSON     `json:"actors"`
	Visibility *VisibilityJSON `json:"visibility,omitempty"`
}

// SectorSetJSON is a sector set with its flags by name.
type SectorSetJSON struct {
	codec.SectorSet
	Flags []string `json:"Flags"`
}

// SectionJSON is a grid section: its bounds (derived) and its meshes.
type SectionJSON struct {
	Min    codec.XY   `json:"Min"`
	Max    codec.XY   `json:"Max"`
	Meshes []MeshJSON `json:"Meshes"`
}

// MeshJSON is a static mesh with its flags by name.
type MeshJSON struct {
	codec.StaticMesh
	Flags []string `json:"Flags"`
}

// ActorJSON is an actor with its spawn flags by name.
type ActorJSON struct {
	codec.Actor
	SpawnFlags1 []string `json:"SpawnFlags1"`
	SpawnFlags2 []string `json:"SpawnFlags2"`
	SpawnFlags3 []string `json:"SpawnFlags3"`
}

// VisibilityJSON describes the visibility tables, for reading.
type VisibilityJSON struct {
	Stride, Count uint32
	Stale         bool
}

// Export returns the map as text.
func (d *Document) Export() MapJSON {
	m := d.Map
	mj := MapJSON{Format: ExportFormat, Vertices: m.Vertices, Sectors: m.Sectors}
	for _, s := range m.SectorSets {
		mj.SectorSets = append(mj.SectorSets, SectorSetJSON{s, codec.SectorSetFlags.Names(s.Flags)})
	}
	for i, sec := range m.Sections {
		sj := SectionJSON{Meshes: []MeshJSON{}}
		if i < len(m.GridMin) && i < len(m.GridMax) {
			sj.Min, sj.Max = m.GridMin[i], m.GridMax[i]
		}
		for _, mesh := range sec.Meshes {
			sj.Meshes = append(sj.Meshes, MeshJSON{mesh, codec.StaticMeshFlags.Names(mesh.Flags)})
		}
		mj.Sections = append(mj.Sections, sj)
	}
	for _, a := range m.Actors {
		mj.Actors = append(mj.Actors, ActorJSON{a, codec.ActorSpawnFlags1.Names(a.SpawnFlags1),
			codec.ActorSpawnFlags2.Names(a.SpawnFlags2), codec.ActorSpawnFlags3.Names(uint32(a.SpawnFlags3))})
	}
	if v := m.Visibility; v != nil {
		mj.Visibility = &VisibilityJSON{v.Stride, v.Count, d.VisibilityStale()}
	}
	return mj
}

// records reads the text's records back, flags by name, and names the
// first bad one.
func (mj MapJSON) records() (sets []codec.SectorSet, meshes [][]codec.StaticMesh, actors []codec.Actor, err error) {
	for i, s := range mj.SectorSets {
		if s.SectorSet.Flags, err = codec.SectorSetFlags.Mask(s.Flags); err != nil {
			return nil, nil, nil, fmt.Errorf("sector_sets[%d].Flags: %w", i, err)
		}
		sets = append(sets, s.SectorSet)
	}
	for i, sec := range mj.Sections {
		var list []codec.StaticMesh
		for j, mesh := range sec.Meshes {
			if mesh.StaticMesh.Flags, err = codec.StaticMeshFlags.Mask(mesh.Flags); err != nil {
				return nil, nil, nil, fmt.Errorf("sections[%d].Meshes[%d].Flags: %w", i, j, err)
			}
			list = append(list, mesh.StaticMesh)
		}
		meshes = append(meshes, list)
	}
	for i, a := range mj.Actors {
		var flags3 uint32
		for k, f := range []struct {
			set   codec.FlagSet
			names []string
			to    *uint32
		}{{codec.ActorSpawnFlags1, a.SpawnFlags1, &a.Actor.SpawnFlags1}, {codec.ActorSpawnFlags2, a.SpawnFlags2, &a.Actor.SpawnFlags2},
			{codec.ActorSpawnFlags3, a.SpawnFlags3, &flags3}} {
			if *f.to, err = f.set.Mask(f.names); err != nil {
				return nil, nil, nil, fmt.Errorf("actors[%d].SpawnFlags%d: %w", i, k+1, err)
			}
		}
		if flags3 > 0xFFFF {
			return nil, nil, nil, fmt.Errorf("actors[%d].SpawnFlags3: 16 bits, found %#x", i, flags3)
		}
		a.Actor.SpawnFlags3 = uint16(flags3)
		actors = append(actors, a.Actor)
	}
	return sets, meshes, actors, nil
}

// Import applies the differences between mj and the map as edits, one
// undo step in all, and returns how many edits changed the map. Vertices move,
// sectors change set and draw order, sector sets, actors and static
// meshes change any field; sector sets and actors may be added or
// removed at the end of their lists. The geometry's counts (vertices,
// sectors, meshes per section) stay: draw and delete in the editor.
// Derived fields (links, sector flags, sectors of actors and meshes,
// section bounds) are recomputed, whatever the text says.
func (d *Document) Import(mj MapJSON) (edits int, err error) {
	if mj.Format != ExportFormat {
		return 0, fmt.Errorf("format %q, want %q", mj.Format, ExportFormat)
	}
	sets, meshes, actors, err := mj.records()
	if err != nil {
		return 0, err
	}
	m := d.Map
	if len(meshes) != len(m.Sections) {
		return 0, fmt.Errorf("the text has %d grid sections, the map %d", len(meshes), len(m.Sections))
	}
	var flat []codec.StaticMesh
	for i, list := range meshes {
		if len(list) != len(m.Sections[i].Meshes) {
			return 0, fmt.Errorf("section %d: the text has %d static meshes, the map %d: import does not add or remove them", i, len(list), len(m.Sections[i].Meshes))
		}
		flat = append(flat, list...)
	}
	if len(mj.Sectors) != len(m.Sectors) {
		return 0, fmt.Errorf("the text has %d sectors, the map %d: import does not add or remove them", len(mj.Sectors), len(m.Sectors))
	}
	for i, s := range mj.Sectors {
		if s.Vertices != m.Sectors[i].Vertices {
			return 0, fmt.Errorf("sector %d: corners %v, the map's %v: import does not change corners", i, s.Vertices, m.Sectors[i].Vertices)
		}
	}
	first := d.recorded
	err = d.Batch("Import map", func() error {
		syncs := []func() (int, error){
			// Sets first: sectors and their flags may need new ones.
			func() (int, error) {
				return document.SyncRecords(sectorSetsTable, d.state, sets,
					func(s codec.SectorSet) error { _, err := d.AddSectorSet(s); return err }, d.DeleteSectorSet,
					func(i int, s codec.SectorSet) error {
						return d.EditSectorSets([]int{i}, func(r *codec.SectorSet) { *r = s })
					})
			},
			func() (int, error) {
				return document.SyncRecords(verticesTable, d.state, mj.Vertices, nil, nil, d.MoveVertex)
			},
			func() (int, error) {
				return document.SyncRecords(sectorsTable, d.state, mj.Sectors, nil, nil, func(i int, s codec.Sector) error {
					return d.EditSectors([]int{i}, func(r *codec.Sector) { *r = s })
				})
			},
			func() (int, error) {
				return document.SyncRecords(actorsTable, d.state, actors,
					func(a codec.Actor) error { _, err := d.PlaceActor(a); return err },
					func(i int) error { return d.DeleteActors([]int{i}) },
					func(i int, a codec.Actor) error { return d.EditActors([]int{i}, func(r *codec.Actor) { *r = a }) })
			},
			func() (int, error) { return d.importMeshes(flat) },
		}
		for _, sync := range syncs {
			if _, err := sync(); err != nil {
				return err
			}
		}
		return nil
	})
	return d.recorded - first, err
}

// importMeshes edits the static meshes that differ from want (every
// mesh, in order), all in one edit.
func (d *Document) importMeshes(want []codec.StaticMesh) (int, error) {
	var changed []int
	g := 0
	for _, sec := range d.Map.Sections {
		for _, mesh := range sec.Meshes {
			if mesh != want[g] {
				changed = append(changed, g)
			}
			g++
		}
	}
	if len(changed) == 0 {
		return 0, nil
	}
	return len(changed), d.editMeshesAt(changed, "Edit "+describe("static mesh", changed), "",
		func(g int, s *codec.StaticMesh) { *s = want[g] })
}

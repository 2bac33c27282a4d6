package turok

import (
	"cmp"
	"context"
	"slices"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/reach"
)

// TestEveryEditIsCarried: the document's edit commands, as the editor
// calls them, are carried by export, import, diff and merge.
func TestEveryEditIsCarried(t *testing.T) {
	open := func(t testing.TB) *Document {
		d, err := Open(corpus.Path(t, "turok", "plain16.map"))
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	carried := reach.Edits[*Document]{
		"EditActors": func(_ testing.TB, d *Document) error {
			return d.EditActors([]int{1}, func(a *codec.Actor) { a.SightRange += 4 })
		},
		"MoveActor": func(_ testing.TB, d *Document) error {
			to := d.Map.Actors[1].Origin
			to.X++
			return d.MoveActor(1, to)
		},
		"RotateActor": func(_ testing.TB, d *Document) error { return d.RotateActor(1, 1.5) },
		"ScaleActor":  func(_ testing.TB, d *Document) error { return d.ScaleActor(1, codec.Vec3{X: 2, Y: 2, Z: 2}) },
		"PlaceActor": func(_ testing.TB, d *Document) error {
			_, err := d.PlaceActor(d.Map.Actors[1])
			return err
		},
		"DuplicateActors": func(_ testing.TB, d *Document) error {
			_, err := d.DuplicateActors([]int{1}, codec.Vec3{X: 1})
			return err
		},
		"DeleteActors": func(_ testing.TB, d *Document) error { return d.DeleteActors([]int{1}) },
		"TargetActor": func(_ testing.TB, d *Document) error {
			d.Map.Actors[2].TID = 0 // gets a free TID in the step
			return d.TargetActor([]int{1}, 2)
		},
		"Delete": func(_ testing.TB, d *Document) error {
			return d.Delete([]document.Ref{{Kind: KindActor, Index: 2}, {Kind: KindActor, Index: 3}})
		},
		"SetVertexHeights": func(_ testing.TB, d *Document) error { return d.SetVertexHeights([]int{0}, Floor, 12) },
		"RaiseVertices":    func(_ testing.TB, d *Document) error { return d.RaiseVertices([]int{0, 1}, Floor, 2) },
		"Dab": func(_ testing.TB, d *Document) error {
			p := d.Map.Vertices[0].Position
			_, err := d.Dab(Brush{Op: RaiseBrush, Field: Floor, Radius: 200, Falloff: 0.5, Amount: 6}, p.X, p.Y)
			return err
		},
		"EditSectors": func(_ testing.TB, d *Document) error {
			return d.EditSectors([]int{0}, func(s *codec.Sector) { s.Set = (s.Set + 1) % uint16(len(d.Map.SectorSets)) })
		},
		"EditSectorSets": func(_ testing.TB, d *Document) error {
			return d.EditSectorSets([]int{0}, func(s *codec.SectorSet) { s.FogZFar += 10 })
		},
		"AssignSectorSet": func(_ testing.TB, d *Document) error {
			return d.AssignSectorSet([]int{1, 2}, int(d.Map.Sectors[0].Set+1)%len(d.Map.SectorSets))
		},
		"AddSectorSet": func(_ testing.TB, d *Document) error {
			_, err := d.AddSectorSet(d.Map.SectorSets[0])
			return err
		},
	}
	meshes := reach.Edits[*Document]{
		"EditMeshes": func(_ testing.TB, d *Document) error {
			return d.EditMeshes([]int{2}, func(m *codec.StaticMesh) { m.CollisionRadius += 8 })
		},
		"MoveMesh": func(_ testing.TB, d *Document) error {
			to := d.mesh(2).Origin
			to.X += 4
			return d.MoveMesh(2, to)
		},
		"RotateMesh": func(_ testing.TB, d *Document) error { return d.RotateMesh(2, [4]float32{0, 0, 0.6, 0.8}) },
		"ScaleMesh":  func(_ testing.TB, d *Document) error { return d.ScaleMesh(2, codec.Vec3{X: 2, Y: 2, Z: 2}) },
		"PlaceFromTemplate": func(_ testing.TB, d *Document) error {
			a := d.Map.Actors[1].Origin
			_, err := d.PlaceFromTemplate(MapTemplates(d.Map, "this map")[1], a.X+4, a.Y, 0.5)
			return err
		},
		"SnapActorsToFloor": func(_ testing.TB, d *Document) error {
			var corners []int
			for _, v := range d.Map.Sectors[d.SectorAt(d.Map.Actors[1].Origin)].Vertices {
				corners = append(corners, int(v))
			}
			if err := d.RaiseVertices(corners, Floor, 8); err != nil {
				return err
			}
			return d.SnapActorsToFloor([]int{1})
		},
		"SnapMeshesToFloor": func(_ testing.TB, d *Document) error {
			if err := d.EditMeshes([]int{0}, func(s *codec.StaticMesh) { s.Origin.Z += 20 }); err != nil {
				return err
			}
			return d.SnapMeshesToFloor([]int{0})
		},
		"MoveVertex": func(_ testing.TB, d *Document) error {
			v := d.Map.Vertices[0]
			v.Height += 16
			return d.MoveVertex(0, v)
		},
		"FlattenVertices": func(_ testing.TB, d *Document) error { return d.FlattenVertices(interior(d, 12), Floor) },
		"SmoothVertices":  func(_ testing.TB, d *Document) error { return d.SmoothVertices(interior(d, 12), Floor, 0.5) },
		"DuplicateSectorSet": func(_ testing.TB, d *Document) error {
			_, err := d.DuplicateSectorSet(0)
			return err
		},
		"DeleteSectorSet": func(_ testing.TB, d *Document) error {
			i, err := d.AddSectorSet(d.Map.SectorSets[0])
			if err == nil {
				err = d.EditSectorSets([]int{0}, func(s *codec.SectorSet) { s.FogZFar += 10 })
			}
			if err == nil {
				err = d.DeleteSectorSet(i)
			}
			return err
		},
	}
	// Import neither adds nor removes vertices, sectors or static
	// meshes (docs/turok-export.md), so merge refuses these.
	refused := reach.Edits[*Document]{
		"AddSector": func(_ testing.TB, d *Document) error {
			v := d.Map.Vertices[0].Position
			a, err := d.AddVertex(d.NewVertexAt(v.X-64, v.Y-64))
			if err != nil {
				return err
			}
			b, err := d.AddVertex(d.NewVertexAt(v.X, v.Y-64))
			if err != nil {
				return err
			}
			_, err = d.AddSector([3]int{a, b, 0}, 0)
			return err
		},
		"AddVertex": func(_ testing.TB, d *Document) error {
			_, err := d.AddVertex(d.NewVertexAt(d.Map.Vertices[0].Position.X-64, d.Map.Vertices[0].Position.Y-64))
			return err
		},
		"DeleteMeshes":  func(_ testing.TB, d *Document) error { return d.DeleteMeshes([]int{2}) },
		"DeleteSectors": func(_ testing.TB, d *Document) error { return d.DeleteSectors([]int{0}) },
		"DuplicateMeshes": func(_ testing.TB, d *Document) error {
			_, err := d.DuplicateMeshes([]int{2}, codec.XY{X: 8})
			return err
		},
		"Paste": func(_ testing.TB, d *Document) error {
			c, err := d.Copy([]int{1}, []int{2})
			if err == nil {
				_, _, err = d.Paste(c, codec.XY{X: 8})
			}
			return err
		},
		"PlaceMesh": func(_ testing.TB, d *Document) error {
			_, err := d.PlaceMesh(*d.mesh(2))
			return err
		},
	}
	visibility := reach.Edits[*Document]{
		"RebuildVisibility": func(_ testing.TB, d *Document) error {
			if err := d.RaiseVertices(interior(d, 40), Floor, 400); err != nil {
				return err
			}
			_, err := d.RebuildVisibility()
			return err
		},
		"ApplySight": func(_ testing.TB, d *Document) error {
			if err := d.RaiseVertices(interior(d, 40), Floor, 400); err != nil {
				return err
			}
			job, err := d.SightJob()
			if err != nil {
				return err
			}
			v, err := job.RunContext(context.Background(), nil)
			if err == nil {
				_, err = d.ApplySight(job, v)
			}
			return err
		},
	}
	asDoc := func(d *Document) document.Doc { return d.AsDoc() }
	reach.Check(t, Format, open, asDoc, carried, nil)
	reach.Check(t, Format, open, asDoc, meshes, refused)
	reach.Check(t, Format, func(t testing.TB) *Document {
		d, err := Open(corpus.Path(t, "turok", "debugpad-short.map"))
		if err != nil {
			t.Fatal(err)
		}
		return d
	}, asDoc, visibility, nil)
	// What changes no byte of the file (the stale mark is the editor's)
	// or only wraps other edits.
	reach.Covers(t, []string{"AsDoc", "Batch", "Batching", "Bytes", "Copy", "Errors", "Export", "FreeTID", "Gesture", "Import", "KeepVisibility",
		"MarkVisibilityStale", "NewVertexAt", "Problems", "Record", "Records", "Referrers", "Save", "SectorAt", "SectorSetUse", "SightJob",
		"TargetLinks", "Verify", "VisibilityStale"}, carried, meshes, refused, visibility)
}

// mesh is static mesh g, by number across the sections.
func (d *Document) mesh(g int) *codec.StaticMesh {
	for s := range d.Map.Sections {
		if meshes := d.Map.Sections[s].Meshes; g < len(meshes) {
			return &meshes[g]
		} else {
			g -= len(meshes)
		}
	}
	return nil
}

// interior is the n vertices of d nearest its middle.
func interior(d *Document, n int) []int {
	var mid codec.Vec3
	for _, v := range d.Map.Vertices {
		mid.X += v.Position.X / float32(len(d.Map.Vertices))
		mid.Y += v.Position.Y / float32(len(d.Map.Vertices))
	}
	order := make([]int, len(d.Map.Vertices))
	for i := range order {
		order[i] = i
	}
	far := func(i int) float32 {
		p := d.Map.Vertices[i].Position
		return (p.X-mid.X)*(p.X-mid.X) + (p.Y-mid.Y)*(p.Y-mid.Y)
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(far(a), far(b)) })
	return order[:n]
}

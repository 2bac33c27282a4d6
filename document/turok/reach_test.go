package turok

import (
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
		"DeleteActors":     func(_ testing.TB, d *Document) error { return d.DeleteActors([]int{1}) },
		"SetVertexHeights": func(_ testing.TB, d *Document) error { return d.SetVertexHeights([]int{0}, Floor, 12) },
		"RaiseVertices":    func(_ testing.TB, d *Document) error { return d.RaiseVertices([]int{0, 1}, Floor, 2) },
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
	reach.Check(t, Format, open, func(d *Document) document.Doc { return d.AsDoc() }, carried, nil)
}

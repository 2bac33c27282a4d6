package marathon

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/internal/jsontest"
	"github.com/levelwright/levelwright/internal/reach"
)

// TestEveryEditIsCarried: the document's edit commands, as the editor
// calls them, are carried by export, import, diff and merge.
func TestEveryEditIsCarried(t *testing.T) {
	open := func(t testing.TB) *Document { return openCorpus(t, "marathon", "eternal", "Aaron-Eternal.sceA") }
	carried := reach.Edits[*Document]{
		"EditLines": func(_ testing.TB, d *Document) error {
			return d.EditLines(0, []int{5}, func(l *codec.Line) { l.Flags ^= 0x1000 })
		},
		"EditSides": func(_ testing.TB, d *Document) error {
			return d.EditSides(0, []int{5}, func(s *codec.Side) { s.Primary.X += 8 })
		},
		"EditLights": func(_ testing.TB, d *Document) error {
			return d.EditLights(0, []int{2}, func(l *codec.Light) { l.Phase += 5 })
		},
		"EditMedia": func(_ testing.TB, d *Document) error {
			return d.EditMedia(0, []int{0}, func(m *codec.Media) { m.High += 32 })
		},
		"EditInfo": func(_ testing.TB, d *Document) error {
			return d.EditInfo(0, func(i *codec.MapInfo) { i.MissionFlags ^= 1 })
		},
		"EditPlacements": func(_ testing.TB, d *Document) error {
			return d.EditPlacements(0, []int{3}, func(p *codec.Placement) { p.Maximum++ })
		},
		"EditNotes": func(_ testing.TB, d *Document) error {
			return d.EditNotes(0, []int{1}, func(n *codec.Note) { n.Text[0] = 'Z' })
		},
		"AddNote":    func(_ testing.TB, d *Document) error { _, err := d.AddNote(0, d.mustLevel(0).Notes[0]); return err },
		"DeleteNote": func(_ testing.TB, d *Document) error { return d.DeleteNote(0, 1) },
		"AddLight": func(_ testing.TB, d *Document) error {
			_, err := d.AddLight(0, d.mustLevel(0).Lights[1])
			return err
		},
		"AddMedia": func(_ testing.TB, d *Document) error {
			_, err := d.AddMedia(0, d.mustLevel(0).Media[0])
			return err
		},
		"PlaceObject": func(_ testing.TB, d *Document) error {
			o := d.mustLevel(0).Objects[0]
			o.X += 16
			_, err := d.PlaceObject(0, o)
			return err
		},
		"MoveObject": func(_ testing.TB, d *Document) error {
			o := d.mustLevel(0).Objects[0]
			return d.MoveObject(0, 0, codec.Point{X: o.X + 16, Y: o.Y})
		},
		"RotateObject": func(_ testing.TB, d *Document) error { return d.RotateObject(0, 0, 100) },
		"EditObject": func(_ testing.TB, d *Document) error {
			return d.EditObject(0, 0, func(o *codec.Object) { o.Flags ^= 1 })
		},
		"DeleteObjects": func(_ testing.TB, d *Document) error { return d.DeleteObjects(0, []int{0, 3}) },
		"MoveEndpoint": func(_ testing.TB, d *Document) error {
			p := d.mustLevel(0).Points[0]
			return d.MoveEndpoint(0, 0, codec.Point{X: p.X + 8, Y: p.Y})
		},
		"MoveLine":    func(_ testing.TB, d *Document) error { return d.MoveLine(0, 40, codec.Point{X: 1}) },
		"MovePolygon": func(_ testing.TB, d *Document) error { return d.MovePolygon(0, 3, codec.Point{X: 8}) },
		// A floor raised so that its neighbours' walls show: the lines
		// get the sides they then need, which the text gives with them.
		"EditPolygons": func(_ testing.TB, d *Document) error {
			return d.EditPolygons(0, []int{3}, func(p *codec.Polygon) { p.FloorHeight += 64 })
		},
		"EditPolygons/walls": func(_ testing.TB, d *Document) error {
			return d.EditPolygons(0, []int{4}, func(p *codec.Polygon) { p.FloorHeight += 512 })
		},
	}
	// Import neither adds nor removes Marathon lines, polygons or
	// endpoints, which these edits do, so merge refuses them.
	refused := reach.Edits[*Document]{
		"SplitLine": func(_ testing.TB, d *Document) error {
			l := d.mustLevel(0)
			a, b := l.Points[l.Lines[40].Endpoints[0]], l.Points[l.Lines[40].Endpoints[1]]
			_, err := d.SplitLine(0, 40, codec.Point{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2})
			return err
		},
		"DeletePolygons": func(_ testing.TB, d *Document) error { return d.DeletePolygons(0, []int{3}) },
		"Duplicate": func(_ testing.TB, d *Document) error {
			_, err := d.Duplicate(0, []int{3}, Offset{4096, 0})
			return err
		},
	}
	reach.Check(t, Format, open, func(d *Document) document.Doc { return d.AsDoc() }, carried, refused)
}

// mustLevel is level i, which the tests know is there.
func (d *Document) mustLevel(i int) *codec.Level {
	l, _ := d.Level(i)
	return l
}

// TestImportRefusesRemovedSides: text with a side fewer than the level
// (which lines would still name) is refused, and changes nothing.
func TestImportRefusesRemovedSides(t *testing.T) {
	d := openCorpus(t, "marathon", "eternal", "Aaron-Eternal.sceA")
	before := d.Bytes()
	lj, err := d.Export(0)
	if err != nil {
		t.Fatal(err)
	}
	lj.Sides = lj.Sides[:len(lj.Sides)-1]
	if _, err := d.Import(lj); err == nil || !strings.Contains(err.Error(), "does not remove them") {
		t.Fatalf("importing a side fewer: %v", err)
	}
	if !bytes.Equal(d.Bytes(), before) {
		t.Fatal("the refused import changed the file")
	}
}

// TestImportAddedSidesMustFit: a side the text adds must name a line and
// a polygon; a line given its clockwise face's side for the other face
// too keeps its own there.
func TestImportAddedSidesMustFit(t *testing.T) {
	d := openCorpus(t, "marathon", "eternal", "Aaron-Eternal.sceA")
	export := func() LevelJSON { // a copy, which shares nothing with the level
		lj, err := d.Export(0)
		if err != nil {
			t.Fatal(err)
		}
		return jsontest.RoundTrip(t, lj)
	}
	lj := export()
	orphan := lj.Sides[0]
	orphan.Line = -1
	lj.Sides = append(lj.Sides, orphan)
	if _, err := d.Import(lj); err == nil || !strings.Contains(err.Error(), "must name a polygon") {
		t.Fatalf("importing a side of no line: %v", err)
	}
	lj = export()
	li := slices.IndexFunc(lj.Lines, func(l codec.Line) bool { return l.ClockwiseSide != codec.None && l.CCWPoly != codec.None })
	if li < 0 {
		t.Fatal("no line with a side and a polygon on both faces")
	}
	lj.Lines[li].CCWSide = lj.Lines[li].ClockwiseSide
	if _, err := d.Import(lj); err != nil {
		t.Fatal(err)
	}
	if l := d.mustLevel(0).Lines[li]; l.ClockwiseSide == l.CCWSide {
		t.Fatalf("line %d has side %d on both faces", li, l.ClockwiseSide)
	}
}

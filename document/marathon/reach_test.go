package marathon

import (
	"bytes"
	"cmp"
	"math"
	"slices"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/internal/doctest"
	"github.com/levelwright/levelwright/internal/jsontest"
	"github.com/levelwright/levelwright/internal/reach"
)

// TestEveryEditIsCarried: the document's edit commands, as the editor
// calls them, are carried by export, import, diff and merge.
func TestEveryEditIsCarried(t *testing.T) {
	open := func(t testing.TB) *Document { return openCorpus(t, "marathon", "eternal", "Aaron-Eternal.sceA") }
	carried := reach.Edits[*Document]{
		"EditLines": func(_ testing.TB, d *Document) error {
			return d.EditLines(0, []int{5}, func(l *codec.Line) { l.Flags ^= codec.LineTransparent })
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
		"Pave": func(_ testing.TB, d *Document) error {
			return d.Pave(0, []int{3}, func(texture *uint16, _ *int16) { *texture = 0x1203 })
		},
		"Nuke": func(_ testing.TB, d *Document) error {
			l := d.mustLevel(0)
			for _, s := range l.Sides {
				if s.Primary.Texture != environmentTexture(l, defaultWallTexture) {
					return d.Nuke(0, s.Primary.Texture)
				}
			}
			return d.Nuke(0, l.Sides[0].Primary.Texture)
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
		"DeletePolygonsKeepingLines": func(_ testing.TB, d *Document) error {
			return d.DeletePolygonsKeepingLines(0, []int{3})
		},
		"Duplicate": func(_ testing.TB, d *Document) error {
			_, err := d.Duplicate(0, []int{3}, Offset{4096, 0})
			return err
		},
		"Paste": func(_ testing.TB, d *Document) error {
			c, err := d.Copy(0, []int{3})
			if err == nil {
				_, err = d.Paste(0, c, Offset{4096, 0})
			}
			return err
		},
		"DeleteLine": func(_ testing.TB, d *Document) error { return d.DeleteLine(0, 40) },
		"Delete": func(_ testing.TB, d *Document) error {
			return d.Delete([]document.Ref{{Kind: KindObject, Index: 2}, {Kind: KindAnnotation, Index: 0}, {Kind: KindLine, Index: 40}})
		},
		"DrawPolygon": func(_ testing.TB, d *Document) error {
			_, err := d.DrawPolygon(0, emptySquare(d.mustLevel(0)))
			return err
		},
		"DrawLines": func(_ testing.TB, d *Document) error {
			_, err := d.DrawLines(0, emptySquare(d.mustLevel(0))[:2])
			return err
		},
		"Fill": func(_ testing.TB, d *Document) error {
			square := emptySquare(d.mustLevel(0))
			if _, err := d.DrawLines(0, append(square, square[0])); err != nil {
				return err
			}
			_, err := d.Fill(0, codec.Point{X: square[0].X + 512, Y: 512})
			return err
		},
		"MergePolygons": func(_ testing.TB, d *Document) error {
			var err error
			for _, l := range d.mustLevel(0).Lines { // the first pair whose union is convex
				if l.ClockwisePoly != codec.None && l.CCWPoly != codec.None {
					if err = d.MergePolygons(0, int(l.ClockwisePoly), int(l.CCWPoly)); err == nil {
						return nil
					}
				}
			}
			return err
		},
		// Import does not add platforms, whose polygons change type with them.
		"AddPlatform": func(_ testing.TB, d *Document) error {
			l := d.mustLevel(0)
			pi := slices.IndexFunc(l.Polygons, func(p codec.Polygon) bool { return p.Type == 0 }) // a normal polygon
			_, err := d.AddPlatform(0, pi, codec.StaticPlatform{Speed: 30, Delay: 30, MaximumHeight: -1, MinimumHeight: -1})
			return err
		},
	}
	// The same for what eternal's first level lacks: platforms,
	// terminals and sounds (Genie), run-time platforms (a preprocessed
	// map) and Marathon 1's lights.
	asDoc := func(d *Document) document.Doc { return d.AsDoc() }
	records := recordEdits()
	runPlatforms := reach.Edits[*Document]{
		"EditRunPlatforms": func(_ testing.TB, d *Document) error {
			return d.EditRunPlatforms(0, []int{0}, func(p *codec.Platform) { p.Speed++ })
		},
	}
	oldLights := reach.Edits[*Document]{
		"AddOldLight": func(_ testing.TB, d *Document) error {
			_, err := d.AddOldLight(0, d.mustLevel(0).OldLights[0])
			return err
		},
		"EditOldLights": func(_ testing.TB, d *Document) error {
			return d.EditOldLights(0, []int{1}, func(l *codec.OldLight) { l.Phase += 3 })
		},
	}
	reach.Check(t, Format, open, asDoc, carried, refused)
	// Import neither adds nor removes platforms.
	platforms := reach.Edits[*Document]{
		"DeletePlatform": func(_ testing.TB, d *Document) error { return d.DeletePlatform(0, 0) },
	}
	reach.Check(t, Format, func(t testing.TB) *Document { return openCorpus(t, "marathon", "eternal", "Genie-In-A-Bottle.sceA") },
		asDoc, records, platforms)
	reach.Check(t, Format, func(t testing.TB) *Document { return openCorpus(t, "marathon", "jp", "Excalibar", "Prologue.sceA") },
		asDoc, runPlatforms, nil)
	reach.Check(t, Format, func(t testing.TB) *Document { return openCorpus(t, "marathon", "m1", "Map.scen") },
		asDoc, oldLights, nil)
	// The quick fixes, on maps with what they fix: a platform polygon
	// without a record (as another editor leaves it), a face toward a
	// door without a side (Unnatural Selection).
	recordless := reach.Edits[*Document]{
		"GiveRecord": func(_ testing.TB, d *Document) error { _, err := d.GiveRecord(0, 1); return err },
	}
	reach.Check(t, Format, func(t testing.TB) *Document {
		d := newRecordsMap(t)
		d.mustLevel(0).Polygons[1].Type = codec.PolygonPlatform
		d, err := Load("recordless.sceA", doctest.Bytes(t, d))
		if err != nil {
			t.Fatal(err)
		}
		return d
	}, asDoc, nil, recordless)
	sideless := reach.Edits[*Document]{
		"AddMissingSides": func(t testing.TB, d *Document) error {
			for _, p := range d.mustLevel(0).Check(0) {
				if p.Code == "platform-face-without-side" {
					return d.AddMissingSides(0, p.Index)
				}
			}
			t.Fatal("no face toward a door lacks a side")
			return nil
		},
	}
	reach.Check(t, Format, func(t testing.TB) *Document {
		return openCorpus(t, "marathon", "jp", "Excalibar", "Unnatural-Selection.sceA")
	}, asDoc, sideless, nil)
	// The level operations (AddLevel to RenameLevel) change the file's
	// list of levels, not what a level's export carries: levels_test.go
	// checks them.
	reach.Covers(t, []string{"AddLevel", "AsDoc", "Batch", "Batching", "Bytes", "Copy", "CopyLevelFrom", "DeleteLevel", "DuplicateLevel", "Errors",
		"Export", "GameVersion", "Gesture", "Import", "Level", "LevelSizes", "LineDeleteTakes", "MoveLevel", "Physics", "PhysicsEntries", "Problems",
		"Record", "Records", "RecordUsers", "Referrers", "RenameLevel", "Save", "StyledTerminal", "Verify"},
		carried, refused, records, platforms, runPlatforms, oldLights, recordless, sideless)
}

// recordEdits are edits of the records that are not geometry, for a
// level that has each kind: platforms, terminals, liquids, lights and
// sounds.
func recordEdits() reach.Edits[*Document] {
	return reach.Edits[*Document]{
		"DeleteRecord": func(_ testing.TB, d *Document) error { return d.DeleteRecord(0, KindAmbientSound, 0) },
		"EditPlatforms": func(_ testing.TB, d *Document) error {
			return d.EditPlatforms(0, []int{1}, func(p *codec.StaticPlatform) { p.Speed++ })
		},
		"AddTerminal": func(_ testing.TB, d *Document) error {
			_, err := d.AddTerminal(0, d.mustLevel(0).Terminals[0])
			return err
		},
		"DeleteTerminal": func(_ testing.TB, d *Document) error { return d.DeleteTerminal(0) },
		"EditTerminals": func(_ testing.TB, d *Document) error {
			return d.EditTerminals(0, []int{0}, func(t *codec.Terminal) { t.PageLines++ })
		},
		"AddTerminalGroup": func(_ testing.TB, d *Document) error {
			g := d.mustLevel(0).Terminals[0].Groups[0]
			return d.AddTerminalGroup(0, 0, 1, g.Type, g.Permutation)
		},
		"DeleteTerminalGroup": func(_ testing.TB, d *Document) error { return d.DeleteTerminalGroup(0, 0, 1) },
		"MoveTerminalGroup":   func(_ testing.TB, d *Document) error { return d.MoveTerminalGroup(0, 0, 1, 2) },
		"SetTerminalGroup": func(_ testing.TB, d *Document) error {
			g := d.mustLevel(0).Terminals[0].Groups[1]
			return d.SetTerminalGroup(0, 0, 1, g.Type, g.Flags^1, g.Permutation)
		},
		"SetTerminalGroupText": func(_ testing.TB, d *Document) error {
			return d.SetTerminalGroupText(0, 0, 1, []codec.TextRun{{Text: []byte("Merged from the other side.")}})
		},
		"AddAmbientSound": func(_ testing.TB, d *Document) error {
			_, err := d.AddAmbientSound(0, d.mustLevel(0).Ambient[0])
			return err
		},
		"EditAmbientSounds": func(_ testing.TB, d *Document) error {
			return d.EditAmbientSounds(0, []int{0}, func(s *codec.AmbientSound) { s.Volume-- })
		},
		"DeleteAmbientSound": func(_ testing.TB, d *Document) error {
			return deleteLastUsed(d, len(d.mustLevel(0).Ambient), func(p *codec.Polygon) *int16 { return &p.AmbientSound },
				func(i int) error { return d.DeleteAmbientSound(0, i) })
		},
		"AddRandomSound": func(_ testing.TB, d *Document) error {
			_, err := d.AddRandomSound(0, d.mustLevel(0).Random[0])
			return err
		},
		"EditRandomSounds": func(_ testing.TB, d *Document) error {
			return d.EditRandomSounds(0, []int{0}, func(s *codec.RandomSound) { s.Period++ })
		},
		"DeleteRandomSound": func(_ testing.TB, d *Document) error {
			return deleteLastUsed(d, len(d.mustLevel(0).Random), func(p *codec.Polygon) *int16 { return &p.RandomSound },
				func(i int) error { return d.DeleteRandomSound(0, i) })
		},
		"DeleteMedia": func(_ testing.TB, d *Document) error {
			return deleteLastUsed(d, len(d.mustLevel(0).Media), func(p *codec.Polygon) *int16 { return &p.Media },
				func(i int) error { return d.DeleteMedia(0, i) })
		},
		"DeleteLight": func(_ testing.TB, d *Document) error {
			return deleteUnused(len(d.mustLevel(0).Lights), func(i int) error { return d.DeleteLight(0, i) })
		},
	}
}

// deleteUnused deletes the last of n records that delete takes (one that
// nothing uses), or returns the error of the first.
func deleteUnused(n int, delete func(i int) error) error {
	var first error
	for i := n - 1; i >= 0; i-- {
		err := delete(i)
		if err == nil {
			return nil
		}
		first = cmp.Or(first, err)
	}
	return first
}

// deleteLastUsed deletes the last of n records after the polygons using
// it (by the field that use gives) use none.
func deleteLastUsed(d *Document, n int, use func(*codec.Polygon) *int16, delete func(i int) error) error {
	var users []int
	for pi := range d.mustLevel(0).Polygons {
		if *use(&d.mustLevel(0).Polygons[pi]) == int16(n-1) {
			users = append(users, pi)
		}
	}
	if err := d.EditPolygons(0, users, func(p *codec.Polygon) { *use(p) = -1 }); err != nil {
		return err
	}
	return delete(n - 1)
}

// emptySquare is a square of side 1024 WU east of everything in level.
func emptySquare(l *codec.Level) []codec.Point {
	east := int16(math.MinInt16)
	for v := range len(l.Endpoints) + len(l.Points) {
		p, _ := l.Vertex(uint16(v))
		east = max(east, p.X)
	}
	x := east + 1024
	return []codec.Point{{X: x, Y: 0}, {X: x + 1024, Y: 0}, {X: x + 1024, Y: 1024}, {X: x, Y: 1024}}
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
	before := doctest.Bytes(t, d)
	lj, err := d.Export(0)
	if err != nil {
		t.Fatal(err)
	}
	lj.Sides = lj.Sides[:len(lj.Sides)-1]
	if _, err := d.Import(lj); err == nil || !strings.Contains(err.Error(), "does not remove them") {
		t.Fatalf("importing a side fewer: %v", err)
	}
	if !bytes.Equal(doctest.Bytes(t, d), before) {
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

package shock

import (
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/internal/reach"
)

// reachLevel is the corpus level the edits below change, and
// blockPuzzleLevel the first with a block puzzle.
const reachLevel, blockPuzzleLevel = 1, 0

// reachDocument is the corpus archive with a map note on reachLevel, for
// the map note edits to change.
func reachDocument(t testing.TB) *Document {
	d := corpusDocument(t)
	if _, err := d.AddMapNote(reachLevel, 30<<8, 30<<8, "STORAGE"); err != nil {
		t.Fatal(err)
	}
	return d
}

// objectOf is the first object of reachLevel that is, failing the test
// when there is none.
func objectOf(t testing.TB, d *Document, level int, is func(l *codec.Level, id int, o codec.Object) bool) int {
	t.Helper()
	l, _ := d.Level(level)
	for id, o := range l.Objects {
		if id > 0 && o.Active != 0 && is(l, id, o) {
			return id
		}
	}
	t.Fatalf("level %d has no such object", level)
	return 0
}

func ofClass(class uint8) func(*codec.Level, int, codec.Object) bool {
	return func(_ *codec.Level, _ int, o codec.Object) bool { return o.Class == class }
}

// puzzle finds a wire or block puzzle of level.
func (d *Document) puzzle(level, kind int) func(*codec.Level, int, codec.Object) bool {
	return func(_ *codec.Level, id int, _ codec.Object) bool {
		if kind == codec.PuzzleWire {
			_, err := d.WirePuzzle(level, id)
			return err == nil
		}
		_, err := d.BlockPuzzle(level, id)
		return err == nil
	}
}

// TestEveryEditIsCarried: each edit command of the document (as the
// editor calls them) is carried by export, import, diff and merge.
func TestEveryEditIsCarried(t *testing.T) {
	const lv = reachLevel
	note := func(t testing.TB, d *Document) int {
		return objectOf(t, d, lv, func(l *codec.Level, id int, _ codec.Object) bool { return isMapNote(l, id) })
	}
	edits := reach.Edits[*Document]{
		"SetTiles": func(t testing.TB, d *Document) error { return d.SetTiles(lv, []Point{{30, 33}}, FloorHeight, 7) },
		"PaintTiles": func(t testing.TB, d *Document) error {
			return d.PaintTiles(lv, []Point{{30, 33}, {31, 33}}, Brush{Music: 3, FloorShade: 4})
		},
		"PasteTiles": func(t testing.TB, d *Document) error {
			c, err := d.CopyTiles(lv, Point{30, 30}, 2, 2)
			if err != nil {
				return err
			}
			return d.PasteTiles(lv, Point{20, 20}, c)
		},
		"PasteRegion": func(t testing.TB, d *Document) error {
			r, err := d.CopyRegion(lv, Point{30, 30}, 3, 3)
			if err != nil {
				return err
			}
			_, err = d.PasteRegion(lv, Point{40, 40}, r, false)
			return err
		},
		"CreateObject": func(t testing.TB, d *Document) error {
			_, err := d.CreateObject(lv, ObjectSpec{Class: codec.ClassTrap, Subclass: 0, Type: 0, X: 30<<8 | 128, Y: 33<<8 | 128})
			return err
		},
		"MoveObject": func(t testing.TB, d *Document) error {
			return d.MoveObject(lv, objectOf(t, d, lv, ofClass(codec.ClassCritter)), 31<<8, 33<<8, 10)
		},
		"DropObject": func(t testing.TB, d *Document) error {
			return d.DropObject(lv, objectOf(t, d, lv, ofClass(codec.ClassCritter)), 31<<8, 33<<8)
		},
		"DeleteObject": func(t testing.TB, d *Document) error {
			return d.DeleteObject(lv, objectOf(t, d, lv, ofClass(codec.ClassCritter)))
		},
		"DeleteObjects": func(t testing.TB, d *Document) error {
			return d.DeleteObjects(lv, []int{objectOf(t, d, lv, ofClass(codec.ClassCritter)), objectOf(t, d, lv, ofClass(codec.ClassContainer))})
		},
		"Delete": func(t testing.TB, d *Document) error {
			l, _ := d.Level(lv)
			return d.Delete([]document.Ref{{Level: lv, Kind: KindObject, Index: objectOf(t, d, lv, ofClass(codec.ClassCritter))},
				{Level: lv, Kind: KindTile, Index: 33*int(l.Info.Width) + 30}})
		},
		"DuplicateObject": func(t testing.TB, d *Document) error {
			_, err := d.DuplicateObject(lv, objectOf(t, d, lv, ofClass(codec.ClassContainer)), 31<<8, 33<<8)
			return err
		},
		"PasteObjects": func(t testing.TB, d *Document) error {
			c, err := d.CopyObjects(lv, []int{objectOf(t, d, lv, ofClass(codec.ClassCritter))})
			if err == nil {
				_, _, err = d.PasteObjects(lv, c, 1, 1)
			}
			return err
		},
		"SetObjectField": func(t testing.TB, d *Document) error {
			return d.SetObjectField(lv, []int{objectOf(t, d, lv, ofClass(codec.ClassCritter))}, ObjectHeading, 77)
		},
		"SetDoorOpen": func(t testing.TB, d *Document) error {
			id := objectOf(t, d, lv, ofClass(codec.ClassDoor))
			l, _ := d.Level(lv)
			return d.SetDoorOpen(lv, id, l.Objects[id].Frame == 0, &GameData{})
		},
		"ChangeObjectKind": func(t testing.TB, d *Document) error {
			id := objectOf(t, d, lv, ofClass(codec.ClassCritter))
			l, _ := d.Level(lv)
			o := l.Objects[id]
			return d.ChangeObjectKind(lv, id, o.Class, o.Subclass, o.Type^1)
		},
		"SetClassData": func(t testing.TB, d *Document) error {
			id := objectOf(t, d, lv, ofClass(codec.ClassDoor))
			data, err := d.ClassData(lv, id)
			if err == nil {
				data[0]++
				err = d.SetClassData(lv, id, data)
			}
			return err
		},
		"SetClassField": func(t testing.TB, d *Document) error {
			return d.SetClassField(lv, objectOf(t, d, lv, ofClass(codec.ClassDoor)), "auto close time", 9)
		},
		"SetTrapAction": func(t testing.TB, d *Document) error {
			id := objectOf(t, d, lv, ofClass(codec.ClassTrap))
			trap, err := d.Trap(lv, id)
			if err == nil {
				err = d.SetTrapAction(lv, id, codec.Action((int(trap.Action)+1)%codec.NumActions))
			}
			return err
		},
		"SetTrapParams": func(t testing.TB, d *Document) error {
			return d.SetTrapParams(lv, objectOf(t, d, lv, ofClass(codec.ClassTrap)), [4]uint32{1, 2, 3, 4})
		},
		"SetTrapParam": func(t testing.TB, d *Document) error {
			id := objectOf(t, d, lv, func(_ *codec.Level, id int, o codec.Object) bool {
				fields, err := d.ParamFields(lv, id)
				return o.Class == codec.ClassTrap && err == nil && len(fields) > 0
			})
			fields, _ := d.ParamFields(lv, id)
			return d.SetTrapParam(lv, id, fields[0].Name, 1)
		},
		"Stand": func(t testing.TB, d *Document) error {
			return d.Stand(lv, []int{objectOf(t, d, lv, ofClass(codec.ClassTrap))}, codec.OnCeiling, nil)
		},
		"SetComparator": func(t testing.TB, d *Document) error {
			return d.SetComparator(lv, objectOf(t, d, lv, ofClass(codec.ClassTrap)), codec.Comparator(0x1234))
		},
		"SetWirePuzzle": func(t testing.TB, d *Document) error {
			id := objectOf(t, d, lv, d.puzzle(lv, codec.PuzzleWire))
			w, err := d.WirePuzzle(lv, id)
			if err == nil {
				w.Solved ^= 1
				err = d.SetWirePuzzle(lv, id, w)
			}
			return err
		},
		"SetBlockPuzzle": func(t testing.TB, d *Document) error {
			const level = blockPuzzleLevel
			id := objectOf(t, d, level, d.puzzle(level, codec.PuzzleBlock))
			b, err := d.BlockPuzzle(level, id)
			if err == nil {
				b.Solved ^= 1
				err = d.SetBlockPuzzle(level, id, b)
			}
			return err
		},
		"AddMapNote": func(t testing.TB, d *Document) error {
			_, err := d.AddMapNote(lv, 31<<8, 33<<8, "CACHE")
			return err
		},
		"EditMapNote":                       func(t testing.TB, d *Document) error { return d.EditMapNote(lv, note(t, d), "STORAGE ROOM") },
		"DeleteMapNote":                     func(t testing.TB, d *Document) error { return d.DeleteMapNote(lv, note(t, d)) },
		"SetLevelProperty gravity":          func(t testing.TB, d *Document) error { return d.SetLevelProperty(lv, Gravity, 1) },
		"SetLevelProperty radiation height": func(t testing.TB, d *Document) error { return d.SetLevelProperty(lv, RadiationHeight, 9) },
		"SetLevelProperty height shift":     func(t testing.TB, d *Document) error { return d.SetLevelProperty(lv, HeightShift, 2) },
		"SetLevelTexture":                   func(t testing.TB, d *Document) error { return d.SetLevelTexture(lv, 3, 17) },
		"SetTextureAnim":                    func(t testing.TB, d *Document) error { return d.SetTextureAnim(lv, 1, AnimSpeed, 321) },
		"SetTextureAnim frames": func(t testing.TB, d *Document) error {
			if err := d.SetTextureAnim(lv, 2, AnimFrames, 6); err != nil {
				return err
			}
			return d.SetTextureAnim(lv, 2, AnimCurrentFrame, 5)
		},
		"SetCamera": func(t testing.TB, d *Document) error {
			return d.SetCamera(lv, 2, Camera{objectOf(t, d, lv, ofClass(codec.ClassBigStuff)), objectOf(t, d, lv, ofClass(codec.ClassFixture))})
		},
	}
	reach.Check(t, Format, reachDocument, func(d *Document) document.Doc { return d.AsDoc() }, edits, nil)
	// ClearLevel and CopyLevelInto change the archive's levels whole, not
	// what a level's export carries: levels_test.go checks them.
	reach.Covers(t, []string{"AsDoc", "Batch", "Batching", "BlockPuzzle", "Bytes", "Cameras", "ClassData", "ClassRecord", "ClearLevel", "CopyLevelInto",
		"CopyObjects", "CopyRegion", "CopyTiles", "Discards", "DoorPosition", "Errors", "Export", "Gesture", "Import", "Level",
		"LevelPropertyValue", "LevelSize", "Links", "MapNotes", "ParamFields", "Problems", "Record", "Records", "Referrers", "Save",
		"TextureAnimValue", "TileRange", "Trap", "Verify", "WirePuzzle"}, edits)
}

package marathon

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/internal/doctest"
	"github.com/levelwright/levelwright/internal/randomedit"
)

// editKind is one kind of random edit: it returns an error when the
// document refuses it (a refused edit must change nothing).
type editKind struct {
	name string
	run  func(d *Document, level int, rng *rand.Rand) error
}

func pick[T any](rng *rand.Rand, s []T) (int, bool) {
	if len(s) == 0 {
		return 0, false
	}
	return rng.IntN(len(s)), true
}

var editKinds = []editKind{
	{"move endpoint", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		li, ok := pick(rng, l.Lines)
		if !ok {
			return randomedit.ErrNothing
		}
		v := int(l.Lines[li].Endpoints[rng.IntN(2)])
		p, _ := l.Vertex(uint16(v))
		d.History.BreakMerge()
		return d.MoveEndpoint(level, v, pt(int(p.X)+rng.IntN(257)-128, int(p.Y)+rng.IntN(257)-128))
	}},
	{"split line", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		li, ok := pick(rng, l.Lines)
		if !ok {
			return randomedit.ErrNothing
		}
		a, _ := l.Vertex(l.Lines[li].Endpoints[0])
		b, _ := l.Vertex(l.Lines[li].Endpoints[1])
		_, err := d.SplitLine(level, li, pt((int(a.X)+int(b.X))/2, (int(a.Y)+int(b.Y))/2))
		return err
	}},
	{"draw polygon", func(d *Document, level int, rng *rand.Rand) error {
		// A room against a wall with the void behind it.
		l := d.Levels[level]
		li, ok := pick(rng, l.Lines)
		if !ok {
			return randomedit.ErrNothing
		}
		line := l.Lines[li]
		if (line.ClockwisePoly == codec.None) == (line.CCWPoly == codec.None) {
			return randomedit.ErrNothing
		}
		a, _ := l.Vertex(line.Endpoints[0])
		b, _ := l.Vertex(line.Endpoints[1])
		owner := line.ClockwisePoly
		if owner == codec.None {
			owner = line.CCWPoly
		}
		c := l.Polygons[owner].Center
		nx, ny := -(int(b.Y) - int(a.Y)), int(b.X)-int(a.X)
		if nx*(int(c.X)-int(a.X))+ny*(int(c.Y)-int(a.Y)) > 0 {
			nx, ny = -nx, -ny
		}
		depth := 256 + rng.IntN(768)
		length := max(abs(nx), abs(ny))
		if length == 0 {
			return randomedit.ErrNothing
		}
		dx, dy := nx*depth/length, ny*depth/length
		_, err := d.DrawPolygon(level, []codec.Point{a, b, pt(int(b.X)+dx, int(b.Y)+dy), pt(int(a.X)+dx, int(a.Y)+dy)})
		return err
	}},
	{"merge polygons", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		li, ok := pick(rng, l.Lines)
		if !ok || l.Lines[li].ClockwisePoly == codec.None || l.Lines[li].CCWPoly == codec.None {
			return randomedit.ErrNothing
		}
		return d.MergePolygons(level, int(l.Lines[li].ClockwisePoly), int(l.Lines[li].CCWPoly))
	}},
	{"move line", func(d *Document, level int, rng *rand.Rand) error {
		li, ok := pick(rng, d.Levels[level].Lines)
		if !ok {
			return randomedit.ErrNothing
		}
		d.History.BreakMerge()
		return d.MoveLine(level, li, pt(rng.IntN(129)-64, rng.IntN(129)-64))
	}},
	{"move polygon", func(d *Document, level int, rng *rand.Rand) error {
		pi, ok := pick(rng, d.Levels[level].Polygons)
		if !ok {
			return randomedit.ErrNothing
		}
		d.History.BreakMerge()
		return d.MovePolygon(level, pi, pt(rng.IntN(129)-64, rng.IntN(129)-64))
	}},
	{"delete line", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		li, ok := pick(rng, l.Lines)
		if !ok || len(l.Polygons) < 3 || rng.IntN(3) > 0 { // rarer: each renumbers the map
			return randomedit.ErrNothing
		}
		return d.DeleteLine(level, li)
	}},
	{"draw lines and fill", func(d *Document, level int, rng *rand.Rand) error {
		// A triangle of lines on a wall with the void behind it, filled.
		l := d.Levels[level]
		li, ok := pick(rng, l.Lines)
		if !ok {
			return randomedit.ErrNothing
		}
		outline, ok := triangleOutside(l, li, float64(256+rng.IntN(768)))
		if !ok {
			return randomedit.ErrNothing
		}
		return d.Batch("Draw and fill", func() error {
			if _, err := d.DrawLines(level, []codec.Point{outline[0], outline[2], outline[1]}); err != nil {
				return err
			}
			c := pt((int(outline[0].X)+int(outline[1].X)+int(outline[2].X))/3, (int(outline[0].Y)+int(outline[1].Y)+int(outline[2].Y))/3)
			_, err := d.Fill(level, c)
			return err
		})
	}},
	{"delete polygon", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		if len(l.Polygons) < 3 || rng.IntN(3) > 0 { // rarer: each renumbers the whole map
			return randomedit.ErrNothing
		}
		return d.DeletePolygons(level, []int{rng.IntN(len(l.Polygons))})
	}},
	{"duplicate polygons", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		if len(l.Polygons) == 0 || rng.IntN(4) > 0 { // rarer: each grows the map
			return randomedit.ErrNothing
		}
		polygons := cluster(l, 1+rng.IntN(6))
		_, err := d.Duplicate(level, polygons, Offset{X: rng.IntN(8193) - 4096, Y: rng.IntN(8193) - 4096})
		return err
	}},
	{"polygon heights and surfaces", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		pi, ok := pick(rng, l.Polygons)
		if !ok {
			return randomedit.ErrNothing
		}
		return d.EditPolygons(level, []int{pi}, func(p *codec.Polygon) {
			p.FloorHeight += int16(rng.IntN(129) - 64)
			p.CeilingHeight = max(p.CeilingHeight+int16(rng.IntN(129)-64), p.FloorHeight+64)
			p.FloorOrigin.X += int16(rng.IntN(64))
			p.CeilingTransfer = int16(rng.IntN(2))
		})
	}},
	{"line flags", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		li, ok := pick(rng, l.Lines)
		if !ok || l.Lines[li].CCWPoly == codec.None || l.Lines[li].ClockwisePoly == codec.None {
			return randomedit.ErrNothing
		}
		return d.EditLines(level, []int{li}, func(line *codec.Line) { line.Flags ^= codec.LineSolid | codec.LineTransparent })
	}},
	{"side textures", func(d *Document, level int, rng *rand.Rand) error {
		si, ok := pick(rng, d.Levels[level].Sides)
		if !ok {
			return randomedit.ErrNothing
		}
		return d.EditSides(level, []int{si}, func(s *codec.Side) {
			s.Primary.X += int16(rng.IntN(128))
			s.PrimaryTransfer = int16(rng.IntN(2) * 9) // normal or landscape
		})
	}},
	{"lights", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		if l.Marathon1() {
			i, ok := pick(rng, l.OldLights)
			if !ok {
				return randomedit.ErrNothing
			}
			return d.EditOldLights(level, []int{i}, func(x *codec.OldLight) { x.Period = int16(rng.IntN(300)) })
		}
		if rng.IntN(2) == 0 {
			i, err := d.AddLight(level, l.Lights[0])
			if err == nil && rng.IntN(2) == 0 {
				err = d.DeleteLight(level, i)
			}
			return err
		}
		i, ok := pick(rng, l.Lights)
		if !ok {
			return randomedit.ErrNothing
		}
		return d.EditLights(level, []int{i}, func(x *codec.Light) { x.Phase = int16(rng.IntN(300)) })
	}},
	{"liquids and sounds", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		if l.Marathon1() {
			return randomedit.ErrNothing // its polygons' liquid and sound fields are not references
		}
		switch rng.IntN(3) {
		case 0:
			i, err := d.AddMedia(level, codec.Media{Type: uint16(rng.IntN(4)), LightIndex: 0, Height: 100})
			if err == nil {
				err = d.EditMedia(level, []int{i}, func(m *codec.Media) { m.CurrentMagnitude = 10 })
			}
			return err
		case 1:
			i, err := d.AddAmbientSound(level, codec.AmbientSound{Index: int16(rng.IntN(codec.AmbientSoundTypes)), Volume: 256})
			if err == nil {
				pi, _ := pick(rng, l.Polygons)
				err = d.EditPolygons(level, []int{pi}, func(p *codec.Polygon) { p.AmbientSound = int16(i) })
			}
			return err
		default:
			// One step: a deletion refused (a polygon names the new index;
			// Marathon 1 polygons hold 0) takes the addition back with it.
			return d.Batch("Add a random sound", func() error {
				i, err := d.AddRandomSound(level, codec.RandomSound{Index: int16(rng.IntN(codec.RandomSoundTypes)), Volume: 256, Period: 300})
				if err == nil && rng.IntN(2) == 0 {
					err = d.DeleteRandomSound(level, i)
				}
				return err
			})
		}
	}},
	{"map info and placements", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		if len(l.Info) > 0 && rng.IntN(2) == 0 {
			return d.EditInfo(level, func(m *codec.MapInfo) {
				copy(m.Name[:], fmt.Sprintf("Edited %d\x00", rng.IntN(1000)))
				m.MissionFlags ^= 1
				m.EntryFlags |= 2
			})
		}
		i, ok := pick(rng, l.Placements)
		if !ok {
			return randomedit.ErrNothing
		}
		return d.EditPlacements(level, []int{i}, func(p *codec.Placement) { p.Initial, p.Maximum = 1, 3 })
	}},
	{"annotations", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		pi, ok := pick(rng, l.Polygons)
		if !ok {
			return randomedit.ErrNothing
		}
		var n codec.Note
		n.Location = l.Polygons[pi].Center
		copy(n.Text[:], "note")
		i, err := d.AddNote(level, n)
		if err == nil && rng.IntN(3) == 0 {
			err = d.DeleteNote(level, i)
		} else if err == nil {
			err = d.EditNotes(level, []int{i}, func(n *codec.Note) { copy(n.Text[:], "edited note") })
		}
		return err
	}},
	{"terminals", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		if i, ok := pick(rng, l.Terminals); ok && rng.IntN(2) == 0 {
			return d.EditTerminals(level, []int{i}, func(t *codec.Terminal) {
				t.SetText(append(t.Text(), " (edited)"...))
			})
		}
		_, err := d.AddTerminal(level, codec.Terminal{PageLines: 22, Groups: []codec.TerminalGroup{{Type: 1, TextLength: 5}},
			RawText: []byte("Hello")})
		if err == nil && rng.IntN(2) == 0 {
			err = d.DeleteTerminal(level)
		}
		return err
	}},
	{"objects", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		if i, ok := pick(rng, l.Objects); ok {
			o := l.Objects[i]
			switch rng.IntN(4) {
			case 0:
				d.History.BreakMerge()
				return d.MoveObject(level, i, pt(int(o.X)+rng.IntN(65)-32, int(o.Y)+rng.IntN(65)-32))
			case 1:
				return d.RotateObject(level, i, int16(rng.IntN(512)))
			case 2:
				return d.DeleteObjects(level, []int{i})
			}
			return d.EditObject(level, i, func(o *codec.Object) { o.Flags ^= 1 })
		}
		pi, ok := pick(rng, l.Polygons)
		if !ok {
			return randomedit.ErrNothing
		}
		c := l.Polygons[pi].Center
		_, err := d.PlaceObject(level, codec.Object{Type: int16(rng.IntN(6)), Index: 1, X: c.X, Y: c.Y})
		return err
	}},
}

func abs(v int) int { return max(v, -v) }

// levelDoc is a document and the level random edits are made on.
type levelDoc struct {
	*Document
	level int
}

// randomEdits is a run of n random edits of every kind on level, the
// refused edits among them (tried an edit in twenty), which checks
// after every edit accepted, undo and redo that the level has no
// structural or reference errors and, every thirtieth time, that the saved
// file reloads with the same level and bytes.
func randomEdits(d *Document, level, n int, seed uint64) *randomedit.Run[levelDoc] {
	adapt := func(edit func(d *Document, level int, rng *rand.Rand) error) func(testing.TB, levelDoc, *rand.Rand) error {
		return func(_ testing.TB, x levelDoc, rng *rand.Rand) error { return edit(x.Document, x.level, rng) }
	}
	var kinds []randomedit.Kind[levelDoc]
	for _, k := range editKinds {
		kinds = append(kinds, randomedit.Kind[levelDoc]{Name: k.name, Edit: adapt(k.run), Weight: 3})
	}
	for _, k := range levelEditKinds {
		kinds = append(kinds, randomedit.Kind[levelDoc]{Name: k.name, Edit: adapt(k.run)})
	}
	for _, r := range refusedEdits {
		kinds = append(kinds, randomedit.Kind[levelDoc]{Name: r.name, Edit: adapt(r.run), Refused: true, Names: r.field})
	}
	checks := 0
	return &randomedit.Run[levelDoc]{Doc: levelDoc{d, level}, History: d.History, Bytes: d.Bytes, Kinds: kinds, Edits: n, Seed: seed,
		UndoEvery: 12, Check: func(t testing.TB, x levelDoc, step randomedit.Step) {
			checkLevel(t, x.Document, x.level, "after "+step.String())
			if checks++; checks%30 == 0 {
				saveAndReload(t, x.Document, x.level)
			}
		}}
}

// checkLevel fails when the level has structural or reference errors.
func checkLevel(t testing.TB, d *Document, level int, when string) {
	t.Helper()
	l := d.Levels[level]
	if errs := bin.Errors(append(l.CheckStructure(level), l.ReferenceProblems(level)...)); len(errs) > 0 {
		t.Fatalf("%s: %v", when, errs[0])
	}
}

// saveAndReload loads the document's bytes again: the level must decode
// to records that encode as the document's do, and save to the same
// bytes.
func saveAndReload(t testing.TB, d *Document, level int) {
	t.Helper()
	saved := doctest.Bytes(t, d)
	reloaded, err := Load("reloaded", saved)
	if err != nil {
		t.Fatalf("the saved file does not load: %v", err)
	}
	if !bytes.Equal(doctest.Bytes(t, reloaded), saved) {
		t.Fatal("the reloaded file saves to other bytes")
	}
	for _, tag := range modelledChunks {
		want, _ := d.Levels[level].EncodeChunk(tag)
		got, _ := reloaded.Levels[level].EncodeChunk(tag)
		if !bytes.Equal(got, want) {
			t.Fatalf("reloaded, the level's %s chunk differs", tag)
		}
	}
}

// TestRandomEdits makes 1,200 random edits of every kind on a new map
// and on corpus maps (a preprocessed Marathon 1 level with iidx, a
// community Marathon Infinity map): check finds no errors after any of
// them, the derived data stays as recomputed, undoing all gives back the
// original bytes and redoing all the edited ones. The edited file,
// saved and loaded again, recomputes to the derived data it stored. The
// new map needs no corpus.
func TestRandomEdits(t *testing.T) {
	cases := []struct {
		name  string
		open  func(t *testing.T) *Document
		level int
		edits int
	}{
		{"new map", func(t *testing.T) *Document {
			d, err := New("new.sceA", "Random")
			if err != nil {
				t.Fatal(err)
			}
			return d
		}, 0, 500},
		{"Marathon 1 level 5", func(t *testing.T) *Document { return openCorpus(t, "marathon", "m1", "Map.scen") }, 5, 400},
		{"Aaron-Eternal", func(t *testing.T) *Document { return openCorpus(t, "marathon", "eternal", "Aaron-Eternal.sceA") }, 0, 300},
	}
	total := map[string]int{}
	for ci, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := c.open(t)
			l := d.Levels[c.level]
			stale := l.StaleDerivedData(c.level)
			staleIndexes := map[int]bool{}
			if l.Exclusions != nil {
				staleIndexes = staleIndexPolygons(l)
			}
			run := randomEdits(d, c.level, c.edits, uint64(ci))
			for k, v := range run.Edit(t) {
				total[k] += v
			}
			if errs := bin.Errors(l.Check(c.level)); len(errs) > 0 {
				t.Errorf("check after the edits: %v", errs)
			}
			reloaded, err := Load(c.name, run.Edited())
			if err != nil {
				t.Fatalf("the edited file does not load: %v", err)
			}
			rl := reloaded.Levels[c.level]
			if got := rl.StaleDerivedData(c.level); len(stale) == 0 && len(got) > 0 {
				t.Errorf("reloaded, the stored derived data differs from the recomputed: %v", got)
			}
			if rl.Exclusions != nil && len(staleIndexes) == 0 {
				for i := range staleIndexPolygons(rl) {
					t.Errorf("reloaded, polygon %d's map indexes differ from the recomputed", i)
				}
			}
			run.UndoRedoAll(t)
		})
	}
	for _, k := range editKinds {
		if total[k.name] == 0 {
			t.Errorf("no %s edit was accepted", k.name)
		}
	}
	refused := 0
	for _, r := range refusedEdits {
		refused += total[r.name]
	}
	if refused == 0 {
		t.Error("no out-of-range edit was tried")
	}
	if total[randomedit.Undo] == 0 || total[randomedit.Redo] == 0 {
		t.Errorf("%d steps undone and %d redone along the way", total[randomedit.Undo], total[randomedit.Redo])
	}
	t.Logf("accepted edits: %v", total)
}

package marathon

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/internal/doctest"
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

var errEmpty = fmt.Errorf("nothing to edit")

var editKinds = []editKind{
	{"move endpoint", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		li, ok := pick(rng, l.Lines)
		if !ok {
			return errEmpty
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
			return errEmpty
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
			return errEmpty
		}
		line := l.Lines[li]
		if (line.ClockwisePoly == codec.None) == (line.CCWPoly == codec.None) {
			return errEmpty
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
			return errEmpty
		}
		dx, dy := nx*depth/length, ny*depth/length
		_, err := d.DrawPolygon(level, []codec.Point{a, b, pt(int(b.X)+dx, int(b.Y)+dy), pt(int(a.X)+dx, int(a.Y)+dy)})
		return err
	}},
	{"merge polygons", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		li, ok := pick(rng, l.Lines)
		if !ok || l.Lines[li].ClockwisePoly == codec.None || l.Lines[li].CCWPoly == codec.None {
			return errEmpty
		}
		return d.MergePolygons(level, int(l.Lines[li].ClockwisePoly), int(l.Lines[li].CCWPoly))
	}},
	{"move line", func(d *Document, level int, rng *rand.Rand) error {
		li, ok := pick(rng, d.Levels[level].Lines)
		if !ok {
			return errEmpty
		}
		d.History.BreakMerge()
		return d.MoveLine(level, li, pt(rng.IntN(129)-64, rng.IntN(129)-64))
	}},
	{"move polygon", func(d *Document, level int, rng *rand.Rand) error {
		pi, ok := pick(rng, d.Levels[level].Polygons)
		if !ok {
			return errEmpty
		}
		d.History.BreakMerge()
		return d.MovePolygon(level, pi, pt(rng.IntN(129)-64, rng.IntN(129)-64))
	}},
	{"delete line", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		li, ok := pick(rng, l.Lines)
		if !ok || len(l.Polygons) < 3 || rng.IntN(3) > 0 { // rarer: each renumbers the map
			return errEmpty
		}
		return d.DeleteLine(level, li)
	}},
	{"draw lines and fill", func(d *Document, level int, rng *rand.Rand) error {
		// A triangle of lines on a wall with the void behind it, filled.
		l := d.Levels[level]
		li, ok := pick(rng, l.Lines)
		if !ok {
			return errEmpty
		}
		outline, ok := triangleOutside(l, li, float64(256+rng.IntN(768)))
		if !ok {
			return errEmpty
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
			return errEmpty
		}
		return d.DeletePolygons(level, []int{rng.IntN(len(l.Polygons))})
	}},
	{"duplicate polygons", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		if len(l.Polygons) == 0 || rng.IntN(4) > 0 { // rarer: each grows the map
			return errEmpty
		}
		polygons := cluster(l, 1+rng.IntN(6))
		_, err := d.Duplicate(level, polygons, Offset{X: rng.IntN(8193) - 4096, Y: rng.IntN(8193) - 4096})
		return err
	}},
	{"polygon heights and surfaces", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		pi, ok := pick(rng, l.Polygons)
		if !ok {
			return errEmpty
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
			return errEmpty
		}
		return d.EditLines(level, []int{li}, func(line *codec.Line) { line.Flags ^= codec.LineSolid | codec.LineTransparent })
	}},
	{"side textures", func(d *Document, level int, rng *rand.Rand) error {
		si, ok := pick(rng, d.Levels[level].Sides)
		if !ok {
			return errEmpty
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
				return errEmpty
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
			return errEmpty
		}
		return d.EditLights(level, []int{i}, func(x *codec.Light) { x.Phase = int16(rng.IntN(300)) })
	}},
	{"liquids and sounds", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		if l.Marathon1() {
			return errEmpty // its polygons' liquid and sound fields are not references
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
			return errEmpty
		}
		return d.EditPlacements(level, []int{i}, func(p *codec.Placement) { p.Initial, p.Maximum = 1, 3 })
	}},
	{"annotations", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		pi, ok := pick(rng, l.Polygons)
		if !ok {
			return errEmpty
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
			return errEmpty
		}
		c := l.Polygons[pi].Center
		_, err := d.PlaceObject(level, codec.Object{Type: int16(rng.IntN(6)), Index: 1, X: c.X, Y: c.Y})
		return err
	}},
}

func abs(v int) int { return max(v, -v) }

// runRandomEdits makes n accepted random edits of every kind on level,
// checking after every accepted edit that the level has no structural
// or reference errors and after every refused one that nothing changed:
// no step, no byte. Between the edits it undoes and redoes steps (the
// bytes must follow), saves and reloads the file (the reloaded file must
// hold the same level and save to the same bytes), and tries edits with
// out-of-range references, which must all be refused.
func runRandomEdits(t *testing.T, d *Document, level, n int, seed uint64) map[string]int {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	accepted := map[string]int{}
	for done, tries := 0, 0; done < n; tries++ {
		if tries > 50*n {
			t.Fatalf("only %d of %d edits accepted in %d tries: %v", done, n, tries, accepted)
		}
		switch rng.IntN(12) {
		case 0:
			undoRedo(t, d, level)
			continue
		case 1:
			saveAndReload(t, d, level)
			continue
		case 2:
			if tryRefused(t, d, level, refusedEdits[rng.IntN(len(refusedEdits))], rng) {
				accepted["refused"]++
			}
			continue
		}
		k := editKinds[rng.IntN(len(editKinds))]
		undos, redos := d.History.Steps()
		before := doctest.Bytes(t, d)
		if err := k.run(d, level, rng); err != nil {
			if nu, nr := d.History.Steps(); nu != undos || nr != redos || !bytes.Equal(doctest.Bytes(t, d), before) {
				t.Fatalf("%s was refused (%v) but left a step or changed the file", k.name, err)
			}
			continue
		}
		done++
		accepted[k.name]++
		checkLevel(t, d, level, "after "+k.name)
	}
	return accepted
}

// checkLevel fails when the level has structural or reference errors.
func checkLevel(t *testing.T, d *Document, level int, when string) {
	t.Helper()
	l := d.Levels[level]
	if errs := bin.Errors(append(l.CheckStructure(level), l.ReferenceProblems(level)...)); len(errs) > 0 {
		t.Fatalf("%s: %v", when, errs[0])
	}
}

// undoRedo undoes the last step, redoes it and undoes it again: the
// bytes must be the same after each undo and back after the redo. The
// step stays undone, so that the next edit drops it.
func undoRedo(t *testing.T, d *Document, level int) {
	t.Helper()
	if undos, _ := d.History.Steps(); undos == 0 {
		return
	}
	done := doctest.Bytes(t, d)
	if _, err := d.History.Undo(); err != nil {
		t.Fatal(err)
	}
	undone := doctest.Bytes(t, d)
	checkLevel(t, d, level, "after an undo")
	if _, err := d.History.Redo(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(doctest.Bytes(t, d), done) {
		t.Fatal("redoing a step does not give back its bytes")
	}
	if _, err := d.History.Undo(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(doctest.Bytes(t, d), undone) {
		t.Fatal("undoing a step twice gives different bytes")
	}
}

// saveAndReload loads the document's bytes again: the level must decode
// to records that encode as the document's do, and save to the same
// bytes.
func saveAndReload(t *testing.T, d *Document, level int) {
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
// saved and loaded again, recomputes to the derived data it stored.
func TestRandomEdits(t *testing.T) {
	fresh, err := New("new.sceA", "Random")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		d     *Document
		level int
		edits int
	}{
		{"new map", fresh, 0, 500},
		{"Marathon 1 level 5", openCorpus(t, "marathon", "m1", "Map.scen"), 5, 400},
		{"Aaron-Eternal", openCorpus(t, "marathon", "eternal", "Aaron-Eternal.sceA"), 0, 300},
	}
	total := map[string]int{}
	for ci, c := range cases {
		orig := doctest.Bytes(t, c.d)
		l := c.d.Levels[c.level]
		stale := l.StaleDerivedData(c.level)
		staleIndexes := map[int]bool{}
		if l.Exclusions != nil {
			staleIndexes = staleIndexPolygons(l)
		}
		for k, v := range runRandomEdits(t, c.d, c.level, c.edits, uint64(ci)) {
			total[k] += v
		}
		if errs := bin.Errors(l.Check(c.level)); len(errs) > 0 {
			t.Errorf("%s: check after the edits: %v", c.name, errs)
		}
		edited := doctest.Bytes(t, c.d)

		reloaded, err := Load(c.name, edited)
		if err != nil {
			t.Fatalf("%s: the edited file does not load: %v", c.name, err)
		}
		rl := reloaded.Levels[c.level]
		if got := rl.StaleDerivedData(c.level); len(stale) == 0 && len(got) > 0 {
			t.Errorf("%s: reloaded, the stored derived data differs from the recomputed: %v", c.name, got)
		}
		if rl.Exclusions != nil && len(staleIndexes) == 0 {
			for i := range staleIndexPolygons(rl) {
				{
					t.Errorf("%s: reloaded, polygon %d's map indexes differ from the recomputed", c.name, i)
				}
			}
		}

		undoAll(t, c.d)
		if !bytes.Equal(doctest.Bytes(t, c.d), orig) {
			t.Fatalf("%s: undoing every edit does not give back the original bytes", c.name)
		}
		redoAll(t, c.d)
		if !bytes.Equal(doctest.Bytes(t, c.d), edited) {
			t.Fatalf("%s: redoing every edit does not give back the edited bytes", c.name)
		}
	}
	for _, k := range editKinds {
		if total[k.name] == 0 {
			t.Errorf("no %s edit was accepted", k.name)
		}
	}
	if total["refused"] == 0 {
		t.Error("no out-of-range edit was tried")
	}
	t.Logf("accepted edits: %v", total)
}

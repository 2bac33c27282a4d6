package marathon

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"

	"github.com/levelwright/levelwright/internal/doctest"
)

// Control panel types of the water walls (codec's panel classes).
const (
	waterPlatformSwitch = 5
	waterTerminal       = 8
)

// newRecordsMap is a new two-room map (polygons 0 and 1 share line 1;
// sides 0 to 2 are polygon 0's walls).
func newRecordsMap(t testing.TB) *Document {
	t.Helper()
	d, err := Load("new.sceA", codec.NewFile("Records").Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// mustDo fails the test on err.
func mustDo(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// deleteAndUndo deletes record i of kind after checking that
// RecordUsers names want, checks that it took one step, runs after, and
// checks that undo gives back the bytes from before.
func deleteAndUndo(t *testing.T, d *Document, kind document.Kind, i int, want []string, after func()) {
	t.Helper()
	users, err := d.RecordUsers(0, kind, i)
	if err != nil || !slices.Equal(users, want) {
		t.Fatalf("users of %s %d: %q (%v), want %q", kind, i, users, err, want)
	}
	before, n := doctest.Bytes(t, d), steps(d)
	mustDo(t, d.DeleteRecord(0, kind, i))
	if steps(d) != n+1 {
		t.Fatalf("deleting %s %d took %d steps", kind, i, steps(d)-n)
	}
	after()
	if _, err := d.History.Undo(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(doctest.Bytes(t, d), before) {
		t.Errorf("undoing the delete of %s %d does not give the file back", kind, i)
	}
}

// TestDeleteRecordClearsItsUsers: deleting a liquid or a sound that
// polygons use makes them use none, and later records move down, in one
// step that undo takes back whole.
func TestDeleteRecordClearsItsUsers(t *testing.T) {
	d := newRecordsMap(t)
	l := d.Levels[0]
	for _, c := range []struct {
		kind  document.Kind
		add   func() (int, error)
		field func(p *codec.Polygon) *int16
		what  string
	}{
		{KindLiquid, func() (int, error) { return d.AddMedia(0, codec.Media{Texture: codec.None}) }, func(p *codec.Polygon) *int16 { return &p.Media }, "liquid"},
		{KindAmbientSound, func() (int, error) { return d.AddAmbientSound(0, codec.AmbientSound{Volume: 256}) }, func(p *codec.Polygon) *int16 { return &p.AmbientSound }, "ambient sound"},
		{KindRandomSound, func() (int, error) { return d.AddRandomSound(0, codec.RandomSound{Volume: 256}) }, func(p *codec.Polygon) *int16 { return &p.RandomSound }, "random sound"},
	} {
		first, err := c.add()
		mustDo(t, err)
		second, err := c.add()
		mustDo(t, err)
		mustDo(t, d.EditPolygons(0, []int{0}, func(p *codec.Polygon) { *c.field(p) = int16(first) }))
		mustDo(t, d.EditPolygons(0, []int{1}, func(p *codec.Polygon) { *c.field(p) = int16(second) }))
		deleteAndUndo(t, d, c.kind, first, []string{"polygon 0's " + c.what}, func() {
			if got := [2]int16{*c.field(&l.Polygons[0]), *c.field(&l.Polygons[1])}; got != [2]int16{-1, int16(first)} {
				t.Errorf("after deleting %s %d the polygons use %v, want none and %d", c.kind, first, got, first)
			}
		})
	}
}

// TestDeletePlatform: deleting a door's record makes its polygon a
// normal one, clears the switch aimed at it, and moves the later
// platform's polygon to the record's new index.
func TestDeletePlatform(t *testing.T) {
	d := newRecordsMap(t)
	l := d.Levels[0]
	_, err := d.AddPlatform(0, 1, NewDoor)
	mustDo(t, err)
	lift, err := d.AddPlatform(0, 0, NewLift)
	mustDo(t, err)
	mustDo(t, d.EditSides(0, []int{0}, func(s *codec.Side) {
		s.Flags |= codec.SideControlPanel
		s.ControlPanelType, s.ControlPanelPermutation = waterPlatformSwitch, 1
	}))
	if lift != 1 || l.Polygons[0].Permutation != 1 {
		t.Fatalf("the lift is platform %d, polygon 0's permutation %d", lift, l.Polygons[0].Permutation)
	}
	deleteAndUndo(t, d, KindPlatform, 0, []string{"polygon 1's platform", "side 0's platform switch (polygon 1)"}, func() {
		if p := l.Polygons[1]; p.Type == codec.PolygonPlatform {
			t.Errorf("polygon 1 is still a platform")
		}
		if s := l.Sides[0]; s.Flags&codec.SideControlPanel != 0 || s.ControlPanelPermutation != -1 {
			t.Errorf("side 0 is still a switch: flags %#x, permutation %d", s.Flags, s.ControlPanelPermutation)
		}
		if len(l.Platforms) != 1 || l.Platforms[0].Polygon != 0 || l.Polygons[0].Permutation != 0 {
			t.Errorf("the lift: %d platforms, polygon 0's permutation %d", len(l.Platforms), l.Polygons[0].Permutation)
		}
		if errs := d.Errors(); len(errs) != 0 {
			t.Errorf("errors after the delete: %v", errs)
		}
	})
}

// TestDeleteTerminalClearsItsPanels: only the last terminal goes, and
// the control panel that shows it becomes a plain wall.
func TestDeleteTerminalClearsItsPanels(t *testing.T) {
	d := newRecordsMap(t)
	l := d.Levels[0]
	for range 2 {
		_, err := d.AddTerminal(0, codec.Terminal{PageLines: 22, Groups: []codec.TerminalGroup{{Type: codec.GroupLogon}}})
		mustDo(t, err)
	}
	mustDo(t, d.EditSides(0, []int{0}, func(s *codec.Side) {
		s.Flags |= codec.SideControlPanel
		s.ControlPanelType, s.ControlPanelPermutation = waterTerminal, 1
	}))
	if err := d.DeleteRecord(0, KindTerminal, 0); err == nil || !strings.Contains(err.Error(), "last terminal") {
		t.Errorf("deleting terminal 0 of 2: %v", err)
	}
	deleteAndUndo(t, d, KindTerminal, 1, []string{"side 0's terminal (terminal 1)"}, func() {
		if s := l.Sides[0]; s.Flags&codec.SideControlPanel != 0 || len(l.Terminals) != 1 {
			t.Errorf("side 0 flags %#x, %d terminals", s.Flags, len(l.Terminals))
		}
	})
}

// TestDeleteLightInUse: the level's only light, which lights polygons,
// cannot go; one only a light switch names goes, and the switch is
// cleared; a light that lights polygons goes once another is there, and
// they take the first light left.
func TestDeleteLightInUse(t *testing.T) {
	d := newRecordsMap(t)
	l := d.Levels[0]
	if err := d.DeleteRecord(0, KindLight, 0); err == nil || !strings.Contains(err.Error(), "only light") {
		t.Errorf("deleting the level's only light, which lights polygon 0: %v", err)
	}
	light, err := d.AddLight(0, l.Lights[0])
	mustDo(t, err)
	second := l.Lights[light]
	second.Phase = 7 // to tell it apart
	mustDo(t, d.EditLights(0, []int{light}, func(x *codec.Light) { *x = second }))
	mustDo(t, d.EditSides(0, []int{0}, func(s *codec.Side) {
		s.Flags |= codec.SideControlPanel
		s.ControlPanelType, s.ControlPanelPermutation = 4, int16(light) // a water light switch
	}))
	deleteAndUndo(t, d, KindLight, light, []string{"side 0's light switch (light 1)"}, func() {
		if s := l.Sides[0]; s.Flags&codec.SideControlPanel != 0 || len(l.Lights) != 1 {
			t.Errorf("side 0 flags %#x, %d lights", s.Flags, len(l.Lights))
		}
	})
	// Light 0 goes: polygon 0, which it lit, takes the first light left.
	users, err := d.RecordUsers(0, KindLight, 0)
	if err != nil || !slices.Contains(users, "polygon 0") {
		t.Fatalf("users of light 0: %q (%v)", users, err)
	}
	mustDo(t, d.DeleteRecord(0, KindLight, 0))
	if p := l.Polygons[0]; len(l.Lights) != 1 || l.Lights[0] != second || p.FloorLight != 0 || p.CeilingLight != 0 {
		t.Errorf("after light 0 went: %d lights, the first %+v, polygon 0 lit by %d and %d", len(l.Lights), l.Lights[0], p.FloorLight, p.CeilingLight)
	}
}

// TestQuickFixes: a platform polygon without a record gets one (and the
// room beside it the side that shows the door), and a face toward a door
// without a side gets one, each in one step after which check no longer
// reports it.
func TestQuickFixes(t *testing.T) {
	d := newRecordsMap(t)
	l := d.Levels[0]
	has := func(code string) bool {
		problems, err := d.Problems(0)
		mustDo(t, err)
		return slices.ContainsFunc(problems, func(p codec.Problem) bool { return p.Code == code })
	}
	l.Polygons[1].Type = codec.PolygonPlatform // as another editor leaves it
	if !has("platform-without-record") {
		t.Fatal("check misses the platform without a record")
	}
	n := steps(d)
	i, err := d.GiveRecord(0, 1)
	mustDo(t, err)
	if has("platform-without-record") || has("platform-face-without-side") || steps(d) != n+1 || l.Platforms[i].Polygon != 1 || l.Polygons[1].Permutation != int16(i) {
		t.Errorf("the record given: %d steps, platform %d of polygon %d, permutation %d", steps(d)-n, i, l.Platforms[i].Polygon, l.Polygons[1].Permutation)
	}
	if _, err := d.GiveRecord(0, 1); err == nil {
		t.Error("a polygon with its record got another")
	}
	side := l.Lines[1].ClockwiseSide // polygon 0's face toward the door
	l.Lines[1].ClockwiseSide = codec.None
	d.problems.Forget()
	if side == codec.None || !has("platform-face-without-side") {
		t.Fatalf("side %d removed: check misses it", side)
	}
	mustDo(t, d.AddMissingSides(0, 1))
	if has("platform-face-without-side") || l.Lines[1].ClockwiseSide == codec.None {
		t.Error("the face toward the door still has no side")
	}
}

// TestTeleporterAimedAtNothing: a teleporter to a polygon the level
// lacks is an error an edit cannot make; one to a level the file lacks
// is a warning, one to a level it has none.
func TestTeleporterAimedAtNothing(t *testing.T) {
	d := newRecordsMap(t)
	l := d.Levels[0]
	teleporter := func(to int16) func(p *codec.Polygon) {
		return func(p *codec.Polygon) { p.Type, p.Permutation = polygonTeleporter, to }
	}
	if err := d.EditPolygons(0, []int{1}, teleporter(2)); err == nil || !strings.Contains(err.Error(), "teleporter") {
		t.Errorf("a teleporter to polygon 2 of 2: %v", err)
	}
	count := func() (n int) {
		problems, err := d.Problems(0)
		mustDo(t, err)
		for _, p := range problems {
			if p.Code == "teleporter-aimed-at-nothing" && p.Index == 1 {
				n++
			}
		}
		return n
	}
	for _, c := range []struct {
		to   int16
		want int
	}{{0, 0}, {-1, 0}, {-2, 1}} {
		mustDo(t, d.EditPolygons(0, []int{1}, teleporter(c.to)))
		if got := count(); got != c.want {
			t.Errorf("a teleporter with permutation %d: %d problems, want %d", c.to, got, c.want)
		}
	}
	if got := l.TeleporterProblems(0, []int{0, 1}); len(got) != 0 {
		t.Errorf("a teleporter to level 1 of a file of 2 levels: %v", got)
	}
}

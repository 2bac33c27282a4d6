package marathon

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/uuid"
	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/internal/doctest"
	"github.com/levelwright/levelwright/internal/randomedit"
)

// refusedEdit is an edit with a reference or value the engine would
// crash on or cannot store: the document must refuse it with a message
// naming field, and change nothing. run returns randomedit.ErrNothing when the level
// has nothing it applies to.
type refusedEdit struct {
	name, field string
	run         func(d *Document, level int, rng *rand.Rand) error
}

// editPolygon applies update to a random polygon of the level.
func editPolygon(update func(l *codec.Level, p *codec.Polygon, rng *rand.Rand)) func(d *Document, level int, rng *rand.Rand) error {
	return func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		pi, ok := pick(rng, l.Polygons)
		if !ok {
			return randomedit.ErrNothing
		}
		return d.EditPolygons(level, []int{pi}, func(p *codec.Polygon) { update(l, p, rng) })
	}
}

var refusedEdits = []refusedEdit{
	{"floor light past the lights", "FloorLight", editPolygon(func(l *codec.Level, p *codec.Polygon, rng *rand.Rand) {
		p.FloorLight = int16(l.LightCount() + rng.IntN(1000))
	})},
	{"negative ceiling light", "CeilingLight", editPolygon(func(_ *codec.Level, p *codec.Polygon, rng *rand.Rand) {
		p.CeilingLight = -1 - int16(rng.IntN(100))
	})},
	{"polygon type 99", "Type", editPolygon(func(_ *codec.Level, p *codec.Polygon, rng *rand.Rand) {
		p.Type = codec.PolygonTypes + uint16(rng.IntN(100))
	})},
	{"floor above the ceiling", "FloorHeight", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		pi, ok := pick(rng, l.Polygons)
		if !ok || l.Polygons[pi].Type == codec.PolygonPlatform {
			return randomedit.ErrNothing
		}
		return d.EditPolygons(level, []int{pi}, func(p *codec.Polygon) { p.FloorHeight = p.CeilingHeight + 1 + int16(rng.IntN(500)) })
	}},
	{"floor texture of collection 40", "FloorTexture", editPolygon(func(_ *codec.Level, p *codec.Polygon, rng *rand.Rand) {
		p.FloorTexture = 40<<8 | uint16(rng.IntN(256))
	})},
	{"liquid past the liquids", "Media", func(d *Document, level int, rng *rand.Rand) error {
		if d.Levels[level].Marathon1() {
			return randomedit.ErrNothing // Marathon 1 polygons have no liquids
		}
		return editPolygon(func(l *codec.Level, p *codec.Polygon, rng *rand.Rand) { p.Media = int16(len(l.Media) + rng.IntN(50)) })(d, level, rng)
	}},
	{"ambient sound past the sounds", "AmbientSound", func(d *Document, level int, rng *rand.Rand) error {
		if d.Levels[level].Marathon1() {
			return randomedit.ErrNothing
		}
		return editPolygon(func(l *codec.Level, p *codec.Polygon, rng *rand.Rand) {
			p.AmbientSound = int16(len(l.Ambient) + rng.IntN(50))
		})(d, level, rng)
	}},
	{"side light past the lights", "PrimaryLight", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		si, ok := pick(rng, l.Sides)
		if !ok {
			return randomedit.ErrNothing
		}
		return d.EditSides(level, []int{si}, func(s *codec.Side) { s.PrimaryLight = int16(l.LightCount() + rng.IntN(100)) })
	}},
	{"platform switch to polygon 5000", "ControlPanelPermutation", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		si, ok := pick(rng, l.Sides)
		if !ok {
			return randomedit.ErrNothing
		}
		return d.EditSides(level, []int{si}, func(s *codec.Side) {
			s.Flags |= codec.SideControlPanel
			s.ControlPanelType, s.ControlPanelPermutation = 5, int16(len(l.Polygons)+rng.IntN(5000))
		})
	}},
	{"open line on the void", "solid", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		li, ok := pick(rng, l.Lines)
		if !ok || l.Lines[li].ClockwisePoly != codec.None && l.Lines[li].CCWPoly != codec.None {
			return randomedit.ErrNothing
		}
		return d.EditLines(level, []int{li}, func(line *codec.Line) { line.Flags = line.Flags&^codec.LineSolid | codec.LineTransparent })
	}},
	{"object type 200", "Type", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		pi, ok := pick(rng, l.Polygons)
		if !ok {
			return randomedit.ErrNothing
		}
		c := l.Polygons[pi].Center
		_, err := d.PlaceObject(level, codec.Object{Type: int16(codec.ObjectTypes + rng.IntN(200)), X: c.X, Y: c.Y})
		return err
	}},
	{"monster index 200", "Index", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		i, ok := pick(rng, l.Objects)
		if !ok {
			return randomedit.ErrNothing
		}
		return d.EditObject(level, i, func(o *codec.Object) { o.Type, o.Index = codec.ObjectMonster, int16(codec.MonsterTypes+rng.IntN(200)) })
	}},
	{"light function 99", "Function", func(d *Document, level int, rng *rand.Rand) error {
		l := d.Levels[level]
		i, ok := pick(rng, l.Lights)
		if !ok {
			return randomedit.ErrNothing
		}
		return d.EditLights(level, []int{i}, func(x *codec.Light) { x.Functions[rng.IntN(6)].Function = int16(codec.LightFunctions + rng.IntN(99)) })
	}},
	{"liquid lit by a missing light", "LightIndex", func(d *Document, level int, rng *rand.Rand) error {
		_, err := d.AddMedia(level, codec.Media{LightIndex: int16(d.Levels[level].LightCount() + rng.IntN(10)), Texture: codec.None})
		return err
	}},
	{"terminal of 100,000 groups", "bytes", func(d *Document, level int, rng *rand.Rand) error {
		_, err := d.AddTerminal(level, codec.Terminal{Groups: make([]codec.TerminalGroup, 6000+rng.IntN(100000))})
		return err
	}},
}

// tryRefused runs a refused edit and fails unless it was refused with a
// message naming its field, leaving no step and no changed byte. It
// reports whether the edit applied to the level.
func tryRefused(t *testing.T, d *Document, level int, r refusedEdit, rng *rand.Rand) bool {
	t.Helper()
	steps, _ := d.History.Steps()
	before := doctest.Bytes(t, d)
	err := r.run(d, level, rng)
	if err == randomedit.ErrNothing {
		return false
	}
	if err == nil {
		t.Fatalf("%s: accepted", r.name)
	}
	if !strings.Contains(err.Error(), r.field) {
		t.Errorf("%s: the message names no %s: %v", r.name, r.field, err)
	}
	if now, _ := d.History.Steps(); now != steps || !bytes.Equal(doctest.Bytes(t, d), before) {
		t.Fatalf("%s was refused (%v) but left a step or changed the file", r.name, err)
	}
	return true
}

// TestRefusedEdits makes every refused edit on the new map, a Marathon 1
// level and a community Marathon Infinity map.
func TestRefusedEdits(t *testing.T) {
	fresh, err := New("new.sceA", "Refused")
	if err != nil {
		t.Fatal(err)
	}
	docs := []struct {
		d     *Document
		level int
	}{{fresh, 0}, {openCorpus(t, "marathon", "m1", "Map.scen"), 5}, {openCorpus(t, "marathon", "eternal", "Aaron-Eternal.sceA"), 0}}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, r := range refusedEdits {
		applied := false
		for _, c := range docs {
			applied = tryRefused(t, c.d, c.level, r, rng) || applied
		}
		if !applied {
			t.Errorf("%s applied to no level", r.name)
		}
	}
}

// TestRefusedMessages shows the messages name the field and the range.
func TestRefusedMessages(t *testing.T) {
	d, _ := New("new.sceA", "Refused")
	err := d.EditPolygons(0, []int{1}, func(p *codec.Polygon) { p.FloorLight = 999 })
	if err == nil || !strings.Contains(err.Error(), "polygon 1: FloorLight 999 is not a light (0 to 0)") {
		t.Errorf("got %v", err)
	}
	err = d.EditPolygons(0, []int{0}, func(p *codec.Polygon) { p.Media = 50 })
	if err == nil || !strings.Contains(err.Error(), "Media 50 is not a liquid (the level has none, or -1 for none)") {
		t.Errorf("got %v", err)
	}
	if err := d.EditPolygons(0, []int{0}, func(p *codec.Polygon) { p.Media = -1; p.AmbientSound = -1 }); err != nil {
		t.Errorf("none refused: %v", err)
	}
}

// TestEditBesideOldProblems: on a map that has problems already (Third
// Rock from Lhowon's polygon 80 has its floor above its ceiling), edits
// that add none are accepted, even of that polygon and across a
// renumbering, which moves the handles once, and one that adds a
// problem is refused.
func TestEditBesideOldProblems(t *testing.T) {
	d := openCorpus(t, "marathon", "eternal", "Third-Rock-from-Lhowon.sceA")
	if err := d.EditPolygons(0, []int{80}, func(p *codec.Polygon) { p.FloorTexture ^= 1 }); err != nil {
		t.Errorf("a texture edit of the broken polygon was refused: %v", err)
	}
	objects := len(d.Levels[0].Objects)
	var handles []uuid.UUID
	for i := range objects {
		handles = append(handles, d.Handles.Of(document.Ref{Level: 0, Kind: KindObject, Index: i}))
	}
	if err := d.DeleteObjects(0, []int{0}); err != nil {
		t.Errorf("deleting an object was refused: %v", err)
	}
	for i, h := range handles[1:] {
		if r, ok := d.Handles.Lookup(h); !ok || r.Index != i {
			t.Errorf("object %d's handle names %+v (%v) after object 0 was deleted, want object %d", i+1, r, ok, i)
		}
	}
	if err := d.EditPolygons(0, []int{80}, func(p *codec.Polygon) { p.CeilingHeight-- }); err == nil {
		t.Error("lowering the broken polygon's ceiling further was accepted")
	}
	if steps, _ := d.History.Steps(); steps != 2 {
		t.Errorf("%d steps, want 2", steps)
	}
}

// TestObjectLimit fills the new map up to the engine's 32,767 objects:
// one more is refused, by placing and by importing.
func TestObjectLimit(t *testing.T) {
	d, _ := New("new.sceA", "Full")
	if _, err := d.Import(objectsText(d, codec.MaxRecords-1, 1000)); err != nil {
		t.Fatal(err)
	}
	if n := len(d.Levels[0].Objects); n != codec.MaxRecords {
		t.Fatalf("%d objects", n)
	}
	steps, _ := d.History.Steps()
	before := doctest.Bytes(t, d)
	_, err := d.PlaceObject(0, codec.Object{Type: codec.ObjectItem, X: 1000, Y: 1000})
	if err == nil || !strings.Contains(err.Error(), "the level has 32768 objects, the engine loads at most 32767") {
		t.Errorf("placing object 32,768: %v", err)
	}
	if _, err := d.Import(objectsText(d, codec.MaxRecords, 1000)); err == nil || !strings.Contains(err.Error(), "objects: 32768 records") {
		t.Errorf("importing 32,768 objects: %v", err)
	}
	if now, _ := d.History.Steps(); now != steps || !bytes.Equal(doctest.Bytes(t, d), before) {
		t.Error("a refused object left a step or changed the file")
	}
}

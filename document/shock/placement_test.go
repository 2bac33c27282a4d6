package shock

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// TestDropObjectKeepsHeightAboveFloor: a dropped object stands above the
// floor where it lands by as much as it stood above the floor it left,
// and never under a floor.
func TestDropObjectKeepsHeightAboveFloor(t *testing.T) {
	d := newDocument(t)
	level := firstLevel(d)
	l := d.Archive.Levels[level]
	floor := func(x, y, h int) {
		if err := d.SetTiles(level, []Point{{x, y}}, FloorHeight, h); err != nil {
			t.Fatal(err)
		}
	}
	floor(30, 30, 2)
	floor(32, 30, 10)
	floor(34, 30, 0)
	id, err := d.CreateObject(level, ObjectSpec{Class: codec.ClassSmallStuff, Subclass: 0, Type: 0, X: 30<<8 | 0x80, Y: 30<<8 | 0x80, Z: 2<<3 + 5})
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range []struct {
		x     int
		wantZ int
	}{{32, 10<<3 + 5}, {34, 5}, {30, 2<<3 + 5}} {
		if err := d.DropObject(level, id, uint16(step.x<<8|0x80), 30<<8|0x80); err != nil {
			t.Fatal(err)
		}
		if got := int(l.Objects[id].Z); got != step.wantZ {
			t.Errorf("dropped on tile (%d,30): z %d, want %d", step.x, got, step.wantZ)
		}
	}
	checkClean(t, d, level, "the drops")
}

// openSpot is where the first object of l in play stands where the game
// shows it: a place a new object may take.
func openSpot(t *testing.T, l *codec.Level) (x, y uint16, z uint8) {
	t.Helper()
	for id, o := range l.Objects {
		if id > 0 && o.Active != 0 && l.InPlay(id) {
			if _, code := l.PlacementProblem(o); code == "" {
				return o.X, o.Y, o.Z
			}
		}
	}
	t.Fatalf("level %d has no object in play standing in the open", l.Index)
	return 0, 0, 0
}

// refusedMisplaced checks that edit is refused as misplacing something,
// naming want, with no step and no changed byte (editor.refused).
func refusedMisplaced(t *testing.T, d *Document, want string, edit func() error) {
	t.Helper()
	var err error
	if !(&editor{t: t, d: d}).refused(func() error { err = edit(); return err }) {
		t.Fatalf("an edit misplacing %q was accepted", want)
	}
	if !errors.Is(err, ErrMisplaced) || !strings.Contains(err.Error(), want) {
		t.Fatalf("got %v, want a refusal naming %q", err, want)
	}
}

// TestMisplacingEditsAreRefused: in the new level's room (floor 4,
// ceiling 16 steps up), an object is not created in a wall, moved into
// one, sunk under the floor or raised over the ceiling; its tile is not
// made solid under it, nor its floor raised over one hanging from the
// ceiling (which stays with the ceiling); a floor is not put
// above its ceiling. A trap goes anywhere, and an object already astray
// can still be moved.
func TestMisplacingEditsAreRefused(t *testing.T) {
	d := newDocument(t)
	level := firstLevel(d)
	l := d.Archive.Levels[level]
	refusedMisplaced(t, d, "wall of tile (10,10)", func() error {
		_, err := d.CreateObject(level, ObjectSpec{Class: codec.ClassDrug, X: 10<<8 | 0x80, Y: 10<<8 | 0x80, Z: 32})
		return err
	})
	id, err := d.CreateObject(level, ObjectSpec{Class: codec.ClassDrug, X: 30<<8 | 0x80, Y: 30<<8 | 0x80, Z: 32})
	if err != nil {
		t.Fatal(err)
	}
	refusedMisplaced(t, d, "wall of tile (27,30)", func() error { return d.MoveObject(level, id, 27<<8|0x80, 30<<8|0x80, 32) })
	refusedMisplaced(t, d, "under the floor of tile (30,30)", func() error { return d.MoveObject(level, id, 30<<8|0x80, 30<<8|0x80, 20) })
	refusedMisplaced(t, d, "over the ceiling of tile (30,30)", func() error { return d.SetObjectField(level, []int{id}, ObjectZ, 200) })
	refusedMisplaced(t, d, "tile (30,30): object", func() error { return d.SetTiles(level, []Point{{30, 30}}, TileShape, int(codec.ShapeSolid)) })
	lamp, err := d.CreateObject(level, ObjectSpec{Class: codec.ClassDrug, X: 30<<8 | 0x40, Y: 30<<8 | 0x40, Z: 104})
	if err != nil {
		t.Fatal(err)
	}
	refusedMisplaced(t, d, fmt.Sprintf("tile (30,30): object %d", lamp), func() error { return d.SetTiles(level, []Point{{30, 30}}, FloorHeight, 15) })
	refusedMisplaced(t, d, "tile (31,31): its floor", func() error { return d.SetTiles(level, []Point{{31, 31}}, FloorHeight, 20) })
	refusedMisplaced(t, d, "tile (31,31): its floor", func() error {
		return d.PaintTiles(level, []Point{{31, 31}}, Brush{TileShape: int(codec.ShapeSlopeN), Slope: 16})
	})
	trap, err := d.CreateObject(level, ObjectSpec{Class: codec.ClassTrap, X: 10<<8 | 0x80, Y: 10<<8 | 0x80})
	if err != nil {
		t.Fatalf("a trap in a wall: %v", err)
	}
	// An object astray (as another tool may leave one) can be moved.
	l.Objects[id].Z = 0
	if err := d.MoveObject(level, id, 31<<8|0x80, 30<<8|0x80, 0); err != nil {
		t.Fatalf("moving an object already under the floor: %v", err)
	}
	if err := d.MoveObject(level, trap, 11<<8, 11<<8, 0); err != nil {
		t.Fatalf("moving a trap in the walls: %v", err)
	}
}

// TestObjectsFollowTheirFloor: raising or sloping a floor lifts the
// objects resting on it, at their exact positions, and lowering a
// ceiling lowers those hanging from it, in the edit's one step; undo puts
// tiles and objects back.
func TestObjectsFollowTheirFloor(t *testing.T) {
	d := newDocument(t)
	level := firstLevel(d)
	l := d.Archive.Levels[level]
	create := func(x, y uint16, z uint8) int {
		id, err := d.CreateObject(level, ObjectSpec{Class: codec.ClassDrug, X: x, Y: y, Z: z})
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	// The room's floor is 4 steps up (z 32), its ceiling 16 (z 128).
	resting, raised, hanging := create(30<<8|0x80, 30<<8|0xC0, 32), create(30<<8|0x40, 30<<8|0x40, 40), create(30<<8|0x80, 30<<8|0x80, 118)
	before := slices.Clone(l.Objects)
	steps, _ := d.History.Steps()
	brush := Brush{FloorHeight: 6, TileShape: int(codec.ShapeSlopeN), Slope: 8, SlopeControl: int(codec.SlopeFloorOnly), CeilingHeight: 18}
	if err := d.PaintTiles(level, []Point{{30, 30}}, brush); err != nil {
		t.Fatal(err)
	}
	if got, _ := d.History.Steps(); got != steps+1 {
		t.Errorf("the paint made %d steps", got-steps)
	}
	tile := l.Tile(30, 30)
	for id, want := range map[int]float64{
		resting: tile.FloorUnder(l.Objects[resting].X, l.Objects[resting].Y) * codec.ObjectZPerStep,
		raised:  tile.FloorUnder(l.Objects[raised].X, l.Objects[raised].Y)*codec.ObjectZPerStep + 8,
		hanging: tile.CeilingOver(l.Objects[hanging].X, l.Objects[hanging].Y)*codec.ObjectZPerStep - 10,
	} {
		if got := float64(l.Objects[id].Z); got != want {
			t.Errorf("object %d: z %v, want %v", id, got, want)
		}
	}
	checkClean(t, d, level, "the paint")
	if ok, err := d.History.Undo(); !ok || err != nil {
		t.Fatalf("undo: %v, %v", ok, err)
	}
	for _, id := range []int{resting, raised, hanging} {
		if l.Objects[id] != before[id] {
			t.Errorf("undo left object %d at z %d, was %d", id, l.Objects[id].Z, before[id].Z)
		}
	}
}

// TestBatchMayPassThroughMisplacement: a batch, such as an import, is
// checked where it ends: raising a floor over its ceiling and then the
// ceiling over it is one accepted step; a batch that ends with the floor
// over the ceiling is refused whole.
func TestBatchMayPassThroughMisplacement(t *testing.T) {
	d := newDocument(t)
	level := firstLevel(d)
	l := d.Archive.Levels[level]
	p := []Point{{33, 33}}
	err := d.Batch("raise the room", func() error {
		if err := d.SetTiles(level, p, FloorHeight, 20); err != nil {
			return err
		}
		return d.SetTiles(level, p, CeilingHeight, 4)
	})
	if err != nil {
		t.Fatal(err)
	}
	if tl := l.Tile(33, 33); tl.FloorHeight() != 20 || tl.CeilingHeight() != 4 {
		t.Fatalf("floor %d, ceiling %d", tl.FloorHeight(), tl.CeilingHeight())
	}
	refusedMisplaced(t, d, "tile (33,33): its floor", func() error {
		return d.Batch("sink the ceiling", func() error {
			if err := d.SetTiles(level, p, CeilingHeight, 16); err != nil {
				return err
			}
			return d.SetTiles(level, p, FloorShade, 3)
		})
	})
}

// TestStand: objects are put on the floor, at eye level (three quarters
// of a tile over the floor) or on the ceiling at their exact position:
// on a slope rising north 8 steps, an object three quarters of the way up
// rests 6 steps over the base floor. Without objprop.dat the object's
// centre is put there. The ceiling is 30 steps up.
func TestStand(t *testing.T) {
	d := newDocument(t)
	level := firstLevel(d)
	l := d.Archive.Levels[level]
	brush := Brush{TileShape: int(codec.ShapeSlopeN), Slope: 8, SlopeControl: int(codec.SlopeFloorOnly), CeilingHeight: 2}
	if err := d.PaintTiles(level, []Point{{32, 32}}, brush); err != nil {
		t.Fatal(err)
	}
	id, err := d.CreateObject(level, ObjectSpec{Class: codec.ClassDrug, X: 32<<8 | 0x80, Y: 32<<8 | 0xC0, Z: 100})
	if err != nil {
		t.Fatal(err)
	}
	const zPerTile = 64 // the new level's ZShift 3: 8 steps a tile, 8 z a step
	for _, tt := range []struct {
		s    codec.Standing
		want int
	}{{codec.OnFloor, (4 + 6) * 8}, {codec.AtEyeLevel, (4+6)*8 + zPerTile*3/4}, {codec.OnCeiling, 30 * 8}} {
		if err := d.Stand(level, []int{id}, tt.s, nil); err != nil {
			t.Fatal(err)
		}
		if got := int(l.Objects[id].Z); got != tt.want {
			t.Errorf("standing %d: z %d, want %d", tt.s, got, tt.want)
		}
	}
	if done, _ := d.History.Descriptions(); done[len(done)-1] != fmt.Sprintf("Put object %d on the ceiling", id) {
		t.Errorf("the step is %q", done[len(done)-1])
	}
}

// TestPivot: an object stands as high over the floor as the game puts
// it: a flat picture on it, others by physics_z, else by their radius,
// else by half a tile, in 96ths of a tile.
func TestPivot(t *testing.T) {
	l := &codec.Level{Info: codec.MapInfo{ZShift: 3}}
	for _, tt := range []struct {
		p    *codec.CommonProps
		want float64
	}{
		{nil, 0},
		{&codec.CommonProps{RenderType: 1, PhysicsZ: 48}, 0},
		{&codec.CommonProps{PhysicsZ: 48, Radius: 12}, 32},
		{&codec.CommonProps{Radius: 24}, 16},
		{&codec.CommonProps{}, 32},
	} {
		if got := l.Pivot(tt.p); got != tt.want {
			t.Errorf("%+v: pivot %v, want %v", tt.p, got, tt.want)
		}
	}
}

package main

import (
	"image"
	"testing"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	sdoc "github.com/levelwright/levelwright/document/shock"
)

// shockPuzzleDoor is docs/manual/tutorials/shock-puzzle-door.md: in a
// new archive's room, a door and a puzzle panel beside it, which holds
// a wire puzzle whose solving sets the door off. Map units are tiles,
// the window 1280 by 800 (its dialogs' buttons found there),
// y growing north; the new level's room is tiles 28 to 36 each way.
var shockPuzzleDoor = tutorial{
	Name: "shock-puzzle-door",
	Steps: []tutorialStep{
		{Say: "Make a new archive and open it: in a terminal, run `levelwright new shock --out puzzle.dat`, then `levelwright puzzle.dat`.",
			Do: []string{"new shock puzzle.dat", "open puzzle.dat"}, Shot: "shock-new-level"},
		{Say: "Click the room's south-east corner, so that the map takes the keys, and press **O** (Place object). Click the box **Find a type by name** right of the tool's lists and type `normal door 0`: the lists show class 10 door, subclass 0 normal. Click the room's middle to place the door.",
			Do: []string{"click 35.5 28.5", "key o", "window 915 89", "type normal door 0", "click 32.5 32.5"}},
		{Say: "Click the box again, select its text with **Ctrl+A** and type `panel fixture 0`; then click two tiles west of the door to place a panel there.",
			Do: []string{"window 915 89", "key ctrl+a", "type panel fixture 0", "click 30.5 32.5"}, Shot: "shock-panel-placed"},
		{Say: "In the inspector, scroll down to the panel's **Puzzle** section and set **kind** to **wire**. The wire puzzle editor opens on a new puzzle.",
			Do: []string{"choose kind = 1 (wire)"}, Shot: "shock-wire-puzzle"},
		{Say: "Click **Apply** to store the puzzle in the panel.",
			Do: []string{"window 685 682"}},
		{Say: "Beside **set off when solved**, click **Pick**, then click the door in the map. Solving the puzzle now sets the door off: it opens.",
			Do: []string{"button set off when solved", "click 32.5 32.5"}, Shot: "shock-door-picked"},
		{Say: "Press **Ctrl+S** to save.", Do: []string{"save"}},
	},
	frame: newShockLevelFrame,
	check: checkShockPuzzleDoor,
}

// newShockLevelFrame finds a new System Shock level on screen: the box of
// its white outer walls (brightBox) is its room, tiles 28 to 36 each
// way, north up.
func newShockLevelFrame(t *testing.T, s imageAndView) screenFrame {
	t.Helper()
	box := brightBox(t, s, image.Pt(210, 475), 1)
	scale := float64(box.Dx()) / 8
	return screenFrame{scale: scale, origin: [2]float64{float64(box.Min.X) - 28*scale, float64(box.Max.Y) + 28*scale}, flipY: true}
}

// checkShockPuzzleDoor: the saved level holds a door and a puzzle panel
// whose wire puzzle sets the door off when solved.
func checkShockPuzzleDoor(t *testing.T, _, path string) {
	d, err := sdoc.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	l := d.Archive.Levels[1] // a new archive's one level
	if l == nil {
		t.Fatal("the saved archive has no level 1")
	}
	door, panel := -1, -1
	for i, o := range l.Objects {
		if o.Active == 0 {
			continue
		}
		switch {
		case o.Class == scodec.ClassDoor && door < 0:
			door = i
		case scodec.CanHoldPuzzle(o) && panel < 0:
			panel = i
		default:
			t.Errorf("object %d (class %d) is neither the door nor the panel", i, o.Class)
		}
	}
	if door < 0 || panel < 0 {
		t.Fatalf("door %d, panel %d: want one of each", door, panel)
	}
	w, err := d.WirePuzzle(1, panel)
	if err != nil {
		t.Fatalf("panel %d holds no wire puzzle: %v", panel, err)
	}
	if int(w.Frob) != door {
		t.Errorf("panel %d's puzzle sets off object %d when solved, want the door, %d", panel, w.Frob, door)
	}
}

package main

import (
	"image"
	"math"
	"path/filepath"
	"testing"

	tcodec "github.com/levelwright/levelwright/codecs/turok"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/internal/corpus"
)

// turokMap is the corpus map the Turok tutorial starts from, as the
// user's own map: a 3072 units square of hills with the actors of the
// base game's types, whose actors Place actor offers as templates.
var turokMap = filepath.Join("turok", "plain16.map")

// ambushTID is the TID the tutorial gives its ambushers: one no actor
// of turokMap carries.
const ambushTID = 20

// turokAmbush is docs/manual/tutorials/turok-ambush.md: three raptors
// hidden until triggered, and a grunt whose death triggers them. Map
// units are the map's, y growing north; the map spans 0 to 3072 each
// way, the raptors stand around (2688, 1600), the grunt south-west of
// them, where no actor or static mesh is near.
var turokAmbush = tutorial{
	Name: "turok-ambush",
	Steps: []tutorialStep{
		{Say: "Open your map in the editor: `levelwright ambush.map`.",
			Do: []string{"corpus " + filepath.ToSlash(turokMap) + " ambush.map", "open ambush.map"}, Shot: "turok-map-opened"},
		{Say: "Click an empty spot of the viewport right of the map, so that the map takes the keys, and press **O** (Place actor). The **Template** box offers your map's actors, one of each type, variant and model; it starts on the first that is not the player, here a raptor. Click three spots close together to place three raptors: they are the ambush.",
			Do: []string{"click 3400 1536", "key o", "click 2560 1536", "click 2816 1536", "click 2688 1792"}, Shot: "turok-raptors-placed"},
		{Say: "Press **S** (Select), click the first raptor, then hold Shift and click the other two. The inspector shows the three together.",
			Do: []string{"key s", "click 2560 1536", "shift-click 2816 1536", "shift-click 2688 1792"}},
		{Say: "In the inspector, click **TID**, type `20` and press Enter: the three raptors carry TID 20. Pick a number no other actor of your map carries; Edit > Find… with `actors TID=20` finds none when it is free.",
			Do: []string{"entry TID = 20"}},
		{Say: "Click **TriggerAnim**, type `1` and press Enter. An actor with a trigger animation is hidden, and cannot be touched, until it is triggered; then it plays that animation. Which number plays which animation depends on the enemy: the Turok EX Modding Guide's levels page lists them.",
			Do: []string{"entry TriggerAnim = 1"}},
		{Say: "Scroll down to **SpawnFlags2** and tick **HoldTriggerAnimation**, so that the raptors wait, and take no damage, until they are triggered.",
			Do: []string{"tick SpawnFlags2: HoldTriggerAnimation"}, Shot: "turok-ambush-set"},
		{Say: "Click the empty spot right of the map again, so that the map has the keys back from the inspector, and press **O**. Click the **Template** box, select its text with **Ctrl+A** and type `grunt #2`: typing narrows the list to the templates holding every word, here the map's actor 2, a grunt. Click south-west of the raptors to place the grunt that sets the ambush off.",
			Do: []string{"click 3400 1536", "key o", "window 520 89", "key ctrl+a", "type grunt #2", "click 2304 1024"}},
		{Say: "The grunt is selected. Beside **target**, click **Pick target actor**, then click one of the raptors. The grunt's **TargetTID** becomes 20, the raptors' TID: when the player kills the grunt, the three raptors appear.",
			Do: []string{"button target", "click 2560 1536"}, Shot: "turok-trigger-picked"},
		{Say: "Press **Ctrl+S** to save.", Do: []string{"save"}},
	},
	frame: turokMapFrame,
	check: checkTurokAmbush,
}

// turokMapFrame finds turokMap on screen: the box of its white outline
// (brightBox) is its extent, north up.
func turokMapFrame(t *testing.T, s imageAndView) screenFrame {
	t.Helper()
	m := openTurokMap(t, corpus.Path(t, turokMap))
	lo, hi := [2]float64{math.Inf(1), math.Inf(1)}, [2]float64{math.Inf(-1), math.Inf(-1)}
	for _, v := range m.Vertices {
		lo = [2]float64{min(lo[0], float64(v.Position.X)), min(lo[1], float64(v.Position.Y))}
		hi = [2]float64{max(hi[0], float64(v.Position.X)), max(hi[1], float64(v.Position.Y))}
	}
	box := brightBox(t, s, image.Pt(200, 270), (hi[0]-lo[0])/(hi[1]-lo[1]))
	scale := float64(box.Dx()) / (hi[0] - lo[0])
	return screenFrame{scale: scale, origin: [2]float64{float64(box.Min.X) - lo[0]*scale, float64(box.Max.Y) + lo[1]*scale}, flipY: true}
}

// openTurokMap opens the Turok map at path.
func openTurokMap(t *testing.T, path string) *tcodec.Map {
	t.Helper()
	d, err := tdoc.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	return d.Map
}

// checkTurokAmbush: the saved map holds the corpus map's actors and
// four more: three raptors carrying ambushTID, which no other actor
// carries, hidden until triggered (a trigger animation, held, and not
// made visible before), and a grunt targeting ambushTID; the map's
// check finds nothing wrong with the four.
func checkTurokAmbush(t *testing.T, _, path string) {
	before := openTurokMap(t, corpus.Path(t, turokMap))
	m := openTurokMap(t, path)
	if len(m.Actors) != len(before.Actors)+4 {
		t.Fatalf("%d actors, want the map's %d and the three raptors and the grunt", len(m.Actors), len(before.Actors))
	}
	hold, err := tcodec.ActorSpawnFlags2.Mask([]string{"HoldTriggerAnimation"})
	if err != nil {
		t.Fatal(err)
	}
	visible, err := tcodec.ActorSpawnFlags3.Mask([]string{"MakeSpawnAnimVisible"})
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range before.Actors {
		if a.TID == ambushTID {
			t.Fatalf("actor %d of %s carries TID %d already: the tutorial needs a free one", i, turokMap, ambushTID)
		}
	}
	for k, a := range m.Actors[len(before.Actors):] {
		i := len(before.Actors) + k
		if k == 3 {
			if a.Type != 2 || a.TargetTID != ambushTID || a.TriggerAnim != 0 {
				t.Errorf("actor %d (type %d) targets TID %d with trigger animation %d; want a grunt (2) targeting %d, not hidden", i, a.Type, a.TargetTID, a.TriggerAnim, ambushTID)
			}
			continue
		}
		if a.Type != 1 || a.TID != ambushTID || a.TriggerAnim == 0 || a.SpawnFlags2&hold == 0 || uint32(a.SpawnFlags3)&visible != 0 {
			t.Errorf("actor %d: type %d, TID %d, trigger animation %d, spawn flags 2 %v, 3 %v; want a raptor (1) carrying TID %d, hidden until triggered",
				i, a.Type, a.TID, a.TriggerAnim, tcodec.ActorSpawnFlags2.Names(a.SpawnFlags2), tcodec.ActorSpawnFlags3.Names(uint32(a.SpawnFlags3)), ambushTID)
		}
	}
	for _, p := range m.Check() {
		if p.Kind == "actor" && p.Index >= len(before.Actors) {
			t.Errorf("check: %s", p.Message)
		}
	}
}

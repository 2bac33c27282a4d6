package turok

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/tool"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/doctest"
)

// testHost is the little of the window the place tool, the inspector's
// actions and the Settings row use.
type testHost struct {
	game.Host
	session  game.Session
	prefs    fyne.Preferences
	selected []document.Ref
	status   string
	errs     []error
	retooled int
}

func (h *testHost) Select(refs []document.Ref)        { h.selected = refs }
func (h *testHost) Status(text string)                { h.status = text }
func (h *testHost) ShowError(err error)               { h.errs = append(h.errs, err) }
func (h *testHost) Session() game.Session             { return h.session }
func (h *testHost) Preferences() fyne.Preferences     { return h.prefs }
func (h *testHost) Retool()                           { h.retooled++ }
func (h *testHost) Camera() display.Camera2D          { return display.Camera2D{} }
func (h *testHost) ShowPath(path []display.Vec2)      {}
func (h *testHost) Snap(at display.Vec2) display.Vec2 { return at }

// templatesFolder is a folder holding a copy of debugpad-short.map whose
// actor 5 is of type 4242 with its own model, in a subfolder, and a file
// that is no map.
func templatesFolder(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	d, err := tdoc.Open(corpus.Path(t, "turok", "debugpad-short.map"))
	if err != nil {
		t.Fatal(err)
	}
	if err := d.EditActors([]int{5}, func(a *tcodec.Actor) {
		a.Type, a.Model, a.Anim, a.StepHeight, a.AttackRange = 4242, "models/mod/boss.bin", "anims/mod/boss.kanim", 48, 300*300
	}); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "mod"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"mod/custom.map": doctest.Bytes(t, d), "broken.map": []byte("no map")} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// placeOptions are the Place actor tool's template entry and yaw entry.
func placeOptions(t *testing.T, tl *tool.Tool) (*templateEntry, *widget.Entry) {
	t.Helper()
	var entries []*widget.Entry
	var templates *templateEntry
	for _, o := range test.LaidOutObjects(tl.Options) {
		switch w := o.(type) {
		case *templateEntry:
			templates = w
		case *widget.Entry:
			entries = append(entries, w)
		}
	}
	if templates == nil || len(entries) < 2 {
		t.Fatal("the Place actor tool has no template and yaw entries")
	}
	return templates, entries[len(entries)-1] // the yaw is the row's last
}

// sectorMiddle is the middle of sector i in the map.
func sectorMiddle(m *tcodec.Map, i int) display.Vec2 {
	var c display.Vec2
	for _, v := range m.Sectors[i].Vertices {
		p := m.Vertices[v].Position
		c.X, c.Y = c.X+float64(p.X)/3, c.Y+float64(p.Y)/3
	}
	return c
}

// TestPlaceFromTemplate: the Place actor tool offers, in one row, the
// open map's templates and the templates folder's, narrows them to the
// words typed, and places a copy of the chosen one on the floor at a
// click, turned to the yaw typed in degrees, as one step; a text naming
// no one template places nothing and says why.
func TestPlaceFromTemplate(t *testing.T) {
	test.NewTempApp(t)
	f := openCorpus(t, "debugpad-short.map")
	f.folder = readTemplates(templatesFolder(t))
	h := &testHost{session: f}
	tl := f.placeTool(h)
	test.NewTempWindow(t, tl.Options).Resize(fyne.NewSize(1200, 80))
	entry, yaw := placeOptions(t, tl)
	if height, row := tl.Options.MinSize().Height, entry.MinSize().Height; height > 1.5*row {
		t.Errorf("the options are %.0f high, more than one row of %.0f", height, row)
	}
	all := slices.Clone(entry.offered)
	// The first offered is the player's start, which the tool does not
	// choose unasked.
	if first := f.templates()[0]; first.Actor.Type != tcodec.PlayerType {
		t.Fatalf("the first template is type %d, not the player's start", first.Actor.Type)
	}
	if chosen, err := entry.Value(); err != nil || chosen.Actor.Type == tcodec.PlayerType {
		t.Errorf("the tool starts with %q (%v), the player's start", entry.Text, err)
	}
	for _, want := range []string{"Raptor (type 1) from debugpad-short.map #1", "type 4242 from mod/custom.map #5"} {
		if !slices.Contains(all, want) {
			t.Errorf("no template %q among %q", want, all)
		}
	}
	if len(all) != len(f.templates()) {
		t.Errorf("%d templates offered, %d found", len(all), len(f.templates()))
	}
	entry.SetText("raptor DEBUGPAD")
	if len(entry.offered) != 3 || !strings.HasPrefix(entry.offered[0], "Raptor") {
		t.Errorf("typing raptor debugpad offers %q, want the three Raptor variants", entry.offered)
	}

	entry.SetText("4242")
	yaw.SetText("90")
	at := sectorMiddle(f.d.Map, 7)
	n := len(f.d.Map.Actors)
	tl.Click(tool.Pointer{At: at})
	if len(f.d.Map.Actors) != n+1 || len(h.selected) != 1 || h.selected[0].Index != n {
		t.Fatalf("a click placed %d actors, selected %v (%s)", len(f.d.Map.Actors)-n, h.selected, h.status)
	}
	a := f.d.Map.Actors[n]
	floor, _ := f.d.Map.FloorAt(7, float32(at.X), float32(at.Y))
	if a.Type != 4242 || a.Model != "models/mod/boss.bin" || a.Anim != "anims/mod/boss.kanim" || a.StepHeight != 48 ||
		a.AttackRange != 300*300 || a.Origin.Z != floor || a.Sector != 7 || a.Yaw != float32(math.Pi/2) || a.TID != 0 || a.TargetTID != -1 {
		t.Errorf("the placed actor is %+v", a)
	}
	if steps, _ := f.d.History.Steps(); steps != 1 {
		t.Errorf("placing took %d steps", steps)
	}

	entry.SetText("no such actor")
	tl.Click(tool.Pointer{At: at})
	if len(f.d.Map.Actors) != n+1 || !strings.Contains(h.status, `no one template is named "no such actor"`) {
		t.Errorf("an unknown template: %d actors, status %q", len(f.d.Map.Actors), h.status)
	}
}

// TestPlaceWithoutTemplates: a map without actors and no templates
// folder offer the type and health instead, and place an actor of them.
func TestPlaceWithoutTemplates(t *testing.T) {
	test.NewTempApp(t)
	f := &session{d: tdoc.New("new.map")}
	if err := f.d.DeleteActors([]int{0}); err != nil {
		t.Fatal(err)
	}
	h := &testHost{session: f}
	tl := f.placeTool(h)
	entry, _ := placeOptions(t, tl)
	rows := tl.Options.(*fyne.Container).Objects // the template's, the type's, the yaw's label and entry
	if rows[0].Visible() || !rows[1].Visible() || len(entry.offered) != 0 {
		t.Errorf("no templates, yet the template entry is shown (%v) with %q, the type not (%v)", rows[0].Visible(), entry.offered, rows[1].Visible())
	}
	tl.Click(tool.Pointer{At: display.Vec2{X: 100, Y: 100}})
	if len(f.d.Map.Actors) != 1 || f.d.Map.Actors[0].Type != 100 || f.d.Map.Actors[0].Health != 100 || f.d.Map.Actors[0].Sector < 0 {
		t.Fatalf("placed %+v (%s)", f.d.Map.Actors, h.status)
	}
	tl.LevelShown() // the map now has an actor: a template
	if !rows[0].Visible() || rows[1].Visible() || len(entry.offered) != 1 || entry.Text != "Knife (type 100) from new.map #0" {
		t.Errorf("after placing, the templates are %q (shown %v), chosen %q", entry.offered, rows[0].Visible(), entry.Text)
	}
}

// TestActorInspectorOrder: the fields a modder commonly sets come first,
// the yaw in degrees; Snap to floor sets the actor on its floor in one
// step.
func TestActorInspectorOrder(t *testing.T) {
	test.NewTempApp(t)
	f := openCorpus(t, "debugpad-short.map")
	h := &testHost{session: f}
	fields := f.Inspect(h, tdoc.KindActor, []int{3})[0].Fields
	var labels []string
	for _, fl := range fields {
		labels = append(labels, fl.Label)
	}
	want := []string{"Type", "Type number", "Origin X", "Origin Y", "Origin Z", "floor", "Yaw", "Health", "TID", "TargetTID",
		"target", "Model", "Anim", "SightRange", "SightFOV", "LoudRange", "QuietRange", "AttackRange", "MeleeRange", "LeashRadius",
		"FlyHeight", "StepHeight", "Scale X"}
	if len(labels) < len(want) || !slices.Equal(labels[:len(want)], want) {
		t.Errorf("the actor's fields begin %q,\nwant %q", labels[:min(len(labels), len(want))], want)
	}
	if got := field(t, f, tdoc.KindActor, 3, 0, "Yaw").Number.Value; got != shownDegrees(0.9) || got != 51.5662 {
		t.Errorf("a yaw of 0.9 radians is shown as %v°", got)
	}
	submit(t, f, tdoc.KindActor, 3, "Yaw", "-135")
	if got := f.d.Map.Actors[3].Yaw; got != float32(-135*math.Pi/180) || shown(t, f, tdoc.KindActor, 3, "Yaw") != "-135" {
		t.Errorf("-135° is stored as %v radians and shown as %s", got, shown(t, f, tdoc.KindActor, 3, "Yaw"))
	}

	if err := f.d.EditActors([]int{3}, func(a *tcodec.Actor) { a.Origin.Z += 64 }); err != nil {
		t.Fatal(err)
	}
	steps, _ := f.d.History.Steps()
	field(t, f, tdoc.KindActor, 3, 0, "floor").Action.Do()
	a := f.d.Map.Actors[3]
	floor, _ := f.d.Map.FloorAt(int(a.Sector), a.Origin.X, a.Origin.Y)
	if now, _ := f.d.History.Steps(); a.Origin.Z != floor || now != steps+1 || len(h.errs) > 0 {
		t.Errorf("snapped to %v over a floor at %v in %d steps (%v)", a.Origin.Z, floor, now-steps, h.errs)
	}
}

// TestTemplatesSetting: the session reads the templates folder the
// settings name once it is open, and its Settings row says what the
// folder gave and which files could not be read; choosing another
// folder offers its templates.
func TestTemplatesSetting(t *testing.T) {
	a := test.NewTempApp(t)
	dir := templatesFolder(t)
	f := openCorpus(t, "plain16.map")
	notice := f.Prepare(func(key string) string { return map[string]string{TemplatesFolderKey: dir}[key] })
	if !strings.Contains(notice, "broken.map") || len(f.folder.templates) == 0 {
		t.Errorf("Prepare read %d templates, notice %q", len(f.folder.templates), notice)
	}
	a.Preferences().SetString(TemplatesFolderKey, dir)
	h := &testHost{session: f, prefs: a.Preferences()}
	rows := Game.Settings(h)
	if len(rows) != 2 || rows[1].Label != "Turok actor templates" {
		t.Fatalf("Settings rows %v", rows)
	}
	texts := strings.Join(labelTexts(rows[1].Widget), "\n")
	if !strings.Contains(texts, "21 templates of 8 actor types") || !strings.Contains(texts, "broken.map") {
		t.Errorf("the row says:\n%s", texts)
	}
	if !slices.ContainsFunc(f.templates(), func(tp tdoc.Template) bool { return tp.Actor.Type == 4242 }) {
		t.Error("the folder's type 4242 is not offered")
	}
}

// labelTexts are the texts of the labels under o.
func labelTexts(o fyne.CanvasObject) []string {
	var out []string
	for _, c := range test.LaidOutObjects(o) {
		if l, ok := c.(*widget.Label); ok {
			out = append(out, l.Text)
		}
	}
	return out
}

// TestLinksPointAtTargets: each link goes from the actor that names a
// target TID to the actor carrying it, which the map draws with an
// arrowhead at its second end.
func TestLinksPointAtTargets(t *testing.T) {
	f := openCorpus(t, "debugpad-short.map")
	links := f.Links(0)
	if len(links) == 0 {
		t.Fatal("no links")
	}
	for _, l := range links {
		from, to := f.d.Map.Actors[l[0].Index], f.d.Map.Actors[l[1].Index]
		if from.TargetTID != to.TID || l[0].Kind != tdoc.KindActor || l[1].Kind != tdoc.KindActor {
			t.Errorf("link %v: actor %d targets TID %d, actor %d carries %d", l, l[0].Index, from.TargetTID, l[1].Index, to.TID)
		}
	}
	if !slices.Contains(links, [2]document.Ref{{Kind: tdoc.KindActor, Index: 0}, {Kind: tdoc.KindActor, Index: 1}}) {
		t.Errorf("no link from actor 0 (target 1) to actor 1 (TID 1): %v", links)
	}
}

package turok

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/doctest"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// openCorpus opens the corpus Turok map name as a session.
func openCorpus(t *testing.T, name string) *session {
	t.Helper()
	d, err := tdoc.Open(corpus.Path(t, "turok", name))
	if err != nil {
		t.Fatal(err)
	}
	return &session{d: d}
}

// field is the field labelled label of the inspector's sections for one
// entity; section picks the section.
func field(t *testing.T, f *session, kind document.Kind, i, section int, label string) propgrid.Field {
	t.Helper()
	sections := f.Inspect(nil, kind, []int{i})
	k := slices.IndexFunc(sections[section].Fields, func(f propgrid.Field) bool { return f.Label == label })
	if k < 0 {
		t.Fatalf("%s %d has no field %q", kind, i, label)
	}
	return sections[section].Fields[k]
}

// submit types value into the field labelled label of a form of the
// inspector's fields for one entity and presses Enter; the form's error
// fails the test.
func submit(t *testing.T, f *session, kind document.Kind, i int, label, value string) {
	t.Helper()
	form := propgrid.New(f.Inspect(nil, kind, []int{i})[0].Fields)
	form.OnError = func(err error) { t.Fatalf("%s %d: %s = %s: %v", kind, i, label, value, err) }
	entry := form.Entry(label)
	if entry == nil {
		t.Fatalf("%s %d has no editable field %q", kind, i, label)
	}
	entry.SetText(value)
	entry.OnSubmitted(value)
}

// shown is the text the inspector's entry labelled label shows.
func shown(t *testing.T, f *session, kind document.Kind, i int, label string) string {
	t.Helper()
	entry := propgrid.New(f.Inspect(nil, kind, []int{i})[0].Fields).Entry(label)
	if entry == nil {
		t.Fatalf("%s %d has no editable field %q", kind, i, label)
	}
	return entry.Text
}

// TestUnitsRoundTrip: every field with a unit takes a value typed in
// degrees or world units, stores it in the map's radians, quaternion or
// squared distance, and shows it again as typed.
func TestUnitsRoundTrip(t *testing.T) {
	f := openCorpus(t, "kex18-vis.map")
	m := f.d.Map
	actorAngle := func(at func(*tcodec.Actor) float32) func(float64) error {
		return func(deg float64) error {
			if got, want := at(&m.Actors[2]), float32(deg*math.Pi/180); got != want {
				return fmt.Errorf("stored %v rad, want %v", got, want)
			}
			return nil
		}
	}
	actorRange := func(at func(*tcodec.Actor) float32) func(float64) error {
		return func(d float64) error {
			if got, want := at(&m.Actors[2]), float32(math.Copysign(d*d, d)); got != want {
				return fmt.Errorf("stored %v, want %v squared", got, d)
			}
			return nil
		}
	}
	meshAngle := func(part func(euler) float64) func(float64) error {
		return func(deg float64) error {
			q := meshes(m)[1].Rotation
			if n := math.Sqrt(float64(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3])); math.Abs(n-1) > 1e-6 {
				return fmt.Errorf("stored quaternion %v of length %v", q, n)
			}
			if got := part(eulerOf(q)) * 180 / math.Pi; math.Abs(got-deg) > 1e-4 {
				return fmt.Errorf("stored quaternion %v turns %v°, want %v°", q, got, deg)
			}
			return nil
		}
	}
	for _, c := range []struct {
		kind   document.Kind
		index  int
		label  string
		typed  []string
		stored func(float64) error
	}{
		{tdoc.KindActor, 2, "Yaw", []string{"90", "-45.5", "17.1887", "0", "359.9999", "-360"},
			actorAngle(func(a *tcodec.Actor) float32 { return a.Yaw })},
		{tdoc.KindActor, 2, "SightFOV", []string{"120", "0.5", "360"},
			actorAngle(func(a *tcodec.Actor) float32 { return a.SightFOV })},
		{tdoc.KindActor, 2, "SightRange", []string{"100", "2.5", "0", "-3"}, actorRange(func(a *tcodec.Actor) float32 { return a.SightRange })},
		{tdoc.KindActor, 2, "LoudRange", []string{"640"}, actorRange(func(a *tcodec.Actor) float32 { return a.LoudRange })},
		{tdoc.KindActor, 2, "QuietRange", []string{"12.25"}, actorRange(func(a *tcodec.Actor) float32 { return a.QuietRange })},
		{tdoc.KindActor, 2, "AttackRange", []string{"300"}, actorRange(func(a *tcodec.Actor) float32 { return a.AttackRange })},
		{tdoc.KindActor, 2, "FlyHeight", []string{"48"}, actorRange(func(a *tcodec.Actor) float32 { return a.FlyHeight })},
		{tdoc.KindActor, 2, "MeleeRange", []string{"70.5"}, actorRange(func(a *tcodec.Actor) float32 { return a.MeleeRange })},
		{tdoc.KindActor, 2, "LeashRadius", []string{"1024"}, actorRange(func(a *tcodec.Actor) float32 { return a.LeashRadius })},
		{tdoc.KindMesh, 1, "Yaw", []string{"30", "-170.25", "179.9"}, meshAngle(func(e euler) float64 { return e.yaw })},
		{tdoc.KindMesh, 1, "Pitch", []string{"45", "-89.5", "12.3456"}, meshAngle(func(e euler) float64 { return e.pitch })},
		{tdoc.KindMesh, 1, "Roll", []string{"-60", "100", "0.0001"}, meshAngle(func(e euler) float64 { return e.roll })},
	} {
		want := degrees
		if strings.HasSuffix(c.label, "Range") || c.label == "FlyHeight" || c.label == "LeashRadius" {
			want = worldUnits
		}
		if u := field(t, f, c.kind, c.index, 0, c.label).Number.Unit; u != want {
			t.Errorf("%s %s has unit %v, want %v", c.kind, c.label, u, want)
		}
		for _, typed := range c.typed {
			submit(t, f, c.kind, c.index, c.label, typed)
			var deg float64
			fmt.Sscan(typed, &deg)
			if err := c.stored(deg); err != nil {
				t.Errorf("%s %s typed %s: %v", c.kind, c.label, typed, err)
			}
			if got := shown(t, f, c.kind, c.index, c.label); got != typed {
				t.Errorf("%s %s typed %s shows %s", c.kind, c.label, typed, got)
			}
		}
	}
	// Out of range: refused, nothing stored.
	before, _ := f.d.History.Steps()
	form := propgrid.New(f.Inspect(nil, tdoc.KindMesh, []int{1})[0].Fields)
	var refused error
	form.OnError = func(err error) { refused = err }
	form.Entry("Pitch").OnSubmitted("91")
	if after, _ := f.d.History.Steps(); refused == nil || !strings.Contains(refused.Error(), "-90 to 90") || after != before {
		t.Errorf("pitch 91: refused with %v, %d steps after %d", refused, after, before)
	}
}

// TestQuaternionRoundTrip: yaw, pitch and roll make a unit quaternion
// whose angles, as shown, are the ones typed; the inspector writes the
// quaternion of the three typed one by one.
func TestQuaternionRoundTrip(t *testing.T) {
	f := openCorpus(t, "kex18-vis.map")
	for _, o := range [][3]float64{{0, 0, 0}, {30, 0, 0}, {-170, 0, 0}, {45, 30, -60}, {120, -80, 10},
		{0, 89, 0}, {-90, 0, 179}, {10, 20, 30}, {-135.5, 60.25, -45.75}} {
		e := euler{radians(o[0]), radians(o[1]), radians(o[2])}
		q := e.quaternion([4]float32{0, 0, 0, 1})
		back := eulerOf(q)
		if got := [3]float64{shownDegrees(back.yaw), shownDegrees(back.pitch), shownDegrees(back.roll)}; got != o {
			t.Errorf("yaw, pitch, roll %v: quaternion %v gives back %v", o, q, got)
		}
		for k, label := range []string{"Yaw", "Pitch", "Roll"} {
			submit(t, f, tdoc.KindMesh, 3, label, fmt.Sprint(o[k]))
		}
		stored := meshes(f.d.Map)[3].Rotation
		for k := range stored {
			if math.Abs(float64(stored[k]-q[k])) > 1e-6 && math.Abs(float64(stored[k]+q[k])) > 1e-6 {
				t.Errorf("typed %v: the mesh holds %v, want ±%v", o, stored, q)
				break
			}
		}
	}
}

// TestUnchangedAnglesKeepTheStoredBits: setting the angles and ranges
// every corpus actor and mesh shows (the value its entry shows and parses back) back
// changes no bit and makes no step.
func TestUnchangedAnglesKeepTheStoredBits(t *testing.T) {
	for _, path := range corpus.Files(t, "turok") {
		if filepath.Ext(path) != ".map" {
			continue
		}
		f := openCorpus(t, filepath.Base(path))
		original := doctest.Bytes(t, f.d)
		typeBack := func(kind document.Kind, i int, labels ...string) {
			fields := f.Inspect(nil, kind, []int{i})[0].Fields
			for _, label := range labels {
				n := fields[slices.IndexFunc(fields, func(f propgrid.Field) bool { return f.Label == label })].Number
				if err := n.Set(n.Value); err != nil {
					t.Errorf("%s %d: %s: %v", kind, i, label, err)
				}
			}
		}
		for i := range f.d.Map.Actors {
			typeBack(tdoc.KindActor, i, "Yaw", "SightFOV", "SightRange", "LoudRange", "QuietRange", "AttackRange",
				"FlyHeight", "MeleeRange", "LeashRadius")
		}
		for g := range meshes(f.d.Map) {
			typeBack(tdoc.KindMesh, g, "Yaw", "Pitch", "Roll")
		}
		if steps, _ := f.d.History.Steps(); steps != 0 || string(doctest.Bytes(t, f.d)) != string(original) {
			t.Errorf("%s: typing the shown angles back made %d steps", filepath.Base(path), steps)
		}
	}
}

// TestEnumerationsNameCorpusValues: every actor type of the corpus maps
// is chosen by name, and every flag bit their actors, sector sets and
// meshes hold has a named check box.
func TestEnumerationsNameCorpusValues(t *testing.T) {
	for _, path := range corpus.Files(t, "turok") {
		if filepath.Ext(path) != ".map" {
			continue
		}
		name := filepath.Base(path)
		f := openCorpus(t, name)
		m := f.d.Map
		var sections []struct {
			what   string
			fields []propgrid.Field
		}
		add := func(what string, fields []propgrid.Field) {
			sections = append(sections, struct {
				what   string
				fields []propgrid.Field
			}{what, fields})
		}
		for i := range m.Actors {
			fields := f.Inspect(nil, tdoc.KindActor, []int{i})[0].Fields
			c := fields[slices.IndexFunc(fields, func(f propgrid.Field) bool { return f.Label == "Type" })].Choice
			if c.Index < 0 || strings.HasPrefix(c.Options[c.Index], "type ") {
				t.Errorf("%s: actor %d's type %d is shown as %v", name, i, m.Actors[i].Type, c.Options[max(0, c.Index)])
			}
			add(fmt.Sprintf("actor %d", i), fields)
		}
		seen := map[uint16]bool{}
		for i, s := range m.Sectors {
			if !seen[s.Set] {
				seen[s.Set] = true
				add(fmt.Sprintf("sector set %d", s.Set), f.Inspect(nil, tdoc.KindSector, []int{i})[1].Fields)
			}
		}
		for g := range meshes(m) {
			add(fmt.Sprintf("static mesh %d", g), f.Inspect(nil, tdoc.KindMesh, []int{g})[0].Fields)
		}
		flagFields := 0
		for _, s := range sections {
			for _, fl := range s.fields {
				if fl.Flags == nil {
					continue
				}
				flagFields++
				for bit := range 64 {
					if fl.Flags.Value&(1<<bit) != 0 && (bit >= len(fl.Flags.Names) || fl.Flags.Names[bit] == "") {
						t.Errorf("%s: %s's %s has bit %d set, which has no name", name, s.what, fl.Label, bit)
					}
				}
			}
		}
		if want := 4*len(m.Actors) + len(seen) + len(meshes(m)); flagFields != want {
			t.Errorf("%s: %d flag fields, want %d", name, flagFields, want)
		}
	}
}

// TestFlagCheckBoxesSetTheirBit: ticking a named check box of each flag
// word of an actor, a sector set and a static mesh sets exactly its bit,
// as one step; undoing clears it.
func TestFlagCheckBoxesSetTheirBit(t *testing.T) {
	f := openCorpus(t, "kex18-vis.map")
	m := f.d.Map
	set := int(m.Sectors[0].Set)
	for _, c := range []struct {
		kind           document.Kind
		index, section int
		label          string
		names          tcodec.FlagSet
		get            func() uint64
	}{
		{tdoc.KindActor, 1, 0, "SpawnFlags1", tcodec.ActorSpawnFlags1, func() uint64 { return uint64(m.Actors[1].SpawnFlags1) }},
		{tdoc.KindActor, 1, 0, "SpawnFlags2", tcodec.ActorSpawnFlags2, func() uint64 { return uint64(m.Actors[1].SpawnFlags2) }},
		{tdoc.KindActor, 1, 0, "SpawnFlags3", tcodec.ActorSpawnFlags3, func() uint64 { return uint64(m.Actors[1].SpawnFlags3) }},
		{tdoc.KindActor, 1, 0, "SpeciesMask", tcodec.SpeciesMask, func() uint64 { return uint64(m.Actors[1].SpeciesMask) }},
		{tdoc.KindSector, 0, 1, "Flags", tcodec.SectorSetFlags, func() uint64 { return uint64(m.SectorSets[set].Flags) }},
		{tdoc.KindMesh, 0, 0, "Flags", tcodec.StaticMeshFlags, func() uint64 { return uint64(meshes(m)[0].Flags) }},
	} {
		for bit, name := range c.names {
			before := c.get()
			steps, _ := f.d.History.Steps()
			form := propgrid.New([]propgrid.Field{field(t, f, c.kind, c.index, c.section, c.label)})
			form.OnError = func(err error) { t.Errorf("%s %s: ticking %s: %v", c.kind, c.label, name, err) }
			check := form.Checks()[propgrid.CheckKey(c.label, name)]
			if check == nil {
				t.Fatalf("%s %s has no check box %s", c.kind, c.label, name)
			}
			if check.Checked != (before&(1<<bit) != 0) {
				t.Errorf("%s %s: %s shows %v, the bit is %v", c.kind, c.label, name, check.Checked, !check.Checked)
			}
			test.Tap(check)
			if now, _ := f.d.History.Steps(); c.get()^before != 1<<bit || now != steps+1 {
				t.Errorf("%s %s: ticking %s (bit %d) changed %#x to %#x in %d steps", c.kind, c.label, name, bit, before, c.get(), now-steps)
			}
			if _, err := f.d.History.Undo(); err != nil || c.get() != before {
				t.Errorf("%s %s: undoing %s left %#x (%v), want %#x", c.kind, c.label, name, c.get(), err, before)
			}
		}
	}
}

// TestColours: a sector set's fog colour shows as R G B A and takes R G B
// A, R G B (keeping the alpha) or hex; a component over 255 is refused
// with the range.
func TestColours(t *testing.T) {
	f := openCorpus(t, "kex18-vis.map")
	set := &f.d.Map.SectorSets[f.d.Map.Sectors[0].Set]
	colour := func() string { return field(t, f, tdoc.KindSector, 0, 1, "Fog colour (R G B A)").Text.Value }
	if got, c := colour(), set.FogColor; got != fmt.Sprintf("%d %d %d %d", c[0], c[1], c[2], c[3]) {
		t.Errorf("fog colour %v shown as %q", c, got)
	}
	for _, c := range []struct {
		typed string
		want  [4]uint8
	}{{"1 2 3 4", [4]uint8{1, 2, 3, 4}}, {"10, 20, 30", [4]uint8{10, 20, 30, 4}}, {"#FF8000", [4]uint8{255, 128, 0, 4}},
		{"#00000080", [4]uint8{0, 0, 0, 128}}} {
		if err := field(t, f, tdoc.KindSector, 0, 1, "Fog colour (R G B A)").Text.Set(c.typed); err != nil || set.FogColor != c.want {
			t.Errorf("typed %q: fog colour %v (%v), want %v", c.typed, set.FogColor, err, c.want)
		}
	}
	steps, _ := f.d.History.Steps()
	err := field(t, f, tdoc.KindSector, 0, 1, "Water colour (R G B A)").Text.Set("0 0 256 0")
	if now, _ := f.d.History.Steps(); err == nil || !strings.Contains(err.Error(), "0 to 255") || now != steps {
		t.Errorf("a component of 256: %v, %d steps", err, now-steps)
	}
}

// TestNamedFields: the sector set's arguments are labelled by their use,
// and the Place actor tool's type option chooses by name.
func TestNamedFields(t *testing.T) {
	f := openCorpus(t, "kex18-vis.map")
	for k, name := range tcodec.SectorSetArgs {
		fl := field(t, f, tdoc.KindSector, 0, 1, fmt.Sprintf("%s (arg %d)", name, k+1))
		if got := int16(fl.Number.Value); got != f.d.Map.SectorSets[f.d.Map.Sectors[0].Set].Args[k] {
			t.Errorf("%s shows %d", fl.Label, got)
		}
	}
	o := typeOption(1)
	if o.Select.Selected != "Raptor (1)" || o.Value() != 1 {
		t.Errorf("type 1 chosen as %q, value %d", o.Select.Selected, o.Value())
	}
	o.Select.SetSelected("Small health (400)")
	if o.Value() != 400 {
		t.Errorf("choosing Small health gives type %d", o.Value())
	}
}

// TestWorldUnitsInTheStatusBar: coordinates show to hundredths, never
// as a float32's every digit or as -0.
func TestWorldUnitsInTheStatusBar(t *testing.T) {
	for v, want := range map[float32]float32{-2.6833334: -2.68, 12.5: 12.5, 100: 100} {
		if got := statusUnits(v); got != strconv.FormatFloat(float64(want), 'f', -1, 32) {
			t.Errorf("%v shows as %q", v, got)
		}
	}
	for _, v := range []float32{float32(math.Copysign(0, -1)), -0.001, 0.004} {
		if got := statusUnits(v); got != "0" {
			t.Errorf("%v shows as %q, want 0", v, got)
		}
	}
}

// TestFieldUnits: positions, bounds and sizes show in world units and
// delays in seconds, the floor damage delay (1024 a second) typed in
// seconds stored so.
func TestFieldUnits(t *testing.T) {
	test.NewTempApp(t)
	f := &session{d: tdoc.New("new.map")}
	for _, c := range []struct {
		kind  document.Kind
		label string
		want  string
	}{{tdoc.KindActor, "StepHeight", worldUnits.Name}, {tdoc.KindActor, "CollisionWidth", worldUnits.Name},
		{tdoc.KindActor, "CollisionWall", worldUnits.Name}, {tdoc.KindActor, "CollisionHeight", worldUnits.Name},
		{tdoc.KindActor, "TriggerDelay", "s"}, {tdoc.KindActor, "Origin X", worldUnits.Name},
		{tdoc.KindActor, "Origin Z", worldUnits.Name}, {tdoc.KindActor, "BoundsMin Y", worldUnits.Name},
		{tdoc.KindActor, "BoundsMax X", worldUnits.Name}} {
		if u := field(t, f, c.kind, 0, 0, c.label).Number.Unit; u == nil || u.Name != c.want {
			t.Errorf("%s is in %v, want %s", c.label, u, c.want)
		}
	}
	if u := field(t, f, tdoc.KindActor, 0, 0, "Scale X").Number.Unit; u != nil {
		t.Errorf("an actor's scale, a factor, is in %s", u.Name)
	}
	meshes := openCorpus(t, "kex18-vis.map")
	for _, label := range []string{"Origin Y", "BoundsMin Z", "BoundsMax X", "CollisionRadius", "CollisionHigh"} {
		if u := field(t, meshes, tdoc.KindMesh, 0, 0, label).Number.Unit; u != worldUnits {
			t.Errorf("a static mesh's %s is in %v, want world units", label, u)
		}
	}
	if err := f.d.EditSectorSets([]int{0}, func(s *tcodec.SectorSet) { s.Args[5] = 1024 }); err != nil {
		t.Fatal(err)
	}
	const label = "Floor damage rate (arg 6)"
	form := propgrid.New(f.Inspect(nil, tdoc.KindSector, []int{0})[1].Fields)
	form.OnError = func(err error) { t.Fatal(err) }
	entry := form.Entry(label)
	if entry == nil || entry.Text != "1" {
		t.Fatalf("a floor damage delay of 1024 shows as %v, want 1 (second)", entry)
	}
	entry.SetText("0.25")
	entry.OnSubmitted("0.25")
	if got := f.d.Map.SectorSets[0].Args[5]; got != 256 {
		t.Errorf("typing 0.25 s stored %d, want 256", got)
	}
}

package turok

import (
	"math"
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
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// meshHost is the part of the window the mesh tool uses: the status bar
// and the selection.
type meshHost struct {
	game.Host
	status   string
	selected []document.Ref
}

func (h *meshHost) Status(text string)         { h.status = text }
func (h *meshHost) Select(refs []document.Ref) { h.selected = refs }

// meshToolOptions are the mesh tool's model and yaw entries.
func meshToolOptions(t *testing.T, mt *tool.Tool) (model *widget.SelectEntry, yaw *widget.Entry) {
	t.Helper()
	for _, o := range test.LaidOutObjects(mt.Options) {
		switch w := o.(type) {
		case *widget.SelectEntry:
			model = w
		case *widget.Entry:
			yaw = w
		}
	}
	if model == nil || yaw == nil {
		t.Fatal("the mesh tool has no model or no yaw entry")
	}
	return model, yaw
}

// TestPlaceMeshTool: the tool offers the models the map's meshes use; a
// click places a mesh of the model chosen, or typed, on the floor there,
// turned to the yaw chosen and as big as the map's meshes of its model
// (a model the map lacks gets a default box); it selects it. With no
// model, a click places nothing and says why.
func TestPlaceMeshTool(t *testing.T) {
	test.NewTempApp(t)
	f := openCorpus(t, "plain16.map")
	m := f.d.Map
	h := &meshHost{}
	mt := f.meshTool(h)
	if slices.ContainsFunc(f.Tools(h), func(o *tool.Tool) bool { return o != mt && o.Name != mt.Name && o.Key == mt.Key }) {
		t.Fatalf("the mesh tool's key %q is another Turok tool's", mt.Key)
	}
	model, yaw := meshToolOptions(t, mt)
	models, used := meshModels(m), map[string]bool{}
	for _, s := range meshes(m) {
		used[s.Model] = true
	}
	if len(models) != len(used) || len(models) < 2 || !slices.IsSorted(models) || !used[models[0]] || !used[models[1]] || model.Text != models[0] {
		t.Fatalf("the tool offers %v (chosen %q), the map's meshes use %v", models, model.Text, used)
	}
	// Laid out in its row, the model's entry shows the model's whole path.
	w := test.NewWindow(mt.Options)
	defer w.Close()
	w.Resize(fyne.NewSize(1000, 60))
	if got, need := model.Size().Width, widget.NewLabel(models[0]).MinSize().Width; got < need {
		t.Errorf("the model entry is %.0f wide, %q needs %.0f", got, models[0], need)
	}
	for _, c := range []struct {
		model  string
		yaw    string
		sector int
	}{
		{models[1], "90", 40},
		{"models/mapstatic/new.kmesh", "-30", 100},
	} {
		model.SetText(c.model)
		yaw.SetText(c.yaw)
		at := sectorMiddle(m, c.sector)
		n := m.MeshCount()
		mt.Click(tool.Pointer{At: at})
		if m.MeshCount() != n+1 || len(h.selected) != 1 || h.selected[0].Kind != tdoc.KindMesh {
			t.Fatalf("%s: %d meshes after %d, selected %v (%s)", c.model, m.MeshCount(), n, h.selected, h.status)
		}
		g := h.selected[0].Index
		s := meshes(m)[g]
		floor, _ := m.FloorAt(c.sector, float32(at.X), float32(at.Y))
		if s.Model != c.model || s.Origin != (tcodec.Vec3{X: float32(at.X), Y: float32(at.Y), Z: floor}) || s.Sector != int32(c.sector) {
			t.Errorf("%s: placed %+v, want at %v on floor %g in sector %d", c.model, s, at, floor, c.sector)
		}
		like := newMeshBox
		if i := slices.IndexFunc(meshes(m), func(o tcodec.StaticMesh) bool { return o.Model == c.model }); i != g {
			like = meshes(m)[i]
			like.BoundsMin = tcodec.Vec3{X: like.BoundsMin.X - like.Origin.X, Y: like.BoundsMin.Y - like.Origin.Y, Z: like.BoundsMin.Z - like.Origin.Z}
			like.BoundsMax = tcodec.Vec3{X: like.BoundsMax.X - like.Origin.X, Y: like.BoundsMax.Y - like.Origin.Y, Z: like.BoundsMax.Z - like.Origin.Z}
		}
		if size := s.BoundsMax.X - s.BoundsMin.X; math.Abs(float64(size-(like.BoundsMax.X-like.BoundsMin.X))) > 1e-3 || s.CullBits != like.CullBits {
			t.Errorf("%s: placed %g across with cull bits %d, like %+v", c.model, size, s.CullBits, like)
		}
		if got := shown(t, f, tdoc.KindMesh, g, "Yaw"); got != c.yaw {
			t.Errorf("%s: placed turned to %s°, want %s°", c.model, got, c.yaw)
		}
	}
	steps, _ := f.d.History.Steps()
	model.SetText(" ")
	mt.Click(tool.Pointer{At: sectorMiddle(m, 3)})
	if after, _ := f.d.History.Steps(); after != steps || !strings.Contains(h.status, "model path") {
		t.Errorf("no model: %d steps after %d, status %q", after, steps, h.status)
	}
}

// TestMoveToolDragsMeshes: the move tool may drag static meshes, which
// land on the floor where they are let go, as actors do.
func TestMoveToolDragsMeshes(t *testing.T) {
	f := openCorpus(t, "kex18-vis.map")
	m := f.d.Map
	r := document.Ref{Kind: tdoc.KindMesh, Index: 7}
	if !f.Movable(r) || !f.Movable(document.Ref{Kind: tdoc.KindActor}) || f.Movable(document.Ref{Kind: tdoc.KindSector}) {
		t.Fatal("the move tool drags other kinds than actors and meshes")
	}
	was := meshes(m)[7]
	to := sectorMiddle(m, 500)
	if err := f.Move(r, to); err != nil {
		t.Fatal(err)
	}
	moved := slices.IndexFunc(meshes(m), func(s tcodec.StaticMesh) bool { return s.Model == was.Model && s.Origin.X == float32(to.X) })
	if moved < 0 || meshes(m)[moved].Origin.Y != float32(to.Y) || meshes(m)[moved].Sector != 500 {
		t.Fatalf("mesh 7 did not move to %v in sector 500", to)
	}
}

// TestMeshScaleFields: a mesh's scale typed in the inspector scales its
// box about its origin, as one step that undo takes back.
func TestMeshScaleFields(t *testing.T) {
	f := openCorpus(t, "kex18-vis.map")
	was := meshes(f.d.Map)[2]
	submit(t, f, tdoc.KindMesh, 2, "Scale X", "3")
	s := meshes(f.d.Map)[2]
	if s.Scale.X != 3 || was.Scale.X == 0 || was.Scale.X == 3 {
		t.Fatalf("scale X is %g, typed 3 over %g", s.Scale.X, was.Scale.X)
	}
	want := s.Origin.X + (was.BoundsMax.X-was.Origin.X)*s.Scale.X/was.Scale.X
	if math.Abs(float64(s.BoundsMax.X-want)) > 1e-2 || s.BoundsMax.Y != was.BoundsMax.Y {
		t.Errorf("scaled box reaches %v, want X %g", s.BoundsMax, want)
	}
	if _, err := f.d.History.Undo(); err != nil || meshes(f.d.Map)[2] != was {
		t.Errorf("undo (%v) does not put the mesh back", err)
	}
}

// TestCopyPasteBetweenMaps: Edit > Copy of actors, meshes and a sector
// copies the actors and meshes; Paste into another map adds them, centred
// where asked, in one step, and returns them to select.
func TestCopyPasteBetweenMaps(t *testing.T) {
	src, dst := openCorpus(t, "kex18-vis.map"), openCorpus(t, "debugpad-short.map")
	text, err := src.Copy([]document.Ref{{Kind: tdoc.KindActor, Index: 3}, {Kind: tdoc.KindActor, Index: 4},
		{Kind: tdoc.KindMesh, Index: 10}, {Kind: tdoc.KindSector, Index: 0}})
	if err != nil {
		t.Fatal(err)
	}
	n, nm := len(dst.d.Map.Actors), dst.d.Map.MeshCount()
	at := sectorMiddle(dst.d.Map, 200)
	refs, err := dst.Paste(0, text, at)
	if err != nil {
		t.Fatal(err)
	}
	kinds := game.ByKind(refs)
	if steps, _ := dst.d.History.Steps(); steps != 1 || !slices.Equal(kinds[tdoc.KindActor], []int{n, n + 1}) || len(kinds[tdoc.KindMesh]) != 1 ||
		dst.d.Map.MeshCount() != nm+1 {
		t.Fatalf("paste: %d steps, refs %v", steps, refs)
	}
	var lo, hi display.Vec2 = display.Vec2{X: math.Inf(1), Y: math.Inf(1)}, display.Vec2{X: math.Inf(-1), Y: math.Inf(-1)}
	add := func(o tcodec.Vec3) {
		lo = display.Vec2{X: min(lo.X, float64(o.X)), Y: min(lo.Y, float64(o.Y))}
		hi = display.Vec2{X: max(hi.X, float64(o.X)), Y: max(hi.Y, float64(o.Y))}
	}
	add(dst.d.Map.Actors[n].Origin)
	add(dst.d.Map.Actors[n+1].Origin)
	add(meshes(dst.d.Map)[kinds[tdoc.KindMesh][0]].Origin)
	if c := (display.Vec2{X: (lo.X + hi.X) / 2, Y: (lo.Y + hi.Y) / 2}); math.Abs(c.X-at.X) > 0.01 || math.Abs(c.Y-at.Y) > 0.01 {
		t.Errorf("pasted centred at %v, asked %v", c, at)
	}
	if _, err := dst.Paste(0, "{\"kind\":\"marathon\"}", at); err == nil {
		t.Error("text of another kind pastes")
	}
	if _, err := src.Copy([]document.Ref{{Kind: tdoc.KindSector, Index: 0}}); err == nil {
		t.Error("a copy of sectors alone is not refused")
	}
}

// TestSnapMeshesInTheInspector: the inspector of two static meshes
// raised off their floor has Snap to floor, which sets both on it in one
// step.
func TestSnapMeshesInTheInspector(t *testing.T) {
	test.NewTempApp(t)
	f := openCorpus(t, "kex18-vis.map")
	if err := f.d.EditMeshes([]int{0, 1}, func(s *tcodec.StaticMesh) { s.Origin.Z += 40 }); err != nil {
		t.Fatal(err)
	}
	before := steps(f)
	sections := f.Inspect(&heightHost{}, tdoc.KindMesh, []int{0, 1})
	k := slices.IndexFunc(sections[0].Fields, func(fl propgrid.Field) bool { return fl.Label == "floor" })
	if k < 0 || sections[0].Fields[k].Action == nil || sections[0].Fields[k-1].Label != "Origin Z" {
		t.Fatalf("no Snap to floor after Origin Z among %d fields", len(sections[0].Fields))
	}
	sections[0].Fields[k].Action.Do()
	for g, mesh := range meshes(f.d.Map)[:2] {
		floor, _ := f.d.Map.FloorAt(f.d.SectorAt(mesh.Origin), mesh.Origin.X, mesh.Origin.Y)
		if mesh.Origin.Z != floor {
			t.Errorf("mesh %d at %g after the snap, its floor at %g", g, mesh.Origin.Z, floor)
		}
	}
	if steps(f) != before+1 {
		t.Errorf("the snap took %d steps", steps(f)-before)
	}
}

package turok

import (
	"bytes"
	"slices"
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// buttons maps the labels of a form's buttons to the buttons.
func buttons(form *propgrid.Form) map[string]*widget.Button {
	out := map[string]*widget.Button{}
	for _, o := range test.LaidOutObjects(form) {
		if b, ok := o.(*widget.Button); ok {
			out[b.Text] = b
		}
	}
	return out
}

// visibilityForm is a form of the level inspector's Visibility section.
func visibilityForm(t *testing.T, f *session) (*propgrid.Form, []propgrid.Field) {
	t.Helper()
	sections := f.InspectLevel(nil)
	k := slices.IndexFunc(sections, func(s inspect.Section) bool { return s.Title == "Visibility" })
	if k < 0 {
		t.Fatal("the level inspector has no Visibility section")
	}
	return propgrid.New(sections[k].Fields), sections[k].Fields
}

// TestVisibilitySection: the level inspector shows the tables' state;
// stale tables offer Rebuild and Keep, each one undo step: Rebuild
// writes the line-of-sight tables and Keep leaves the bytes; fresh
// tables offer Rebuild only.
func TestVisibilitySection(t *testing.T) {
	test.NewTempApp(t)
	f := openCorpus(t, "kex18-vis.map")
	form, fields := visibilityForm(t, f)
	if b := buttons(form); b["Rebuild"] == nil || b["Keep"] != nil || fields[0].Text.Value != "1152 sectors × 96 static meshes, up to date" {
		t.Fatalf("fresh tables: buttons %v, shown %q", b, fields[0].Text.Value)
	}
	tables := bytes.Clone(f.d.Map.Visibility.Data)
	v := f.d.Map.Vertices[40]
	v.Position.Z += 200
	if err := f.d.MoveVertex(40, v); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		button string
		want   []byte
	}{
		{"Keep", tables},
		{"Rebuild", f.d.Map.SightVisibility().Data},
	} {
		form, fields := visibilityForm(t, f)
		if fields[0].Text.Value != "1152 sectors × 96 static meshes, stale: made for other sectors or meshes" {
			t.Errorf("stale tables shown as %q", fields[0].Text.Value)
		}
		b := buttons(form)[tc.button]
		if b == nil {
			t.Fatalf("stale tables offer no %s", tc.button)
		}
		steps, _ := f.d.History.Steps()
		test.Tap(b)
		if now, _ := f.d.History.Steps(); now != steps+1 || f.d.VisibilityStale() || !bytes.Equal(f.d.Map.Visibility.Data, tc.want) {
			t.Errorf("%s: %d steps, stale %v, tables as wanted %v", tc.button, now-steps, f.d.VisibilityStale(), bytes.Equal(f.d.Map.Visibility.Data, tc.want))
		}
		if _, err := f.d.History.Undo(); err != nil || !f.d.VisibilityStale() || !bytes.Equal(f.d.Map.Visibility.Data, tables) {
			t.Errorf("undoing %s: %v, stale %v", tc.button, err, f.d.VisibilityStale())
		}
	}
	if want := f.d.Map.SightVisibility(); tcodec.ChangedBits(&tcodec.Visibility{Stride: want.Stride, Count: want.Count, Data: tables}, want, f.d.Map.MeshCount()) == 0 {
		t.Error("the rebuild changed no bit, so the test proves nothing")
	}
}

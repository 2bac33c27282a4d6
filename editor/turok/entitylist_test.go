package turok

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/game"
)

// goToHost is testHost recording where GoTo went.
type goToHost struct {
	*testHost
	went []document.Ref
}

func (h *goToHost) GoTo(kind document.Kind, index int) error {
	h.went = append(h.went, document.Ref{Kind: kind, Index: index})
	return nil
}

// TestEntityList: a Turok map's entity list has a row for every actor
// and every static mesh, in order; a search by type name and by model
// path keeps exactly the rows of those entities; choosing a row goes to
// its entity.
func TestEntityList(t *testing.T) {
	test.NewTempApp(t)
	f := openCorpus(t, "kex18-vis.map")
	var _ game.EntityLister = f
	h := &goToHost{testHost: &testHost{session: f}}
	l, refs := f.entityList(h)
	test.NewTempWindow(t, l.Box)
	m := f.d.Map
	if len(l.Rows) != len(m.Actors)+m.MeshCount() || l.List.Length() != len(l.Rows) {
		t.Fatalf("%d rows (%d shown) for %d actors and %d meshes", len(l.Rows), l.List.Length(), len(m.Actors), m.MeshCount())
	}
	for i, r := range refs {
		want := document.Ref{Kind: tdoc.KindActor, Index: i}
		if i >= len(m.Actors) {
			want = document.Ref{Kind: tdoc.KindMesh, Index: i - len(m.Actors)}
		}
		if r != want {
			t.Fatalf("row %d is %v, want %v", i, r, want)
		}
	}
	typeName := tcodec.ActorTypeName(m.Actors[0].Type)
	model := m.Sections[len(m.Sections)-1].Meshes[0].Model
	for _, c := range []struct {
		query string
		want  func(r document.Ref) bool
	}{
		{strings.ToUpper(typeName), func(r document.Ref) bool {
			return r.Kind == tdoc.KindActor && strings.Contains(strings.ToLower(tcodec.ActorTypeName(m.Actors[r.Index].Type)), strings.ToLower(typeName))
		}},
		{model, func(r document.Ref) bool { return r.Kind == tdoc.KindMesh && meshModel(m, r.Index) == model }},
	} {
		l.Query.SetText(c.query)
		shown := map[int]bool{}
		for _, row := range l.Shown {
			shown[row] = true
		}
		for row, r := range refs {
			if shown[row] != c.want(r) {
				t.Errorf("%q: row %d (%s) shown %v", c.query, row, l.Rows[row].Line, shown[row])
			}
		}
		if len(l.Shown) == 0 || len(l.Shown) == len(l.Rows) {
			t.Errorf("%q: %d of %d rows shown", c.query, len(l.Shown), len(l.Rows))
		}
	}
	l.Query.SetText(model)
	l.List.Select(0)
	if want := refs[l.Shown[0]]; len(h.went) != 1 || h.went[0] != want || want.Kind != tdoc.KindMesh {
		t.Fatalf("choosing the first row went to %v, want %v", h.went, want)
	}
}

// meshModel is static mesh g's model path.
func meshModel(m *tcodec.Map, g int) string {
	for _, s := range m.Sections {
		if g < len(s.Meshes) {
			return s.Meshes[g].Model
		}
		g -= len(s.Meshes)
	}
	return ""
}

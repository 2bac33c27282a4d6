package turok

import (
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
)

// goToHost is heightHost recording where GoTo went.
type goToHost struct {
	heightHost
	went []document.Ref
}

func (h *goToHost) GoTo(kind document.Kind, index int) error {
	h.went = append(h.went, document.Ref{Kind: kind, Index: index})
	return nil
}

// TestEntityList: View > Entity List has a row for every actor and
// static mesh of a corpus map; a search by type name keeps every actor
// of that type and only rows that match; a search by a field's value
// (an actor's TID) finds its actor; choosing a row goes to its entity.
func TestEntityList(t *testing.T) {
	test.NewTempApp(t)
	f := openCorpus(t, "kex18-vis.map")
	m := f.d.Map
	h := &goToHost{}
	p := f.entityList(h)
	test.NewTempWindow(t, p.Box)
	if n := len(m.Actors) + m.MeshCount(); len(p.Shown()) != n || p.List.Length() != n || len(m.Actors) == 0 || m.MeshCount() == 0 {
		t.Fatalf("the list shows %d rows for %d actors and %d meshes", len(p.Shown()), len(m.Actors), m.MeshCount())
	}
	name := tcodec.ActorTypeName(m.Actors[0].Type)
	p.Query.SetText(strings.ToUpper(name))
	want := 0
	for _, a := range m.Actors {
		if tcodec.ActorTypeName(a.Type) == name {
			want++
		}
	}
	for _, r := range p.Shown() {
		if !strings.Contains(strings.ToLower(r.Line+r.Search), strings.ToLower(name)) {
			t.Errorf("%q shows %q", name, r.Line)
		}
	}
	typed := 0
	for _, r := range p.Shown() {
		if r.Ref.Kind == tdoc.KindActor && tcodec.ActorTypeName(m.Actors[r.Ref.Index].Type) == name {
			typed++
		}
	}
	if typed != want || len(p.Shown()) == len(m.Actors)+m.MeshCount() {
		t.Errorf("%q shows %d of the %d actors of that type, and %d rows in all", name, typed, want, len(p.Shown()))
	}
	tagged := -1
	for i, a := range m.Actors {
		if a.TID > 0 && tagged < 0 {
			tagged = i
		}
	}
	if tagged >= 0 {
		p.Query.SetText("tid: " + strconv.Itoa(int(m.Actors[tagged].TID)))
		found := false
		for _, r := range p.Shown() {
			found = found || r.Ref == document.Ref{Kind: tdoc.KindActor, Index: tagged}
		}
		if !found {
			t.Errorf("a search by actor %d's TID does not find it", tagged)
		}
	}
	p.Query.SetText("")
	p.List.Select(len(m.Actors)) // the first static mesh
	if want := (document.Ref{Kind: tdoc.KindMesh, Index: 0}); len(h.went) != 1 || h.went[0] != want {
		t.Fatalf("choosing the first mesh's row went to %v, want %v", h.went, want)
	}
}

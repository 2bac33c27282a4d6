package shock

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/editor/entitylist"
)

// goToHost is testHost recording where GoTo went.
type goToHost struct {
	*testHost
	went []document.Ref
}

func (h *goToHost) GoTo(kind document.Kind, index int) error {
	h.went = append(h.went, document.Ref{Level: h.level, Kind: kind, Index: index})
	return nil
}

// TestObjectList: the list has a row for every object in use of the
// shown level; a search by class, by name and by field text (a trap's
// action) keeps the rows that match every word and only those; choosing a row goes
// to its object.
func TestObjectList(t *testing.T) {
	test.NewTempApp(t)
	f, th := derelict(t)
	h := &goToHost{testHost: th}
	l := f.d.Archive.Levels[1]
	p := f.objectList(h)
	test.NewTempWindow(t, p.Box)
	active := 0
	for id, o := range l.Objects {
		active += boolInt(id > 0 && o.Active != 0)
	}
	if len(p.Shown()) != active || p.List.Length() != active {
		t.Fatalf("the list shows %d rows, the level has %d objects", len(p.Shown()), active)
	}
	door := firstObject(t, l, scodec.ClassDoor)
	trap := firstObject(t, l, scodec.ClassTrap)
	tr, err := f.d.Trap(1, trap)
	if err != nil {
		t.Fatal(err)
	}
	doorName := f.typeName(int(l.Objects[door].Class), int(l.Objects[door].Subclass), int(l.Objects[door].Type))
	for _, c := range []struct {
		query string
		want  func(id int) bool // objects the rows must include
	}{
		{"door", func(id int) bool { return l.Objects[id].Class == scodec.ClassDoor }},
		{strings.ToUpper(doorName), func(id int) bool { return id == door }},
		{"action: " + tr.Action.String(), func(id int) bool { return id == trap }},
	} {
		p.Query.SetText(c.query)
		if len(p.Shown()) == 0 || len(p.Shown()) == active {
			t.Errorf("%q: %d of %d rows shown", c.query, len(p.Shown()), active)
		}
		shown := map[int]bool{}
		for _, r := range p.Shown() {
			shown[r.Ref.Index] = true
			if !entitylist.MatchesAll(strings.ToLower(r.Line+"\n"+r.Search), strings.Fields(strings.ToLower(c.query))) {
				t.Errorf("%q shows row %q, which does not match", c.query, r.Line)
			}
		}
		for id, o := range l.Objects {
			if id > 0 && o.Active != 0 && c.want(id) && !shown[id] {
				t.Errorf("%q does not show object %d", c.query, id)
			}
		}
	}
	p.Query.SetText("door")
	p.List.Select(0)
	if want := (document.Ref{Level: 1, Kind: sdoc.KindObject, Index: p.Shown()[0].Ref.Index}); len(h.went) != 1 || h.went[0] != want {
		t.Fatalf("choosing the first row went to %v, want %v", h.went, want)
	}
}

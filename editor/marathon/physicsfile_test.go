package marathon

import (
	"bytes"
	"encoding/binary"
	"slices"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/levelwright/levelwright/codecs/marathon/physics"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// TestPhysicsFileSession opens Marathon 1's Physics.phys: a session with
// no levels, whose overview is the physics editor. A vitality typed into
// the editor's form is one step of the session's
// history and changes only that vitality's two bytes; the window's Undo
// and the history's (the main window's Ctrl+Z) give back the file's
// bytes.
func TestPhysicsFileSession(t *testing.T) {
	test.NewTempApp(t)
	opened, data := openCorpus(t, "gamedata", "marathon1", "Physics.phys")
	s, ok := opened.(*physicsSession)
	if !ok {
		t.Fatalf("opened as %T, want a physics file session", opened)
	}
	if levels := s.Levels(); len(levels) != 0 {
		t.Errorf("%d levels, want none", len(levels))
	}
	if out, _ := s.Bytes(); !bytes.Equal(out, data) {
		t.Fatal("the unchanged file does not encode to its bytes")
	}

	if tools := s.Tools(nil); len(tools) != 0 {
		t.Fatalf("%d tools, want none: the window shows the physics editor", len(tools))
	}
	w := test.NewWindow(s.Overview(nil))
	defer w.Close()
	forms := laidOut[*propgrid.Form](w.Content())
	if len(forms) != 1 {
		t.Fatalf("the overview shows %d forms, want the physics editor's one", len(forms))
	}
	p := s.f.Physics()
	e := NewPhysicsEditor(p, s.History())
	w = test.NewWindow(e.Content())
	defer w.Close()

	const monster = 1
	e.Choose(physics.KindMonster, monster)
	old, _ := p.Field(physics.KindMonster, monster, "Vitality")
	vitality := old + 0x0101 // both bytes differ
	entry := e.Form.Entry("Vitality")
	if entry == nil || entry.Text != itoa(old) {
		t.Fatalf("vitality entry %v, want %d", entry, old)
	}
	entry.SetText(itoa(vitality))
	entry.OnSubmitted(entry.Text)
	if got, _ := p.Field(physics.KindMonster, monster, "Vitality"); got != vitality {
		t.Fatalf("vitality %d after the edit, want %d", got, vitality)
	}
	if steps, _ := s.History().Steps(); steps != 1 {
		t.Fatalf("%d steps, want 1", steps)
	}
	edited, err := s.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	at := monsterOffset(t, s.f.File, monster) + 2 // Vitality follows Collection
	if len(edited) != len(data) {
		t.Fatalf("edited file is %d bytes, the original %d", len(edited), len(data))
	}
	var differ []int
	for i := range edited {
		if edited[i] != data[i] {
			differ = append(differ, i)
		}
	}
	if !slices.Equal(differ, []int{at, at + 1}) {
		t.Errorf("bytes %v differ, want only the vitality's %d and %d", differ, at, at+1)
	}

	undo := findButton(w.Content(), "Undo")
	if undo == nil {
		t.Fatal("no Undo button")
	}
	test.Tap(undo)
	if out, _ := s.Bytes(); !bytes.Equal(out, data) {
		t.Error("the window's Undo leaves changed bytes")
	}
	if got := e.Form.Entry("Vitality").Text; got != itoa(old) {
		t.Errorf("the form shows %q after undo", got)
	}
	if ok, err := s.History().Redo(); !ok || err != nil {
		t.Fatalf("redo: %v, %v", ok, err)
	}
	if out, _ := s.Bytes(); !bytes.Equal(out, edited) {
		t.Error("redo does not make the edit again")
	}
	if ok, err := s.History().Undo(); !ok || err != nil {
		t.Fatalf("undo: %v, %v", ok, err)
	}
	if out, _ := s.Bytes(); !bytes.Equal(out, data) {
		t.Error("the history's Undo leaves changed bytes")
	}
}

// monsterOffset is where monster i's record starts in the file f was
// read from.
func monsterOffset(t *testing.T, f *physics.M1File, i int) int {
	t.Helper()
	at := 0
	for _, s := range f.Sections {
		if s.Kind == physics.KindMonster {
			return at + 12 + i*int(s.Size)
		}
		at += 12 + int(s.Count)*int(s.Size)
	}
	t.Fatal("no monster section")
	return 0
}

// TestPhysicsFileSessionRefusesMapEdits: a physics file has nothing on a
// map to move or delete; the refusals leave no step.
func TestPhysicsFileSessionRefusesMapEdits(t *testing.T) {
	header := binary.BigEndian.AppendUint16([]byte("mons\x00\x00\x00\x00\x00\x00"), uint16(physics.RecordSize(physics.KindMonster, true)))
	f, err := mdoc.LoadPhysicsFile("Physics.phys", header) // no monsters
	if err != nil {
		t.Fatal(err)
	}
	s := &physicsSession{f: f, handles: document.NewHandles()}
	r := document.Ref{Kind: mdoc.KindObject}
	if s.Movable(r) {
		t.Error("an object is movable")
	}
	if err := s.Move(r, display.Vec2{}); err == nil {
		t.Error("Move is not refused")
	}
	if err := s.Remove([]document.Ref{r}); err == nil {
		t.Error("Remove is not refused")
	}
	if steps, _ := s.History().Steps(); steps != 0 {
		t.Errorf("%d steps after refusals", steps)
	}
}

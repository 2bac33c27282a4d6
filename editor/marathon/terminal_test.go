package marathon

import (
	"fmt"
	"image"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/internal/corpus"
)

// fakePictures has one picture, 100x50, as id 401.
type fakePictures struct{}

func (fakePictures) Picture(id int) (image.Image, bool) {
	if id != 401 {
		return nil, false
	}
	return image.NewRGBA(image.Rect(0, 0, 100, 50)), true
}

// selectHost records what the terminal editor selects in the map.
type selectHost struct {
	levelHost
	selected []document.Ref
	windows  map[string]game.Window // the windows OpenWindow opened, by key
}

// OpenWindow opens one window per key, as the editor's window does.
func (h *selectHost) OpenWindow(key string, open func() game.Window) game.Window {
	if w, ok := h.windows[key]; ok {
		return w
	}
	if h.windows == nil {
		h.windows = map[string]game.Window{}
	}
	h.windows[key] = open()
	return h.windows[key]
}

func (h *selectHost) Select(refs []document.Ref) { h.selected = refs }

// texts are the texts the preview draws, with their styles.
func texts(e *terminalEditor) []*canvas.Text {
	var out []*canvas.Text
	for _, o := range e.preview.Objects {
		if t, ok := o.(*canvas.Text); ok {
			out = append(out, t)
		}
	}
	return out
}

// TestTerminalEditorWindow opens the editor from the inspector of a side
// whose panel shows terminal 0, on its first information group, types
// styled text into it and applies it with Ctrl+Return as one step that the preview shows, moves a group, shows a
// refused permutation without a step, previews a picture group with
// the picture where the game puts it, and links back to the panel.
func TestTerminalEditorWindow(t *testing.T) {
	test.NewTempApp(t)
	d, err := mdoc.Open(corpus.Path(t, "marathon", "eternal", "Genie-In-A-Bottle.sceA"))
	if err != nil {
		t.Fatal(err)
	}
	f := &session{d: d, pictures: fakePictures{}}
	l := d.Levels[0]
	panels := TerminalPanels(l, 0)
	if len(panels) == 0 {
		t.Fatal("no side of Genie-In-A-Bottle shows terminal 0")
	}
	h := &selectHost{levelHost: levelHost{level: 0}}
	var action func()
	for _, s := range f.Inspect(h, mdoc.KindSide, []int{panels[0]}) {
		for _, fl := range s.Fields {
			if fl.Action != nil && fl.Label == "Terminal" {
				action = fl.Action.Do
			}
		}
	}
	if action == nil {
		t.Fatalf("side %d's inspector has no Terminal action", panels[0])
	}
	line := int(l.Sides[panels[0]].Line)
	if secs := f.Inspect(h, mdoc.KindLine, []int{line}); len(secs) == 0 || !strings.HasPrefix(secs[0].Title, "Side ") ||
		!strings.HasSuffix(secs[0].Title, "shows terminal 0") || len(secs[0].Fields) != 1 || secs[0].Fields[0].Action == nil {
		t.Fatalf("line %d's inspector does not start with its terminal: %+v", line, secs)
	}
	if secs := f.Inspect(h, mdoc.KindTerminal, []int{0}); len(secs) != 1 || secs[0].Fields[0].Action == nil ||
		len(secs[0].Fields) != 1+len(panels) || secs[0].Fields[1].Text.Value != fmt.Sprintf("side %d", panels[0]) {
		t.Fatalf("terminal 0's inspector: %+v", secs)
	}
	before := len(fyne.CurrentApp().Driver().AllWindows())
	action()
	action()
	if n := len(fyne.CurrentApp().Driver().AllWindows()); n != before+1 || len(h.windows) != 1 {
		t.Fatalf("the Terminal action, twice, opened %d windows under %d keys", n-before, len(h.windows))
	}

	e := openTerminalEditor(h, f, 0, 0)
	if e.group != 4 || e.groupType.Selected != "information" {
		t.Fatalf("group %d selected, type %q", e.group, e.groupType.Selected)
	}
	e.text.SetRuns(nil)
	test.Type(e.text.entry, "Hello")
	e.text.bold.SetChecked(true)
	e.text.color.SetSelected(terminalColorNames[2])
	test.Type(e.text.entry, " world")
	e.text.entry.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyReturn, Modifier: fyne.KeyModifierShortcutDefault})
	if steps, _ := d.History.Steps(); steps != 1 {
		t.Fatalf("applying the text made %d steps: %s", steps, e.status.Text)
	}
	st, err := d.StyledTerminal(0, 0)
	if err != nil {
		t.Fatal(err)
	}
	runs := mdoc.GroupText(st.Groups[4])
	bold := mcodec.TextStyle{Face: mcodec.FaceBold, Color: 2}
	if len(runs) != 2 || string(runs[0].Text) != "Hello" || runs[0].Style != (mcodec.TextStyle{}) ||
		string(runs[1].Text) != " world" || runs[1].Style != bold {
		t.Fatalf("group 4's runs: %+v", runs)
	}
	shown := texts(e)
	if len(shown) != 2 || shown[0].Text != "Hello" || shown[0].TextStyle.Bold || shown[1].Text != " world" || !shown[1].TextStyle.Bold ||
		shown[1].Color != terminalTextColors[2] {
		t.Fatalf("the preview shows %d texts: %v", len(shown), shown)
	}
	if x := shown[1].Position().X - shown[0].Position().X; x != 5*mcodec.TerminalCharWidth {
		t.Errorf("the second span starts %v pixels after the first, want 5 characters", x)
	}

	test.Tap(e.up)
	if steps, _ := d.History.Steps(); steps != 2 || l.Terminals[0].Groups[3].Type != mcodec.GroupInformation || e.group != 3 {
		t.Fatalf("Up: %d steps, group 3 is %s, %d selected", steps, mcodec.GroupTypeName(l.Terminals[0].Groups[3].Type), e.group)
	}

	e.groupType.SetSelected("intralevel teleport")
	if steps, _ := d.History.Steps(); steps != 2 || !strings.Contains(e.status.Text, "Permutation -1 is not a polygon") {
		t.Fatalf("a teleport to polygon -1: %d steps, status %q", steps, e.status.Text)
	}

	e.groups.Select(14) // picture 401 with its text on the right
	page := texts(e)
	var pic *canvas.Image
	for _, o := range e.preview.Objects {
		if i, ok := o.(*canvas.Image); ok {
			pic = i
		}
	}
	if pic == nil || len(page) == 0 {
		t.Fatalf("the picture group's preview has picture %v and %d texts", pic, len(page))
	}
	// Centred in the left half of the frame (9..316 by 27..453).
	if p, s := pic.Position(), pic.Size(); p != fyne.NewPos(112, 215) || s != fyne.NewSize(100, 50) {
		t.Errorf("picture at %v size %v", p, s)
	}

	var link *widget.Button
	for _, o := range e.usedBy.Objects {
		if b, ok := o.(*widget.Button); ok && strings.HasPrefix(b.Text, "Used by side") {
			link = b
		}
	}
	if link == nil {
		t.Fatal("no link to the panel that uses the terminal")
	}
	test.Tap(link)
	if len(h.selected) != 1 || h.selected[0] != (document.Ref{Level: 0, Kind: mdoc.KindSide, Index: panels[0]}) {
		t.Errorf("the link selected %v, want side %d", h.selected, panels[0])
	}
}

// TestStyledEntrySelection: a toggle styles the selected characters
// only, typing keeps the style of the characters around it, and the runs
// join characters of one style, returns as Mac returns.
func TestStyledEntrySelection(t *testing.T) {
	test.NewTempApp(t)
	s := newStyledEntry()
	w := test.NewWindow(s.entry)
	defer w.Close()
	s.SetRuns([]mcodec.TextRun{{Text: []byte("ab\rcd")}})
	s.entry.TypedShortcut(&fyne.ShortcutSelectAll{})
	s.italic.SetChecked(true)
	s.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEnd})
	s.italic.SetChecked(false)
	s.color.SetSelected(terminalColorNames[5])
	test.Type(s.entry, "é")
	runs, err := s.Runs()
	if err != nil {
		t.Fatal(err)
	}
	italic := mcodec.TextStyle{Face: mcodec.FaceItalic}
	if len(runs) != 2 || string(runs[0].Text) != "ab\rcd" || runs[0].Style != italic ||
		string(runs[1].Text) != "\x8e" || runs[1].Style != (mcodec.TextStyle{Color: 5}) {
		t.Fatalf("runs %+v", runs)
	}
	test.Type(s.entry, "€")
	if _, err := s.Runs(); err != nil {
		t.Errorf("€ is Mac OS Roman 0xDB, refused: %v", err)
	}
	test.Type(s.entry, "ж")
	if _, err := s.Runs(); err == nil || !strings.Contains(err.Error(), "not in Mac OS Roman") {
		t.Errorf("a character Mac OS Roman lacks: %v", err)
	}
}

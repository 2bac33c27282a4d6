package editor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright"
	"github.com/levelwright/levelwright/codecs/lgres"
	"github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/themes"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// newTestEditor is an editor on a test app that keeps its autosaves in
// a folder of the test's own.
func newTestEditor(t testing.TB) *Editor {
	e := New(test.NewTempApp(t))
	e.data.dir = t.TempDir()
	return e
}

// answer taps the button labelled label in the dialog on top.
func answer(t *testing.T, e *Editor, label string) {
	t.Helper()
	top := e.Window().Canvas().Overlays().Top()
	if top == nil {
		t.Fatalf("no dialog to answer %q", label)
	}
	for _, o := range test.LaidOutObjects(top) {
		if b, ok := o.(*widget.Button); ok && b.Text == label {
			test.Tap(b)
			return
		}
	}
	t.Fatalf("the dialog on top has no %q button", label)
}

// shockHeader writes an empty LG resource file.
func shockHeader(t *testing.T) string {
	path := filepath.Join(t.TempDir(), "level.dat")
	if err := os.WriteFile(path, lgres.New().Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// texts collects the text of every label and rich text under o.
func texts(o fyne.CanvasObject) string {
	var b strings.Builder
	for _, obj := range test.LaidOutObjects(o) {
		switch w := obj.(type) {
		case *widget.Label:
			b.WriteString(w.Text + "\n")
		case *widget.RichText:
			for _, seg := range w.Segments {
				segmentText(&b, seg)
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// segmentText writes the text of a rich text's segment to b, through
// lists and paragraphs, which RichText.String leaves out.
func segmentText(b *strings.Builder, seg widget.RichTextSegment) {
	switch s := seg.(type) {
	case *widget.ListSegment:
		for _, item := range s.Items {
			segmentText(b, item)
			b.WriteString("\n")
		}
	case *widget.ParagraphSegment:
		for _, t := range s.Texts {
			segmentText(b, t)
		}
	default:
		b.WriteString(seg.Textual())
	}
}

func TestMainMenu(t *testing.T) {
	e := newTestEditor(t)
	var labels []string
	for _, m := range e.Window().MainMenu().Items {
		labels = append(labels, m.Label)
	}
	if got := strings.Join(labels, " "); got != "File Edit View Help" {
		t.Fatalf("menus %q", got)
	}
}

func TestTitleShowsFileAndUnsavedMark(t *testing.T) {
	e := newTestEditor(t)
	if got := e.Window().Title(); got != "Levelwright" {
		t.Fatalf("empty editor title %q", got)
	}
	e.Open(shockHeader(t))
	e.jobs.wait()
	if got := e.Window().Title(); got != "level.dat — Levelwright" {
		t.Fatalf("title %q", got)
	}
	e.SetDirty(true)
	if got := e.Window().Title(); got != "level.dat* — Levelwright" {
		t.Fatalf("dirty title %q", got)
	}
	if !strings.Contains(e.status.Text, "System Shock") {
		t.Errorf("status %q does not name the game", e.status.Text)
	}
}

func TestOpenUnknownFileShowsError(t *testing.T) {
	e := newTestEditor(t)
	path := filepath.Join(t.TempDir(), "notes.txt")
	os.WriteFile(path, []byte("hello"), 0o644)
	e.Open(path)
	e.jobs.wait()
	top := e.Window().Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no error dialog")
	}
	if got := texts(top); !strings.Contains(got, "notes.txt") || !strings.Contains(got, "offset 0") {
		t.Errorf("error dialog says %q, want the file and the offset", got)
	}
	if e.Window().Title() != "Levelwright" {
		t.Errorf("title changed to %q", e.Window().Title())
	}
}

func TestAboutShowsVersion(t *testing.T) {
	e := newTestEditor(t)
	e.ShowAbout()
	top := e.Window().Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no About dialog")
	}
	if got, v := texts(top), levelwright.AppMetadata().Version; !strings.Contains(got, v) {
		t.Errorf("About says %q, want version %s", got, v)
	}
}

func TestThemeChoiceAppliesAndPersists(t *testing.T) {
	a := test.NewTempApp(t)
	e := New(a)
	dark := a.Settings().Theme().Color(theme.ColorNameBackground, theme.VariantDark)
	e.SetTheme(themes.Light)
	light := a.Settings().Theme().Color(theme.ColorNameBackground, theme.VariantDark)
	if dark == light {
		t.Fatal("background colour did not change with the light theme")
	}
	if got := a.Preferences().String(prefTheme); got != string(themes.Light) {
		t.Errorf("preference %q", got)
	}
	if !e.menus.themeItems[themes.Light].Checked || e.menus.themeItems[themes.Dark].Checked {
		t.Error("View menu does not mark the light theme")
	}
	if New(a); a.Settings().Theme().Color(theme.ColorNameBackground, theme.VariantDark) != light {
		t.Error("a new window did not start with the remembered theme")
	}
}

// TestOpenShowsLevelInViewport opens a Turok map: its level is listed
// and drawn in the viewport; the pointer's map position shows in the
// status bar, the wheel zooms, and a click on the player start names it
// in the inspector.
func TestOpenShowsLevelInViewport(t *testing.T) {
	e := newTestEditor(t)
	e.Window().Resize(fyne.NewSize(1000, 700))
	path := filepath.Join(t.TempDir(), "new.map")
	os.WriteFile(path, turok.NewMap().Encode(), 0o644)
	e.Open(path)
	e.jobs.wait()
	if len(e.levels.names) != 1 || e.levels.names[0] != "Map" || e.viewport.Objects[0] != e.view {
		t.Fatalf("levels %v, viewport shows %T", e.levels.names, e.viewport.Objects[0])
	}
	img := e.Window().Canvas().Capture()
	abs := fyne.CurrentApp().Driver().AbsolutePositionForObject(e.view)
	size := e.view.Size()
	mid := img.At(int(abs.X+size.Width/2), int(abs.Y+size.Height/2))
	corner := img.At(int(abs.X+2), int(abs.Y+2))
	if mid == corner {
		t.Errorf("the viewport's middle %v looks like its corner: no level drawn", mid)
	}

	e.view.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(size.Width/2, size.Height/2)}})
	if !strings.Contains(e.status.Text, "x 512.") || !strings.Contains(e.status.Text, "y 512.") {
		t.Errorf("status %q does not show the middle of the map, (512, 512)", e.status.Text)
	}
	scale := e.view.Camera().Scale
	e.view.Scrolled(&fyne.ScrollEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(10, 10)}, Scrolled: fyne.Delta{DY: 1}})
	if e.view.Camera().Scale <= scale {
		t.Errorf("the wheel did not zoom in: %g -> %g", scale, e.view.Camera().Scale)
	}
	e.view.Fit()
	e.Window().Canvas().Capture()
	start := e.view.Camera().ToScreen(display.Vec2{X: 512, Y: 512}, int(size.Width), int(size.Height))
	e.view.Tapped(&fyne.PointEvent{Position: fyne.NewPos(float32(start.X), float32(start.Y))})
	if got := texts(e.inspector.box); !strings.HasPrefix(got, "Actor 0\n") {
		t.Errorf("clicking the player start shows %q", got)
	}
}

// TestViewModes: the View menu switches the viewport between the map and
// the 3D views and marks the one shown.
func TestViewModes(t *testing.T) {
	e, _ := openNewTurokMap(t)
	before := e.Window().Canvas().Capture()
	e.menus.modeItems[viewport.Orbit].Action()
	if e.view.Mode() != viewport.Orbit || !e.menus.modeItems[viewport.Orbit].Checked || e.menus.modeItems[viewport.Map].Checked {
		t.Fatalf("mode %v; menu marks map %v, orbit %v", e.view.Mode(), e.menus.modeItems[viewport.Map].Checked, e.menus.modeItems[viewport.Orbit].Checked)
	}
	after := e.Window().Canvas().Capture()
	abs, size := fyne.CurrentApp().Driver().AbsolutePositionForObject(e.view), e.view.Size()
	differ := 0
	for y := int(abs.Y); y < int(abs.Y+size.Height); y += 4 {
		for x := int(abs.X); x < int(abs.X+size.Width); x += 4 {
			if before.At(x, y) != after.At(x, y) {
				differ++
			}
		}
	}
	if differ < 100 {
		t.Errorf("the 3D view differs from the map in %d sampled pixels", differ)
	}
	e.menus.modeItems[viewport.Map].Action()
	if e.view.Mode() != viewport.Map || !e.menus.modeItems[viewport.Map].Checked {
		t.Errorf("back to the map: mode %v", e.view.Mode())
	}
}

// refs is one entity, as a selection.
func refs(level int, kind document.Kind, index int) []document.Ref {
	return []document.Ref{{Level: level, Kind: kind, Index: index}}
}

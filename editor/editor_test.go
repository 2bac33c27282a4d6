package editor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright"
	"github.com/levelwright/levelwright/codecs/lgres"
	"github.com/levelwright/levelwright/themes"
)

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
			b.WriteString(w.String() + "\n")
		}
	}
	return b.String()
}

func TestMainMenu(t *testing.T) {
	e := New(test.NewTempApp(t))
	var labels []string
	for _, m := range e.Window().MainMenu().Items {
		labels = append(labels, m.Label)
	}
	if got := strings.Join(labels, " "); got != "File Edit View Help" {
		t.Fatalf("menus %q", got)
	}
}

func TestTitleShowsFileAndUnsavedMark(t *testing.T) {
	e := New(test.NewTempApp(t))
	if got := e.Window().Title(); got != "Levelwright" {
		t.Fatalf("empty editor title %q", got)
	}
	e.Open(shockHeader(t))
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
	e := New(test.NewTempApp(t))
	path := filepath.Join(t.TempDir(), "notes.txt")
	os.WriteFile(path, []byte("hello"), 0o644)
	e.Open(path)
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
	e := New(test.NewTempApp(t))
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
	if !e.themeItems[themes.Light].Checked || e.themeItems[themes.Dark].Checked {
		t.Error("View menu does not mark the light theme")
	}
	if New(a); a.Settings().Theme().Color(theme.ColorNameBackground, theme.VariantDark) != light {
		t.Error("a new window did not start with the remembered theme")
	}
}

package marathon

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/test"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/codecs/wad"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/widgets/savepath"
)

// plainHost is a host with a path, a window and a status line that
// keeps the errors and the dialogs it is shown.
type plainHost struct {
	statusHost
	path  string
	err   *error
	shown *dialog.Dialog
	win   fyne.Window
}

func (h plainHost) Path() string         { return h.path }
func (h plainHost) ShowError(err error)  { *h.err = err }
func (h plainHost) Show(d dialog.Dialog) { *h.shown = d }
func (h plainHost) Window() fyne.Window  { return h.win }

// TestSavePlainAction: the File menu's Save as Plain Map… converts
// the open file with its unsaved edits and asks where to write it; it
// never writes over the open file, asks before replacing another, and
// on a plain map says there is nothing to convert.
func TestSavePlainAction(t *testing.T) {
	d, err := mdoc.New("new.sceA", "Plain")
	if err != nil {
		t.Fatal(err)
	}
	w := test.NewWindow(nil)
	t.Cleanup(w.Close)
	h := plainHost{statusHost: statusHost{status: new(string)}, path: "new.sceA", err: new(error), shown: new(dialog.Dialog), win: w}
	f := &session{d: d}
	actions := game.Actions(f, h)
	i := slices.IndexFunc(actions, func(a game.Action) bool { return a.Label == "Save as Plain Map…" })
	if i < 0 {
		t.Fatalf("the Marathon menu's actions: %+v", actions)
	}
	savePlain := actions[i]
	if err := savePlain.Do(nil); err != nil || !strings.Contains(*h.status, "plain already") || *h.shown != nil {
		t.Fatalf("on a plain map: %v, status %q, dialog %v", err, *h.status, *h.shown)
	}

	path := corpus.Path(t, "marathon", "jp", "Excalibar", "Prologue.sceA")
	d, err = mdoc.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := d.EditPolygons(0, []int{0}, func(p *mcodec.Polygon) { p.FloorHeight += 64 }); err != nil {
		t.Fatal(err)
	}
	data, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	plain, converted, err := plainFile(data)
	if err != nil || len(converted) != 1 {
		t.Fatalf("converted %v: %v", converted, err)
	}
	h.path = path
	f = &session{d: d}
	if err := f.Actions(h)[i].Do(nil); err != nil {
		t.Fatal(err)
	}
	if ask, ok := (*h.shown).(*savepath.Dialog); !ok || ask.Name.Text != "Prologue (plain).sceA" {
		t.Fatalf("the action shows %T, not the save dialog with the plain file's name", *h.shown)
	}
	confirmPlain(h, path, plain, converted)
	if *h.err == nil {
		t.Fatal("the plain map was written over the open file")
	}
	to := filepath.Join(t.TempDir(), "plain.sceA")
	*h.err, *h.shown = nil, nil
	confirmPlain(h, to, plain, converted)
	written, err := os.ReadFile(to)
	if *h.err != nil || err != nil || !bytes.Equal(written, plain) || *h.status != "Level 0 written plain to "+to || *h.shown != nil {
		t.Fatalf("writing %s: %v %v, status %q", to, *h.err, err, *h.status)
	}
	os.WriteFile(to, []byte("other"), 0o644)
	confirmPlain(h, to, plain, converted)
	if now, _ := os.ReadFile(to); *h.shown == nil || string(now) != "other" {
		t.Fatalf("replacing %s asked nothing (%T) or wrote at once", to, *h.shown)
	}
	os.WriteFile(to, written, 0o644)
	file, err := wad.Parse(written)
	if err != nil || file.Entries[0].Chunk("PNTS") == nil || file.Entries[0].Chunk("EPNT") != nil {
		t.Fatalf("the written file is not plain: %v", err)
	}
	reopened, err := mdoc.Load(to, written)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := reopened.Levels[0].Polygons[0].FloorHeight, d.Levels[0].Polygons[0].FloorHeight; got != want {
		t.Errorf("the plain map's polygon 0 floor is %d, the edited one %d", got, want)
	}
}

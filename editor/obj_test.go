package editor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/levelwright/levelwright/widgets/savepath"
)

// TestExportOBJ: File > Export OBJ… asks where to write the shown level,
// offering a name after the file and level; WriteOBJ writes the .obj and
// its .mtl, and refuses a name that is not an .obj.
func TestExportOBJ(t *testing.T) {
	e := newTestEditor(t)
	e.Window().Resize(fyne.NewSize(1000, 700))
	openMarathon(t, e, "marathon", "eternal", "Aaron-Eternal.sceA")
	var item *fyne.MenuItem
	for _, m := range e.Window().MainMenu().Items {
		for _, it := range m.Items {
			if m.Label == "File" && it.Label == "Export OBJ…" {
				item = it
			}
		}
	}
	if item == nil {
		t.Fatal("the File menu has no Export OBJ…")
	}
	item.Action()
	d, ok := e.dialogs.top.(*savepath.Dialog)
	if !ok || !strings.HasSuffix(d.Path(), "Aaron-Eternal level 0.obj") {
		t.Fatalf("Export OBJ… shows %T, path %v", e.dialogs.top, d)
	}
	out := filepath.Join(t.TempDir(), "room.obj")
	faces, _, err := WriteOBJ(&e.scene.List, out)
	if err != nil || faces != len(e.scene.List.Triangles) || faces == 0 {
		t.Fatalf("%d faces of %d: %v", faces, len(e.scene.List.Triangles), err)
	}
	for _, f := range []string{out, filepath.Join(filepath.Dir(out), "room.mtl")} {
		if _, err := os.Stat(f); err != nil {
			t.Error(err)
		}
	}
	if _, _, err := WriteOBJ(&e.scene.List, filepath.Join(t.TempDir(), "room.png")); err == nil {
		t.Error("wrote an OBJ named room.png")
	}
}

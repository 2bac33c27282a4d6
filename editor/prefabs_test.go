package editor

import (
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
)

// TestPrefabs: a polygon selected in one Marathon map is kept as a
// prefab, with a picture of it; Insert Prefab lists it, and inserting it
// into another map adds the polygon there as one step. A name that
// cannot name a file is refused.
func TestPrefabs(t *testing.T) {
	e := newTestEditor(t)
	e.Window().Resize(fyne.NewSize(1000, 700))
	openMarathon(t, e, "marathon", "eternal", "Aaron-Eternal.sceA")
	e.SetSelection([]document.Ref{{Kind: mdoc.KindPolygon, Index: 1}})
	if err := e.prefabs.Save("a room"); err != nil {
		t.Fatal(err)
	}
	if err := e.prefabs.Save("../away"); err == nil {
		t.Error("a prefab named ../away was saved")
	}
	pic, err := os.Open(filepath.Join(e.prefabs.folder(), "a room"+pictureExt))
	if err != nil {
		t.Fatal(err)
	}
	defer pic.Close()
	if img, err := png.Decode(pic); err != nil || img.Bounds().Dx() != prefabPicture {
		t.Errorf("the prefab's picture: %v, %v", img, err)
	}

	d := openMarathon(t, e, "marathon", "eternal", "Genie-In-A-Bottle.sceA")
	if names := e.prefabs.Names(); !slices.Equal(names, []string{"a room"}) {
		t.Fatalf("the Marathon prefabs are %q", names)
	}
	polygons := len(d.Levels[e.level].Polygons)
	if err := e.prefabs.Insert("a room"); err != nil {
		t.Fatal(err)
	}
	if got := len(d.Levels[e.level].Polygons); got != polygons+1 || len(e.selection) == 0 {
		t.Errorf("inserting added %d polygons, selected %v (%s)", got-polygons, e.selection, e.status.Text)
	}
	if steps, _ := d.History.Steps(); steps != 1 {
		t.Errorf("inserting made %d steps", steps)
	}
}

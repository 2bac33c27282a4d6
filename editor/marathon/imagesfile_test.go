package marathon

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/internal/imagestest"
)

// writeImages writes an Images file of two pictures and a colour table,
// and a copy cut short; it returns both paths.
func writeImages(t *testing.T) (good, cut string) {
	bits := imagestest.Bits{Depth: 8, Bounds: image.Rect(0, 0, 16, 6), Palette: []color.RGBA{{0, 0, 0, 255}, {0, 200, 0, 255}},
		Pixel: func(x, y int) uint32 { return uint32(x+y) % 2 }}
	data := imagestest.MacBinary("Images", nil, imagestest.Fork([]imagestest.Resource{
		{Type: "PICT", ID: 1000, Data: imagestest.PICT(bits.Bounds, bits.Opcode())},
		{Type: "PICT", ID: 1001, Data: imagestest.PICT(bits.Bounds, bits.Opcode())},
		{Type: "clut", ID: 1000, Data: imagestest.ColorTable(bits.Palette, true)},
	}))
	dir := t.TempDir()
	good, cut = filepath.Join(dir, "Images.imgA"), filepath.Join(dir, "Cut.imgA")
	if err := os.WriteFile(good, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cut, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	return good, cut
}

// TestImagesSetting: the Settings' last row is the Images file, saying
// what it gave, what is wrong with it, or what to choose.
func TestImagesSetting(t *testing.T) {
	a := test.NewTempApp(t)
	good, cut := writeImages(t)
	for _, c := range []struct{ path, want string }{
		{"", "Choose Marathon 2's or Infinity's Images file"},
		{good, "2 pictures, 1 colour tables"},
		{cut, "cannot be read: " + cut + ": MacBinary header: offset 87"},
	} {
		a.Preferences().SetString(ImagesKey, c.path)
		rows := Game.Settings(prefsHost{prefs: a.Preferences()})
		row := rows[len(rows)-1]
		if text := strings.Join(labels(row.Widget), "\n"); row.Label != "Marathon Images" || !strings.Contains(text, c.want) {
			t.Errorf("%q set: row %q says %q, want %q", c.path, row.Label, text, c.want)
		}
	}
}

// TestPrepareReadsImages: Prepare reads the Images file for the terminal
// preview beside the Shapes file (none here), and says when it cannot.
func TestPrepareReadsImages(t *testing.T) {
	d, err := mdoc.New("", "Pictures")
	if err != nil {
		t.Fatal(err)
	}
	f := &session{d: d}
	good, cut := writeImages(t)
	if notice := f.Prepare(settingsOf(map[string]string{ImagesKey: good})); notice != "" {
		t.Fatalf("Prepare: %q", notice)
	}
	pic, ok := f.pictures.Picture(1001)
	if !ok || pic.Bounds() != image.Rect(0, 0, 16, 6) {
		t.Fatalf("picture 1001: %v %v", ok, pic)
	}
	if notice := f.Prepare(settingsOf(map[string]string{ImagesKey: cut})); !strings.Contains(notice, "offset 87") {
		t.Errorf("a cut Images file: notice %q", notice)
	}
	if f.pictures != nil {
		t.Error("the pictures of the Images file read before stay")
	}
}

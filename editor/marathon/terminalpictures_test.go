package marathon

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/internal/imagestest"
)

// widePict is a PICT resource id whose picture is width pixels wide, so
// that which copy was taken shows in its width.
func widePict(id, width int) imagestest.Resource {
	bits := imagestest.Bits{Depth: 8, Bounds: image.Rect(0, 0, width, 2), Palette: []color.RGBA{{0, 0, 0, 255}, {0, 200, 0, 255}},
		Pixel: func(x, y int) uint32 { return uint32(x+y) % 2 }}
	return imagestest.Resource{Type: "PICT", ID: id, Data: imagestest.PICT(bits.Bounds, bits.Opcode())}
}

// TestTerminalPicturesAsTheEngineFindsThem: a MacBinary map whose
// resource fork holds pictures, and an Images file. A terminal's picture
// comes from the map first, its 32-bit copy (id+20000) before its 16-bit
// one (id+10000) before the picture itself; then from the Images file,
// at id+2000, id+1000 and id. A copy found that cannot be decoded shows
// nothing, as in the engine, which looks no further.
func TestTerminalPicturesAsTheEngineFindsThem(t *testing.T) {
	dir := t.TempDir()
	imagesPath := filepath.Join(dir, "Images.imgA")
	if err := os.WriteFile(imagesPath, imagestest.MacBinary("Images", nil, imagestest.Fork([]imagestest.Resource{
		widePict(1000, 20), widePict(1002, 21), widePict(3002, 22), widePict(2002, 26), widePict(2003, 23), widePict(1003, 24), widePict(1005, 25),
	})), 0o644); err != nil {
		t.Fatal(err)
	}
	wadBytes := mcodec.NewFile("Pictures").Bytes()
	ownFork := imagestest.Fork([]imagestest.Resource{
		widePict(1000, 10), widePict(21000, 11), widePict(11000, 14), widePict(11001, 12), widePict(1001, 13),
		{Type: "PICT", ID: 1005, Data: []byte{0, 1}},
	})
	settings := settingsOf(map[string]string{ImagesKey: imagesPath})

	for _, c := range []struct {
		name   string
		data   []byte
		widths map[int]int // picture id: width shown, 0 for none
		notice string
	}{
		{"MacBinary map with pictures", imagestest.MacBinary("Map", wadBytes, ownFork),
			map[int]int{1000: 11, 1001: 12, 1002: 22, 1003: 23, 1004: 0, 1005: 0}, ""},
		{"bare wad", wadBytes, map[int]int{1000: 20, 1001: 0, 1002: 22, 1005: 25}, ""},
		{"MacBinary map without a resource fork", imagestest.MacBinary("Map", wadBytes, nil), map[int]int{1000: 20, 1005: 25}, ""},
		{"MacBinary map with a damaged resource fork", imagestest.MacBinary("Map", wadBytes, []byte(strings.Repeat("\xff", 32))),
			map[int]int{1000: 20, 1003: 23}, "the map file's own pictures could not be read"},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, "Map.sceA")
			d, err := mdoc.Load(path, c.data)
			if err != nil {
				t.Fatal(err)
			}
			f := &session{d: d}
			notice := f.prepareImages(settings)
			if c.notice == "" && notice != "" || !strings.Contains(notice, c.notice) {
				t.Errorf("notice %q, want %q", notice, c.notice)
			}
			if c.notice != "" && !strings.Contains(notice, path+": resource fork header: offset ") {
				t.Errorf("notice %q names no file and offset", notice)
			}
			for id, want := range c.widths {
				img, ok := f.pictures.Picture(id)
				switch {
				case want == 0 && ok:
					t.Errorf("picture %d shows one %d wide, want none", id, img.Bounds().Dx())
				case want != 0 && !ok:
					t.Errorf("picture %d shows none, want one %d wide", id, want)
				case want != 0 && img.Bounds().Dx() != want:
					t.Errorf("picture %d is %d wide, want %d", id, img.Bounds().Dx(), want)
				}
			}
		})
	}
}

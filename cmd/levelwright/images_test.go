package main

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/imagestest"
)

// pictureBits is picture 1000 of writeImagesFile.
var pictureBits = imagestest.Bits{Depth: 8, Bounds: image.Rect(0, 0, 24, 10), Palette: []color.RGBA{{0, 0, 0, 255}, {255, 0, 0, 255}, {0, 0, 255, 255}},
	Pixel: func(x, y int) uint32 { return uint32(x/8+y) % 3 }}

// writeImagesFile writes a small MacBinary Images file: two pictures
// (one named), a clut, and a broken picture when broken.
func writeImagesFile(t *testing.T, broken bool) string {
	direct := imagestest.Bits{Depth: 16, Bounds: image.Rect(0, 0, 7, 3), Pixel: func(x, y int) uint32 { return uint32(x * 999) }}
	res := []imagestest.Resource{
		{Type: "PICT", ID: 1000, Name: "Title", Data: imagestest.PICT(pictureBits.Bounds, pictureBits.Opcode())},
		{Type: "PICT", ID: 2000, Data: imagestest.PICT(direct.Bounds, direct.Opcode())},
		{Type: "clut", ID: 1000, Data: imagestest.ColorTable(pictureBits.Palette, false)},
	}
	if broken {
		res = append(res, imagestest.Resource{Type: "PICT", ID: 5, Data: []byte{0, 0, 0, 0}})
	}
	path := filepath.Join(t.TempDir(), "Images.imgA")
	if err := os.WriteFile(path, imagestest.MacBinary("Images", nil, imagestest.Fork(res)), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestImagesList(t *testing.T) {
	code, out, errOut := runCLI(t, nil, "images", "list", writeImagesFile(t, false))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{`(?m)^1000 +Title +24x10 +8$`, `(?m)^2000 +- +7x3 +16$`, `(?m)^2 pictures, 1 colour tables$`} {
		if !regexp.MustCompile(want).MatchString(out) {
			t.Errorf("no line %s in\n%s", want, out)
		}
	}
}

func TestImagesListCorpus(t *testing.T) {
	path := corpus.Path(t, "gamedata", "marathon2", "Images.imgA")
	code, out, errOut := runCLI(t, nil, "images", "list", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := regexp.MustCompile(`(?m)^\d+ +- +640x\d+ +(8|16|32)$`).FindAllString(out, -1)
	if len(lines) != 14 || !strings.Contains(out, "14 pictures, 4 colour tables") {
		t.Errorf("%d picture lines in\n%s", len(lines), out)
	}
}

func TestImagesExtract(t *testing.T) {
	path := writeImagesFile(t, false)
	png1 := filepath.Join(t.TempDir(), "title.png")
	if code, _, errOut := runCLI(t, nil, "images", "extract", path, "1000", "--out", png1); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	img := readPNG(t, png1)
	if img.Bounds() != image.Rect(0, 0, 24, 10) {
		t.Fatalf("PNG of %v", img.Bounds())
	}
	for _, p := range []image.Point{{0, 0}, {9, 0}, {23, 9}, {5, 4}} {
		if got, want := color.RGBAModel.Convert(img.At(p.X, p.Y)), pictureBits.Color(p.X, p.Y); got != want {
			t.Errorf("pixel %v is %v, want %v", p, got, want)
		}
	}

	dir := filepath.Join(t.TempDir(), "all")
	if code, _, errOut := runCLI(t, nil, "images", "extract", path, "--out", dir); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if readPNG(t, filepath.Join(dir, "2000.png")).Bounds().Dx() != 7 || readPNG(t, filepath.Join(dir, "1000.png")).Bounds().Dx() != 24 {
		t.Error("the folder's pictures are not the file's")
	}
}

func readPNG(t *testing.T, path string) image.Image {
	t.Helper()
	r, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	img, err := png.Decode(r)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// TestImagesUnreadable: a truncated file, a broken picture and a missing
// one exit 2 with the file, and the resource and offset where there is one.
func TestImagesUnreadable(t *testing.T) {
	good := writeImagesFile(t, false)
	data, err := os.ReadFile(good)
	if err != nil {
		t.Fatal(err)
	}
	truncated := filepath.Join(t.TempDir(), "cut.imgA")
	if err := os.WriteFile(truncated, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	broken := writeImagesFile(t, true)
	out := filepath.Join(t.TempDir(), "x.png")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"list", truncated}, truncated + ": MacBinary header: offset 87: expected a resource fork of"},
		{[]string{"extract", truncated, "1000", "--out", out}, truncated + ": MacBinary header: offset 87"},
		{[]string{"list", broken}, broken + ": PICT 5: offset "},
		{[]string{"extract", broken, "5", "--out", out}, broken + ": PICT 5: offset "},
		{[]string{"extract", good, "77", "--out", out}, good + ": no PICT resource 77"},
		{[]string{"extract", good, "1000"}, "usage"},
		{[]string{"list", filepath.Join(t.TempDir(), "absent")}, "no such file"},
	}
	for _, c := range cases {
		code, _, errOut := runCLI(t, nil, append([]string{"images"}, c.args...)...)
		if code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("images %q: exit %d, %q; want 2 and %q", c.args, code, errOut, c.want)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed extract wrote its output")
	}
}

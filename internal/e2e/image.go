package e2e

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// DistinctColours counts the different colours in r of img; a blank or
// single-colour picture has 1.
func DistinctColours(img image.Image, r image.Rectangle) int {
	seen := map[color.RGBA]bool{}
	r = r.Intersect(img.Bounds())
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			seen[rgba(img.At(x, y))] = true
		}
	}
	return len(seen)
}

// InkSpans finds the runs of columns in r that hold "ink": pixels far from
// the region's most common colour. Runs closer than gap pixels merge, so
// each span is a word or an icon; the menu bar gives one span per menu.
func InkSpans(img image.Image, r image.Rectangle, gap int) [][2]int {
	r = r.Intersect(img.Bounds())
	bg := dominant(img, r)
	var spans [][2]int
	for x := r.Min.X; x < r.Max.X; x++ {
		ink := false
		for y := r.Min.Y; y < r.Max.Y && !ink; y++ {
			ink = distance(rgba(img.At(x, y)), bg) > 96
		}
		if !ink {
			continue
		}
		if n := len(spans); n > 0 && x-spans[n-1][1] <= gap {
			spans[n-1][1] = x + 1
		} else {
			spans = append(spans, [2]int{x, x + 1})
		}
	}
	return spans
}

// ChangedFraction is the share of pixels in r that differ between a and b.
func ChangedFraction(a, b image.Image, r image.Rectangle) float64 {
	r = r.Intersect(a.Bounds()).Intersect(b.Bounds())
	if r.Empty() {
		return 0
	}
	changed := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if distance(rgba(a.At(x, y)), rgba(b.At(x, y))) > 24 {
				changed++
			}
		}
	}
	return float64(changed) / float64(r.Dx()*r.Dy())
}

func dominant(img image.Image, r image.Rectangle) color.RGBA {
	counts := map[color.RGBA]int{}
	var best color.RGBA
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			c := rgba(img.At(x, y))
			counts[c]++
			if counts[c] > counts[best] {
				best = c
			}
		}
	}
	return best
}

func rgba(c color.Color) color.RGBA {
	r, g, b, a := c.RGBA()
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
}

// distance is the sum of the absolute channel differences.
func distance(a, b color.RGBA) int {
	return abs(int(a.R)-int(b.R)) + abs(int(a.G)-int(b.G)) + abs(int(a.B)-int(b.B))
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// SavePNG writes img to build/e2e/<test name>/name.png, for a person to
// look at, and logs the path.
func SavePNG(t testing.TB, name string, img image.Image) {
	t.Helper()
	dir := filepath.Join(RepoRoot(t), "build", "e2e", sanitize(t.Name()))
	path := filepath.Join(dir, name+".png")
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("image %s", path)
}

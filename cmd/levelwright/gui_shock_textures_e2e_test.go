package main

import (
	"bytes"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"testing"

	"github.com/levelwright/levelwright/internal/e2e"
	"github.com/levelwright/levelwright/internal/shockdata"
)

// withShockData copies the stand-in game data beside the System Shock
// file at path, where the editor reads a mission's own data files.
func withShockData(t *testing.T, path string) {
	t.Helper()
	files, err := os.ReadDir(shockdata.Dir())
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		data, err := os.ReadFile(filepath.Join(shockdata.Dir(), f.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(filepath.Dir(path), f.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// spread is how far apart a colour's channels are: 0 for a grey.
func spread(c color.Color) int {
	r, g, b, _ := c.RGBA()
	hi, lo := max(r, g, b)>>8, min(r, g, b)>>8
	return int(hi - lo)
}

// surfaces are the points of area, every fourth each way, where the 3D
// view draws the level: their 5x5 square is unlike the background.
func surfaces(img image.Image, area image.Rectangle, background color.Color) []image.Point {
	var out []image.Point
	for y := area.Min.Y + 2; y < area.Max.Y-2; y += 4 {
		for x := area.Min.X + 2; x < area.Max.X-2; x += 4 {
			solid := true
			for dy := -2; dy <= 2 && solid; dy++ {
				for dx := -2; dx <= 2 && solid; dx++ {
					solid = !near(img.At(x+dx, y+dy), background, 12)
				}
			}
			if solid {
				out = append(out, image.Pt(x, y))
			}
		}
	}
	return out
}

// greyShare is the share of points where img is grey (channels within 8).
func greyShare(img image.Image, points []image.Point) float64 {
	grey := 0
	for _, p := range points {
		if spread(img.At(p.X, p.Y)) <= 8 {
			grey++
		}
	}
	return float64(grey) / float64(max(len(points), 1))
}

// TestGUIShockTextures3D: the Derelict opened with the stand-in game data
// beside it, switched to 3D (Ctrl+2), draws its surfaces coloured by
// floor height; in the Texture mode, chosen from the legend, they show the
// stand-in's textures, all greys. A click on a surface in 3D selects its
// tile: the inspector names it and the tile is drawn in the selection's
// colour where it was grey. Nothing is changed.
func TestGUIShockTextures3D(t *testing.T) {
	path, original := corpusCopy(t, "shock", "derelict", "archive.dat")
	withShockData(t, path)
	bin := e2e.Build(t)
	d := e2e.NewDisplay(t)
	p := e2e.Start(t, d, bin, `^archive\.dat — Levelwright$`, path)
	p.WaitLoaded(path)
	shot := p.Screenshot("opened")
	b := shot.Bounds()
	_, _, view, _, _ := regions(b)
	area := mapArea(view)
	area.Min.X = view.Min.X + view.Dx()*36/100 // right of the Texture mode's wider legend
	corner := image.Pt(area.Max.X-12, area.Max.Y-12)
	p.Click(corner.X, corner.Y, 1) // off the level: the map takes the keys
	p.Key("ctrl+2")
	heights := p.Screenshot("3d-floor-height")
	background := heights.At(corner.X, corner.Y)
	level := surfaces(heights, area, background)
	if len(level) < 200 {
		t.Fatalf("the 3D view draws the level at %d points of %v, want a level", len(level), area)
	}
	if g := greyShare(heights, level); g > 0.5 {
		t.Errorf("coloured by floor height, %.0f%% of the level is grey", g*100)
	}

	// The legend's draw mode choice, then its sixth entry: Texture.
	p.Click(view.Min.X+100, 133, 1)
	p.Click(view.Min.X+40, 133+39*6, 1)
	textured := p.Screenshot("3d-texture")
	level = surfaces(textured, area, background)
	if g := greyShare(textured, level); g < 0.95 {
		t.Fatalf("in the Texture mode %.0f%% of the level is grey, want the stand-in's grey textures", g*100)
	}

	// The surface point nearest the view's middle.
	middle := image.Pt((area.Min.X+area.Max.X)/2, (area.Min.Y+area.Max.Y)/2)
	dist := func(q image.Point) int { d := q.Sub(middle); return d.X*d.X + d.Y*d.Y }
	at := level[0]
	for _, q := range level {
		if dist(q) < dist(at) {
			at = q
		}
	}
	p.Click(at.X, at.Y, 1)
	selected := p.Screenshot("3d-selected")
	heading := inspectorHeading(b)
	if f := e2e.ChangedFraction(textured, selected, heading); f == 0 {
		t.Error("the click in 3D left the inspector's heading: nothing selected")
	}
	around := image.Rect(at.X-20, at.Y-20, at.X+21, at.Y+21)
	coloured := 0
	for y := around.Min.Y; y < around.Max.Y; y++ {
		for x := around.Min.X; x < around.Max.X; x++ {
			if spread(textured.At(x, y)) <= 8 && spread(selected.At(x, y)) > 60 {
				coloured++
			}
		}
	}
	if coloured < 20 {
		t.Errorf("around the click %d grey pixels took a colour: the selected tile is not drawn selected", coloured)
	}
	quit(t, p)
	if !bytes.Equal(mustReadFile(t, path), original) {
		t.Error("the file changed")
	}
}

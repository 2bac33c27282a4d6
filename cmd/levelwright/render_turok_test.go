package main

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/internal/kpftest"
)

// crateColor is the stand-in crate texture's one colour.
var crateColor = color.NRGBA{255, 0, 255, 255}

// turokCrateMap is a new map with a static mesh of the crate model, a
// box 200 units across and 100 high, in its lower left quarter, and
// game data holding that model and its texture (and not the player
// start's .bin model).
func turokCrateMap(t *testing.T) (mapPath, data string) {
	t.Helper()
	m := turok.NewTerrain(4, 256)
	m.Sections[0].Meshes = append(m.Sections[0].Meshes, turok.StaticMesh{Origin: turok.Vec3{X: 256, Y: 256},
		Scale: turok.Vec3{X: 1, Y: 1, Z: 1}, Rotation: [4]float32{0, 0, 0, 1},
		BoundsMin: turok.Vec3{X: 156, Y: 156}, BoundsMax: turok.Vec3{X: 356, Y: 356, Z: 100},
		CullBits: -1, Model: "models/mapstatic/crate.kmesh"})
	m.Actors[0].Model = "models/actors/a0000.bin"
	dir := t.TempDir()
	mapPath = filepath.Join(dir, "crate.map")
	if err := os.WriteFile(mapPath, m.Encode(), 0o644); err != nil {
		t.Fatal(err)
	}
	tex := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for i := 0; i < len(tex.Pix); i += 4 {
		tex.Pix[i], tex.Pix[i+1], tex.Pix[i+2], tex.Pix[i+3] = crateColor.R, crateColor.G, crateColor.B, crateColor.A
	}
	data = kpftest.Folder(t, map[string][]byte{
		"models/mapstatic/crate.kmesh": kpftest.Box("textures/crate.tga", [3]float32{-100, -100, 0}, [3]float32{100, 100, 100}),
		"textures/crate.tga":           kpftest.TGA(tex),
	})
	return mapPath, data
}

// crateLit pixels are the crate's texture under any light.
func crateLit(r, g, b int) bool { return r > 100 && b > 100 && g < 30 && max(r-b, b-r) < 20 }

// TestRenderTurokModels: with --data naming a folder whose game.kpf holds
// a static mesh's model and texture, render draws the mesh as its
// textured model in 2D, where it stands, and in 3D; without it, or for
// the actor whose .bin model is not read, boxes, and the notice says
// which model was not read.
func TestRenderTurokModels(t *testing.T) {
	mapPath, data := turokCrateMap(t)
	render := func(view string, extra ...string) (image.Image, string) {
		out := filepath.Join(t.TempDir(), "out.png")
		args := append([]string{"render", mapPath, "--view", view, "--size", "400x400", "--out", out}, extra...)
		code, _, stderr := runCLI(t, nil, args...)
		if code != 0 {
			t.Fatalf("%s %v: exit %d, %s", view, extra, code, stderr)
		}
		return readPNG(t, out), stderr
	}
	for _, view := range []string{"2d", "3d"} {
		plain, stderr := render(view)
		if stderr != "" {
			t.Errorf("%s without data: %q", view, stderr)
		}
		if n := share(plain, plain.Bounds(), crateLit); n != 0 {
			t.Errorf("%s without data: %.3f of the picture is the crate's texture", view, n)
		}
		modelled, stderr := render(view, "--data", data)
		if !strings.Contains(stderr, "models/actors/a0000.bin") || !strings.Contains(stderr, "drawn as boxes") {
			t.Errorf("%s: the notice %q does not name the model not read", view, stderr)
		}
		if n := share(modelled, modelled.Bounds(), crateLit); n < 0.01 {
			t.Errorf("%s with data: %.4f of the picture is the crate's texture, want at least 0.01", view, n)
		}
		if n := share(modelled, modelled.Bounds(), actorLit); view == "3d" && n == 0 {
			t.Errorf("3d with data: the player start's box is not drawn")
		}
	}
	// In 2D the crate covers its square: the terrain is 1024 units across
	// and the crate 200, from 156 to 356 on both axes.
	img, _ := render("2d", "--data", data)
	left, right, top, bottom := 400, 0, 400, 0
	for y := range 400 {
		for x := range 400 {
			if crateLit(rgb(img.At(x, y))) {
				left, right, top, bottom = min(left, x), max(right, x), min(top, y), max(bottom, y)
			}
		}
	}
	if w, h := right-left+1, bottom-top+1; w < 50 || w > 90 || h < 50 || h > 90 || right > 200 || top < 200 {
		t.Errorf("the crate covers x %d..%d, y %d..%d: not a square of about 78 pixels in the lower left quarter", left, right, top, bottom)
	}
}

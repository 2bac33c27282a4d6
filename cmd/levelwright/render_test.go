package main

import (
	"bytes"
	"fmt"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/codecs/lgres"
	"github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/codecs/wad"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/shapestest"
	"github.com/levelwright/levelwright/internal/shockdata"
)

// TestRenderCommand draws a new map of each game in both views at the
// size asked, and refuses bad sizes, views and levels with exit status 2.
func TestRenderCommand(t *testing.T) {
	dir := t.TempDir()
	for _, game := range []string{"shock", "marathon", "turok"} {
		file := filepath.Join(dir, game+".map")
		if code, _, stderr := runCLI(t, nil, "new", game, "--out", file); code != 0 {
			t.Fatal(stderr)
		}
		for _, view := range []string{"2d", "3d"} {
			out := filepath.Join(dir, game+view+".png")
			if code, _, stderr := runCLI(t, nil, "render", file, "--view", view, "--size", "160x90", "--out", out); code != 0 {
				t.Fatalf("%s %s: %s", game, view, stderr)
			}
			f, err := os.Open(out)
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(f)
			f.Close()
			if err != nil || img.Bounds().Dx() != 160 || img.Bounds().Dy() != 90 {
				t.Errorf("%s %s: %v, %v", game, view, err, img.Bounds())
			}
		}
	}
	file := filepath.Join(dir, "turok.map")
	for _, args := range [][]string{{"--size", "0x5"}, {"--size", "big"}, {"--view", "4d"}, {"--level", "2"}} {
		code, _, stderr := runCLI(t, nil, append([]string{"render", file, "--out", filepath.Join(dir, "x.png")}, args...)...)
		if code != 2 || stderr == "" {
			t.Errorf("%v: exit %d, %q", args, code, stderr)
		}
	}
	if code, _, stderr := runCLI(t, nil, "render", filepath.Join(dir, "shock.map"), "--level", "7", "--out", filepath.Join(dir, "s.png")); code != 2 || !strings.Contains(stderr, "no level 7") {
		t.Errorf("shock level 7: exit %d, %q", code, stderr)
	}
}

// TestRenderRefusesMissingLevels: a file without levels, or without the
// level asked for, gets one line naming the file and the levels it has,
// exit status 2, and no picture.
func TestRenderRefusesMissingLevels(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	shockFile := filepath.Join(dir, "new.res")
	if code, _, stderr := runCLI(t, nil, "new", "shock", "--out", shockFile); code != 0 {
		t.Fatal(stderr)
	}
	twoLevels := marathon.NewFile("Two")
	second := twoLevels.AddEntry(1)
	for _, c := range twoLevels.Entries[0].Chunks {
		second.SetChunk(string(c.Tag[:]), c.Data)
	}
	emptyRes, emptyWad := write("empty.res", lgres.New().Bytes()), write("empty.sceA", wad.New(2, 1, "Empty").Bytes())
	twoFile := write("two.sceA", twoLevels.Bytes())
	for _, tt := range []struct {
		file  string
		level []string
		want  string
	}{
		{emptyRes, nil, "has no levels to draw"},
		{emptyWad, nil, "has no levels to draw"},
		{emptyWad, []string{"--level", "0"}, "has no levels to draw"},
		{shockFile, []string{"--level", "7"}, "no level 7: the file's only level is 1"},
		{twoFile, []string{"--level", "2"}, "no level 2: the file's levels are 0, 1"},
		{twoFile, []string{"--level", "-1"}, "no level -1: the file's levels are 0, 1"},
	} {
		out := filepath.Join(dir, "out.png")
		code, _, stderr := runCLI(t, nil, append([]string{"render", tt.file, "--out", out}, tt.level...)...)
		if want := tt.file + ": " + tt.want + "\n"; code != 2 || stderr != want {
			t.Errorf("%s %v: exit %d, %q; want 2, %q", filepath.Base(tt.file), tt.level, code, stderr, want)
		}
		if _, err := os.Stat(out); !os.IsNotExist(err) {
			t.Errorf("%s %v: a picture was written", filepath.Base(tt.file), tt.level)
		}
	}
	// The second level of the two is drawn when asked for.
	if code, _, stderr := runCLI(t, nil, "render", twoFile, "--level", "1", "--size", "16x10", "--out", filepath.Join(dir, "1.png")); code != 0 {
		t.Errorf("level 1 of two: exit %d, %s", code, stderr)
	}
}

// TestRenderModes: --modes lists each game's draw modes, one a line;
// every mode renders, its legend changes the picture, and an unknown
// mode is refused with the modes there are.
func TestRenderModes(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ game, modes string }{
		{"marathon", "floor-height\nceiling-height\nlight\nceiling-light\nliquid-light\nliquid\npolygon-type\nambient-sound\nrandom-sound\ntexture-collection\ntexture\nceiling-texture\n"},
		{"shock", "floor-height\nceiling-height\nshade\nhazards\ntexture-slot\ntexture\nceiling-texture\n"},
		{"turok", "floor-height\nsector-set\nfog-colour\nwater\n"},
	} {
		file := filepath.Join(dir, tc.game+".map")
		if code, _, stderr := runCLI(t, nil, "new", tc.game, "--out", file); code != 0 {
			t.Fatal(stderr)
		}
		code, stdout, stderr := runCLI(t, nil, "render", file, "--modes")
		if code != 0 || stdout != tc.modes {
			t.Errorf("%s --modes: exit %d, %q (%s), want %q", tc.game, code, stdout, stderr, tc.modes)
		}
		for _, mode := range strings.Fields(tc.modes) {
			plain, legend := filepath.Join(dir, "plain.png"), filepath.Join(dir, "legend.png")
			for _, args := range [][]string{{"--out", plain}, {"--legend", "--out", legend}} {
				args = append([]string{"render", file, "--mode", mode, "--size", "320x200"}, args...)
				if code, _, stderr := runCLI(t, nil, args...); code != 0 {
					t.Fatalf("%s %s: %s", tc.game, mode, stderr)
				}
			}
			a, _ := os.ReadFile(plain)
			b, _ := os.ReadFile(legend)
			if len(a) == 0 || string(a) == string(b) {
				t.Errorf("%s %s: the legend did not change the picture", tc.game, mode)
			}
		}
		code, _, stderr = runCLI(t, nil, "render", file, "--mode", "wetness", "--out", filepath.Join(dir, "x.png"))
		if code != 2 || !strings.Contains(stderr, "floor-height") {
			t.Errorf("%s: unknown mode: exit %d, %q", tc.game, code, stderr)
		}
	}
}

// TestRenderMarathonShapes: render draws a Marathon level's floor
// textures from the Shapes file --shapes names, which changes the
// picture; a Shapes file the reader refuses is named on stderr with
// where it went wrong, and the level is drawn without textures.
func TestRenderMarathonShapes(t *testing.T) {
	path := corpus.Path(t, "marathon", "eternal", "Genie-In-A-Bottle.sceA")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	f, err := wad.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	l, err := marathon.Decode(f.Entries[0], false)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	good, broken := filepath.Join(dir, "Shapes"), filepath.Join(dir, "broken")
	if err := os.WriteFile(good, shapestest.ForLevel(l), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(broken, shapestest.ForLevel(l)[:700], 0o644); err != nil {
		t.Fatal(err)
	}
	render := func(extra ...string) ([]byte, string) {
		out := filepath.Join(dir, "out.png")
		args := append([]string{"render", path, "--mode", "texture", "--size", "320x200", "--out", out}, extra...)
		code, _, stderr := runCLI(t, nil, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d, %s", extra, code, stderr)
		}
		png, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return png, stderr
	}
	plain, _ := render()
	textured, stderr := render("--shapes", good)
	if stderr != "" || string(plain) == string(textured) {
		t.Errorf("--shapes: stderr %q, picture changed: %v", stderr, string(plain) != string(textured))
	}
	refused, stderr := render("--shapes", broken)
	if !strings.Contains(stderr, "offset") || string(refused) != string(plain) {
		t.Errorf("a broken Shapes file: stderr %q, drawn without textures: %v", stderr, string(refused) == string(plain))
	}
}

// TestRenderShockTextures: render draws the Derelict's textures with
// --data naming a folder of the game's data, in both views and in both
// texture modes, and without it draws the texture modes all the same,
// in other colours.
func TestRenderShockTextures(t *testing.T) {
	archive := corpusShockArchive(t)
	dir := t.TempDir()
	for _, mode := range []string{"texture", "ceiling-texture"} {
		for _, view := range []string{"2d", "3d"} {
			pictures := map[bool][]byte{}
			for _, data := range []bool{true, false} {
				out := filepath.Join(dir, fmt.Sprint(mode, view, data, ".png"))
				args := []string{"render", archive, "--level", "1", "--mode", mode, "--view", view, "--size", "320x200", "--out", out}
				if data {
					args = append(args, "--data", shockdata.Dir())
				}
				if code, _, stderr := runCLI(t, nil, args...); code != 0 || stderr != "" {
					t.Fatalf("%s %s, data %v: exit %d, %q", mode, view, data, code, stderr)
				}
				b, err := os.ReadFile(out)
				if err != nil {
					t.Fatal(err)
				}
				pictures[data] = b
			}
			if bytes.Equal(pictures[true], pictures[false]) {
				t.Errorf("%s %s: --data did not change the picture", mode, view)
			}
		}
	}
}

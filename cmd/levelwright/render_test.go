package main

import (
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
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

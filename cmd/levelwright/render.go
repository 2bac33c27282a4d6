package main

import (
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// renderCommand draws a level as the viewport does, with the software
// renderer: `render FILE [--level N] [--view 2d|3d] [--size WxH] --out PNG`.
func renderCommand(raw []string, _ io.Reader, _, stderr io.Writer) int {
	a, err := parseArgs(raw, nil, []string{"level", "view", "size", "out"})
	if err != nil || len(a.positional) != 1 || a.flags["out"] == "" {
		fmt.Fprintln(stderr, "usage: levelwright render FILE [--level N] [--view 2d|3d] [--size WxH] --out PNG")
		return 2
	}
	path := a.positional[0]
	level, err := a.int("level", -1) // -1: the file's first level
	if err != nil {
		fmt.Fprintln(stderr, "levelwright render:", err)
		return 2
	}
	w, h, err := parseSize(a.flags["size"])
	view := a.flags["view"]
	if err != nil || view != "" && view != "2d" && view != "3d" {
		fmt.Fprintln(stderr, "levelwright render: --size is WxH (at most 8192 each) and --view 2d or 3d")
		return 2
	}
	data, game, ok := readGameFile(path, stderr)
	if !ok {
		return 2
	}
	s, err := buildScene(gameFile{path: path, data: data, game: game}, level, stderr)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	var img image.Image
	if view == "3d" {
		img = viewport.Render3D(&s.List, s.Camera3D(), w, h)
	} else {
		img = viewport.Render2D(&s.List, s.Camera2D(w, h), w, h)
	}
	out := a.flags["out"]
	f, err := os.CreateTemp(filepath.Dir(out), ".render-*.png")
	if err == nil {
		err = png.Encode(f, img)
		if err == nil {
			err = f.Chmod(0o644)
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Rename(f.Name(), out)
		}
		if err != nil {
			os.Remove(f.Name())
		}
	}
	if err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	return 0
}

// parseSize reads WxH; "" is 1280x800.
func parseSize(s string) (w, h int, err error) {
	if s == "" {
		return 1280, 800, nil
	}
	ws, hs, ok := strings.Cut(s, "x")
	if w, err = strconv.Atoi(ws); err == nil && ok {
		h, err = strconv.Atoi(hs)
	}
	if err != nil || !ok || w < 1 || h < 1 || w > 8192 || h > 8192 {
		return 0, 0, fmt.Errorf("size %q is not WxH", s)
	}
	return w, h, nil
}

// buildScene is the scene of a level of file.
func buildScene(file gameFile, level int, stderr io.Writer) (*scene.Scene, error) {
	switch file.game {
	case document.GameShock:
		a, ok := decodeShock(file.path, file.data, stderr)
		if !ok {
			return nil, fmt.Errorf("%s: unreadable", file.path)
		}
		for i := 0; level < 0 && i < len(a.Levels); i++ {
			if a.Levels[i] != nil {
				level = i
			}
		}
		if level < 0 || level >= len(a.Levels) || a.Levels[level] == nil {
			return nil, fmt.Errorf("%s: no level %d", file.path, level)
		}
		return scene.Shock(a.Levels[level], level), nil
	case document.GameMarathon:
		_, levels, ok := marathonLevels(file, stderr)
		if !ok {
			return nil, fmt.Errorf("%s: unreadable", file.path)
		}
		level = max(level, 0)
		if level >= len(levels) || len(levels[level].Polygons) == 0 {
			return nil, fmt.Errorf("%s: no map level %d", file.path, level)
		}
		return scene.Marathon(levels[level], level), nil
	case document.GameTurok:
		m, err := turok.Decode(file.data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file.path, err)
		}
		if level > 0 {
			return nil, fmt.Errorf("%s: a Turok map has one level, 0", file.path)
		}
		return scene.Turok(m), nil
	}
	return nil, fmt.Errorf("%s: cannot draw %s files", file.path, file.game)
}

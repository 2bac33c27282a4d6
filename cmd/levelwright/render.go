package main

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"io"
	"strconv"
	"strings"

	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor"
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
	data, _, ok := readGameFile(path, stderr)
	if !ok {
		return 2
	}
	s, err := buildScene(path, data, level)
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
	var out bytes.Buffer
	if err := png.Encode(&out, img); err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	if err := document.ReplaceFile(a.flags["out"], out.Bytes()); err != nil {
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

// buildScene is the scene of level of the file at path (-1: its first).
func buildScene(path string, data []byte, level int) (*scene.Scene, error) {
	levels, err := editor.Levels(path, data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	for _, l := range levels {
		if level < 0 || l.Index == level {
			return l.Build(), nil
		}
	}
	return nil, fmt.Errorf("%s: no level %d to draw", path, level)
}

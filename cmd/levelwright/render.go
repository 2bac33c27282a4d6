package main

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/scene"
)

// renderUsage is the render command's usage.
func renderUsage() string {
	return "usage: levelwright " + renderSynopsis() + "\n       levelwright render FILE --modes"
}

// renderCommand draws a level as the viewport does, with the software
// renderer, in a draw mode and with its legend when asked; with --modes
// it lists the draw modes of the file's game, one a line.
func renderCommand(raw []string, _ io.Reader, stdout, stderr io.Writer) int {
	a, err := game.ParseArgs(raw, []string{"legend", "modes"}, withDataFlags("level", "view", "size", "out", "mode"))
	if err != nil || len(a.Positional) != 1 || a.Flags["out"] == "" && a.Flags["modes"] == "" {
		fmt.Fprintln(stderr, renderUsage())
		return 2
	}
	w, h, err := parseSize(a.Flags["size"])
	view := a.Flags["view"]
	if err != nil || view != "" && view != "2d" && view != "3d" {
		fmt.Fprintln(stderr, "levelwright render: --size is WxH (at most 8192 each) and --view 2d or 3d")
		return 2
	}
	s, ok := sceneOf("render", a, stderr)
	if !ok {
		return 2
	}
	if a.Flags["modes"] != "" {
		for _, m := range s.Modes() {
			fmt.Fprintln(stdout, m.Key())
		}
		return 0
	}
	if !setMode("render", s, a, stderr) {
		return 2
	}
	var img *image.NRGBA
	if view == "3d" {
		img = display.Render3D(&s.List, s.Camera3D(), w, h)
	} else {
		img = display.Render2D(&s.List, s.Camera2D(w, h), w, h)
	}
	if a.Flags["legend"] != "" {
		scene.DrawLegend(img, s.Mode(), glyphs(s))
	}
	var out bytes.Buffer
	if err := png.Encode(&out, img); err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	if err := document.ReplaceFile(a.Flags["out"], out.Bytes()); err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	return 0
}

// sceneOf is the scene of the level that a's --level names (by default
// the file's first) of the file a names, drawn with the game data a's
// flags name; a notice of game data that could not be read goes to
// stderr, and ok is false, with the error said there, when the command
// must stop with exit status 2.
func sceneOf(command string, a game.Args, stderr io.Writer) (*scene.Scene, bool) {
	path := a.Positional[0]
	level, err := a.Int("level", firstLevel)
	if err != nil {
		fmt.Fprintf(stderr, "levelwright %s: %v\n", command, err)
		return nil, false
	}
	data, _, ok := readGameFile(path, stderr)
	if !ok {
		return nil, false
	}
	s, notice, err := buildScene(path, data, level, dataSettings(a))
	if err != nil {
		fmt.Fprintln(stderr, err)
		return nil, false
	}
	if notice != "" {
		fmt.Fprintf(stderr, "levelwright %s: %s: %s\n", command, path, notice)
	}
	return s, true
}

// setMode draws s in the mode a's --mode names, if any; false, with the
// error said on stderr, when there is no such mode.
func setMode(command string, s *scene.Scene, a game.Args, stderr io.Writer) bool {
	if mode := a.Flags["mode"]; mode != "" {
		if err := s.SetMode(mode); err != nil {
			fmt.Fprintf(stderr, "levelwright %s: %s: %v\n", command, a.Positional[0], err)
			return false
		}
	}
	return true
}

// withDataFlags is values, the names of a command's flags that take a
// value, with those of the game data flags.
func withDataFlags(values ...string) []string {
	for _, f := range editor.DataFlags() {
		values = append(values, f.Name)
	}
	return values
}

// dataSettings are the settings the game data flags given in a set.
func dataSettings(a game.Args) map[string]string {
	settings := map[string]string{}
	for _, f := range editor.DataFlags() {
		if v, ok := a.Flags[f.Name]; ok {
			settings[f.Key] = v
		}
	}
	return settings
}

// glyphs are the shown layers of s that have a glyph, for the legend.
func glyphs(s *scene.Scene) []scene.Layer {
	var out []scene.Layer
	for _, l := range s.Layers() {
		if l.Shape != scene.NoGlyph && s.Shown(l.Name) {
			out = append(out, l)
		}
	}
	return out
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

// firstLevel asks buildScene for the file's first level, when no
// --level is given.
const firstLevel = math.MinInt

// buildScene is the scene of the level numbered level of the file at
// path, or of its first level for firstLevel, drawn with the game data
// that settings name, and the notice of game data that could not be
// read. A file without levels, or without that one, is refused with the
// levels it has.
func buildScene(path string, data []byte, level int, settings map[string]string) (*scene.Scene, string, error) {
	levels, notice, err := editor.Levels(path, data, settings)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", path, err)
	}
	if len(levels) == 0 {
		return nil, "", fmt.Errorf("%s: has no levels to draw", path)
	}
	if level == firstLevel {
		return levels[0].Build(), notice, nil
	}
	numbers := make([]string, len(levels))
	for i, l := range levels {
		if l.Index == level {
			return l.Build(), notice, nil
		}
		numbers[i] = strconv.Itoa(l.Index)
	}
	if len(numbers) == 1 {
		return nil, "", fmt.Errorf("%s: no level %d: the file's only level is %s", path, level, numbers[0])
	}
	return nil, "", fmt.Errorf("%s: no level %d: the file's levels are %s", path, level, strings.Join(numbers, ", "))
}

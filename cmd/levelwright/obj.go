package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/levelwright/levelwright/editor"
	"github.com/levelwright/levelwright/editor/game"
)

// objSynopsis is the obj command's usage line.
func objSynopsis() string {
	return "obj FILE [--level N] [--mode MODE]" + dataFlagsSynopsis() + " --out OBJ"
}

// objCommand writes a level's 3D geometry as the 3D view draws it in a
// draw mode (a textured one gives the textures, where the game data has
// them), as a Wavefront .obj, with its .mtl and the textures' pictures
// as PNG files beside it (display.List.OBJ).
func objCommand(raw []string, _ io.Reader, stdout, stderr io.Writer) int {
	a, err := game.ParseArgs(raw, nil, withDataFlags("level", "out", "mode"))
	out := a.Flags["out"]
	if err != nil || len(a.Positional) != 1 || !strings.EqualFold(filepath.Ext(out), ".obj") {
		fmt.Fprintln(stderr, "usage: levelwright "+objSynopsis())
		return 2
	}
	s, ok := sceneOf("obj", a, stderr)
	if !ok || !setMode("obj", s, a, stderr) {
		return 2
	}
	faces, textures, err := editor.WriteOBJ(&s.List, out)
	if err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	fmt.Fprintf(stdout, "%s: %d faces, %d textures\n", out, faces, textures)
	return 0
}

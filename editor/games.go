package editor

import (
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	sdoc "github.com/levelwright/levelwright/document/shock"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/scene"
)

// A game is one game the editor edits: its file format, and how its
// files open for editing.
type game struct {
	format document.Format
	open   func(path string, data []byte) (file, error)
}

// games are the games the editor edits, in the order files are sniffed.
// (No two of them claim the same file, so the order is also the order
// the help, the welcome page and the settings list them in.)
var games = []game{
	{sdoc.Format, func(path string, data []byte) (file, error) {
		d, err := sdoc.Load(path, data)
		return &shockFile{d: d}, err
	}},
	{mdoc.Format, func(path string, data []byte) (file, error) {
		d, err := mdoc.Load(path, data)
		return &marathonFile{d}, err
	}},
	{tdoc.Format, func(path string, data []byte) (file, error) {
		d, err := tdoc.Load(path, data)
		return &turokFile{d}, err
	}},
}

// Formats lists the games' file formats, in the order files are sniffed.
func Formats() []document.Format {
	out := make([]document.Format, len(games))
	for i, g := range games {
		out[i] = g.format
	}
	return out
}

// sniff finds the game of data.
func sniff(data []byte) (game, error) {
	f, err := document.Sniff(data, Formats())
	for _, g := range games {
		if g.format == f {
			return g, err
		}
	}
	return game{}, err
}

// Levels opens data, the file at path, and lists the levels it
// can draw, as the editor shows them.
func Levels(path string, data []byte) ([]scene.Level, error) {
	g, err := sniff(data)
	if err != nil {
		return nil, err
	}
	f, err := g.open(path, data)
	if err != nil {
		return nil, err
	}
	return f.levels(), nil
}

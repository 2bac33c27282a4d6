package editor

import (
	"fmt"
	"slices"

	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/marathon"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/editor/shock"
	"github.com/levelwright/levelwright/editor/turok"
)

// games are the games the editor edits, one column each, in the order
// files are sniffed. (No two of them claim the same file, so the order
// is also the order the help, the welcome page and the settings list
// them in.) Adding a game is adding its column here.
var games = []game.Game{shock.Game, marathon.Game, turok.Game}

// Formats lists the games' file formats, in the order files are sniffed.
func Formats() []document.Format {
	out := make([]document.Format, len(games))
	for i, g := range games {
		out[i] = g.Format()
	}
	return out
}

// Commands are the games' own subcommands of the command line, game by
// game.
func Commands() []game.Command {
	var out []game.Command
	for _, g := range games {
		out = append(out, g.Commands()...)
	}
	return out
}

// sniff finds the game of data.
func sniff(data []byte) (game.Game, error) {
	f, err := document.Sniff(data, Formats())
	for _, g := range games {
		if g.Format() == f {
			return g, err
		}
	}
	return nil, err
}

// Levels opens data, the file at path, reads the game data that
// settings name (see DataFlags), and lists the levels it can draw, as
// the editor shows them, with the notice of game data it could not read.
func Levels(path string, data []byte, settings map[string]string) ([]scene.Level, string, error) {
	g, err := sniff(data)
	if err != nil {
		return nil, "", err
	}
	for _, f := range DataFlags() {
		if _, given := settings[f.Key]; given && !slices.ContainsFunc(g.DataFlags(), func(o game.DataFlag) bool { return o.Name == f.Name }) {
			return nil, "", fmt.Errorf("%s files take no --%s", g.Format().Name(), f.Name)
		}
	}
	s, err := g.Open(path, data)
	if err != nil {
		return nil, "", err
	}
	notice := s.Prepare(func(key string) string { return settings[key] })
	return s.Levels(), notice, nil
}

// DataFlags are the game data flags of every game, game by game. Games
// may share a flag's name (--data), each with a setting of its own: the
// flag sets them all, and each game reads its own.
func DataFlags() []game.DataFlag {
	var out []game.DataFlag
	for _, g := range games {
		out = append(out, g.DataFlags()...)
	}
	return out
}

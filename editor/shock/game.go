// Package shock is System Shock's column of the editor: its sessions,
// tools, inspector sections, scenes, links, and its own dialogs (puzzles
// and the game's data folder).
package shock

import (
	"github.com/levelwright/levelwright/document"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/editor/game"
)

// Game is System Shock's column.
var Game game.Game = column{}

type column struct{}

// Format is System Shock's file format.
func (column) Format() document.Format { return sdoc.Format }

// Open loads a System Shock archive for editing.
func (column) Open(path string, data []byte) (game.Session, error) {
	d, err := sdoc.Load(path, data)
	if err != nil {
		return nil, err
	}
	return &session{d: d}, nil
}

// Settings has the folder of the game's data.
func (column) Settings(h game.Host) []game.Setting {
	return []game.Setting{{Label: "System Shock data", Widget: dataSetting(h)}}
}

// DataFlags: render takes the game's data folder as --data.
func (column) DataFlags() []game.DataFlag {
	return []game.DataFlag{{Name: "data", Key: DataFolderKey, Usage: "the System Shock DATA folder (texture.res, gamepal.res, objart.res)"}}
}

// GridSteps are tiles and their fractions, down to the fine positions
// (1/256 tile) objects stand at; a tile to start with, without snapping
// (objects stand anywhere in a tile, not at its corners).
func (column) GridSteps() ([]game.GridStep, int, bool) {
	return []game.GridStep{{Name: "1 tile", Size: 1}, {Name: "1/2 tile", Size: 0.5}, {Name: "1/4 tile", Size: 0.25},
		{Name: "1/8 tile", Size: 0.125}, {Name: "fine (1/256 tile)", Size: 1.0 / 256}}, 0, false
}

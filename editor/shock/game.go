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

// Package turok is Turok EX's column of the editor: its sessions,
// tools, inspector sections, scenes and links.
package turok

import (
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/game"
)

// Game is Turok EX's column.
var Game game.Game = column{}

type column struct{}

// Format is Turok EX's file format.
func (column) Format() document.Format { return tdoc.Format }

// Open loads a Turok EX map for editing.
func (column) Open(path string, data []byte) (game.Session, error) {
	d, err := tdoc.Load(path, data)
	if err != nil {
		return nil, err
	}
	return &session{d: d}, nil
}

// Settings are the rows of the game's data folder and of the actor
// templates folder.
func (column) Settings(h game.Host) []game.Setting {
	return []game.Setting{dataSetting(h), templatesSetting(h)}
}

// DataFlags: render takes the folder of the game's data archive as
// --data.
func (column) DataFlags() []game.DataFlag {
	return []game.DataFlag{{Name: "data", Key: DataFolderKey, Usage: "the Turok EX folder holding game.kpf (models and textures)"}}
}

// GridSteps are map units from 16 to 512; 256 to start with, without
// snapping (the terrain's corners are rarely on a grid).
func (column) GridSteps() ([]game.GridStep, int, bool) {
	return []game.GridStep{{Name: "16 units", Size: 16}, {Name: "32 units", Size: 32}, {Name: "64 units", Size: 64},
		{Name: "128 units", Size: 128}, {Name: "256 units", Size: 256}, {Name: "512 units", Size: 512}}, 4, false
}

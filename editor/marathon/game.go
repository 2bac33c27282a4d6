// Package marathon is Marathon's column of the editor: its sessions,
// tools, inspector sections, scenes and links.
package marathon

import (
	"github.com/levelwright/levelwright/codecs/marathon/physics"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
)

// Game is Marathon's column.
var Game game.Game = column{}

type column struct{}

// Format is Marathon's file format.
func (column) Format() document.Format { return mdoc.Format }

// Open loads a Marathon map file, or Marathon 1's physics file, for
// editing.
func (column) Open(path string, data []byte) (game.Session, error) {
	if physics.IsM1(data) {
		f, err := mdoc.LoadPhysicsFile(path, data)
		if err != nil {
			return nil, err
		}
		return &physicsSession{f: f, handles: document.NewHandles()}, nil
	}
	d, err := mdoc.Load(path, data)
	if err != nil {
		return nil, err
	}
	return &session{d: d}, nil
}

// Settings are the Shapes files that draw the textures: one for each
// game version, and the scenario's own; then the Images file.
func (column) Settings(h game.Host) []game.Setting {
	return append(shapesSettings(h), imagesSetting(h))
}

// ShapesKey is the setting of the Shapes file that draws the open
// file's textures ahead of any other (what `render --shapes` gives).
const ShapesKey = "marathonShapes"

// DataFlags: render takes the Shapes file as --shapes.
func (column) DataFlags() []game.DataFlag {
	return []game.DataFlag{{Name: "shapes", Key: ShapesKey, Usage: "the Shapes file that draws the textures"}}
}

// GridSteps are 1/8 to 2 world units; 1 to start with, points snapping
// to it.
func (column) GridSteps() ([]game.GridStep, int, bool) {
	return []game.GridStep{{Name: "1/8 WU", Size: 128}, {Name: "1/4 WU", Size: 256}, {Name: "1/2 WU", Size: 512},
		{Name: "1 WU", Size: 1024}, {Name: "2 WU", Size: 2048}}, 3, true
}

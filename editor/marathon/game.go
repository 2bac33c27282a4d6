// Package marathon is Marathon's column of the editor: its sessions,
// tools, inspector sections, scenes and links.
package marathon

import (
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
)

// Game is Marathon's column.
var Game game.Game = column{}

type column struct{}

func (column) Format() document.Format { return mdoc.Format }

func (column) Open(path string, data []byte) (game.Session, error) {
	d, err := mdoc.Load(path, data)
	if err != nil {
		return nil, err
	}
	return &session{d}, nil
}

func (column) Settings(game.Host) []game.Setting { return nil }

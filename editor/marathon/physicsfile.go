package marathon

import (
	"errors"

	"fyne.io/fyne/v2"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/editor/tool"
	"github.com/levelwright/levelwright/undo"
)

// physicsSession is Marathon 1's physics file open in the editor: no
// levels, and the Physics tool, whose window edits the file's model
// through the file's history.
type physicsSession struct {
	f       *mdoc.PhysicsFile
	handles *document.Handles // none: the file has no entities on a map
}

// History is the physics file's undo history.
func (s *physicsSession) History() *undo.Stack { return s.f.History }

// Recorder is the physics file's change recorder.
func (s *physicsSession) Recorder() *document.Recorder { return &s.f.Recorder }

// Handles are empty: the file has no map entities.
func (s *physicsSession) Handles() *document.Handles { return s.handles }

// Levels are none: a physics file has no map.
func (s *physicsSession) Levels() []scene.Level { return nil }

// Problems are none: there is no level to check.
func (s *physicsSession) Problems(int) []bin.Problem { return nil }

// Movable is false: nothing is on a map.
func (s *physicsSession) Movable(document.Ref) bool { return false }

// errNoMap refuses the map edits that a physics file has nothing for.
var errNoMap = errors.New("a physics file has no map")

// Move refuses: nothing is on a map.
func (s *physicsSession) Move(document.Ref, display.Vec2) error { return errNoMap }

// Remove refuses any entity: nothing is on a map.
func (s *physicsSession) Remove(refs []document.Ref) error {
	_, _, err := document.Deletable(refs)
	return err
}

// Links are none.
func (s *physicsSession) Links(int) [][2]document.Ref { return nil }

// Bytes encodes the physics file, its sections in their order.
func (s *physicsSession) Bytes() ([]byte, error) { return s.f.Bytes() }

// Prepare reads nothing: the physics editor needs no game data.
func (s *physicsSession) Prepare(game.Settings) string { return "" }

// Tools are none: the window shows the physics editor (see Overview).
func (s *physicsSession) Tools(game.Host) []*tool.Tool { return nil }

// Overview is the physics editor of the file, shown in place of a map.
func (s *physicsSession) Overview(game.Host) fyne.CanvasObject {
	return NewPhysicsEditor(s.f.Physics(), s.f.History).Content()
}

// Inspect shows nothing: nothing is on a map to select.
func (s *physicsSession) Inspect(game.Host, document.Kind, []int) []inspect.Section { return nil }

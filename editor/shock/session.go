package shock

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/undo"
)

// session is a System Shock archive open in the editor.
type session struct {
	d     *sdoc.Document
	data  *sdoc.GameData  // names and textures from the game's files, if the user has them
	names sdoc.QuestNames // the mission's names of its quest bits and variables
}

// History is the document's undo history.
func (f *session) History() *undo.Stack { return f.d.History }

// Recorder is the document's change recorder.
func (f *session) Recorder() *document.Recorder { return &f.d.Recorder }

// Handles are the document's entity handles.
func (f *session) Handles() *document.Handles { return f.d.Handles }

// Prepare reads the names and textures of the game's data where the
// settings or the archive's folder have them, and the mission's names
// of its quest bits and variables from the archive's folder.
func (f *session) Prepare(settings game.Settings) string {
	var notices []string
	var err error
	if f.data, err = sdoc.LoadGameData(dataDirs(settings, f.d.Path)...); err != nil {
		notices = append(notices, "Some game data could not be read: "+err.Error())
	}
	if f.names, err = sdoc.ReadQuestNames(filepath.Dir(f.d.Path)); err != nil {
		notices = append(notices, "The quest names could not be read: "+err.Error())
	}
	return strings.Join(notices, "\n")
}

// Bytes encodes the archive.
func (f *session) Bytes() ([]byte, error) { return f.d.Bytes() }

// Levels are the archive's levels, each built as a scene when shown.
func (f *session) Levels() []scene.Level {
	var out []scene.Level
	for i, l := range f.d.Archive.Levels {
		if l != nil {
			out = append(out, scene.Level{Index: i, Name: fmt.Sprintf("Level %d", i), Build: func() *scene.Scene { return levelScene(l, i, f.data) }})
		}
	}
	return out
}

// Problems are the level's validation problems.
func (f *session) Problems(level int) []bin.Problem {
	p, err := f.d.Problems(level)
	return game.LevelProblems(level, p, err)
}

// Movable reports whether the move tool may drag r: objects only.
func (f *session) Movable(r document.Ref) bool { return r.Kind == sdoc.KindObject }

// Move places a System Shock object; map units are tiles, object
// coordinates 256ths of a tile.
func (f *session) Move(r document.Ref, to display.Vec2) error {
	l, err := f.d.Level(r.Level)
	if err != nil {
		return err
	}
	fine := func(v float64, tiles uint32) uint16 {
		return uint16(max(0, min(float64(tiles)*256-1, math.Round(v*256))))
	}
	return f.d.DropObject(r.Level, r.Index, fine(to.X, l.Info.Width), fine(to.Y, l.Info.Height))
}

// Remove deletes objects, clearing what else names them (Referrers),
// and fills tiles in (makes them solid): the document's Delete.
func (f *session) Remove(refs []document.Ref) error { return f.d.Delete(refs) }

// Referrers lists the triggers, traps, panels, containers, doors and
// surveillance screens that name the objects of refs, which Remove
// clears.
func (f *session) Referrers(refs []document.Ref) ([]document.Referrer, error) {
	return f.d.Referrers(refs)
}

// Links are the objects that traps, triggers, panels and doors name.
func (f *session) Links(level int) [][2]document.Ref {
	ls, err := f.d.Links(level)
	if err != nil {
		return nil
	}
	out := make([][2]document.Ref, 0, len(ls))
	for _, l := range ls {
		out = append(out, [2]document.Ref{{Level: level, Kind: sdoc.KindObject, Index: l.From}, {Level: level, Kind: sdoc.KindObject, Index: l.To}})
	}
	return out
}

// Document is the document a session of this game edits, nil for a
// session of another game.
func Document(s game.Session) *sdoc.Document {
	if f, ok := s.(*session); ok {
		return f.d
	}
	return nil
}

package turok

import (
	"strings"

	"github.com/levelwright/levelwright/codecs/bin"
	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/undo"
)

// session is a Turok EX map open in the editor; the map is the file's
// one level, 0. models are its models read from the game's data, folder holds the templates folder's actor templates,
// choices the tools' options and status the status line of a step.
type session struct {
	d       *tdoc.Document
	models  *gameModels
	folder  folderTemplates
	choices toolChoices
	status  stepStatus
	drawn   *turokMap // what draws the scene built last
}

// History is the document's undo history.
func (f *session) History() *undo.Stack { return f.d.History }

// Recorder is the document's change recorder.
func (f *session) Recorder() *document.Recorder { return &f.d.Recorder }

// Handles are the document's entity handles.
func (f *session) Handles() *document.Handles { return f.d.Handles }

// Prepare reads the models the map names from the game's data folder
// and the actor templates of the templates folder.
func (f *session) Prepare(settings game.Settings) string {
	f.models = readModels(settings(DataFolderKey), f.d.Map)
	notice := f.models.notice()
	if f.folder = readTemplates(settings(TemplatesFolderKey)); f.folder.err != nil {
		notice = strings.TrimSpace(notice + " Some actor templates could not be read: " + f.folder.err.Error())
	}
	return notice
}

// Bytes encodes the map.
func (f *session) Bytes() ([]byte, error) { return f.d.Bytes() }

// Levels is the map, the file's one level.
func (f *session) Levels() []scene.Level {
	return []scene.Level{{Index: 0, Name: "Map", Build: func() *scene.Scene {
		s, drawn := drawnScene(f.d.Map, f.models)
		f.drawn = drawn
		return s
	}}}
}

// Problems are the map's validation problems; after edits of actors
// alone, the document checks only those actors again.
func (f *session) Problems(level int) []bin.Problem {
	p, err := f.d.Problems(level)
	return game.LevelProblems(level, p, err)
}

// Movable reports whether the move tool may drag r: actors and static
// meshes.
func (f *session) Movable(r document.Ref) bool {
	return r.Kind == tdoc.KindActor || r.Kind == tdoc.KindMesh
}

// Move moves an actor or a static mesh to to, at its height: it lands
// on the floor there nearest that height, as high above it as it stood
// above the floor it left.
func (f *session) Move(r document.Ref, to display.Vec2) error {
	at := tcodec.Vec3{X: float32(to.X), Y: float32(to.Y)}
	if r.Kind == tdoc.KindMesh {
		at.Z = meshes(f.d.Map)[r.Index].Origin.Z
		return f.d.MoveMesh(r.Index, at)
	}
	at.Z = f.d.Map.Actors[r.Index].Origin.Z
	return f.d.MoveActor(r.Index, at)
}

// Remove deletes actors, static meshes and sectors, and with vertices
// the sectors they are corners of: the document's Delete.
func (f *session) Remove(refs []document.Ref) error { return f.d.Delete(refs) }

// Referrers lists the actors kept whose target only the actors of refs
// carry, which Remove leaves targeting nothing.
func (f *session) Referrers(refs []document.Ref) ([]document.Referrer, error) {
	return f.d.Referrers(refs)
}

// Links go from each actor with a target TID other than 0 to the actors
// carrying it.
func (f *session) Links(int) [][2]document.Ref {
	var out [][2]document.Ref
	for _, l := range f.d.TargetLinks() {
		if l.TID == 0 { // every actor without a TID carries 0: no link, as the Links layer draws none
			continue
		}
		for _, to := range l.Targets {
			out = append(out, [2]document.Ref{{Kind: tdoc.KindActor, Index: l.Actor}, {Kind: tdoc.KindActor, Index: to}})
		}
	}
	return out
}

// Document is the document a session of this game edits, nil for a
// session of another game.
func Document(s game.Session) *tdoc.Document {
	if f, ok := s.(*session); ok {
		return f.d
	}
	return nil
}

// PlayerStart is the map's first actor of the player's type, where the
// engine starts the player.
func (f *session) PlayerStart(int) (document.Ref, bool) {
	for i, a := range f.d.Map.Actors {
		if a.Type == tcodec.PlayerType {
			return document.Ref{Kind: tdoc.KindActor, Index: i}, true
		}
	}
	return document.Ref{}, false
}

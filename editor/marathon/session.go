package marathon

import (
	"fmt"
	"math"

	"github.com/levelwright/levelwright/codecs/bin"
	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/undo"
)

// session is a Marathon map file open in the editor, with the Shapes
// file that draws its textures and the Images file whose pictures its
// terminals show (nil for none).
type session struct {
	d        *mdoc.Document
	gfx      *graphics
	pictures TerminalPictures // what terminal previews show, nil for none
	// paint is the paint tool's palette of the tools last made, which
	// every step of the history brings up to date; nil before.
	paint *paintPalette
	// painted is the property the paint palette paints, "" for its
	// first.
	painted string
	// filter is the height filter of the map, off at first.
	filter heightFilter
}

// shapes is the Shapes file's pictures as Prepare last read them, nil
// for none.
func (f *session) shapes() *graphics { return f.gfx }

// History is the document's undo history.
func (f *session) History() *undo.Stack { return f.d.History }

// Recorder is the document's change recorder.
func (f *session) Recorder() *document.Recorder { return &f.d.Recorder }

// Handles are the document's entity handles.
func (f *session) Handles() *document.Handles { return f.d.Handles }

// Bytes encodes the map file.
func (f *session) Bytes() ([]byte, error) { return f.d.Bytes() }

// Levels are the file's levels that hold polygons, each built as a scene when shown.
func (f *session) Levels() []scene.Level {
	var out []scene.Level
	for i, l := range f.d.Levels {
		if l == nil || len(l.Polygons) == 0 {
			continue
		}
		name := fmt.Sprintf("Level %d", i)
		if n := l.MapName(); n != "" {
			name = fmt.Sprintf("%d: %s", i, n)
		}
		out = append(out, scene.Level{Index: i, Name: name, Build: func() *scene.Scene {
			return scene.New(&marathonLevel{l: l, level: i, shapes: f.shapes, filter: func() heightFilter { return f.filter }}, true)
		}})
	}
	return out
}

// Problems are the level's validation problems.
func (f *session) Problems(level int) []bin.Problem {
	p, err := f.d.Problems(level)
	return game.LevelProblems(level, p, err)
}

// Movable reports whether the move tool may drag r: objects, and lines
// and polygons whole.
func (f *session) Movable(r document.Ref) bool {
	return r.Kind == mdoc.KindObject || r.Kind == mdoc.KindLine || r.Kind == mdoc.KindPolygon
}

// Move places an object at to, in world units, or moves a line or a
// polygon so that the middle of its box comes there.
func (f *session) Move(r document.Ref, to display.Vec2) error {
	if r.Kind != mdoc.KindObject {
		return f.moveShape(r, to)
	}
	return f.d.MoveObject(r.Level, r.Index, mcodec.Point{X: clamp16(to.X), Y: clamp16(to.Y)})
}

// Remove deletes objects, annotations, polygons (with what stands in
// them) and lines (merging or opening the polygons on them): the
// document's Delete.
func (f *session) Remove(refs []document.Ref) error { return f.d.Delete(refs) }

// Referrers lists the platform switches, platform triggers and
// teleporters that name the polygons Remove deletes, which Remove
// clears.
func (f *session) Referrers(refs []document.Ref) ([]document.Referrer, error) {
	return f.d.Referrers(refs)
}

// Links go from the lines with platform and tag switches to the
// platforms they toggle.
func (f *session) Links(level int) [][2]document.Ref {
	l := f.d.Levels[level]
	var out [][2]document.Ref
	for i, line := range l.Lines {
		for _, side := range []uint16{line.ClockwiseSide, line.CCWSide} {
			if side == mcodec.None {
				continue
			}
			for _, p := range l.PanelPlatforms(int(side)) {
				out = append(out, [2]document.Ref{{Level: level, Kind: mdoc.KindLine, Index: i}, {Level: level, Kind: mdoc.KindPolygon, Index: p}})
			}
		}
	}
	return out
}

func clamp16(v float64) int16 { return int16(max(-32768, min(32767, math.Round(v)))) }

// Document is the document a session of this game edits, nil for a
// session of another game.
func Document(s game.Session) *mdoc.Document {
	if f, ok := s.(*session); ok {
		return f.d
	}
	return nil
}

// PlayerStart is level's first player start object, where the engine
// starts a single player.
func (f *session) PlayerStart(level int) (document.Ref, bool) {
	if level < 0 || level >= len(f.d.Levels) || f.d.Levels[level] == nil {
		return document.Ref{}, false
	}
	for i, o := range f.d.Levels[level].Objects {
		if o.Type == mcodec.ObjectPlayer {
			return document.Ref{Level: level, Kind: mdoc.KindObject, Index: i}, true
		}
	}
	return document.Ref{}, false
}

package editor

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/levelwright/levelwright/codecs/bin"
	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	scodec "github.com/levelwright/levelwright/codecs/shock"
	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	sdoc "github.com/levelwright/levelwright/document/shock"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/undo"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// file is an open level file as the editor works on it: one of the
// three games' documents behind the few things the window asks of them.
type file interface {
	history() *undo.Stack
	// recorder sends the document's edits to its history, one by one or
	// in batches.
	recorder() *document.Recorder
	// handles are the document's stable entity handles, which follow
	// entities across the edits that renumber them.
	handles() *document.Handles
	// levels lists the drawable levels; their scenes draw the document's
	// own data, so that they follow its edits.
	levels() []scene.Level
	problems(level int) []bin.Problem
	// movable reports whether the move tool can drag the entity.
	movable(r document.Ref) bool
	// move places a movable entity at a map point, as one undo step that
	// later moves of it join until the history's merge is broken.
	move(r document.Ref, to viewport.Vec2) error
	// inspect builds the inspector's sections for the entities of one
	// kind at indexes of the shown level.
	inspect(e *Editor, kind string, indexes []int) []section
	// links lists, for the shown level, the entities that name a target
	// and their targets (triggers, traps, panels, actors).
	links(level int) [][2]document.Ref
	// tools are the game's tools, after the common ones.
	tools(e *Editor) []*tool
	// remove deletes the entities refs of one level as one undo step.
	remove(refs []document.Ref) error
	// bytes encodes the document as its file.
	bytes() ([]byte, error)
}

// byKind sorts refs' indexes by kind.
func byKind(refs []document.Ref) map[string][]int {
	out := map[string][]int{}
	for _, r := range refs {
		out[r.Kind] = append(out[r.Kind], r.Index)
	}
	return out
}

// onlyKinds returns an error naming the first kind in refs that is not
// one of kinds.
func onlyKinds(refs []document.Ref, kinds ...string) error {
	for _, r := range refs {
		if !slices.Contains(kinds, r.Kind) {
			return fmt.Errorf("cannot delete a %s here; select %s", r.Kind, strings.Join(kinds, ", "))
		}
	}
	return nil
}

type marathonFile struct{ d *mdoc.Document }

func (f *marathonFile) history() *undo.Stack         { return f.d.History }
func (f *marathonFile) recorder() *document.Recorder { return &f.d.Recorder }
func (f *marathonFile) handles() *document.Handles   { return f.d.Handles }
func (f *marathonFile) bytes() ([]byte, error)       { return f.d.Bytes(), nil }

func (f *marathonFile) levels() []scene.Level {
	var out []scene.Level
	for i, l := range f.d.Levels {
		if l == nil || len(l.Polygons) == 0 {
			continue
		}
		name := fmt.Sprintf("Level %d", i)
		if n := l.MapName(); n != "" {
			name = fmt.Sprintf("%d: %s", i, n)
		}
		out = append(out, scene.Level{Index: i, Name: name, Build: func() *scene.Scene { return scene.Marathon(l, i) }})
	}
	return out
}

func (f *marathonFile) problems(level int) []bin.Problem {
	p, err := f.d.Problems(level)
	return levelProblems(level, p, err)
}

func (f *marathonFile) movable(r document.Ref) bool { return r.Kind == "object" }

func (f *marathonFile) move(r document.Ref, to viewport.Vec2) error {
	return f.d.MoveObject(r.Level, r.Index, mcodec.Point{X: clamp16(to.X), Y: clamp16(to.Y)})
}

// remove deletes objects and polygons (with what stands in them).
func (f *marathonFile) remove(refs []document.Ref) error {
	if err := onlyKinds(refs, "object", "polygon"); err != nil || len(refs) == 0 {
		return err
	}
	level, kinds := refs[0].Level, byKind(refs)
	return f.d.Batch(fmt.Sprintf("Delete %d entities", len(refs)), func() error {
		if objects := kinds["object"]; len(objects) > 0 {
			if err := f.d.DeleteObjects(level, objects); err != nil {
				return err
			}
		}
		if polygons := kinds["polygon"]; len(polygons) > 0 {
			return f.d.DeletePolygons(level, polygons)
		}
		return nil
	})
}

type shockFile struct {
	d    *sdoc.Document
	data *sdoc.GameData // names and textures from the game's files, if the user has them
}

func (f *shockFile) history() *undo.Stack         { return f.d.History }
func (f *shockFile) recorder() *document.Recorder { return &f.d.Recorder }
func (f *shockFile) handles() *document.Handles   { return f.d.Handles }
func (f *shockFile) bytes() ([]byte, error)       { return f.d.Bytes() }

func (f *shockFile) levels() []scene.Level {
	var out []scene.Level
	for i, l := range f.d.Archive.Levels {
		if l != nil {
			out = append(out, scene.Level{Index: i, Name: fmt.Sprintf("Level %d", i), Build: func() *scene.Scene { return scene.Shock(l, i) }})
		}
	}
	return out
}

func (f *shockFile) problems(level int) []bin.Problem {
	p, err := f.d.Problems(level)
	return levelProblems(level, p, err)
}

func (f *shockFile) movable(r document.Ref) bool { return r.Kind == "object" }

// move places a System Shock object; map units are tiles, object
// coordinates 256ths of a tile.
func (f *shockFile) move(r document.Ref, to viewport.Vec2) error {
	l, err := f.d.Level(r.Level)
	if err != nil {
		return err
	}
	fine := func(v float64, tiles uint32) uint16 {
		return uint16(max(0, min(float64(tiles)*256-1, math.Round(v*256))))
	}
	return f.d.DropObject(r.Level, r.Index, fine(to.X, l.Info.Width), fine(to.Y, l.Info.Height))
}

// remove deletes objects, and fills tiles in (makes them solid).
func (f *shockFile) remove(refs []document.Ref) error {
	if err := onlyKinds(refs, "object", "tile"); err != nil || len(refs) == 0 {
		return err
	}
	level, kinds := refs[0].Level, byKind(refs)
	l, err := f.d.Level(level)
	if err != nil {
		return err
	}
	return f.d.Batch(fmt.Sprintf("Delete %d entities", len(refs)), func() error {
		for _, id := range kinds["object"] {
			if err := f.d.DeleteObject(level, id); err != nil {
				return err
			}
		}
		var points []sdoc.Point
		for _, i := range kinds["tile"] {
			points = append(points, sdoc.Point{X: i % int(l.Info.Width), Y: i / int(l.Info.Width)})
		}
		if len(points) == 0 {
			return nil
		}
		return f.d.SetTiles(level, points, sdoc.TileShape, int(scodec.ShapeSolid))
	})
}

type turokFile struct{ d *tdoc.Document }

func (f *turokFile) history() *undo.Stack         { return f.d.History }
func (f *turokFile) recorder() *document.Recorder { return &f.d.Recorder }
func (f *turokFile) handles() *document.Handles   { return f.d.Handles }
func (f *turokFile) bytes() ([]byte, error)       { return f.d.Bytes(), nil }

func (f *turokFile) levels() []scene.Level {
	return []scene.Level{{Index: 0, Name: "Map", Build: func() *scene.Scene { return scene.Turok(f.d.Map) }}}
}

func (f *turokFile) problems(int) []bin.Problem { return f.d.Problems() }

func (f *turokFile) movable(r document.Ref) bool { return r.Kind == "actor" }

func (f *turokFile) move(r document.Ref, to viewport.Vec2) error {
	a := f.d.Map.Actors[r.Index].Origin
	return f.d.MoveActor(r.Index, tcodec.Vec3{X: float32(to.X), Y: float32(to.Y), Z: a.Z})
}

// remove deletes actors, static meshes and sectors.
func (f *turokFile) remove(refs []document.Ref) error {
	if err := onlyKinds(refs, "actor", "mesh", "sector"); err != nil || len(refs) == 0 {
		return err
	}
	kinds := byKind(refs)
	return f.d.Batch(fmt.Sprintf("Delete %d entities", len(refs)), func() error {
		steps := []struct {
			kind   string
			delete func([]int) error
		}{{"actor", f.d.DeleteActors}, {"mesh", f.d.DeleteMeshes}, {"sector", f.d.DeleteSectors}}
		for _, s := range steps {
			if len(kinds[s.kind]) > 0 {
				if err := s.delete(kinds[s.kind]); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// links go from the lines with platform and tag switches to the
// platforms they toggle.
func (f *marathonFile) links(level int) [][2]document.Ref {
	l := f.d.Levels[level]
	var out [][2]document.Ref
	for i, line := range l.Lines {
		for _, side := range []uint16{line.ClockwiseSide, line.CCWSide} {
			if side == mcodec.None {
				continue
			}
			for _, p := range l.PanelPlatforms(int(side)) {
				out = append(out, [2]document.Ref{{Level: level, Kind: "line", Index: i}, {Level: level, Kind: "polygon", Index: p}})
			}
		}
	}
	return out
}

// links are the objects that traps, triggers, panels and doors name.
func (f *shockFile) links(level int) [][2]document.Ref {
	ls, err := f.d.Links(level)
	if err != nil {
		return nil
	}
	out := make([][2]document.Ref, 0, len(ls))
	for _, l := range ls {
		out = append(out, [2]document.Ref{{Level: level, Kind: "object", Index: l.From}, {Level: level, Kind: "object", Index: l.To}})
	}
	return out
}

// links go from each actor with a target TID to the actors carrying it.
func (f *turokFile) links(int) [][2]document.Ref {
	var out [][2]document.Ref
	for _, l := range f.d.TargetLinks() {
		for _, to := range l.Targets {
			out = append(out, [2]document.Ref{{Kind: "actor", Index: l.Actor}, {Kind: "actor", Index: to}})
		}
	}
	return out
}

// levelProblems passes a level's problems on, or turns the error of a
// level that cannot be checked into one problem, so that the panel says
// why it lists nothing else.
func levelProblems(level int, p []bin.Problem, err error) []bin.Problem {
	if err != nil {
		return []bin.Problem{{Severity: "error", Level: level, Kind: "level", Code: "unreadable", Message: err.Error()}}
	}
	return p
}

func clamp16(v float64) int16 { return int16(max(-32768, min(32767, math.Round(v)))) }

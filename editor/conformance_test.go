package editor

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/internal/corpus"
)

// TestConformance runs every game in the list through its column as
// the window does. A new file opens with levels to show, and saves and
// reopens to its own bytes. On the demo level (a new file with content)
// and on a corpus file: list levels, select an entity by clicking it,
// move it, delete it, undo all (the bytes are the file's again), redo
// all, save, and reopen (the bytes are the edited ones).
func TestConformance(t *testing.T) {
	for _, g := range games {
		f := g.Format()
		t.Run(f.Key(), func(t *testing.T) {
			t.Run("new", func(t *testing.T) {
				data, _, err := f.New()
				if err != nil {
					t.Fatal(err)
				}
				s, err := g.Open("new-"+f.Key(), data)
				if err != nil {
					t.Fatal(err)
				}
				if len(s.Levels()) == 0 {
					t.Fatal("a new file has no level to show")
				}
				savesAndReopens(t, g, "new-"+f.Key(), data)
			})
			t.Run("demo", func(t *testing.T) {
				demo := f.Demo()
				data, err := demo.Build()
				if err != nil {
					t.Fatal(err)
				}
				conforms(t, g, demo.FileName, data)
			})
			t.Run("corpus", func(t *testing.T) {
				for _, path := range corpus.Files(t, f.Key()) {
					data, err := os.ReadFile(path)
					if err != nil {
						t.Fatal(err)
					}
					if _, r, ok := movable(t, g, path, data); ok {
						t.Logf("%s: moving %v", filepath.Base(path), r)
						conforms(t, g, path, data)
						return
					}
				}
				t.Fatalf("no corpus %s file has an entity to move", f.Name())
			})
		})
	}
}

// movable opens data through g and finds a level with an entity the
// move tool can drag and a click on its middle selects (a polygon's
// middle may hold an object): the session, the entity, and whether
// there is one.
func movable(t *testing.T, g game.Game, path string, data []byte) (game.Session, document.Ref, bool) {
	t.Helper()
	if ok, err := g.Format().Sniff(data); !ok || err != nil {
		return nil, document.Ref{}, false
	}
	s, err := g.Open(path, data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	inf := math.Inf(1)
	for _, l := range s.Levels() {
		sc := l.Build()
		for _, r := range sc.Within(display.Vec2{X: -inf, Y: -inf}, display.Vec2{X: inf, Y: inf}) {
			if picked, ok := clickOn(sc, r); s.Movable(r) && ok && picked == r && movesEast(t, g, path, data, sc, r) {
				return s, r, true
			}
		}
	}
	return s, document.Ref{}, false
}

// movesEast reports whether the game takes r moved one map unit east,
// in a session of its own: a game refuses a move it cannot show (a
// System Shock object into a wall).
func movesEast(t *testing.T, g game.Game, path string, data []byte, sc *scene.Scene, r document.Ref) bool {
	t.Helper()
	s, err := g.Open(path, data)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	at, _ := sc.Center(r)
	return s.Move(r, display.Vec2{X: at.X + 1, Y: at.Y}) == nil
}

// clickOn is what a click on the middle of r selects in a view of the
// whole scene.
func clickOn(sc *scene.Scene, r document.Ref) (document.Ref, bool) {
	const w, h = 800, 600
	at, _ := sc.Center(r)
	cam := sc.Camera2D(w, h)
	return sc.Ref(display.Pick2D(&sc.List, cam, cam.ToScreen(at, w, h), w, h, 2))
}

func conforms(t *testing.T, g game.Game, path string, data []byte) {
	s, r, ok := movable(t, g, path, data)
	if !ok {
		t.Fatal("no level has an entity to move")
	}
	original, err := s.Bytes()
	if err != nil || !bytes.Equal(original, data) {
		t.Fatalf("the file opened does not encode to its own bytes (%v)", err)
	}
	var sc *scene.Scene
	for _, l := range s.Levels() {
		if l.Index == r.Level {
			sc = l.Build()
		}
	}
	if picked, ok := clickOn(sc, r); !ok || picked != r {
		t.Fatalf("a click on %v selects %v (%v)", r, picked, ok)
	}
	history := s.History()
	at, _ := sc.Center(r)
	if err := s.Move(r, display.Vec2{X: at.X + 1, Y: at.Y}); err != nil {
		t.Fatalf("move %v: %v", r, err)
	}
	history.BreakMerge()
	moved, _ := s.Bytes()
	if bytes.Equal(moved, original) {
		t.Fatalf("moving %v changed no byte", r)
	}
	if err := s.Remove([]document.Ref{r}); err != nil {
		t.Fatalf("delete %v: %v", r, err)
	}
	edited, _ := s.Bytes()
	if bytes.Equal(edited, moved) {
		t.Fatalf("deleting %v changed no byte", r)
	}
	if steps, err := history.UndoAll(); err != nil || steps != 2 {
		t.Fatalf("undo all: %d steps, %v; want 2", steps, err)
	}
	if undone, _ := s.Bytes(); !bytes.Equal(undone, original) {
		t.Fatal("after undoing all, the bytes differ from the file's")
	}
	if steps, err := history.RedoAll(); err != nil || steps != 2 {
		t.Fatalf("redo all: %d steps, %v; want 2", steps, err)
	}
	if redone, _ := s.Bytes(); !bytes.Equal(redone, edited) {
		t.Fatal("after redoing all, the bytes differ from the edited ones")
	}
	savesAndReopens(t, g, path, edited)
}

// savesAndReopens writes data as the file at path would be saved, opens
// it again, and checks that it encodes to the same bytes.
func savesAndReopens(t *testing.T, g game.Game, path string, data []byte) {
	t.Helper()
	saved := filepath.Join(t.TempDir(), filepath.Base(path))
	if err := document.WriteFile(saved, data); err != nil {
		t.Fatal(err)
	}
	again, err := os.ReadFile(saved)
	if err != nil {
		t.Fatal(err)
	}
	reopened, err := g.Open(saved, again)
	if err != nil {
		t.Fatalf("reopening the saved file: %v", err)
	}
	if b, _ := reopened.Bytes(); !bytes.Equal(b, data) {
		t.Fatal("the reopened file encodes to other bytes than were saved")
	}
}

// TestDrawnIsWithinEverything checks that Select All's list of the
// entities drawn on the map (Scene.Drawn) is what a box around the
// whole world finds, on each game's demo file.
func TestDrawnIsWithinEverything(t *testing.T) {
	inf := math.Inf(1)
	for _, g := range games {
		f := g.Format()
		demo := f.Demo()
		data, err := demo.Build()
		if err != nil {
			t.Fatal(err)
		}
		s, err := g.Open(demo.FileName, data)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range s.Levels() {
			sc := l.Build()
			drawn := sc.Drawn()
			within := sc.Within(display.Vec2{X: -inf, Y: -inf}, display.Vec2{X: inf, Y: inf})
			if len(drawn) == 0 || !slices.Equal(drawn, within) {
				t.Errorf("%s %s: Drawn lists %d entities, Within everything %d", f.Key(), l.Name, len(drawn), len(within))
			}
		}
	}
}

package editor

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	scol "github.com/levelwright/levelwright/editor/shock"
	"github.com/levelwright/levelwright/editor/tool"
	tcol "github.com/levelwright/levelwright/editor/turok"

	"fyne.io/fyne/v2"

	"github.com/levelwright/levelwright/codecs/shock"
	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	sdoc "github.com/levelwright/levelwright/document/shock"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/turokmap"
)

// BenchmarkEditStep times one editing step as the window takes it: a
// command through the document (a tile painted on the Derelict's level 0,
// or Marathon 1 monsters moved, one or ten selected together), and the notice that follows (scene
// update, viewport update, title, Edit menu, problems, links, inspector).
// Drawing the frame is the viewport's (BenchmarkFrame in editor/scene).
//
//	go test ./editor -run XXX -bench EditStep -benchtime 200x -count 5
func BenchmarkEditStep(b *testing.B) {
	b.Run("shock-paint", func(b *testing.B) {
		e := benchEditor(b, corpus.Path(b, "shock", "derelict", "archive.dat"))
		d := scol.Document(e.file)
		shapes := []int{int(shock.ShapeOpen), int(shock.ShapeSolid)}
		b.ResetTimer()
		for i := range b.N {
			e.file.History().BreakMerge()
			if err := d.PaintTiles(e.level, []sdoc.Point{{X: 40, Y: 40}}, sdoc.Brush{sdoc.TileShape: shapes[i%2]}); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("marathon-move", func(b *testing.B) {
		benchMove(b, benchEditor(b, corpus.Path(b, "marathon", "m1", "Map.scen")), document.Ref{Kind: mdoc.KindObject, Index: 2}, 64)
	})
	// The largest corpus Marathon community map: Cracks in the
	// Pleasuredome, 1,509 polygons.
	b.Run("marathon-community-move", func(b *testing.B) {
		benchMove(b, benchEditor(b, corpus.Path(b, "marathon", "jp", "Apotheosis", "Cracks-in-the-Pleasuredome.sceA")), document.Ref{Kind: mdoc.KindObject, Index: 2}, 64)
	})
	// An object moved to and fro by a tile on the Derelict's level 0.
	b.Run("shock-move", func(b *testing.B) {
		e := benchEditor(b, corpus.Path(b, "shock", "derelict", "archive.dat"))
		objects := scol.Document(e.file).Archive.Levels[e.level].Objects
		id := slices.IndexFunc(objects, func(o shock.Object) bool { return o.Active != 0 })
		if id <= 0 {
			b.Fatal("no object in use after slot 0")
		}
		benchMove(b, e, document.Ref{Level: e.level, Kind: sdoc.KindObject, Index: id}, 1)
	})
	// An actor moved on a generated map of 51,200 sectors.
	b.Run("turok-move-51200", func(b *testing.B) {
		benchMove(b, benchEditor(b, hillsFile(b)), document.Ref{Kind: tdoc.KindActor, Index: 200}, 64)
	})
	// Actors placed one by one on that map with the Place actor tool,
	// copies of its template (the map's first actor) along a row: each
	// click adds one to the actor table and selects it, with the window's
	// follow-up (scene, problems, links, inspector), and draws the new
	// actor without building the scene again.
	b.Run("turok-place-51200", func(b *testing.B) {
		e := benchEditor(b, hillsFile(b))
		d := tcol.Document(e.file)
		chooseToolNamed(b, e, "Place actor")
		at := d.Map.Actors[200].Origin
		b.ResetTimer()
		for i := range b.N {
			n := len(d.Map.Actors)
			e.click(0, display.Vec2{X: float64(at.X) + float64(64*(i%16+1)), Y: float64(at.Y)}, 0)
			if len(d.Map.Actors) != n+1 || !slices.Equal(e.selection, []document.Ref{{Kind: tdoc.KindActor, Index: n}}) {
				b.Fatalf("click %d: %d actors, selection %v", i, len(d.Map.Actors), e.selection)
			}
			if e.scene.Rebuilt() {
				b.Fatalf("click %d rebuilt the scene", i)
			}
		}
	})
	// One sector of that map painted with another sector set and back,
	// as a click of the Paint set tool does (it leaves the selection as
	// it was: none), next to a block of 3,200 sectors in that set, so
	// that the set modes' legends stay: the sector and its neighbours
	// redrawn, the sector checked again.
	b.Run("turok-paint-set-51200", func(b *testing.B) {
		e := benchEditor(b, hillsFile(b))
		d := tcol.Document(e.file)
		set := setBlock(b, d)
		sector := 2 * (40*160 + 20) // the cell below the block's 21st column
		b.ResetTimer()
		for i := range b.N {
			if err := d.AssignSectorSet([]int{sector}, (i+1)%2*set); err != nil {
				b.Fatal(err)
			}
		}
	})
	// A flag of a sector set that holds a block of 40x40 cells of that
	// map (3,200 sectors) flipped and back in the inspector of one of
	// them, selected: every sector of the set carries the set's flags,
	// each is rewritten, redrawn and checked again.
	b.Run("turok-set-flags-51200", func(b *testing.B) {
		e := benchEditor(b, hillsFile(b))
		d := tcol.Document(e.file)
		set := setBlock(b, d)
		secret, err := tcodec.SectorSetFlags.Mask([]string{"Secret"})
		if err != nil {
			b.Fatal(err)
		}
		e.SetSelection([]document.Ref{{Kind: tdoc.KindSector, Index: 2 * (20*160 + 20)}})
		b.ResetTimer()
		for range b.N {
			if err := d.EditSectorSets([]int{set}, func(s *tcodec.SectorSet) { s.Flags ^= secret }); err != nil {
				b.Fatal(err)
			}
		}
	})
	// A vertex's floor raised and lowered in the middle of that map,
	// within the range of heights the colours span: its sectors redrawn
	// and checked again, the actors and meshes on them given their
	// sector again.
	b.Run("turok-height-51200", func(b *testing.B) {
		e := benchEditor(b, hillsFile(b))
		d := tcol.Document(e.file)
		v := 161*80 + 80
		b.ResetTimer()
		for i := range b.N {
			if err := d.SetVertexHeights([]int{v}, tdoc.Floor, float32(10+i%2*20)); err != nil {
				b.Fatal(err)
			}
		}
	})
	// A Brush stroke on that map: one dab at each move of the pointer,
	// back and forth between two points 192 units apart (three cells) in
	// the middle of the map, each raising the floors within the brush's
	// radius (512 units: some 400 sectors), with the follow-up of each;
	// the stroke is one step, merged.
	b.Run("turok-brush-dab-51200", func(b *testing.B) {
		e := benchEditor(b, hillsFile(b))
		chooseToolNamed(b, e, "Brush")
		mid := display.Vec2{X: 80 * 64, Y: 80 * 64}
		if !e.press(0, mid, 0) {
			b.Fatal("the Brush took no press")
		}
		steps := undoSteps(e)
		b.ResetTimer()
		for i := range b.N {
			e.dragTo(display.Vec2{X: mid.X + float64((i+1)%2)*192, Y: mid.Y})
		}
		b.StopTimer()
		heights := tcol.Document(e.file).Map.Vertices[161*80+83].Position.Z
		e.releaseDrag()
		if heights == 0 {
			b.Fatal("the stroke raised nothing")
		}
		if undoSteps(e) != steps {
			b.Fatalf("the stroke took %d steps after its first, want it merged into one", undoSteps(e)-steps)
		}
	})
	// Every entity of that map selected (Ctrl+A) and then none: the
	// scene marks them, the inspector shows the selection.
	b.Run("turok-select-all-51200", func(b *testing.B) {
		e := benchEditor(b, hillsFile(b))
		b.ResetTimer()
		for i := range b.N {
			if i%2 == 0 {
				e.SelectAll()
			} else {
				e.SetSelection(nil)
			}
		}
	})
	// Opening the generated map of 51,200 sectors: what a user waits
	// for before the first edit (loading, the scene, the problems
	// listed, the links).
	b.Run("turok-open-51200", func(b *testing.B) {
		path := hillsFile(b)
		for range b.N {
			b.StopTimer()
			e := newTestEditor(b)
			e.Window().Resize(fyne.NewSize(1280, 800))
			b.StartTimer()
			e.Open(path)
			e.jobs.wait()
		}
	})
	// A pointer move of a drag of ten selected monsters: one step, which
	// merges into the drag's; the level is checked again when the drag
	// ends, not here.
	b.Run("marathon-move-10", func(b *testing.B) {
		e := benchEditor(b, corpus.Path(b, "marathon", "m1", "Map.scen"))
		var selection []document.Ref
		for i := range 10 {
			selection = append(selection, document.Ref{Kind: mdoc.KindObject, Index: 2 + i})
		}
		e.SetSelection(selection)
		at, _ := e.scene.Center(selection[0])
		var id display.ID // the first one's marker, as a press on it picks
		for _, mk := range e.scene.List.Markers {
			if r, _ := e.scene.Ref(mk.ID); r == selection[0] {
				id = mk.ID
			}
		}
		m, ok := e.grab(tool.Pointer{ID: id, At: at})
		if !ok || len(m.refs) != 10 {
			b.Fatalf("grabbed %v", m)
		}
		e.drag = m // under way, as the press that grabs them makes it
		b.ResetTimer()
		for i := range b.N {
			m.To(display.Vec2{X: at.X + float64(i%2*64), Y: at.Y})
		}
	})
}

func benchEditor(b *testing.B, path string) *Editor {
	e := newTestEditor(b)
	e.Window().Resize(fyne.NewSize(1280, 800))
	e.Open(path)
	e.jobs.wait()
	e.Window().Canvas().Capture()
	return e
}

// hillsFile writes the generated map of 51,200 sectors to a file, with
// as many static meshes as the hold-out map's 4,267 (turokmap.Wooded).
func hillsFile(b *testing.B) string {
	path := filepath.Join(b.TempDir(), "hills.map")
	if err := os.WriteFile(path, turokmap.Wooded(160).Encode(), 0o644); err != nil {
		b.Fatal(err)
	}
	return path
}

// chooseToolNamed chooses the editor's tool called name.
func chooseToolNamed(b *testing.B, e *Editor, name string) {
	for _, t := range e.tools.list {
		if t.Name == name {
			e.tools.choose(t)
			return
		}
	}
	b.Fatalf("no tool %q", name)
}

// setBlock puts the sectors of the 40x40 cells in a corner of the
// 51,200-sector map (160x160 cells of two sectors) in a new sector set,
// a copy of the first, and returns the set's index.
func setBlock(b *testing.B, d *tdoc.Document) int {
	set, err := d.DuplicateSectorSet(0)
	if err != nil {
		b.Fatal(err)
	}
	var block []int
	for s := range d.Map.Sectors {
		if cell := s / 2; cell%160 < 40 && cell/160 < 40 {
			block = append(block, s)
		}
	}
	if err := d.AssignSectorSet(block, set); err != nil {
		b.Fatal(err)
	}
	return set
}

// benchMove times moves of the selected entity r to and fro by dx map
// units, each with the window's follow-up; they merge into one step, as
// a drag's do.
func benchMove(b *testing.B, e *Editor, r document.Ref, dx float64) {
	b.Helper()
	e.SetSelection([]document.Ref{r})
	at, ok := e.scene.Center(r)
	if !ok {
		b.Fatalf("%v is not in the scene", r)
	}
	b.ResetTimer()
	for i := range b.N {
		if err := e.file.Move(r, display.Vec2{X: at.X + float64(i%2)*dx, Y: at.Y}); err != nil {
			b.Fatal(err)
		}
	}
}

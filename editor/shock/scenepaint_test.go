package shock

import (
	"math/rand/v2"
	"reflect"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/undo"
)

// counting is a level's scene that counts the entities it draws.
type counting struct {
	*shockLevel
	drawn int
}

func (c *counting) Draw(s *scene.Scene, r document.Ref) {
	c.drawn++
	c.shockLevel.Draw(s, r)
}

// TestPaintRedrawsOnlyNeighbours: painting tiles between open and solid
// (their items change in number), and undoing it, draws again only the
// tiles painted, their neighbours and the objects in them, and leaves
// the scene as a scene built anew (items compared by the entity they
// draw, since an entity drawn for the first time takes the next ID).
func TestPaintRedrawsOnlyNeighbours(t *testing.T) {
	d, err := sdoc.Open(corpus.Path(t, "shock", "derelict", "archive.dat"))
	if err != nil {
		t.Fatal(err)
	}
	const level = 1
	l := d.Archive.Levels[level]
	src := &counting{shockLevel: &shockLevel{l: l, level: level}}
	s := scene.New(src, true)
	var pending []undo.Change
	d.History.OnChange(func(n undo.Notice) { pending = append(pending, n.Changes...) })
	update := func(what string) {
		t.Helper()
		src.drawn = 0
		s.Update(pending)
		pending = pending[:0]
		if src.drawn == 0 || src.drawn > 60 {
			t.Errorf("%s: %d entities drawn again, want a tile's neighbourhood", what, src.drawn)
		}
		if got, want := byEntity(s), byEntity(scene.New(&shockLevel{l: l, level: level}, true)); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: the updated scene differs from a scene built anew", what)
		}
	}
	rng := rand.New(rand.NewPCG(29, 1))
	w, h := int(l.Info.Width), int(l.Info.Height)
	shapes := []int{int(codec.ShapeOpen), int(codec.ShapeSolid), int(codec.ShapeDiagonalSE), int(codec.ShapeSlopeN)}
	for i := range 12 {
		shape := shapes[i%len(shapes)]
		at := sdoc.Point{X: rng.IntN(w), Y: rng.IntN(h)}
		for int(l.Tile(at.X, at.Y).Shape) == shape || l.Tile(at.X, at.Y).ObjRef != 0 { // a tile with no objects to wall in
			at = sdoc.Point{X: rng.IntN(w), Y: rng.IntN(h)}
		}
		d.History.BreakMerge()
		if err := d.PaintTiles(level, []sdoc.Point{at}, sdoc.Brush{sdoc.TileShape: shape}); err != nil {
			t.Fatal(err)
		}
		update("paint")
	}
	for range 12 {
		if _, err := d.History.Undo(); err != nil {
			t.Fatal(err)
		}
		update("undo")
	}
}

// byEntity is a scene's list with each item's ID replaced by one made of
// the entity it draws.
func byEntity(s *scene.Scene) display.List {
	l := s.List
	id := func(i display.ID) display.ID {
		r, ok := s.Ref(i)
		if !ok {
			return 0
		}
		k := display.ID(1)
		if r.Kind == sdoc.KindObject {
			k = 2
		}
		return display.ID(r.Index)*4 + k
	}
	remap := func(n int, at func(int) *display.ID) {
		for i := range n {
			*at(i) = id(*at(i))
		}
	}
	l.Polygons, l.Lines, l.Markers = append([]display.Polygon(nil), l.Polygons...), append([]display.Line(nil), l.Lines...), append([]display.Marker(nil), l.Markers...)
	l.Triangles, l.Sprites = append([]display.Triangle3(nil), l.Triangles...), append([]display.Sprite3(nil), l.Sprites...)
	remap(len(l.Polygons), func(i int) *display.ID { return &l.Polygons[i].ID })
	remap(len(l.Lines), func(i int) *display.ID { return &l.Lines[i].ID })
	remap(len(l.Markers), func(i int) *display.ID { return &l.Markers[i].ID })
	remap(len(l.Triangles), func(i int) *display.ID { return &l.Triangles[i].ID })
	remap(len(l.Sprites), func(i int) *display.ID { return &l.Sprites[i].ID })
	return l
}

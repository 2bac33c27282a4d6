package scene

import (
	"math"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	tcodec "github.com/levelwright/levelwright/codecs/turok"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	sdoc "github.com/levelwright/levelwright/document/shock"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/undo"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// edited is a corpus level open as a document, its scene, and the
// changes of the steps done since the scene last updated.
type edited struct {
	name    string
	history *undo.Stack
	scene   *Scene
	fresh   func() *Scene // the level's scene built anew
	pending []undo.Change
	edits   []func() error // one edit each, undoable
}

func (e *edited) listen() {
	e.history.OnChange(func(n undo.Notice) { e.pending = append(e.pending, n.Changes...) })
}

// update gives the scene the pending changes.
func (e *edited) update() viewport.Changes {
	c := e.scene.Update(e.pending)
	e.pending = e.pending[:0]
	return c
}

// largestMarathon is the corpus Marathon level with the most polygons,
// open as a document, with an endpoint move, an object move and a floor
// height change to make.
func largestMarathon(tb testing.TB) *edited {
	var best *mdoc.Document
	level, most := 0, -1
	for _, path := range corpus.Files(tb, "marathon") {
		if ext := filepath.Ext(path); !strings.HasPrefix(ext, ".sce") {
			continue
		}
		d, err := mdoc.Open(path)
		if err != nil {
			tb.Fatal(err)
		}
		for i, l := range d.Levels {
			if l != nil && len(l.Polygons) > most {
				best, level, most = d, i, len(l.Polygons)
			}
		}
	}
	l := best.Levels[level]
	e := &edited{name: filepath.Base(best.Path), history: best.History, scene: Marathon(l, level),
		fresh: func() *Scene { return Marathon(l, level) }}
	ep := int(l.Lines[len(l.Lines)/2].Endpoints[0])
	at, _ := l.Vertex(uint16(ep))
	obj := len(l.Objects) / 2
	lo, hi := Marathon(l, level).source.(*marathonLevel).heights()
	raise := 0 // a polygon whose floor can rise 16 units within the range of heights
	for i, p := range l.Polygons {
		if h := float64(p.FloorHeight); h > lo && h+16 < hi {
			raise = i
			break
		}
	}
	e.edits = []func() error{
		func() error { return best.MoveEndpoint(level, ep, mcodec.Point{X: at.X + 8, Y: at.Y - 8}) },
		func() error {
			o := l.Objects[obj]
			return best.MoveObject(level, obj, mcodec.Point{X: o.X + 40, Y: o.Y})
		},
		func() error {
			return best.EditPolygons(level, []int{raise}, func(p *mcodec.Polygon) { p.FloorHeight += 16 })
		},
	}
	e.listen()
	return e
}

// largestShock is the corpus System Shock level with the most items to
// draw, with a floor height change and an object move to make.
func largestShock(tb testing.TB) *edited {
	d, err := sdoc.Open(corpus.Path(tb, "shock", "derelict", "archive.dat"))
	if err != nil {
		tb.Fatal(err)
	}
	level, most := 0, -1
	for i, l := range d.Archive.Levels {
		if l == nil {
			continue
		}
		if n := len(Shock(l, i).List.Triangles); n > most {
			level, most = i, n
		}
	}
	l := d.Archive.Levels[level]
	e := &edited{name: "derelict level " + string(rune('0'+level%10)), history: d.History, scene: Shock(l, level),
		fresh: func() *Scene { return Shock(l, level) }}
	w := int(l.Info.Width)
	open := 0
	for i, t := range l.Tiles {
		if openCorners(t.Shape) != nil && i%w > 0 && i%w < w-1 {
			open = i
			break
		}
	}
	obj := -1
	for i, o := range l.Objects {
		if o.Active != 0 && int(o.Class) < len(shockClassColors) {
			obj = i
		}
	}
	e.edits = []func() error{
		func() error {
			h := int(l.Tiles[open].FloorHeight())
			return d.SetTiles(level, []sdoc.Point{{X: open % w, Y: open / w}}, sdoc.FloorHeight, (h+3)%16)
		},
		func() error {
			o := l.Objects[obj]
			return d.MoveObject(level, obj, o.X+128, o.Y, o.Z)
		},
	}
	e.listen()
	return e
}

// largestTurok is the corpus Turok map with the most sectors, with a
// vertex, an actor and a mesh move to make.
func largestTurok(tb testing.TB) *edited {
	var best *tdoc.Document
	for _, path := range corpus.Files(tb, "turok") {
		if filepath.Ext(path) != ".map" {
			continue
		}
		d, err := tdoc.Open(path)
		if err != nil {
			tb.Fatal(err)
		}
		if best == nil || len(d.Map.Sectors) > len(best.Map.Sectors) {
			best = d
		}
	}
	m := best.Map
	e := &edited{name: filepath.Base(best.Path), history: best.History, scene: Turok(m), fresh: func() *Scene { return Turok(m) }}
	v := int(m.Sectors[len(m.Sectors)/2].Vertices[0])
	e.edits = []func() error{
		func() error {
			to := m.Vertices[v]
			to.Position.Z += 4
			return best.MoveVertex(v, to)
		},
		func() error {
			a := m.Actors[len(m.Actors)/2].Origin
			return best.MoveActor(len(m.Actors)/2, tcodec.Vec3{X: a.X + 10, Y: a.Y, Z: a.Z})
		},
	}
	for _, sec := range m.Sections {
		if len(sec.Meshes) > 0 {
			o := sec.Meshes[0].Origin
			e.edits = append(e.edits, func() error { return best.MoveMesh(0, tcodec.Vec3{X: o.X + 1, Y: o.Y, Z: o.Z}) })
			break
		}
	}
	e.listen()
	return e
}

// TestUpdateRedrawsOnlyWhatChanged: after each edit, and after undoing
// them all, the scene updated in place equals the scene built anew, and
// the update named only some items.
func TestUpdateRedrawsOnlyWhatChanged(t *testing.T) {
	for _, e := range []*edited{largestMarathon(t), largestShock(t), largestTurok(t)} {
		t.Run(e.name, func(t *testing.T) {
			for i, edit := range e.edits {
				if err := edit(); err != nil {
					t.Fatalf("edit %d: %v", i, err)
				}
				c := e.update()
				if c.All || c.Empty() {
					t.Errorf("edit %d: update %+v, want some items named", i, c)
				}
				n := len(c.Polygons) + len(c.Lines) + len(c.Markers) + len(c.Triangles)
				if total := len(e.scene.List.Polygons) + len(e.scene.List.Lines) + len(e.scene.List.Markers) + len(e.scene.List.Triangles); n > total/20 {
					t.Errorf("edit %d: %d of %d items redrawn", i, n, total)
				}
				if !sameList(e.scene.List, e.fresh().List) {
					t.Fatalf("edit %d: the updated scene differs from a scene built anew", i)
				}
			}
			for range e.edits {
				if _, err := e.history.Undo(); err != nil {
					t.Fatal(err)
				}
			}
			e.update()
			if !sameList(e.scene.List, e.fresh().List) {
				t.Fatal("after undoing every edit, the updated scene differs from a scene built anew")
			}
		})
	}
}

// sameList reports whether a and b hold the same items; markers without
// a heading (NaN) count as equal.
func sameList(a, b viewport.List) bool {
	noNaN := func(ms []viewport.Marker) []viewport.Marker {
		out := slices.Clone(ms)
		for i := range out {
			if math.IsNaN(out[i].Heading) {
				out[i].Heading = math.Inf(1)
			}
		}
		return out
	}
	a.Markers, b.Markers = noNaN(a.Markers), noNaN(b.Markers)
	return reflect.DeepEqual(a, b)
}

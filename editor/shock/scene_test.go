package shock

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/levelwright/levelwright/codecs/lgres"
	codec "github.com/levelwright/levelwright/codecs/shock"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/e2e"
	"github.com/levelwright/levelwright/internal/scenetest"
	"github.com/levelwright/levelwright/internal/shockdata"
)

func TestMain(m *testing.M) { os.Exit(e2e.InDisplay(m)) }

func TestShockGolden(t *testing.T) {
	data, err := os.ReadFile(corpus.Path(t, "shock", "derelict", "archive.dat"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := lgres.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	a, err := codec.Decode(res)
	if err != nil {
		t.Fatal(err)
	}
	if a.Levels[1] == nil {
		t.Fatal("the archive has no level 1")
	}
	s := levelScene(a.Levels[1], 1, nil)
	scenetest.Renders(t, "shock-derelict-level1", s)
	scenetest.Modes(t, "shock-derelict-level1", s)
}

// largestShock is the corpus System Shock level with the most items to
// draw, with a floor height change, an object move and a floor texture
// change to make; with data, drawn in the mode named (the first mode for
// "").
func largestShock(tb testing.TB, data *sdoc.GameData, mode string) *scenetest.Edited {
	d, err := sdoc.Open(corpus.Path(tb, "shock", "derelict", "archive.dat"))
	if err != nil {
		tb.Fatal(err)
	}
	level, most := 0, -1
	for i, l := range d.Archive.Levels {
		if l == nil {
			continue
		}
		if n := len(levelScene(l, i, nil).List.Triangles); n > most {
			level, most = i, n
		}
	}
	l := d.Archive.Levels[level]
	fresh := func() *scene.Scene {
		s := levelScene(l, level, data)
		if mode != "" {
			if err := s.SetMode(mode); err != nil {
				tb.Fatal(err)
			}
		}
		return s
	}
	e := &scenetest.Edited{Name: "derelict level " + string(rune('0'+level%10)), History: d.History, Scene: fresh(), Fresh: fresh}
	w := int(l.Info.Width)
	open := 0
	for i, t := range l.Tiles {
		if codec.OpenCorners(t.Shape) != nil && i%w > 0 && i%w < w-1 {
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
	at := []sdoc.Point{{X: open % w, Y: open / w}}
	e.Edits = []func() error{
		func() error {
			h := int(l.Tiles[open].FloorHeight())
			return d.SetTiles(level, at, sdoc.FloorHeight, (h+3)%16)
		},
		func() error {
			o := l.Objects[obj]
			return d.MoveObject(level, obj, o.X+128, o.Y, o.Z)
		},
		func() error {
			slot := l.Tiles[open].FloorTexture()
			return d.SetTiles(level, at, sdoc.FloorTexture, (slot+1)%min(len(l.Textures), 32))
		},
	}
	e.Listen()
	return e
}

// TestUpdateRedrawsOnlyWhatChanged: after each edit, and after undoing
// them all, the scene updated in place equals the scene built anew, and
// the update named only some items: in the first mode, and textured with
// the stand-in game data.
func TestUpdateRedrawsOnlyWhatChanged(t *testing.T) {
	data, err := sdoc.LoadGameData(shockdata.Dir(), filepath.Dir(corpus.Path(t, "shock", "derelict", "archive.dat")))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []*scenetest.Edited{largestShock(t, nil, ""), largestShock(t, data, "Texture")} {
		t.Run(e.Name+" "+e.Scene.ModeName(), func(t *testing.T) { scenetest.CheckUpdates(t, e) })
	}
}

// BenchmarkUpdate measures an edit of the largest corpus System Shock
// level and the display list's update after it.
func BenchmarkUpdate(b *testing.B) { scenetest.BenchUpdate(b, largestShock(b, nil, "")) }

// TestRedrawsFromDeclaredKinds: the scene redraws from the kinds it
// declares and from no other System Shock kind.
func TestRedrawsFromDeclaredKinds(t *testing.T) {
	d, err := sdoc.Open(corpus.Path(t, "shock", "derelict", "archive.dat"))
	if err != nil {
		t.Fatal(err)
	}
	src := &shockLevel{l: d.Archive.Levels[1], level: 1}
	scene.New(src, false)
	scenetest.RedrawsFrom(t, src, 1, sdoc.Kinds(), redrawnKinds, nil)
}

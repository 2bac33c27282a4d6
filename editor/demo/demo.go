// Package demo builds the levels the editor offers on first start, one
// per game: each is the `new` file of its game plus some content, made
// with the same undo commands the editor's tools use.
package demo

import (
	"fmt"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	scodec "github.com/levelwright/levelwright/codecs/shock"
	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	sdoc "github.com/levelwright/levelwright/document/shock"
	tdoc "github.com/levelwright/levelwright/document/turok"
)

// A Level is one demo: its game, a title, the file name it is written
// under, and how to build its bytes.
type Level struct {
	Game     document.Game
	Title    string
	FileName string
	Build    func() ([]byte, error)
}

// Levels lists the demos, one per game.
var Levels = []Level{
	{document.GameShock, "System Shock: two rooms, a corridor and a block puzzle", "demo-shock.dat", shock},
	{document.GameMarathon, "Marathon: four rooms, a pool and a lift", "demo-marathon.sceA", marathon},
	{document.GameTurok, "Turok: a hillside with a pond and a few creatures", "demo-turok.map", turok},
}

// shock carves a second room and a corridor into the new level, gives
// the rooms heights, and places a few objects and a puzzle panel.
func shock() ([]byte, error) {
	f, err := scodec.NewArchive(1)
	if err != nil {
		return nil, err
	}
	d, err := sdoc.Load("demo-shock.dat", f.Bytes())
	if err != nil {
		return nil, err
	}
	const level = 1
	var corridor, room, raised []sdoc.Point
	for x := 36; x < 42; x++ {
		for y := 31; y < 33; y++ {
			corridor = append(corridor, sdoc.Point{X: x, Y: y})
		}
	}
	for x := 42; x < 50; x++ {
		for y := 26; y < 38; y++ {
			room = append(room, sdoc.Point{X: x, Y: y})
			if x >= 46 && y >= 34 {
				raised = append(raised, sdoc.Point{X: x, Y: y})
			}
		}
	}
	open := append(corridor, room...)
	steps := []struct {
		points []sdoc.Point
		field  sdoc.TileField
		value  int
	}{
		{open, sdoc.TileShape, int(scodec.ShapeOpen)},
		{open, sdoc.FloorHeight, 4},
		{open, sdoc.CeilingHeight, 16},
		{corridor, sdoc.CeilingHeight, 10},
		{raised, sdoc.FloorHeight, 8},
	}
	for _, s := range steps {
		if err := d.SetTiles(level, s.points, s.field, s.value); err != nil {
			return nil, fmt.Errorf("demo tiles: %w", err)
		}
	}
	at := func(x, y int) (uint16, uint16) { return uint16(x<<8 | 0x80), uint16(y<<8 | 0x80) }
	objects := []sdoc.ObjectSpec{
		{Class: scodec.ClassDrug, Subclass: 0, Type: 1},
		{Class: scodec.ClassBigStuff, Subclass: 1, Type: 2},
		{Class: scodec.ClassCritter, Subclass: 0, Type: 1},
		{Class: scodec.ClassFixture, Subclass: scodec.FixturePanel},
	}
	places := [][2]int{{30, 30}, {33, 34}, {47, 30}, {44, 36}}
	var panel int
	for i, spec := range objects {
		spec.X, spec.Y = at(places[i][0], places[i][1])
		spec.Z = 32
		id, err := d.CreateObject(level, spec)
		if err != nil {
			return nil, fmt.Errorf("demo object %d: %w", i, err)
		}
		panel = id
	}
	block := scodec.BlockPuzzle{Rows: 3, Cols: 4, Algorithm: scodec.BlockSimple, Source: 2<<3 | 1, Dest: 3<<3 | 1,
		Cells: []uint8{
			scodec.CellEmpty, scodec.CellOpen, scodec.CellEmpty, scodec.CellEmpty,
			scodec.CellOpen, scodec.CellFull, scodec.CellOpen, scodec.CellOpen,
			scodec.CellEmpty, scodec.CellClosed, scodec.CellEmpty, scodec.CellOpen}}
	if err := d.SetBlockPuzzle(level, panel, block); err != nil {
		return nil, fmt.Errorf("demo puzzle: %w", err)
	}
	return d.Bytes()
}

// marathon adds two rooms, one of them a pool of water, a lift, and
// monsters and items to the new map's two rooms.
func marathon() ([]byte, error) {
	d, err := mdoc.Load("demo-marathon.sceA", mcodec.NewFile("Levelwright Demo").Bytes())
	if err != nil {
		return nil, err
	}
	const level, w = 0, 2048
	pt := func(x, y int) mcodec.Point { return mcodec.Point{X: int16(x), Y: int16(y)} }
	pool, err := d.DrawPolygon(level, []mcodec.Point{pt(0, w), pt(w, w), pt(2*w, w), pt(2*w, 2*w), pt(0, 2*w)})
	if err != nil {
		return nil, fmt.Errorf("demo pool: %w", err)
	}
	lift, err := d.DrawPolygon(level, []mcodec.Point{pt(2*w, 0), pt(3*w, 0), pt(3*w, w), pt(2*w, w)})
	if err != nil {
		return nil, fmt.Errorf("demo lift: %w", err)
	}
	media, err := d.AddMedia(level, mcodec.Media{Type: 0, LightIndex: 0, Low: -512, High: -128, Origin: pt(w, 3*w/2),
		Height: -256, MinimumLight: 0x8000})
	if err != nil {
		return nil, fmt.Errorf("demo liquid: %w", err)
	}
	if err := d.EditPolygons(level, pool, func(p *mcodec.Polygon) { p.FloorHeight, p.Media = -512, int16(media) }); err != nil {
		return nil, fmt.Errorf("demo pool floor: %w", err)
	}
	if _, err := d.AddPlatform(level, lift[0], mcodec.StaticPlatform{Type: 0, Speed: 30, Delay: 60,
		MinimumHeight: -1, MaximumHeight: -1, StaticFlags: 1<<2 | 1<<10}); err != nil {
		return nil, fmt.Errorf("demo lift platform: %w", err)
	}
	objects := []mcodec.Object{
		{Type: 0, Index: 3, X: 3 * w / 2, Y: w / 2, Facing: 256}, // a fighter
		{Type: 0, Index: 3, X: 7 * w / 4, Y: 3 * w / 4, Facing: 256},
		{Type: 2, Index: 2, X: w / 2, Y: 3 * w / 4}, // a magnum pistol
		{Type: 2, Index: 12, X: w, Y: w / 4},        // a health powerup
		{Type: 1, Index: 4, X: w / 4, Y: w / 4},     // scenery
	}
	for i, o := range objects {
		if _, err := d.PlaceObject(level, o); err != nil {
			return nil, fmt.Errorf("demo object %d: %w", i, err)
		}
	}
	return d.Bytes(), nil
}

// turok raises a slope and sinks a pond into the new terrain, marks the
// pond as water, and places creatures and pickups around the start.
func turok() ([]byte, error) {
	d, err := tdoc.Load("demo-turok.map", tcodec.NewTerrain(16, 128).Encode())
	if err != nil {
		return nil, err
	}
	m := d.Map
	size := m.GridMax[0].X
	for i, v := range m.Vertices {
		p := v.Position
		dx, dy := p.X-size/4, p.Y-size/4
		switch {
		case dx*dx+dy*dy < (size/6)*(size/6): // the pond
			v.Position.Z = -96
		case p.X+p.Y > size*5/4: // a slope rising to the far corner
			v.Position.Z = (p.X + p.Y - size*5/4) / 3
		default:
			continue
		}
		if err := d.MoveVertex(i, v); err != nil {
			return nil, fmt.Errorf("demo terrain vertex %d: %w", i, err)
		}
	}
	water := m.SectorSets[0]
	var flags uint32
	flags, err = tcodec.SectorSetFlags.Mask([]string{"Water"})
	if err != nil {
		return nil, err
	}
	water.Flags = flags
	set, err := d.AddSectorSet(water)
	if err != nil {
		return nil, fmt.Errorf("demo water: %w", err)
	}
	var pond []int
	for i, s := range m.Sectors {
		if m.Vertices[s.Vertices[0]].Position.Z < 0 && m.Vertices[s.Vertices[1]].Position.Z < 0 && m.Vertices[s.Vertices[2]].Position.Z < 0 {
			pond = append(pond, i)
		}
	}
	if err := d.AssignSectorSet(pond, set); err != nil {
		return nil, fmt.Errorf("demo pond: %w", err)
	}
	start := m.Actors[0]
	for i, off := range [][2]float32{{200, 120}, {-180, 240}, {320, -200}, {-260, -260}} {
		a := start
		a.Type = int32(100 + i)
		a.Origin.X += off[0]
		a.Origin.Y += off[1]
		a.Health, a.TID = 50, int16(i+1)
		if _, err := d.PlaceActor(a); err != nil {
			return nil, fmt.Errorf("demo actor %d: %w", i, err)
		}
	}
	return d.Bytes(), nil
}

package shock

import (
	"fmt"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
)

// Demo is a System Shock archive with two rooms, a corridor and a block puzzle.
func (format) Demo() document.Demo {
	return document.Demo{Title: "System Shock: two rooms, a corridor and a block puzzle", FileName: "demo-shock.dat", Build: demo}
}

// demo carves a second room and a corridor into the new level, gives
// the rooms heights, and places a few objects and a puzzle panel.
func demo() ([]byte, error) {
	f, err := codec.NewArchive(1)
	if err != nil {
		return nil, err
	}
	d, err := Load("demo-shock.dat", f.Bytes())
	if err != nil {
		return nil, err
	}
	const level = 1
	var corridor, room, raised []Point
	for x := 36; x < 42; x++ {
		for y := 31; y < 33; y++ {
			corridor = append(corridor, Point{X: x, Y: y})
		}
	}
	for x := 42; x < 50; x++ {
		for y := 26; y < 38; y++ {
			room = append(room, Point{X: x, Y: y})
			if x >= 46 && y >= 34 {
				raised = append(raised, Point{X: x, Y: y})
			}
		}
	}
	open := append(corridor, room...)
	steps := []struct {
		points []Point
		field  TileField
		value  int
	}{
		{open, TileShape, int(codec.ShapeOpen)},
		{open, FloorHeight, 4},
		{open, CeilingHeight, 16},
		{corridor, CeilingHeight, 10},
		{raised, FloorHeight, 8},
	}
	for _, s := range steps {
		if err := d.SetTiles(level, s.points, s.field, s.value); err != nil {
			return nil, fmt.Errorf("demo tiles: %w", err)
		}
	}
	at := func(x, y int) (uint16, uint16) { return uint16(x<<8 | 0x80), uint16(y<<8 | 0x80) }
	objects := []ObjectSpec{
		{Class: codec.ClassDrug, Subclass: 0, Type: 1},
		{Class: codec.ClassBigStuff, Subclass: 1, Type: 2},
		{Class: codec.ClassCritter, Subclass: 0, Type: 1},
		{Class: codec.ClassFixture, Subclass: codec.FixturePanel},
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
	block := codec.BlockPuzzle{Rows: 3, Cols: 4, Algorithm: codec.BlockSimple, Source: 2<<3 | 1, Dest: 3<<3 | 1,
		Cells: []uint8{
			codec.CellEmpty, codec.CellOpen, codec.CellEmpty, codec.CellEmpty,
			codec.CellOpen, codec.CellFull, codec.CellOpen, codec.CellOpen,
			codec.CellEmpty, codec.CellClosed, codec.CellEmpty, codec.CellOpen}}
	if err := d.SetBlockPuzzle(level, panel, block); err != nil {
		return nil, fmt.Errorf("demo puzzle: %w", err)
	}
	return d.Bytes()
}

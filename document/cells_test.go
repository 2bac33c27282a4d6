package document

import (
	"fmt"
	"slices"
	"testing"

	"github.com/levelwright/levelwright/undo"
)

// cell is a record with a part edits own (Value) and a part they keep
// (Owner), as System Shock's tile keeps its objects.
type cell struct{ Value, Owner int }

type grid struct{ cells []cell }

var gridCells = &Cells[*grid, cell]{Kind: "cell", Size: 16, Slice: func(g *grid) []cell { return g.cells },
	Write: func(c *cell, v cell) { c.Value = v.Value }}

func newGrid(n int) *grid {
	g := &grid{cells: make([]cell, n)}
	for i := range g.cells {
		g.cells[i] = cell{Value: i, Owner: 100 + i}
	}
	return g
}

// paint sets the cells at indexes to value, as one stroke event.
func paint(t *testing.T, c *Core, g *grid, value int, indexes ...int) {
	t.Helper()
	e := BeginCells(c, gridCells, 0, g)
	for _, i := range indexes {
		e.Set(i, cell{Value: value})
	}
	if err := e.Commit(func(n int) string { return fmt.Sprintf("Paint %d", n) }, "paint"); err != nil {
		t.Fatal(err)
	}
}

func values(g *grid) []int {
	out := make([]int, len(g.cells))
	for i, c := range g.cells {
		out[i] = c.Value
	}
	return out
}

// TestCellEditDoUndo: a commit writes the cells set, through Write (the
// owner stays), leaves out the cells it would not change, takes a cell's
// later value, reports its changes to Applied, and undo and redo give
// the content before and after.
func TestCellEditDoUndo(t *testing.T) {
	g := newGrid(6)
	c := NewCore()
	var applied [][]undo.Change
	c.Applied = func(ch []undo.Change) { applied = append(applied, ch) }
	e := BeginCells(&c, gridCells, 3, g)
	e.Set(1, cell{Value: 50, Owner: 7})
	e.Set(2, cell{Value: 2, Owner: 9}) // the value it holds: Write leaves it as it is
	e.Set(4, cell{Value: 40})
	e.Set(1, cell{Value: 60})
	if e.Len() != 2 {
		t.Fatalf("the edit changes %d cells, want 2", e.Len())
	}
	if !slices.Equal(values(g), []int{0, 1, 2, 3, 4, 5}) {
		t.Fatalf("Set wrote before Commit: %v", values(g))
	}
	if err := e.Commit(func(n int) string { return fmt.Sprintf("Set %d cells", n) }, ""); err != nil {
		t.Fatal(err)
	}
	if want := []int{0, 60, 2, 3, 40, 5}; !slices.Equal(values(g), want) {
		t.Fatalf("after the edit: %v, want %v", values(g), want)
	}
	if g.cells[1].Owner != 101 || g.cells[4].Owner != 104 {
		t.Fatalf("the edit wrote the owners: %v", g.cells)
	}
	if got := c.History.UndoLabel(); got != "Undo Set 2 cells" {
		t.Fatalf("undo label %q", got)
	}
	want := undo.Change{Level: 3, Kind: "cell", Indexes: []int{1, 4}}
	if len(applied) != 1 || len(applied[0]) != 1 || applied[0][0].Level != want.Level || applied[0][0].Kind != want.Kind ||
		!slices.Equal(applied[0][0].Indexes, want.Indexes) {
		t.Fatalf("Applied got %v, want one call with %v", applied, want)
	}
	g.cells[4].Owner = 77 // an owner changed since: undo keeps it
	if _, err := c.History.Undo(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(values(g), []int{0, 1, 2, 3, 4, 5}) || g.cells[4].Owner != 77 {
		t.Fatalf("after undo: %v", g.cells)
	}
	if _, err := c.History.Redo(); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(values(g), []int{0, 60, 2, 3, 40, 5}) || len(applied) != 3 {
		t.Fatalf("after redo: %v, Applied ran %d times", values(g), len(applied))
	}
}

// TestCellEditNoChange: an edit that changes no cell is no step.
func TestCellEditNoChange(t *testing.T) {
	g := newGrid(3)
	c := NewCore()
	e := BeginCells(&c, gridCells, 0, g)
	e.Set(0, cell{Value: 0})
	if err := e.Commit(func(int) string { return "nothing" }, "paint"); err != nil {
		t.Fatal(err)
	}
	if done, _ := c.History.Steps(); done != 0 {
		t.Fatalf("%d steps for an edit that changed nothing", done)
	}
}

// TestCellEditMerge: the events of a stroke merge into one step named
// for every cell they change, which one undo takes back to the content
// before the stroke; a broken merge, another merge key or none start a
// new step.
func TestCellEditMerge(t *testing.T) {
	g := newGrid(8)
	c := NewCore()
	paint(t, &c, g, 9, 1, 2)
	paint(t, &c, g, 8, 2, 3)
	paint(t, &c, g, 7, 5)
	if done, _ := c.History.Steps(); done != 1 {
		t.Fatalf("a stroke of 3 events made %d steps", done)
	}
	if want := []int{0, 9, 8, 8, 4, 7, 6, 7}; !slices.Equal(values(g), want) {
		t.Fatalf("after the stroke: %v, want %v", values(g), want)
	}
	if got := c.History.UndoLabel(); got != "Undo Paint 4" {
		t.Fatalf("the stroke's undo label is %q, want it to count its 4 cells", got)
	}
	c.History.BreakMerge()
	paint(t, &c, g, 1, 0)
	e := BeginCells(&c, gridCells, 0, g)
	e.Set(6, cell{Value: 3})
	if err := e.Commit(func(int) string { return "other" }, "fill"); err != nil {
		t.Fatal(err)
	}
	e = BeginCells(&c, gridCells, 0, g)
	e.Set(7, cell{Value: 3})
	if err := e.Commit(func(int) string { return "unmerged" }, ""); err != nil {
		t.Fatal(err)
	}
	paint(t, &c, g, 2, 6)
	paint(t, &c, g, 2, 4)
	if done, _ := c.History.Steps(); done != 5 {
		t.Fatalf("%d steps, want 5: a broken merge, another key and no key each start one", done)
	}
	if _, err := c.History.UndoAll(); err != nil {
		t.Fatal(err)
	}
	if want := []int{0, 1, 2, 3, 4, 5, 6, 7}; !slices.Equal(values(g), want) {
		t.Fatalf("after undoing all: %v, want %v", values(g), want)
	}
}

// TestCellEditSize: the history a step holds grows with its cells by
// their index and two records.
func TestCellEditSize(t *testing.T) {
	g := newGrid(100)
	c := NewCore()
	paint(t, &c, g, 1000, 1)
	one := c.History.Bytes()
	c.History.BreakMerge()
	var fifty []int
	for i := range 50 {
		fifty = append(fifty, 10+i)
	}
	paint(t, &c, g, 1000, fifty...)
	more := c.History.Bytes() - one
	if per := 4 + 2*gridCells.Size; more-one != 49*per {
		t.Fatalf("one cell holds %d bytes and fifty %d: %d more per cell, want %d", one, more, (more-one)/49, per)
	}
}

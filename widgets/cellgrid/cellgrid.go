// Package cellgrid is a grid of coloured, labelled cells that reports
// taps, for editing puzzle grids; cells can be marked, to show moves.
package cellgrid

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"
)

// State is how cells of one value look.
type State struct {
	Name  string
	Color color.Color
}

// Grid shows Rows x Cols cells, row 0 at the top. Values index States.
type Grid struct {
	widget.BaseWidget
	States []State
	// OnTapped is called with the cell tapped.
	OnTapped func(row, col int)

	rows, cols int
	values     []int
	marks      map[int]string // a cell's mark, such as a move's number
	box        *fyne.Container
}

// New returns an empty grid of states.
func New(states []State) *Grid {
	g := &Grid{States: states, box: container.NewWithoutLayout()}
	g.ExtendBaseWidget(g)
	return g
}

// Set shows values, rows x cols of them, and clears the marks.
func (g *Grid) Set(rows, cols int, values []int) {
	g.rows, g.cols, g.values, g.marks = rows, cols, values, nil
	g.rebuild()
}

// Mark labels cells (index row*cols+col) with texts, as a solution's
// steps; nil clears the marks.
func (g *Grid) Mark(marks map[int]string) {
	g.marks = marks
	g.rebuild()
}

// Value is the value of a cell.
func (g *Grid) Value(row, col int) int { return g.values[row*g.cols+col] }

const cellSize = 44

func (g *Grid) rebuild() {
	cells := container.NewGridWithColumns(max(g.cols, 1))
	for i, v := range g.values {
		c := color.Color(color.Gray{Y: 0x40})
		name := "?"
		if v >= 0 && v < len(g.States) {
			c, name = g.States[v].Color, g.States[v].Name
		}
		if m, ok := g.marks[i]; ok {
			name = m + ": " + name
		}
		bg := canvas.NewRectangle(c)
		bg.StrokeColor, bg.StrokeWidth = color.Gray{Y: 0x20}, 1
		bg.SetMinSize(fyne.NewSize(cellSize, cellSize))
		label := canvas.NewText(name, color.White)
		label.TextSize = 10
		label.Alignment = fyne.TextAlignCenter
		row, col := i/g.cols, i%g.cols
		cells.Add(newCell(g, row, col, container.NewStack(bg, container.New(layout.NewCenterLayout(), label))))
	}
	g.box.Objects = []fyne.CanvasObject{cells}
	cells.Resize(cells.MinSize())
	g.Refresh()
}

// MinSize is one cell before Set, else what the cells need.
func (g *Grid) MinSize() fyne.Size {
	if len(g.box.Objects) == 0 {
		return fyne.NewSize(cellSize, cellSize)
	}
	return g.box.Objects[0].MinSize()
}

// CreateRenderer draws the cells.
func (g *Grid) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(g.box) }

// Cells returns the cell widgets in order, for tests.
func (g *Grid) Cells() []fyne.Tappable {
	var out []fyne.Tappable
	for _, o := range g.box.Objects[0].(*fyne.Container).Objects {
		out = append(out, o.(*cell))
	}
	return out
}

// cell is one tappable cell.
type cell struct {
	widget.BaseWidget
	grid     *Grid
	row, col int
	content  fyne.CanvasObject
}

func newCell(g *Grid, row, col int, content fyne.CanvasObject) *cell {
	c := &cell{grid: g, row: row, col: col, content: content}
	c.ExtendBaseWidget(c)
	return c
}

// CreateRenderer draws the cell's content.
func (c *cell) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(c.content) }

// Tapped reports the cell's row and column to the grid's OnTapped.
func (c *cell) Tapped(*fyne.PointEvent) {
	if c.grid.OnTapped != nil {
		c.grid.OnTapped(c.row, c.col)
	}
}

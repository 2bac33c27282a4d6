package shock

import (
	"fmt"
	"image/color"
	"strings"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/editor/tool"
	"github.com/levelwright/levelwright/widgets/cellgrid"
	"github.com/levelwright/levelwright/widgets/propgrid"
	"github.com/levelwright/levelwright/widgets/wireboard"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
)

// blockCells are the cell states the block puzzle editor cycles
// through, in order, with how they look.
var blockCells = []struct {
	value uint8
	state cellgrid.State
}{
	{scodec.CellEmpty, cellgrid.State{Name: "empty", Color: color.NRGBA{0x30, 0x30, 0x38, 0xFF}}},
	{scodec.CellOpen, cellgrid.State{Name: "open", Color: color.NRGBA{0x50, 0x70, 0xA0, 0xFF}}},
	{scodec.CellClosed, cellgrid.State{Name: "closed", Color: color.NRGBA{0x40, 0xA0, 0x60, 0xFF}}},
	{scodec.CellFull, cellgrid.State{Name: "full", Color: color.NRGBA{0xC0, 0x90, 0x30, 0xFF}}},
	{scodec.CellGate, cellgrid.State{Name: "gate", Color: color.NRGBA{0xA0, 0x50, 0xA0, 0xFF}}},
}

var blockAlgorithms = []string{"rook (row and column)", "king (neighbours)", "bishop (diagonals)", "queen (all lines)", "simple (the cell)"}

// perimeterCells lists the cells on a grid's edge as a block puzzle's
// source or destination: their names and their codes.
func perimeterCells(rows, cols int) (names []string, codes []uint8) {
	sides := []struct {
		name  string
		along int
	}{{"top, column", cols}, {"bottom, column", cols}, {"left, row", rows}, {"right, row", rows}}
	for s, side := range sides {
		for k := range side.along {
			names = append(names, fmt.Sprintf("%s %d", side.name, k+1))
			codes = append(codes, uint8(s<<3|k))
		}
	}
	return names, codes
}

// blockPuzzleEditor edits a block puzzle, saying live whether it can be
// solved; apply is called with the puzzle to keep.
type blockPuzzleEditor struct {
	puzzle       scodec.BlockPuzzle
	grid         *cellgrid.Grid
	rows, cols   *tool.IntOption
	algorithm    *widget.Select
	source, dest *widget.Select
	codes        []uint8
	verdict      *widget.Label
	solution     scodec.BlockSolution
	solveErr     error
	showSolution *widget.Button
	content      fyne.CanvasObject
}

func newBlockPuzzleEditor(b scodec.BlockPuzzle) *blockPuzzleEditor {
	ed := &blockPuzzleEditor{puzzle: b, verdict: widget.NewLabel("")}
	states := make([]cellgrid.State, len(blockCells))
	for i, c := range blockCells {
		states[i] = c.state
	}
	ed.grid = cellgrid.New(states)
	ed.grid.OnTapped = ed.cycle
	ed.rows = tool.NewIntOption(int(b.Rows), 1, scodec.MaxBlockRows)
	ed.cols = tool.NewIntOption(int(b.Cols), 1, scodec.MaxBlockCols)
	ed.rows.Entry.OnSubmitted = func(string) { ed.resize() }
	ed.cols.Entry.OnSubmitted = func(string) { ed.resize() }
	ed.algorithm = widget.NewSelect(blockAlgorithms, func(string) {
		ed.puzzle.Algorithm = uint8(ed.algorithm.SelectedIndex())
		ed.changed()
	})
	ed.source = widget.NewSelect(nil, func(string) { ed.puzzle.Source = ed.code(ed.source); ed.changed() })
	ed.dest = widget.NewSelect(nil, func(string) { ed.puzzle.Dest = ed.code(ed.dest); ed.changed() })
	ed.showSolution = widget.NewButton("Show solution", ed.markSolution)
	ed.verdict.Wrapping = fyne.TextWrapWord
	ed.fillEdges()
	if int(b.Algorithm) < len(blockAlgorithms) {
		ed.algorithm.SetSelectedIndex(int(b.Algorithm))
	}
	form := widget.NewForm(
		widget.NewFormItem("Rows", ed.rows.Entry), widget.NewFormItem("Columns", ed.cols.Entry),
		widget.NewFormItem("Clicks toggle", ed.algorithm),
		widget.NewFormItem("Source", ed.source), widget.NewFormItem("Destination", ed.dest))
	ed.content = container.NewVBox(form, widget.NewLabel("Click a cell to change it: empty, open switch, closed switch, full, gate."),
		container.NewCenter(ed.grid), ed.verdict, ed.showSolution)
	ed.changed()
	return ed
}

func (ed *blockPuzzleEditor) code(s *widget.Select) uint8 {
	if i := s.SelectedIndex(); i >= 0 {
		return ed.codes[i]
	}
	return 0
}

// fillEdges offers the grid's edge cells as source and destination.
func (ed *blockPuzzleEditor) fillEdges() {
	names, codes := perimeterCells(int(ed.puzzle.Rows), int(ed.puzzle.Cols))
	ed.codes = codes
	source, dest := ed.puzzle.Source, ed.puzzle.Dest
	ed.source.Options, ed.dest.Options = names, names
	for i, c := range codes {
		if c == source {
			ed.source.SetSelectedIndex(i)
		}
		if c == dest {
			ed.dest.SetSelectedIndex(i)
		}
	}
	ed.source.Refresh()
	ed.dest.Refresh()
}

// resize changes the grid's size, keeping the cells that stay.
func (ed *blockPuzzleEditor) resize() {
	rows, cols := ed.rows.Value(), ed.cols.Value()
	cells := make([]uint8, rows*cols)
	for r := range min(rows, int(ed.puzzle.Rows)) {
		for c := range min(cols, int(ed.puzzle.Cols)) {
			cells[r*cols+c] = ed.puzzle.Cells[r*int(ed.puzzle.Cols)+c]
		}
	}
	ed.puzzle.Rows, ed.puzzle.Cols, ed.puzzle.Cells = uint8(rows), uint8(cols), cells
	ed.fillEdges()
	ed.changed()
}

// cycle turns a cell to the next state.
func (ed *blockPuzzleEditor) cycle(row, col int) {
	i := row*int(ed.puzzle.Cols) + col
	cells := append([]uint8(nil), ed.puzzle.Cells...)
	cells[i] = blockCells[(stateIndex(cells[i])+1)%len(blockCells)].value
	ed.puzzle.Cells = cells
	ed.changed()
}

// stateIndex is the editor's index of a cell state; a charged state
// (odd, but for open) counts as its uncharged one.
func stateIndex(v uint8) int {
	for _, want := range []uint8{v, v &^ 1} {
		for i, c := range blockCells {
			if c.value == want {
				return i
			}
		}
	}
	return 0
}

// changed shows the grid again and says whether it can be solved.
func (ed *blockPuzzleEditor) changed() {
	values := make([]int, len(ed.puzzle.Cells))
	for i, v := range ed.puzzle.Cells {
		values[i] = stateIndex(v)
	}
	ed.grid.Set(int(ed.puzzle.Rows), int(ed.puzzle.Cols), values)
	ed.solution, ed.solveErr = ed.puzzle.Solve()
	switch {
	case ed.solveErr != nil:
		ed.verdict.SetText("Cannot be played: " + ed.solveErr.Error())
	case !ed.solution.Solvable:
		ed.verdict.SetText("Not solvable: no clicks carry power from the source to the destination.")
	case len(ed.solution.Moves) == 0:
		ed.verdict.SetText("Solved already: power reaches the destination before any click.")
	default:
		shortest := ""
		if ed.solution.Shortest {
			shortest = " (the fewest)"
		}
		ed.verdict.SetText(fmt.Sprintf("Solvable in %s%s.", document.Count(len(ed.solution.Moves), "click"), shortest))
	}
	if ed.solveErr == nil && ed.solution.Solvable && len(ed.solution.Moves) > 0 {
		ed.showSolution.Enable()
	} else {
		ed.showSolution.Disable()
	}
}

// markSolution numbers the cells to click, in order.
func (ed *blockPuzzleEditor) markSolution() {
	marks := map[int]string{}
	for k, m := range ed.solution.Moves {
		i := m.Row*int(ed.puzzle.Cols) + m.Col
		marks[i] = strings.TrimPrefix(marks[i]+","+fmt.Sprint(k+1), ",")
	}
	ed.grid.Mark(marks)
}

// puzzleSection is the puzzle of a panel that can hold one: its kind,
// wire or block, and a button that opens its editor. A panel with no
// puzzle stored says so; choosing a kind opens the editor on a new
// puzzle, which Apply stores (a block puzzle with its state trap, in the
// same step). Choosing the other kind for a stored puzzle does the same
// and replaces it.
func (f *session) puzzleSection(h game.Host, level, id int) []inspect.Section {
	o := f.d.Archive.Levels[level].Objects[id]
	if !scodec.CanHoldPuzzle(o) {
		return nil
	}
	kind, stored := f.storedPuzzle(level, id)
	kinds := []string{"wire", "block"}
	if !stored {
		// "none stored" first: choosing a kind opens its editor.
		choice := &propgrid.Choice{Options: append([]string{"none stored"}, kinds...), Index: 0, Set: func(k int) error {
			if k > 0 {
				f.editPuzzle(h, level, id, k-1, false)
			}
			return nil
		}}
		return []inspect.Section{{Title: "Puzzle", Fields: []propgrid.Field{{Label: "kind", Choice: choice},
			{Label: "stored", Text: &propgrid.Text{Value: "none: choose a kind, then Apply"}}}}}
	}
	choice := &propgrid.Choice{Options: kinds, Index: kind, Set: func(k int) error {
		f.editPuzzle(h, level, id, k, k == kind)
		return nil
	}}
	// A short button, which keeps the inspector as narrow as its fields.
	return []inspect.Section{{Title: "Puzzle", Fields: []propgrid.Field{{Label: "kind", Choice: choice},
		{Label: kinds[kind] + " puzzle", Action: &propgrid.Action{Label: "Edit…", Do: func() { f.editPuzzle(h, level, id, kind, true) }}}}}}
}

// storedPuzzle is the kind of puzzle panel id holds, and whether it
// holds one (a wire puzzle of all zeros is none).
func (f *session) storedPuzzle(level, id int) (kind int, stored bool) {
	if _, err := f.d.BlockPuzzle(level, id); err == nil {
		return scodec.PuzzleBlock, true
	}
	l := f.d.Archive.Levels[level]
	o := l.Objects[id]
	_, ok := scodec.PuzzlePanel(o, scodec.DecodeFixture(l.Classes[o.Class][o.SpecID].Data))
	return scodec.PuzzleWire, ok
}

// editPuzzle opens the editor of a puzzle of kind on panel id: the one
// it stores when stored, else a new one (newWirePuzzle, newBlockPuzzle).
// Apply writes the puzzle as one undo step.
func (f *session) editPuzzle(h game.Host, level, id, kind int, stored bool) {
	note := ""
	if !stored {
		note = " (new: Apply stores it)"
	}
	title := fmt.Sprintf("%s puzzle of panel %d%s", [...]string{"Wire", "Block"}[kind], id, note)
	if kind == scodec.PuzzleBlock {
		b := newBlockPuzzle()
		if stored {
			var err error
			if b, err = f.d.BlockPuzzle(level, id); err != nil {
				h.ShowError(err)
				return
			}
		}
		ed := newBlockPuzzleEditor(b)
		puzzleDialog(h, title, ed.content, func() error { return f.d.SetBlockPuzzle(level, id, ed.puzzle) })
		return
	}
	w := newWirePuzzle()
	if stored {
		var err error
		if w, err = f.d.WirePuzzle(level, id); err != nil {
			h.ShowError(err)
			return
		}
	}
	ed := newWirePuzzleEditor(w)
	puzzleDialog(h, title, ed.content, func() error { return f.d.SetWirePuzzle(level, id, ed.puzzle) })
}

// newWirePuzzle is the wire puzzle a new one starts as: the game's own
// default (what it plays for a panel storing zeros), written out so
// that Apply stores it.
func newWirePuzzle() scodec.WirePuzzle {
	w := scodec.WirePuzzle{}
	w.Wires, w.Pins, w.TargetScore = uint8(w.WireCount()), uint8(w.PinCount()), uint8(w.Score())
	w.Targets, w.Current = scodec.PackWirePositions(w.TargetPositions()), scodec.PackWirePositions(w.CurrentPositions())
	return w
}

// newBlockPuzzle is the block puzzle a new one starts as: a 3x4 grid of
// fixed conductors but one open switch, from the left edge's first row
// to the right edge's, each click toggling one cell.
func newBlockPuzzle() scodec.BlockPuzzle {
	const rows, cols = 3, 4
	b := scodec.BlockPuzzle{Rows: rows, Cols: cols, Algorithm: scodec.BlockSimple, Source: 2 << 3, Dest: 3 << 3,
		Cells: make([]uint8, rows*cols)}
	for i := range cols {
		b.Cells[i] = scodec.CellFull
	}
	b.Cells[1] = scodec.CellOpen
	return b
}

// wirePuzzleEditor edits a wire puzzle's start and target arrangements,
// saying live whether the target score can be reached.
type wirePuzzleEditor struct {
	puzzle        scodec.WirePuzzle
	start, target *wireboard.Board
	wires, pins   *tool.IntOption
	score         *tool.IntOption
	verdict       *widget.Label
	moves         *widget.Label
	solution      scodec.WireSolution
	content       fyne.CanvasObject
}

func newWirePuzzleEditor(w scodec.WirePuzzle) *wirePuzzleEditor {
	ed := &wirePuzzleEditor{puzzle: w, start: wireboard.New(), target: wireboard.New(),
		verdict: widget.NewLabel(""), moves: widget.NewLabel("")}
	ed.verdict.Wrapping, ed.moves.Wrapping = fyne.TextWrapWord, fyne.TextWrapWord
	ed.wires = tool.NewIntOption(w.WireCount(), 1, scodec.MaxWires)
	ed.pins = tool.NewIntOption(w.PinCount(), 2, scodec.MaxPins)
	ed.score = tool.NewIntOption(w.Score(), 1, 255)
	ed.wires.Entry.OnSubmitted = func(string) { ed.resize() }
	ed.pins.Entry.OnSubmitted = func(string) { ed.resize() }
	ed.score.Entry.OnSubmitted = func(string) { ed.puzzle.TargetScore = uint8(ed.score.Value()); ed.changed() }
	ed.start.OnMove = func(right bool, from, to int) {
		ed.puzzle.Current = moveWire(ed.puzzle.CurrentPositions(), right, from, to)
		ed.changed()
	}
	ed.target.OnMove = func(right bool, from, to int) {
		ed.puzzle.Targets = moveWire(ed.puzzle.TargetPositions(), right, from, to)
		ed.changed()
	}
	form := widget.NewForm(widget.NewFormItem("Wires", ed.wires.Entry), widget.NewFormItem("Pins a side", ed.pins.Entry),
		widget.NewFormItem("Target score (of 255)", ed.score.Entry))
	boards := container.NewGridWithColumns(2,
		container.NewBorder(widget.NewLabel("Start: drag a wire's end to another pin"), nil, nil, nil, ed.start),
		container.NewBorder(widget.NewLabel("Target"), nil, nil, nil, ed.target))
	ed.content = container.NewVBox(form, boards, ed.verdict, widget.NewButton("Show solution", func() { ed.moves.SetText(ed.describeMoves()) }), ed.moves)
	ed.changed()
	return ed
}

// moveWire moves the end at pin from to pin to on one side, swapping with
// the wire there, as the game does; it returns the packed arrangement.
func moveWire(pos [][2]int, right bool, from, to int) uint32 {
	end := 0
	if right {
		end = 1
	}
	for i := range pos {
		switch pos[i][end] {
		case from:
			pos[i][end] = to
		case to:
			pos[i][end] = from
		}
	}
	return scodec.PackWirePositions(pos)
}

// resize changes the number of wires and pins, putting wires that no
// longer fit back on free pins in order.
func (ed *wirePuzzleEditor) resize() {
	wires, pins := ed.wires.Value(), ed.pins.Value()
	if wires > pins {
		wires = pins
	}
	fit := func(pos [][2]int) uint32 {
		out := make([][2]int, wires)
		for i := range out {
			out[i] = [2]int{i, i}
			if i < len(pos) && pos[i][0] < pins && pos[i][1] < pins {
				out[i] = pos[i]
			}
		}
		for end := range 2 { // free pins for wires that clash
			used := map[int]bool{}
			for i := range out {
				for used[out[i][end]] {
					out[i][end] = (out[i][end] + 1) % pins
				}
				used[out[i][end]] = true
			}
		}
		return scodec.PackWirePositions(out)
	}
	current, targets := ed.puzzle.CurrentPositions(), ed.puzzle.TargetPositions()
	ed.puzzle.Wires, ed.puzzle.Pins = uint8(wires), uint8(pins)
	ed.puzzle.Current, ed.puzzle.Targets = fit(current), fit(targets)
	ed.changed()
}

// changed shows the boards again and says whether the target score can
// be reached.
func (ed *wirePuzzleEditor) changed() {
	ed.start.Set(ed.puzzle.PinCount(), ed.puzzle.CurrentPositions())
	ed.target.Set(ed.puzzle.PinCount(), ed.puzzle.TargetPositions())
	ed.moves.SetText("")
	now := ed.puzzle.ScoreOf(ed.puzzle.CurrentPositions())
	sol, err := ed.puzzle.Solve()
	ed.solution = sol
	switch {
	case err != nil:
		ed.verdict.SetText("Cannot be played: " + err.Error())
	case !sol.Solvable:
		ed.verdict.SetText(fmt.Sprintf("Not solvable: the best arrangement scores %d, short of the target %d.", sol.Score, ed.puzzle.Score()))
	case len(sol.Moves) == 0:
		ed.verdict.SetText(fmt.Sprintf("Solved already: the start scores %d of the target %d.", now, ed.puzzle.Score()))
	default:
		ed.verdict.SetText(fmt.Sprintf("Solvable in %s: the start scores %d, the target is %d.", document.Count(len(sol.Moves), "move"), now, ed.puzzle.Score()))
	}
}

// describeMoves lists the solution's moves.
func (ed *wirePuzzleEditor) describeMoves() string {
	if len(ed.solution.Moves) == 0 {
		return "No moves to show."
	}
	var b strings.Builder
	for k, m := range ed.solution.Moves {
		side := "left"
		if m.Right {
			side = "right"
		}
		fmt.Fprintf(&b, "%d. %s pin %d to pin %d\n", k+1, side, m.From+1, m.To+1)
	}
	return strings.TrimSpace(b.String())
}

// puzzleDialog shows a puzzle editor with Apply and Cancel.
func puzzleDialog(h game.Host, title string, content fyne.CanvasObject, apply func() error) {
	d := dialog.NewCustomConfirm(title, "Apply", "Cancel", container.NewVScroll(content), func(ok bool) {
		if !ok {
			return
		}
		if err := apply(); err != nil {
			h.ShowError(err)
		}
	}, h.Window())
	d.Resize(fyne.NewSize(720, 640))
	h.Show(d)
}

package shock

import (
	"fmt"
	"math/bits"
)

// The limits on wire puzzles: p3 and p4 hold 6 bits per wire in 32 bits,
// so five wires (the game's MAX_P_WIRES of 6 does not fit), and a pin is
// 3 bits.
const (
	MaxWires = 5
	MaxPins  = 8
)

// Validate reports what the game cannot show or play: too many wires or
// pins, and pins out of range or shared.
func (w WirePuzzle) Validate() error {
	wires, pins := w.WireCount(), w.PinCount()
	if wires > MaxWires || pins > MaxPins || wires > pins {
		return fmt.Errorf("%d wires on %d pins: the panel takes up to %d wires, up to %d pins, and no more wires than pins", wires, pins, MaxWires, MaxPins)
	}
	for _, side := range []struct {
		name string
		pos  [][2]int
	}{{"current", w.CurrentPositions()}, {"target", w.TargetPositions()}} {
		for end := range 2 {
			used := 0
			for i, p := range side.pos {
				if p[end] >= pins {
					return fmt.Errorf("wire %d's %s %s pin is %d, past the %d pins", i, side.name, [2]string{"left", "right"}[end], p[end], pins)
				}
				if used&(1<<p[end]) != 0 {
					return fmt.Errorf("two wires share %s %s pin %d", side.name, [2]string{"left", "right"}[end], p[end])
				}
				used |= 1 << p[end]
			}
		}
	}
	return nil
}

// WireMove picks up the end of a wire on one side (Right false: the left
// column) at pin From and puts it down at pin To; a wire already at To
// swaps places with it, as the game's panel does.
type WireMove struct {
	Right    bool
	From, To int
}

// WireSolution is a list of moves that brings a wire puzzle's score to
// its target or, when none can, to the best score there is. Shortest says
// the list is proven shortest; a search too large for its budget falls
// back to placing wires one at a time.
type WireSolution struct {
	Solvable bool
	Moves    []WireMove
	Score    int // the score after the moves
	Shortest bool
}

// wireSolveBudget bounds the pairs of arrangements the exact search
// scores before it settles for the wire-by-wire solution.
const wireSolveBudget = 4_000_000

// ScoreOf is the game's score of an arrangement (wirepos_score, without
// the genius drug's bonus): per wire, 6 when it sits on its target pins,
// else partial credit by the puzzle's scoring algorithm, scaled so that
// all wires right give about 255. The game adds a random jitter of up to
// a quarter of the scale either way when it compares with the target.
func (w WirePuzzle) ScoreOf(current [][2]int) int {
	var cur, targ wireArrangement
	copy(cur[:], current)
	copy(targ[:], w.TargetPositions())
	return w.score(&cur, &targ, w.WireCount())
}

// wireArrangement is each wire's left and right pin, for as many wires
// as p2's 4 bits can count.
type wireArrangement [15][2]int

func (w WirePuzzle) score(cur, targets *wireArrangement, n int) int {
	sc := 0
	for i := range n {
		c, t := cur[i], targets[i]
		if w.Algorithm != 0 {
			switch {
			case c == t:
				sc += 6
			case c[0] == t[0] || c[1] == t[1]:
				sc += 2
			case c[0]-c[1] == t[0]-t[1]:
				sc += 3
			}
			continue
		}
		best := 0
		for j := range n {
			// The game compares wire i with target j, but its position
			// test mixes wire i's left end with wire j's right end.
			switch {
			case c == targets[j]:
				best = 6
			case c[0] == t[0] || cur[j][1] == t[1]:
				best = max(best, 1)
			case c[0]-c[1] == targets[j][0]-targets[j][1]:
				best = max(best, 3)
			}
		}
		sc += best
	}
	scale := (256 << 2) / (6 * n) & 0xFF
	return min(sc*scale>>2, 255)
}

// Solve finds moves that bring the score to the target score.
func (w WirePuzzle) Solve() (WireSolution, error) {
	if err := w.Validate(); err != nil {
		return WireSolution{}, err
	}
	s := newWireSearch(w)
	if sol, ok := s.exact(); ok {
		return sol, nil
	}
	return s.wireByWire(), nil
}

// wireSearch holds one side's arrangements: each wire's pin, 3 bits per
// wire, reachable from the start, with their distances in moves.
type wireSearch struct {
	w           WirePuzzle
	wires, pins int
	target      int
	start       [][2]int
	targets     wireArrangement
	left, right *sideSpace
}

type sideSpace struct {
	start  uint32
	layers [][]uint32          // the arrangements d moves away, by d
	parent map[uint32]WireMove // the move that first reached each, but the start
}

func newWireSearch(w WirePuzzle) *wireSearch {
	s := &wireSearch{w: w, wires: w.WireCount(), pins: w.PinCount(), target: w.Score(), start: w.CurrentPositions()}
	copy(s.targets[:], w.TargetPositions())
	s.left, s.right = s.side(0), s.side(1)
	return s
}

func packSide(pos [][2]int, end int) uint32 {
	var v uint32
	for i, p := range pos {
		v |= uint32(p[end]) << (3 * i)
	}
	return v
}

func (s *wireSearch) pin(v uint32, wire int) int { return int(v >> (3 * wire) & 7) }

// move applies a move to one side's arrangement.
func (s *wireSearch) move(v uint32, from, to int) uint32 {
	for i := range s.wires {
		switch s.pin(v, i) {
		case from:
			v = v&^(7<<(3*i)) | uint32(to)<<(3*i)
		case to:
			v = v&^(7<<(3*i)) | uint32(from)<<(3*i)
		}
	}
	return v
}

// side runs a breadth-first search over one side's arrangements.
func (s *wireSearch) side(end int) *sideSpace {
	start := packSide(s.start, end)
	sp := &sideSpace{start: start, layers: [][]uint32{{start}}, parent: map[uint32]WireMove{}}
	for d := 0; len(sp.layers[d]) > 0; d++ {
		var next []uint32
		for _, v := range sp.layers[d] {
			for i := range s.wires {
				from := s.pin(v, i)
				for to := range s.pins {
					if to == from {
						continue
					}
					u := s.move(v, from, to)
					if _, seen := sp.parent[u]; !seen && u != start {
						sp.parent[u] = WireMove{Right: end == 1, From: from, To: to}
						next = append(next, u)
					}
				}
			}
		}
		sp.layers = append(sp.layers, next)
	}
	return sp
}

func (s *wireSearch) arrangement(l, r uint32) wireArrangement {
	var a wireArrangement
	for i := range s.wires {
		a[i] = [2]int{s.pin(l, i), s.pin(r, i)}
	}
	return a
}

// path is the moves from the start to v on one side.
func (s *wireSearch) path(sp *sideSpace, v uint32) []WireMove {
	var moves []WireMove
	for v != sp.start {
		m := sp.parent[v]
		moves = append([]WireMove{m}, moves...)
		v = s.move(v, m.To, m.From)
	}
	return moves
}

// exact scores pairs of arrangements in order of their total distance
// and returns the first that reaches the target; ok is false when the
// budget ran out first.
func (s *wireSearch) exact() (WireSolution, bool) {
	budget := wireSolveBudget
	maxD := len(s.left.layers) + len(s.right.layers)
	best, bestL, bestR := -1, uint32(0), uint32(0)
	for d := 0; d <= maxD; d++ {
		for dl := 0; dl <= d && dl < len(s.left.layers); dl++ {
			dr := d - dl
			if dr >= len(s.right.layers) {
				continue
			}
			for _, l := range s.left.layers[dl] {
				for _, r := range s.right.layers[dr] {
					if budget--; budget < 0 {
						return WireSolution{}, false
					}
					sc := s.scorePacked(l, r)
					if sc > best {
						best, bestL, bestR = sc, l, r
					}
					if sc >= s.target {
						return s.solution(l, r, sc), true
					}
				}
			}
		}
	}
	// Every arrangement was scored and none reaches the target.
	return s.solution(bestL, bestR, best), true
}

// solution is the proven shortest moves to the arrangement (l, r).
func (s *wireSearch) solution(l, r uint32, score int) WireSolution {
	return WireSolution{Solvable: score >= s.target, Moves: append(s.path(s.left, l), s.path(s.right, r)...), Score: score, Shortest: true}
}

// scorePacked is the score of the arrangement (l, r).
func (s *wireSearch) scorePacked(l, r uint32) int {
	a := s.arrangement(l, r)
	return s.w.score(&a, &s.targets, s.wires)
}

// wireByWire places the wires on their targets one at a time, as the
// game's logic probe does, and stops as soon as the score is reached.
func (s *wireSearch) wireByWire() WireSolution {
	sides := [2]uint32{s.left.start, s.right.start}
	var moves []WireMove
	sc := s.scorePacked(sides[0], sides[1])
	for i := 0; i < s.wires && sc < s.target; i++ {
		for end := range 2 {
			from, to := s.pin(sides[end], i), s.targets[i][end]
			if from != to {
				sides[end] = s.move(sides[end], from, to)
				moves = append(moves, WireMove{Right: end == 1, From: from, To: to})
			}
		}
		sc = s.scorePacked(sides[0], sides[1])
	}
	return WireSolution{Solvable: sc >= s.target, Moves: moves, Score: sc}
}

// Validate reports a block puzzle the game's panel cannot hold: a grid
// over 6 rows by 7 columns, or a source or destination off its edge; and
// cells that do not fill the grid.
func (b BlockPuzzle) Validate() error {
	if b.Rows == 0 || b.Cols == 0 || b.Rows > MaxBlockRows || b.Cols > MaxBlockCols {
		return fmt.Errorf("a %dx%d grid: the panel holds 1 to %d rows of 1 to %d columns", b.Rows, b.Cols, MaxBlockRows, MaxBlockCols)
	}
	if len(b.Cells) != int(b.Rows)*int(b.Cols) {
		return fmt.Errorf("a %dx%d grid with %d cells", b.Rows, b.Cols, len(b.Cells))
	}
	for _, e := range []struct {
		name string
		v    uint8
	}{{"source", b.Source}, {"destination", b.Dest}} {
		if _, _, ok := b.perimeter(e.v); !ok {
			return fmt.Errorf("%s %#x is off the grid's edge", e.name, e.v)
		}
	}
	return nil
}

// perimeter is the cell a source or destination byte names: bits 3-4
// pick the edge (top row, bottom row, left column, right column), bits
// 0-2 the place along it.
func (b BlockPuzzle) perimeter(v uint8) (row, col int, ok bool) {
	along := int(v & 7)
	switch v >> 3 & 3 {
	case 0:
		row, col = 0, along
	case 1:
		row, col = int(b.Rows)-1, along
	case 2:
		row, col = along, 0
	default:
		row, col = along, int(b.Cols)-1
	}
	return row, col, row < int(b.Rows) && col < int(b.Cols) && v < 0x20
}

// BlockMove is a click on a cell.
type BlockMove struct{ Row, Col int }

// BlockSolution says whether the start state can be brought to carry
// charge from source to destination, and a list of clicks that does it,
// proven shortest when Shortest is set.
type BlockSolution struct {
	Solvable bool
	Moves    []BlockMove
	Shortest bool
}

// blockStateBudget bounds the states the block solver visits.
const blockStateBudget = 400_000

// Move applies a click to the cells as the game's panel does
// (gridpanel_move): a click on a switch toggles the switches its control
// algorithm reaches; a click elsewhere does nothing.
func (b BlockPuzzle) Move(cells []uint8, row, col int) {
	rows, cols := int(b.Rows), int(b.Cols)
	get := func(r, c int) uint8 {
		if r < 0 || c < 0 || r >= rows || c >= cols {
			return CellEmpty
		}
		return uncharged(cells[c+r*cols])
	}
	toggle := func(r, c int) {
		switch get(r, c) {
		case CellOpen:
			cells[c+r*cols] = CellClosed
		case CellClosed:
			cells[c+r*cols] = CellOpen
		}
	}
	s := get(row, col)
	if s != CellOpen && s != CellClosed {
		return
	}
	switch b.Algorithm {
	case BlockSimple:
		toggle(row, col)
	case BlockKing:
		for r := row - 1; r <= row+1; r++ {
			for c := col - 1; c <= col+1; c++ {
				toggle(r, c)
			}
		}
	case BlockRook, BlockQueen, BlockBishop:
		if b.Algorithm != BlockBishop {
			for r := range rows {
				toggle(r, col)
			}
			for c := range cols {
				if c != col {
					toggle(row, c)
				}
			}
		}
		if b.Algorithm != BlockRook {
			for r := range rows {
				toggle(r, col+row-r)
				toggle(r, col-row+r)
			}
			// The centre turns once, whatever the diagonals did to it.
			cells[col+row*cols] = s
			toggle(row, col)
		}
	}
}

func uncharged(s uint8) uint8 {
	if s == CellOpen {
		return s
	}
	return s &^ 1
}

// blockGrid is a block puzzle as bit masks over its cells, for search.
type blockGrid struct {
	rows, cols  int
	switches    uint64 // open or closed cells: what clicks change
	full, gates uint64
	src, dest   uint64
	notLeft     uint64 // cells with a neighbour to their left
	notRight    uint64
	all         uint64
	clicks      []int    // the switch cells, in cell order
	masks       []uint64 // what each click toggles
}

func (b BlockPuzzle) grid() blockGrid {
	g := blockGrid{rows: int(b.Rows), cols: int(b.Cols)}
	n := g.rows * g.cols
	g.all = 1<<n - 1
	for i := range n {
		switch uncharged(b.Cells[i]) {
		case CellOpen, CellClosed:
			g.switches |= 1 << i
		case CellFull:
			g.full |= 1 << i
		case CellGate:
			g.gates |= 1 << i
		}
		if i%g.cols != 0 {
			g.notLeft |= 1 << i
		}
		if i%g.cols != g.cols-1 {
			g.notRight |= 1 << i
		}
	}
	r, c, _ := b.perimeter(b.Source)
	g.src = 1 << (c + r*g.cols)
	r, c, _ = b.perimeter(b.Dest)
	g.dest = 1 << (c + r*g.cols)
	for i := range n {
		if g.switches&(1<<i) == 0 {
			continue
		}
		cells := make([]uint8, n)
		for k := range cells {
			if g.switches&(1<<k) != 0 {
				cells[k] = CellOpen
			}
		}
		b.Move(cells, i/g.cols, i%g.cols)
		var m uint64
		for k, v := range cells {
			if v == CellClosed {
				m |= 1 << k
			}
		}
		g.clicks = append(g.clicks, i)
		g.masks = append(g.masks, m)
	}
	return g
}

// click is the move that clicks switch k.
func (g blockGrid) click(k int) BlockMove {
	return BlockMove{g.clicks[k] / g.cols, g.clicks[k] % g.cols}
}

// closedOf is the mask of closed switches among cells.
func (g blockGrid) closedOf(cells []uint8) uint64 {
	var m uint64
	for i := range g.rows * g.cols {
		if uncharged(cells[i]) == CellClosed {
			m |= 1 << i
		}
	}
	return m
}

// wins reports whether charge reaches the destination with the given
// switches closed (gpz_propogate_charge_n_check): closed switches and
// full cells carry charge from a charged neighbour, gates from two, and
// the source cell has a charged neighbour outside the grid.
func (g blockGrid) wins(closed uint64) bool {
	carry := closed | g.full
	charged := g.src & carry
	for {
		up, down := charged>>g.cols, charged<<g.cols&g.all
		left, right := charged>>1&g.notRight, charged<<1&g.notLeft
		any := up | down | left | right | g.src
		two := up&(down|left|right|g.src) | down&(left|right|g.src) | left&(right|g.src) | right&g.src
		next := charged | carry&any | g.gates&two
		if next == charged {
			return charged&g.dest != 0
		}
		charged = next
	}
}

// Solve searches the states the start state reaches, nearest first, for
// one that carries charge to the destination. Clicks commute and undo
// themselves, so a shortest solution clicks each cell at most once.
func (b BlockPuzzle) Solve() (BlockSolution, error) {
	if err := b.Validate(); err != nil {
		return BlockSolution{}, err
	}
	g := b.grid()
	start := g.closedOf(b.Cells)
	if g.wins(start) {
		return BlockSolution{Solvable: true, Shortest: true}, nil
	}
	// Charge only grows with more closed switches: if all of them closed
	// cannot carry it, no state can.
	if !g.wins(g.switches) {
		return BlockSolution{Shortest: true}, nil
	}
	type visit struct {
		from  uint64
		click int
	}
	seen := map[uint64]visit{start: {click: -1}}
	layer := []uint64{start}
	for len(layer) > 0 {
		var next []uint64
		for _, s := range layer {
			for k, m := range g.masks {
				t := s ^ m
				if _, ok := seen[t]; ok {
					continue
				}
				seen[t] = visit{s, k}
				if g.wins(t) {
					var moves []BlockMove
					for v := t; seen[v].click >= 0; v = seen[v].from {
						moves = append([]BlockMove{g.click(seen[v].click)}, moves...)
					}
					return BlockSolution{Solvable: true, Moves: moves, Shortest: true}, nil
				}
				if len(seen) > blockStateBudget {
					return g.anyWinning(start)
				}
				next = append(next, t)
			}
		}
		layer = next
	}
	return BlockSolution{Shortest: true}, nil
}

// anyWinning answers when the breadth-first search is too large: a
// depth-first search over the reachable states, which are the start
// plus any combination of a reduced basis of the clicks' masks. Each
// basis vector owns one cell (its pivot) that no other touches, so a
// state is a choice per vector. Cells not yet settled are taken as
// closed: if even that carries no charge, the branch is dropped.
func (g blockGrid) anyWinning(start uint64) (BlockSolution, error) {
	basis := reducedBasis(g.masks)
	base, _ := basis.reduce(start)
	// open[k] is the cells the vectors from k on may still change.
	open := make([]uint64, len(basis)+1)
	for k := len(basis) - 1; k >= 0; k-- {
		open[k] = open[k+1] | basis[k].v
	}
	var search func(k int, s uint64) (uint64, bool)
	search = func(k int, s uint64) (uint64, bool) {
		if !g.wins(s | open[k]) {
			return 0, false
		}
		if k == len(basis) {
			return s, true
		}
		if found, ok := search(k+1, s^basis[k].v); ok {
			return found, true
		}
		return search(k+1, s)
	}
	found, ok := search(0, base)
	if !ok {
		return BlockSolution{Shortest: true}, nil // proven unsolvable
	}
	_, clicks := basis.reduce(found ^ start)
	var moves []BlockMove
	for k := range g.masks {
		if clicks&(1<<k) != 0 {
			moves = append(moves, g.click(k))
		}
	}
	return BlockSolution{Solvable: true, Moves: moves}, nil
}

// basisVector is a sum of click masks: the cells it toggles, its pivot
// cell, and which clicks (by index) it sums.
type basisVector struct{ v, pivot, clicks uint64 }

type basis []basisVector

// reducedBasis is a basis of masks in reduced row echelon form: each
// vector's highest bit (its pivot) is clear in every other vector.
func reducedBasis(masks []uint64) basis {
	var b basis
	for k, m := range masks {
		v, clicks := b.reduce(m)
		if v == 0 {
			continue
		}
		clicks ^= 1 << k
		p := uint64(1) << (63 - bits.LeadingZeros64(v))
		for i := range b {
			if b[i].v&p != 0 {
				b[i].v ^= v
				b[i].clicks ^= clicks
			}
		}
		b = append(b, basisVector{v, p, clicks})
	}
	return b
}

// reduce clears v's bits at the basis's pivots, returning what is left
// and the clicks whose masks it took away.
func (b basis) reduce(v uint64) (rest, clicks uint64) {
	for _, bv := range b {
		if v&bv.pivot != 0 {
			v ^= bv.v
			clicks ^= bv.clicks
		}
	}
	return v, clicks
}

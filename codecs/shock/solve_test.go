package shock

import (
	"math/rand/v2"
	"testing"
)

// propagate is the game's charge propagation written cell by cell, as a
// reference for the solver's bit masks: it reports whether the
// destination ends up charged.
func propagate(b BlockPuzzle, cells []uint8) bool {
	rows, cols := int(b.Rows), int(b.Cols)
	charged := make([]bool, len(cells))
	sr, sc, _ := b.perimeter(b.Source)
	dr, dc, _ := b.perimeter(b.Dest)
	at := func(r, c int) bool {
		if r < 0 || c < 0 || r >= rows || c >= cols {
			return false
		}
		return charged[c+r*cols]
	}
	for changed := true; changed; {
		changed = false
		for r := range rows {
			for c := range cols {
				i := c + r*cols
				s := uncharged(cells[i])
				if charged[i] || (s != CellClosed && s != CellFull && s != CellGate) {
					continue
				}
				sum := 0
				for _, d := range [4][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
					if at(r+d[0], c+d[1]) {
						sum++
					}
				}
				if r == sr && c == sc {
					sum++ // the source's neighbour outside the grid
				}
				if (s == CellGate && sum >= 2) || (s != CellGate && sum > 0) {
					charged[i], changed = true, true
				}
			}
		}
	}
	return charged[dc+dr*cols]
}

func randomBlockPuzzle(rng *rand.Rand, rows, cols int, alg uint8) BlockPuzzle {
	b := BlockPuzzle{Rows: uint8(rows), Cols: uint8(cols), Algorithm: alg, Cells: make([]uint8, rows*cols)}
	states := []uint8{CellOpen, CellOpen, CellClosed, CellClosed, CellFull, CellGate, CellEmpty}
	for i := range b.Cells {
		b.Cells[i] = states[rng.IntN(len(states))]
	}
	b.Source = uint8(2<<3 | rng.IntN(rows))
	b.Dest = uint8(3<<3 | rng.IntN(rows))
	return b
}

// applyBlock plays moves on a copy of the cells.
func applyBlock(b BlockPuzzle, moves []BlockMove) []uint8 {
	cells := append([]uint8(nil), b.Cells...)
	for _, m := range moves {
		b.Move(cells, m.Row, m.Col)
	}
	return cells
}

// TestBlockSolverAgainstBruteForce: on small grids, the solver's answer
// matches trying every set of clicks, and its moves win.
func TestBlockSolverAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 400 {
		b := randomBlockPuzzle(rng, 1+rng.IntN(3), 1+rng.IntN(4), uint8(n%5))
		sol, err := b.Solve()
		if err != nil {
			t.Fatal(err)
		}
		if !sol.Shortest {
			t.Fatalf("%+v: small puzzle not searched to the end", b)
		}
		g := b.grid()
		best := -1
		for set := 0; set < 1<<len(g.clicks); set++ {
			var moves []BlockMove
			for k, i := range g.clicks {
				if set&(1<<k) != 0 {
					moves = append(moves, BlockMove{i / g.cols, i % g.cols})
				}
			}
			cells := applyBlock(b, moves)
			if g.wins(g.closedOf(cells)) != propagate(b, cells) {
				t.Fatalf("%+v after %v: bit-mask propagation disagrees with the game's", b, moves)
			}
			if propagate(b, cells) && (best < 0 || len(moves) < best) {
				best = len(moves)
			}
		}
		if sol.Solvable != (best >= 0) {
			t.Fatalf("%+v: solver says solvable %v, brute force %d", b, sol.Solvable, best)
		}
		if sol.Solvable {
			if len(sol.Moves) != best {
				t.Fatalf("%+v: %d moves, the shortest is %d", b, len(sol.Moves), best)
			}
			if !propagate(b, applyBlock(b, sol.Moves)) {
				t.Fatalf("%+v: moves %v do not win", b, sol.Moves)
			}
		}
	}
}

// TestBlockSolverEverySize: every size and control algorithm the panel
// allows gets an answer, and every answer's moves win.
func TestBlockSolverEverySize(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for rows := 1; rows <= MaxBlockRows; rows++ {
		for cols := 1; cols <= MaxBlockCols; cols++ {
			for alg := range uint8(BlockSimple + 1) {
				for range 3 {
					b := randomBlockPuzzle(rng, rows, cols, alg)
					sol, err := b.Solve()
					if err != nil {
						t.Fatalf("%dx%d algorithm %d: %v", rows, cols, alg, err)
					}
					if sol.Solvable && !propagate(b, applyBlock(b, sol.Moves)) {
						t.Fatalf("%dx%d algorithm %d: moves %v do not win", rows, cols, alg, sol.Moves)
					}
				}
			}
		}
	}
}

func applyWire(w WirePuzzle, moves []WireMove) [][2]int {
	cur := w.CurrentPositions()
	for _, m := range moves {
		end := 0
		if m.Right {
			end = 1
		}
		for i := range cur {
			switch cur[i][end] {
			case m.From:
				cur[i][end] = m.To
			case m.To:
				cur[i][end] = m.From
			}
		}
	}
	return cur
}

func randomWirePuzzle(rng *rand.Rand, wires, pins int) WirePuzzle {
	side := func() [][2]int {
		l, r := rng.Perm(pins), rng.Perm(pins)
		pos := make([][2]int, wires)
		for i := range pos {
			pos[i] = [2]int{l[i], r[i]}
		}
		return pos
	}
	return WirePuzzle{Wires: uint8(wires), Pins: uint8(pins), TargetScore: uint8(100 + rng.IntN(156)), Algorithm: uint8(rng.IntN(2)),
		Targets: PackWirePositions(side()), Current: PackWirePositions(side())}
}

// TestWireSolverEverySize: every wire and pin count gets moves that reach
// the target, or a proof that no arrangement does.
func TestWireSolverEverySize(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for wires := 1; wires <= MaxWires; wires++ {
		for pins := wires; pins <= MaxPins; pins++ {
			for range 4 {
				w := randomWirePuzzle(rng, wires, pins)
				if w.Targets == 0 || w.Current == 0 {
					continue // zero means the game's default layout
				}
				sol, err := w.Solve()
				if err != nil {
					t.Fatalf("%d wires, %d pins: %v", wires, pins, err)
				}
				if got := w.ScoreOf(applyWire(w, sol.Moves)); got != sol.Score || sol.Solvable != (got >= w.Score()) {
					t.Fatalf("%d wires, %d pins: moves %v score %d, solution says %d (solvable %v, target %d)", wires, pins, sol.Moves, got, sol.Score, sol.Solvable, w.Score())
				}
				if !sol.Solvable {
					if !sol.Shortest {
						t.Fatalf("%d wires, %d pins: unsolvable without a full search", wires, pins)
					}
					// The targets themselves score the most a puzzle can.
					if all := w.ScoreOf(w.TargetPositions()); all >= w.Score() {
						t.Fatalf("unsolvable, yet the target arrangement scores %d of %d", all, w.Score())
					}
				}
			}
		}
	}
}

// TestWireScoreOfTargets: wires on their targets score the scaled maximum.
func TestWireScoreOfTargets(t *testing.T) {
	for wires, want := range map[int]int{1: 255, 2: 255, 3: 252, 4: 252, 5: 255, 6: 252} {
		w := WirePuzzle{Wires: uint8(wires), Pins: 8, Algorithm: 1, Targets: PackWirePositions([][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}}[:wires])}
		if got := w.ScoreOf(w.TargetPositions()); got != want {
			t.Errorf("%d wires: %d, want %d", wires, got, want)
		}
	}
}

func TestCorpusPuzzlesSolve(t *testing.T) {
	_, a := decodeBytes(t, corpusArchive(t))
	solved := 0
	for _, l := range a.Levels {
		if l == nil {
			continue
		}
		for id, o := range l.Objects {
			if o.Active == 0 || o.Class != ClassFixture {
				continue
			}
			f := DecodeFixture(l.Classes[ClassFixture][o.SpecID].Data)
			kind, ok := PuzzlePanel(o, f)
			if !ok {
				continue
			}
			if kind == PuzzleWire {
				sol, err := DecodeWirePuzzle(f).Solve()
				if err != nil || !sol.Solvable {
					t.Fatalf("level %d wire puzzle %d: %+v %v", l.Index, id, sol, err)
				}
				t.Logf("level %d wire puzzle %d: %d moves", l.Index, id, len(sol.Moves))
			} else {
				_, state, ok := l.StateTrap(f)
				if !ok {
					t.Fatalf("level %d block puzzle %d has no state trap", l.Index, id)
				}
				b := DecodeBlockPuzzle(f, state)
				sol, err := b.Solve()
				if err != nil || !sol.Solvable || !propagate(b, applyBlock(b, sol.Moves)) {
					t.Fatalf("level %d block puzzle %d: %+v %v", l.Index, id, sol, err)
				}
				t.Logf("level %d block puzzle %d (%dx%d, algorithm %d): %d moves %v", l.Index, id, b.Rows, b.Cols, b.Algorithm, len(sol.Moves), sol.Moves)
			}
			solved++
		}
	}
	if solved == 0 {
		t.Fatal("no puzzles in the corpus archive")
	}
}

// BenchmarkBlockSolveLargest solves random 6x7 puzzles under each control
// algorithm.
func BenchmarkBlockSolveLargest(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 8))
	puzzles := make([]BlockPuzzle, 50)
	for i := range puzzles {
		puzzles[i] = randomBlockPuzzle(rng, MaxBlockRows, MaxBlockCols, uint8(i%5))
	}
	for i := 0; b.Loop(); i++ {
		if _, err := puzzles[i%len(puzzles)].Solve(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWireSolveLargest solves random puzzles of 5 wires on 8 pins.
func BenchmarkWireSolveLargest(b *testing.B) {
	rng := rand.New(rand.NewPCG(9, 10))
	puzzles := make([]WirePuzzle, 20)
	for i := range puzzles {
		puzzles[i] = randomWirePuzzle(rng, 5, MaxPins)
	}
	for i := 0; b.Loop(); i++ {
		if _, err := puzzles[i%len(puzzles)].Solve(); err != nil {
			b.Fatal(err)
		}
	}
}

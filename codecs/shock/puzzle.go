package shock

// Puzzle kinds, bits 28-31 of a panel's p2 (mfdpanel.c).
const (
	PuzzleWire  = 0
	PuzzleBlock = 1
)

// PuzzleKind is the kind of puzzle a panel (fixture subclass 3) holds.
func PuzzleKind(f Fixture) int { return int(f.P[1] >> 28) }

// The game's layouts when a wire puzzle stores 0 for them.
const (
	DefaultWireTargets = 0x1c342a50
	DefaultWireCurrent = 0x0cb530a1
)

// WirePuzzle is a wire puzzle as its panel stores it. Zero Wires, Pins,
// TargetScore, Targets or Current mean the game's defaults; the methods
// give the values in force.
type WirePuzzle struct {
	Frob        uint32 // object set off when solved (p1)
	Wires       uint8  // p2 bits 0-3; 0 means 4
	Pins        uint8  // bits 4-7; 0 means 6
	TargetScore uint8  // bits 8-15; 0 means 128
	Algorithm   uint8  // bits 16-19
	Solved      uint8  // bits 20-23
	Unused      uint8  // bits 24-27
	Targets     uint32 // p3: per wire, 3 bits left pin then 3 bits right pin
	Current     uint32 // p4, laid out the same
}

// DecodeWirePuzzle reads a wire puzzle from its panel.
func DecodeWirePuzzle(f Fixture) WirePuzzle {
	p2 := f.P[1]
	return WirePuzzle{Frob: f.P[0], Wires: uint8(p2 & 0xF), Pins: uint8(p2 >> 4 & 0xF), TargetScore: uint8(p2 >> 8),
		Algorithm: uint8(p2 >> 16 & 0xF), Solved: uint8(p2 >> 20 & 0xF), Unused: uint8(p2 >> 24 & 0xF),
		Targets: f.P[2], Current: f.P[3]}
}

// Encode writes w into its panel.
func (w WirePuzzle) Encode(f *Fixture) {
	f.P[0] = w.Frob
	f.P[1] = PuzzleWire<<28 | uint32(w.Unused&0xF)<<24 | uint32(w.Solved&0xF)<<20 | uint32(w.Algorithm&0xF)<<16 |
		uint32(w.TargetScore)<<8 | uint32(w.Pins&0xF)<<4 | uint32(w.Wires&0xF)
	f.P[2], f.P[3] = w.Targets, w.Current
}

// WireCount is the number of wires in force.
func (w WirePuzzle) WireCount() int { return orDefault(int(w.Wires), 4) }

// PinCount is the number of pins on each side in force.
func (w WirePuzzle) PinCount() int { return orDefault(int(w.Pins), 6) }

// Score is the target score in force.
func (w WirePuzzle) Score() int { return orDefault(int(w.TargetScore), 128) }

func orDefault(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}

// TargetPositions are each wire's left and right pins in the solution.
func (w WirePuzzle) TargetPositions() [][2]int {
	return wirePositions(w.Targets, DefaultWireTargets, w.WireCount())
}

// CurrentPositions are each wire's left and right pins as the puzzle starts.
func (w WirePuzzle) CurrentPositions() [][2]int {
	return wirePositions(w.Current, DefaultWireCurrent, w.WireCount())
}

func wirePositions(packed, def uint32, wires int) [][2]int {
	if packed == 0 {
		packed = def
	}
	pos := make([][2]int, wires)
	for i := range pos {
		pos[i] = [2]int{int(packed >> (6 * i) & 7), int(packed >> (6*i + 3) & 7)}
	}
	return pos
}

// PackWirePositions packs pin pairs as Targets and Current hold them.
func PackWirePositions(pos [][2]int) uint32 {
	var v uint32
	for i, p := range pos {
		v |= uint32(p[0]&7)<<(6*i) | uint32(p[1]&7)<<(6*i+3)
	}
	return v
}

// Block puzzle control algorithms, p3 bits 28-31.
const (
	BlockRook = iota
	BlockKing
	BlockBishop
	BlockQueen
	BlockSimple
)

// Block puzzle cell states, 3 bits each (gpz_state in mfdpanel.h). An
// odd value is the charged form of the state below it; the files hold
// uncharged states.
const (
	CellEmpty  = 0 // no node: carries nothing
	CellOpen   = 1 // an open switch: carries nothing until closed
	CellClosed = 2 // a closed switch: carries charge
	CellFull   = 4 // a fixed conductor
	CellGate   = 6 // carries charge when two neighbours do
)

// The largest block puzzle the game's panel shows (GRIDP_BTN_ROW and
// GRIDP_BTN_COL), which is also what the state trap's 128 bits hold.
const (
	MaxBlockRows = 6
	MaxBlockCols = 7
)

// BlockPuzzle is a block (power grid) puzzle: the panel holds its shape,
// a class-12 state trap holds the cells.
type BlockPuzzle struct {
	Frob      uint32 // object set off when solved (p1)
	StateTrap uint16 // p2 bits 0-15: the object holding the cells
	P2Middle  uint16 // p2 bits 16-27, kept as found
	Solved    uint8  // p3 bits 0-3
	Source    uint8  // bits 4-11
	Dest      uint8  // bits 12-19
	Cols      uint8  // bits 20-23
	Rows      uint8  // bits 24-27
	Algorithm uint8  // bits 28-31
	Cells     []uint8
}

// maxBlockCells is how many 3-bit cells the state trap's 128 bits hold.
const maxBlockCells = 128 / 3

// DecodeBlockPuzzle reads a block puzzle from its panel and its state trap.
func DecodeBlockPuzzle(panel Fixture, state Trap) BlockPuzzle {
	p2, p3 := panel.P[1], panel.P[2]
	b := BlockPuzzle{Frob: panel.P[0], StateTrap: uint16(p2), P2Middle: uint16(p2 >> 16 & 0xFFF),
		Solved: uint8(p3 & 0xF), Source: uint8(p3 >> 4), Dest: uint8(p3 >> 12), Cols: uint8(p3 >> 20 & 0xF),
		Rows: uint8(p3 >> 24 & 0xF), Algorithm: uint8(p3 >> 28)}
	cells := stateCells(state)
	b.Cells = make([]uint8, min(int(b.Cols)*int(b.Rows), maxBlockCells))
	for i := range b.Cells {
		b.Cells[i] = cells.get(i)
	}
	return b
}

// cellBits is a state trap's parameters as one 128-bit array: p4 holds
// bits 0-31, then p3, p2 and p1.
type cellBits [2]uint64

func stateCells(state Trap) cellBits {
	return cellBits{uint64(state.P[3]) | uint64(state.P[2])<<32, uint64(state.P[1]) | uint64(state.P[0])<<32}
}

func (c cellBits) bit(k int) uint8 { return uint8(c[k/64] >> (k % 64) & 1) }

func (c *cellBits) setBit(k int, v uint8) {
	c[k/64] = c[k/64]&^(1<<(k%64)) | uint64(v&1)<<(k%64)
}

// get is cell i's 3-bit state.
func (c cellBits) get(i int) uint8 { return c.bit(3*i) | c.bit(3*i+1)<<1 | c.bit(3*i+2)<<2 }

func (c *cellBits) set(i int, v uint8) {
	for k := range 3 {
		c.setBit(3*i+k, v>>k)
	}
}

// Encode writes b into its panel and its state trap, changing only the
// state trap's bits that hold cells.
func (b BlockPuzzle) Encode(panel *Fixture, state *Trap) {
	panel.P[0] = b.Frob
	panel.P[1] = PuzzleBlock<<28 | uint32(b.P2Middle&0xFFF)<<16 | uint32(b.StateTrap)
	panel.P[2] = uint32(b.Algorithm&0xF)<<28 | uint32(b.Rows&0xF)<<24 | uint32(b.Cols&0xF)<<20 |
		uint32(b.Dest)<<12 | uint32(b.Source)<<4 | uint32(b.Solved&0xF)
	cells := stateCells(*state)
	for i, v := range b.Cells[:min(len(b.Cells), maxBlockCells)] {
		cells.set(i, v)
	}
	state.P[3], state.P[2] = uint32(cells[0]), uint32(cells[0]>>32)
	state.P[1], state.P[0] = uint32(cells[1]), uint32(cells[1]>>32)
}

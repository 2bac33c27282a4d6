package marathon

import (
	"fmt"

	"github.com/levelwright/levelwright/codecs/bin"
)

// Terminal is one terminal of a term chunk: its groups (pages of logon,
// information, pictures, checkpoints...), its text faces (style and colour
// changes), and its text, kept as stored.
type Terminal struct {
	Flags     uint16 // TerminalTextEncoded: the text is stored XOR-scrambled
	PageLines uint16
	Groups    []TerminalGroup
	Faces     []TextFace
	RawText   []byte // as stored, scrambled when Flags says so
}

// TerminalTextEncoded is the terminal flag of scrambled text.
const TerminalTextEncoded = 0x0001

// TerminalGroup is a group of a terminal: a page type, its permutation and
// the part of the text it shows.
type TerminalGroup struct {
	Flags, Type  uint16
	Permutation  int16
	TextOffset   uint16
	TextLength   uint16
	MaximumLines uint16
}

// TextFace changes the text style and colour at an offset.
type TextFace struct {
	TextOffset uint16
	Face       uint16
	Color      uint16
}

const (
	terminalHeaderSize = 10
	terminalGroupSize  = 12
	textFaceSize       = 6
)

// Text is the terminal's text, unscrambled.
func (t *Terminal) Text() []byte {
	text := append([]byte(nil), t.RawText...)
	if t.Flags&TerminalTextEncoded != 0 {
		scramble(text)
	}
	return text
}

// SetText stores text, scrambling it when the terminal's flags say so.
func (t *Terminal) SetText(text []byte) {
	t.RawText = append([]byte(nil), text...)
	if t.Flags&TerminalTextEncoded != 0 {
		scramble(t.RawText)
	}
}

// scramble applies the terminal text XOR, which is its own inverse: in
// each 4 bytes the last two are XORed with FE ED; leftover bytes with FE.
func scramble(b []byte) {
	n := len(b) / 4 * 4
	for i := 0; i < n; i += 4 {
		b[i+2] ^= 0xFE
		b[i+3] ^= 0xED
	}
	for i := n; i < len(b); i++ {
		b[i] ^= 0xFE
	}
}

// DecodeTerminals reads a term chunk: terminals back to back, each
// starting with its total size.
func DecodeTerminals(b []byte) ([]Terminal, error) {
	var terms []Terminal
	for pos := 0; pos < len(b); {
		if pos+terminalHeaderSize > len(b) {
			return nil, bin.Errorf(int64(pos), "chunk term", "a %d-byte terminal header, %d bytes left", terminalHeaderSize, len(b)-pos)
		}
		r := reader{b: b, p: pos}
		size := int(r.u16())
		t := Terminal{Flags: r.u16(), PageLines: r.u16()}
		groups, faces := int(r.u16()), int(r.u16())
		textAt := pos + terminalHeaderSize + groups*terminalGroupSize + faces*textFaceSize
		if size < textAt-pos || pos+size > len(b) {
			return nil, bin.Errorf(int64(pos), fmt.Sprintf("chunk term, terminal %d", len(terms)),
				"a size that holds its %d groups and %d faces inside the chunk, got %d", groups, faces, size)
		}
		t.Groups = make([]TerminalGroup, groups)
		for i := range t.Groups {
			t.Groups[i] = TerminalGroup{r.u16(), r.u16(), r.i16(), r.u16(), r.u16(), r.u16()}
		}
		t.Faces = make([]TextFace, faces)
		for i := range t.Faces {
			t.Faces[i] = TextFace{r.u16(), r.u16(), r.u16()}
		}
		t.RawText = append([]byte(nil), b[textAt:pos+size]...)
		terms = append(terms, t)
		pos += size
	}
	return terms, nil
}

// EncodedSize is the number of bytes the terminal takes in a term chunk,
// which stores it in 16 bits: see MaxTerminalBytes.
func (t *Terminal) EncodedSize() int {
	return terminalHeaderSize + len(t.Groups)*terminalGroupSize + len(t.Faces)*textFaceSize + len(t.RawText)
}

// EncodeTerminals writes terminals as a term chunk.
func EncodeTerminals(terms []Terminal) []byte {
	var w writer
	for _, t := range terms {
		w.u16(uint16(t.EncodedSize()))
		w.u16(t.Flags)
		w.u16(t.PageLines)
		w.u16(uint16(len(t.Groups)))
		w.u16(uint16(len(t.Faces)))
		for _, g := range t.Groups {
			w.u16(g.Flags)
			w.u16(g.Type)
			w.i16(g.Permutation)
			w.u16(g.TextOffset)
			w.u16(g.TextLength)
			w.u16(g.MaximumLines)
		}
		for _, f := range t.Faces {
			w.u16(f.TextOffset)
			w.u16(f.Face)
			w.u16(f.Color)
		}
		w.bytes(t.RawText)
	}
	return w.b
}

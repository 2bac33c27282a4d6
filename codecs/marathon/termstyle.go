package marathon

import (
	"bytes"
	"fmt"
	"math"
	"slices"
)

// The group types of a terminal, in Aleph One's order
// (computer_interface.cpp). The permutation of a group means what the
// type says: a picture id for logon, logoff and picture groups, a level
// for an interlevel teleport, a polygon for an intralevel teleport, a
// goal (an object of the goal kind with that index) for a checkpoint, a
// sound, movie or track id, an object for a camera, ticks of static, a
// tag to activate.
const (
	GroupLogon = iota
	GroupUnfinished
	GroupSuccess
	GroupFailure
	GroupInformation
	GroupEnd
	GroupInterlevelTeleport
	GroupIntralevelTeleport
	GroupCheckpoint
	GroupSound
	GroupMovie
	GroupTrack
	GroupPicture
	GroupLogoff
	GroupCamera
	GroupStatic
	GroupTag
	NumGroupTypes
)

var groupTypeNames = [NumGroupTypes]string{"logon", "unfinished", "success", "failure", "information", "end",
	"interlevel teleport", "intralevel teleport", "checkpoint", "sound", "movie", "track", "picture", "logoff",
	"camera", "static", "tag"}

// GroupTypeName is the name of group type t, or "type N" for one the
// engine does not know.
func GroupTypeName(t uint16) string {
	if int(t) < NumGroupTypes {
		return groupTypeNames[t]
	}
	return fmt.Sprintf("type %d", t)
}

// GroupTypeNames is the names of the group types, by type.
func GroupTypeNames() []string { return groupTypeNames[:] }

// The group flags: where a picture or checkpoint map goes.
const (
	GroupObjectOnRight = 0x01 // the picture on the right, the text on the left
	GroupCenterObject  = 0x02 // the picture centred, no text beside it
)

// The face bits of a text face.
const (
	FaceBold      = 0x01
	FaceItalic    = 0x02
	FaceUnderline = 0x04
	// FaceBits is every face bit the engine draws.
	FaceBits = FaceBold | FaceItalic | FaceUnderline
)

// MaxTextColor is the highest colour index of a text face: the engine
// draws colour c with interface colour "computer interface text" + c,
// and there are eight of them.
const MaxTextColor = 7

// TextStyle is a face and colour of terminal text.
type TextStyle struct {
	Face  uint16 `json:"face"`
	Color uint16 `json:"color"`
}

// Bold, Italic and Underline report the style's face bits.
func (s TextStyle) Bold() bool      { return s.Face&FaceBold != 0 }
func (s TextStyle) Italic() bool    { return s.Face&FaceItalic != 0 }
func (s TextStyle) Underline() bool { return s.Face&FaceUnderline != 0 }

// TextRun is text in one style. A run that starts with a stored face
// change is Marked, and its Style is that face's; the engine draws an
// unmarked run at the start of a group plain in colour 0.
type TextRun struct {
	Text   []byte    `json:"text"` // Mac Roman, unscrambled
	Style  TextStyle `json:"style"`
	Marked bool      `json:"marked"`
}

// StyledGroup is a group of a terminal with its text as runs.
type StyledGroup struct {
	Flags        uint16
	Type         uint16
	Permutation  int16
	MaximumLines uint16
	// Runs is the group's text: the bytes its offset and length name.
	Runs []TextRun
	// After is the text between the group's and the next group's (or
	// the end of the text), which no group shows: a NUL ending the
	// group in some compilers' files, nothing in others.
	After []TextRun
}

// StyledTerminal is a terminal as groups of styled text. It holds every
// byte of the terminal: Encode gives back the terminal it was decoded
// from.
type StyledTerminal struct {
	Flags     uint16 // TerminalTextEncoded: stored scrambled
	PageLines uint16
	Before    []TextRun // text before the first group's
	Groups    []StyledGroup
}

// Styled reads t's text and faces as styled groups. The engine draws
// the faces in order and each group's text in place, so a terminal
// whose groups overlap or are out of order, or whose faces go backwards
// or past the text, has no styled form: the error names the group or
// face.
func (t *Terminal) Styled() (StyledTerminal, error) {
	text := t.Text()
	st := StyledTerminal{Flags: t.Flags, PageLines: t.PageLines, Groups: make([]StyledGroup, len(t.Groups))}
	// The segments of the text, in order: before the first group, then
	// each group and what follows it.
	type segment struct {
		start, end int
		runs       *[]TextRun
	}
	var segs []segment
	pos := 0
	for i, g := range t.Groups {
		start, end := int(g.TextOffset), int(g.TextOffset)+int(g.TextLength)
		if start < pos || end > len(text) {
			return StyledTerminal{}, fmt.Errorf("group %d: text [%d,%d) is not after the previous group's (ending at %d) inside the %d-byte text",
				i, start, end, pos, len(text))
		}
		if i == 0 {
			segs = append(segs, segment{0, start, &st.Before})
		} else {
			segs[len(segs)-1].end = start
		}
		sg := &st.Groups[i]
		sg.Flags, sg.Type, sg.Permutation, sg.MaximumLines = g.Flags, g.Type, g.Permutation, g.MaximumLines
		segs = append(segs, segment{start, end, &sg.Runs}, segment{end, len(text), &sg.After})
		pos = end
	}
	if len(t.Groups) == 0 {
		segs = append(segs, segment{0, len(text), &st.Before})
	}
	f := 0
	for si, s := range segs {
		last := si == len(segs)-1
		var runs []TextRun
		at := s.start // where the open run, the last of runs, starts
		for ; f < len(t.Faces); f++ {
			face := t.Faces[f]
			off := int(face.TextOffset)
			if f > 0 && off < int(t.Faces[f-1].TextOffset) {
				return StyledTerminal{}, fmt.Errorf("face %d: offset %d is before the previous face's %d", f, off, t.Faces[f-1].TextOffset)
			}
			if off >= s.end && !(last && off == s.end) {
				break
			}
			if len(runs) > 0 {
				runs[len(runs)-1].Text = bytes.Clone(text[at:off])
			} else if off > s.start {
				runs = append(runs, TextRun{Text: bytes.Clone(text[s.start:off])})
			}
			runs = append(runs, TextRun{Style: TextStyle{face.Face, face.Color}, Marked: true})
			at = off
		}
		if len(runs) > 0 {
			runs[len(runs)-1].Text = bytes.Clone(text[at:s.end])
		} else if s.end > s.start {
			runs = append(runs, TextRun{Text: bytes.Clone(text[s.start:s.end])})
		}
		*s.runs = runs
	}
	if f < len(t.Faces) {
		return StyledTerminal{}, fmt.Errorf("face %d: offset %d is past the %d-byte text", f, t.Faces[f].TextOffset, len(text))
	}
	return st, nil
}

// Terminal writes st back as a terminal: its text (scrambled when its
// flags say so), a face for every marked run, and each group's offset
// and length. It fails when an offset does not fit 16 bits.
func (st *StyledTerminal) Terminal() (Terminal, error) {
	t := Terminal{Flags: st.Flags, PageLines: st.PageLines, Groups: make([]TerminalGroup, len(st.Groups))}
	var text []byte
	add := func(runs []TextRun) error {
		for _, r := range runs {
			if r.Marked {
				if len(text) > math.MaxUint16 {
					return fmt.Errorf("a face at offset %d: at most %d fits", len(text), math.MaxUint16)
				}
				t.Faces = append(t.Faces, TextFace{uint16(len(text)), r.Style.Face, r.Style.Color})
			}
			text = append(text, r.Text...)
		}
		return nil
	}
	if err := add(st.Before); err != nil {
		return Terminal{}, err
	}
	for i, g := range st.Groups {
		start := len(text)
		if err := add(g.Runs); err != nil {
			return Terminal{}, fmt.Errorf("group %d: %w", i, err)
		}
		if len(text) > math.MaxUint16 {
			return Terminal{}, fmt.Errorf("group %d: its text ends at %d, at most %d fits", i, len(text), math.MaxUint16)
		}
		t.Groups[i] = TerminalGroup{g.Flags, g.Type, g.Permutation, uint16(start), uint16(len(text) - start), g.MaximumLines}
		if err := add(g.After); err != nil {
			return Terminal{}, fmt.Errorf("group %d: %w", i, err)
		}
	}
	t.SetText(text)
	return t, nil
}

// MacRomanText decodes Mac OS Roman bytes, the encoding of terminal text.
func MacRomanText(b []byte) string { return macRoman(b) }

// MacRomanBytes encodes s in Mac OS Roman; a character it has no byte
// for is an error naming it and its place.
func MacRomanBytes(s string) ([]byte, error) {
	out := make([]byte, 0, len(s))
	for i, r := range []rune(s) {
		if r < 0x80 {
			out = append(out, byte(r))
			continue
		}
		c := slices.Index(macRomanHigh, r)
		if c < 0 {
			return nil, fmt.Errorf("character %d, %q, is not in Mac OS Roman", i, r)
		}
		out = append(out, byte(0x80+c))
	}
	return out, nil
}

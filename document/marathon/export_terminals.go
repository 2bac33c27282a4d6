package marathon

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	codec "github.com/levelwright/levelwright/codecs/marathon"
)

// The forms of a terminal in the level text.
const (
	// TerminalStyled is a terminal as groups of styled text runs.
	TerminalStyled = "styled"
	// TerminalRaw is a terminal as stored: groups with offsets, faces,
	// and the text's bytes, for a terminal with no styled form.
	TerminalRaw = "raw"
)

// TerminalJSON is a terminal as text. Form says which form it takes:
// "styled" (Groups, HiddenBefore) or "raw" (Raw, with RawReason telling
// why: a terminal the engine could not draw as it stands, or with a
// value a styled terminal cannot hold).
type TerminalJSON struct {
	Form       string `json:"form"`
	RawReason  string `json:"raw_reason,omitempty"`
	Scrambled  bool   `json:"scrambled"`             // the text is stored XOR-scrambled
	OtherFlags uint16 `json:"other_flags,omitempty"` // flag bits the engine does not use
	PageLines  uint16 `json:"page_lines"`
	// HiddenBefore is text before the first group's, which no group shows.
	HiddenBefore []RunJSON        `json:"hidden_before,omitempty"`
	Groups       []GroupJSON      `json:"groups,omitempty"`
	Raw          *RawTerminalJSON `json:"raw,omitempty"`
}

// GroupJSON is a group of a styled terminal.
type GroupJSON struct {
	Type           string `json:"type"` // a name of codec.GroupTypeNames
	Permutation    int16  `json:"permutation"`
	PictureOnRight bool   `json:"picture_on_right,omitempty"` // codec.GroupObjectOnRight
	PictureCenter  bool   `json:"picture_centered,omitempty"` // codec.GroupCenterObject
	OtherFlags     uint16 `json:"other_flags,omitempty"`      // flag bits the engine does not use
	MaximumLines   uint16 `json:"maximum_lines"`
	// EndsWithNUL says a NUL ends the group's stored text, after Text.
	EndsWithNUL bool      `json:"ends_with_nul,omitempty"`
	Text        []RunJSON `json:"text"`
	// HiddenAfter is text between this group's and the next group's (or
	// the end), which no group shows.
	HiddenAfter []RunJSON `json:"hidden_after,omitempty"`
}

// RunJSON is text in one style. A run starts with a stored face change
// unless NoFaceChange, which only the first run of a list may have,
// plain in colour 0: the engine draws it as the group starts.
type RunJSON struct {
	Text          string `json:"text"` // Mac OS Roman characters
	Bold          bool   `json:"bold"`
	Italic        bool   `json:"italic"`
	Underline     bool   `json:"underline"`
	Color         uint16 `json:"color"`
	OtherFaceBits uint16 `json:"other_face_bits,omitempty"` // face bits the engine does not draw
	NoFaceChange  bool   `json:"no_face_change,omitempty"`
}

// RawTerminalJSON is the stored groups, faces and text of a raw terminal.
type RawTerminalJSON struct {
	Groups  []codec.TerminalGroup
	Faces   []codec.TextFace
	RawText []byte // as stored: scrambled when the terminal is
}

// exportTerminal is t as text: styled when it has a styled form the
// styled text can hold, raw otherwise.
func exportTerminal(t codec.Terminal) TerminalJSON {
	tj := TerminalJSON{Form: TerminalStyled, Scrambled: t.Flags&codec.TerminalTextEncoded != 0,
		OtherFlags: t.Flags &^ codec.TerminalTextEncoded, PageLines: t.PageLines}
	st, err := t.Styled()
	if err == nil {
		err = unstylable(st)
	}
	if err != nil {
		tj.Form, tj.RawReason = TerminalRaw, err.Error()
		tj.Raw = &RawTerminalJSON{orEmpty(t.Groups), orEmpty(t.Faces), orEmpty(t.RawText)}
		return tj
	}
	tj.HiddenBefore = runsJSON(st.Before)
	tj.Groups = make([]GroupJSON, len(st.Groups))
	for i, g := range st.Groups {
		text := GroupText(g)
		tj.Groups[i] = GroupJSON{Type: codec.GroupTypeName(g.Type), Permutation: g.Permutation,
			PictureOnRight: g.Flags&codec.GroupObjectOnRight != 0, PictureCenter: g.Flags&codec.GroupCenterObject != 0,
			OtherFlags: g.Flags &^ (codec.GroupObjectOnRight | codec.GroupCenterObject), MaximumLines: g.MaximumLines,
			EndsWithNUL: len(g.Runs) > 0 && bytes.HasSuffix(g.Runs[len(g.Runs)-1].Text, []byte{0}),
			Text:        orEmpty(runsJSON(text)), HiddenAfter: runsJSON(g.After)}
	}
	return tj
}

// unstylable reports what of st the styled text cannot hold: a group
// type the engine does not know, a colour past its eight, or a NUL in a
// group's text before its end. (check reports the first two as errors.)
func unstylable(st codec.StyledTerminal) error {
	runs := slices.Clone(st.Before)
	for i, g := range st.Groups {
		if g.Type >= codec.NumGroupTypes {
			return fmt.Errorf("group %d: type %d is not a group type the engine knows", i, g.Type)
		}
		for _, r := range GroupText(g) {
			if bytes.IndexByte(r.Text, 0) >= 0 {
				return fmt.Errorf("group %d: its text has a NUL before its end", i)
			}
		}
		runs = append(append(runs, g.Runs...), g.After...)
	}
	for _, r := range runs {
		if r.Style.Color > codec.MaxTextColor {
			return fmt.Errorf("a face has colour %d, past the engine's %d", r.Style.Color, codec.MaxTextColor)
		}
	}
	return nil
}

// runsJSON is runs as text, nil for none.
func runsJSON(runs []codec.TextRun) []RunJSON {
	var out []RunJSON
	for _, r := range runs {
		s := r.Style
		out = append(out, RunJSON{Text: codec.MacRomanText(r.Text), Bold: s.Bold(), Italic: s.Italic(), Underline: s.Underline(),
			Color: s.Color, OtherFaceBits: s.Face &^ codec.FaceBits, NoFaceChange: !r.Marked})
	}
	return out
}

// terminal is tj as a terminal of the level, was the terminal it
// replaces (nil for one added): the groups whose text, type or flags
// changed while their maximum lines did not (or, added, are 0) get them
// counted again, as the editor's terminal edits do. Values the styled
// form cannot hold are errors naming the group, the run and the field.
func (tj *TerminalJSON) terminal(was *codec.Terminal) (codec.Terminal, error) {
	flags := tj.OtherFlags
	if flags&codec.TerminalTextEncoded != 0 {
		return codec.Terminal{}, fmt.Errorf("other_flags %#x: bit 0 is scrambled, give it there", flags)
	}
	if tj.Scrambled {
		flags |= codec.TerminalTextEncoded
	}
	switch tj.Form {
	case TerminalRaw:
		if tj.Raw == nil {
			return codec.Terminal{}, fmt.Errorf(`form "raw" without raw`)
		}
		if tj.Groups != nil || tj.HiddenBefore != nil {
			return codec.Terminal{}, fmt.Errorf(`form "raw" with groups or hidden_before: give the form "styled" to edit them`)
		}
		r := tj.Raw
		return codec.Terminal{Flags: flags, PageLines: tj.PageLines, Groups: orEmpty(r.Groups), Faces: orEmpty(r.Faces), RawText: orEmpty(r.RawText)}, nil
	case TerminalStyled:
		if tj.Raw != nil {
			return codec.Terminal{}, fmt.Errorf(`form "styled" with raw: give the form "raw" to edit it`)
		}
	default:
		return codec.Terminal{}, fmt.Errorf("form %q is not %q or %q", tj.Form, TerminalStyled, TerminalRaw)
	}
	st := codec.StyledTerminal{Flags: flags, PageLines: tj.PageLines, Groups: make([]codec.StyledGroup, len(tj.Groups))}
	var err error
	if st.Before, err = textRuns(tj.HiddenBefore, false); err != nil {
		return codec.Terminal{}, fmt.Errorf("hidden_before%w", err)
	}
	for i, g := range tj.Groups {
		sg, err := g.group()
		if err != nil {
			return codec.Terminal{}, fmt.Errorf("groups[%d] (%s): %w", i, g.Type, err)
		}
		st.Groups[i] = sg
	}
	t, err := st.Terminal()
	if err != nil {
		return codec.Terminal{}, err
	}
	var old codec.StyledTerminal
	if was != nil {
		old, _ = was.Styled() // a terminal with no styled form has no groups to compare
	}
	for i, g := range st.Groups {
		if i >= len(old.Groups) {
			if g.MaximumLines == 0 {
				t.Groups[i].MaximumLines = t.GroupLineCount(i)
			}
			continue
		}
		o := old.Groups[i]
		if g.MaximumLines == o.MaximumLines && (g.Type != o.Type || g.Flags != o.Flags || !sameText(g.Runs, o.Runs)) {
			t.Groups[i].MaximumLines = t.GroupLineCount(i)
		}
	}
	return t, nil
}

// sameText reports whether two runs lists store the same text and faces.
func sameText(a, b []codec.TextRun) bool {
	return slices.EqualFunc(a, b, func(x, y codec.TextRun) bool {
		return bytes.Equal(x.Text, y.Text) && x.Style == y.Style && x.Marked == y.Marked
	})
}

// group is g as a styled group.
func (g *GroupJSON) group() (codec.StyledGroup, error) {
	typ, ok := groupType(g.Type)
	if !ok {
		return codec.StyledGroup{}, fmt.Errorf("type %q is not a group type (%s)", g.Type, strings.Join(codec.GroupTypeNames(), ", "))
	}
	flags := g.OtherFlags
	if known := uint16(codec.GroupObjectOnRight | codec.GroupCenterObject); flags&known != 0 {
		return codec.StyledGroup{}, fmt.Errorf("other_flags %#x: give bits %#x as picture_on_right and picture_centered", flags, known)
	}
	if g.PictureOnRight {
		flags |= codec.GroupObjectOnRight
	}
	if g.PictureCenter {
		flags |= codec.GroupCenterObject
	}
	sg := codec.StyledGroup{Flags: flags, Type: typ, Permutation: g.Permutation, MaximumLines: g.MaximumLines}
	var err error
	if sg.Runs, err = textRuns(g.Text, true); err != nil {
		return codec.StyledGroup{}, fmt.Errorf("text%w", err)
	}
	if g.EndsWithNUL {
		if len(sg.Runs) == 0 {
			sg.Runs = []codec.TextRun{{}}
		}
		last := &sg.Runs[len(sg.Runs)-1]
		last.Text = append(last.Text, 0)
	}
	if sg.After, err = textRuns(g.HiddenAfter, false); err != nil {
		return codec.StyledGroup{}, fmt.Errorf("hidden_after%w", err)
	}
	return sg, nil
}

// groupType is the type a group type name names.
func groupType(name string) (uint16, bool) {
	i := slices.Index(codec.GroupTypeNames(), name)
	return uint16(i), i >= 0
}

// textRuns is runs as styled runs; shown runs (a group's text) may not
// hold a NUL, which would end the group's text there. An error starts
// with the run's place, "[i]: ", for the caller to put the list's name
// before.
func textRuns(runs []RunJSON, shown bool) ([]codec.TextRun, error) {
	out := make([]codec.TextRun, 0, len(runs))
	for i, r := range runs {
		text, err := codec.MacRomanBytes(r.Text)
		if err != nil {
			return nil, fmt.Errorf("[%d]: text: %w", i, err)
		}
		if at := bytes.IndexByte(text, 0); shown && at >= 0 {
			return nil, fmt.Errorf("[%d]: text: a NUL at %d would end the group's text there (ends_with_nul puts one after it)", i, at)
		}
		if r.Color > codec.MaxTextColor {
			return nil, fmt.Errorf("[%d]: color %d is not a terminal text colour (0 to %d)", i, r.Color, codec.MaxTextColor)
		}
		if r.OtherFaceBits&codec.FaceBits != 0 {
			return nil, fmt.Errorf("[%d]: other_face_bits %#x: give bits %#x as bold, italic and underline", i, r.OtherFaceBits, codec.FaceBits)
		}
		face := r.OtherFaceBits
		for _, b := range []struct {
			on  bool
			bit uint16
		}{{r.Bold, codec.FaceBold}, {r.Italic, codec.FaceItalic}, {r.Underline, codec.FaceUnderline}} {
			if b.on {
				face |= b.bit
			}
		}
		style := codec.TextStyle{Face: face, Color: r.Color}
		if r.NoFaceChange && (i > 0 || style != (codec.TextStyle{})) {
			return nil, fmt.Errorf("[%d]: no_face_change: only the first run may have it, plain in colour 0", i)
		}
		out = append(out, codec.TextRun{Text: text, Style: style, Marked: !r.NoFaceChange})
	}
	return out, nil
}

// terminals is the level's terminals as lj gives them, each checked
// against the one it replaces in l.
func (lj *LevelJSON) terminals(l *codec.Level) ([]codec.Terminal, error) {
	out := make([]codec.Terminal, len(lj.Terminals))
	for i := range lj.Terminals {
		var was *codec.Terminal
		if i < len(l.Terminals) {
			was = &l.Terminals[i]
		}
		t, err := lj.Terminals[i].terminal(was)
		if err != nil {
			return nil, fmt.Errorf("terminal %d: %w", i, err)
		}
		out[i] = t
	}
	return out, nil
}

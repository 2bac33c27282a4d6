package marathon

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/marathon"
)

// StyledTerminal returns terminal i of level as styled groups.
func (d *Document) StyledTerminal(level, i int) (codec.StyledTerminal, error) {
	l, err := d.Level(level)
	if err != nil {
		return codec.StyledTerminal{}, err
	}
	if i < 0 || i >= len(l.Terminals) {
		return codec.StyledTerminal{}, fmt.Errorf("level %d has no terminal %d", level, i)
	}
	st, err := l.Terminals[i].Styled()
	if err != nil {
		return codec.StyledTerminal{}, fmt.Errorf("level %d terminal %d: %w", level, i, err)
	}
	return st, nil
}

// GroupText is the text of a group as a writer edits it: its runs
// without the NUL that ends the group's text in the files of compilers
// that count it in the group.
func GroupText(g codec.StyledGroup) []codec.TextRun {
	runs := slices.Clone(g.Runs)
	if n := len(runs); n > 0 && bytes.HasSuffix(runs[n-1].Text, []byte{0}) {
		runs[n-1].Text = runs[n-1].Text[:len(runs[n-1].Text)-1]
		if len(runs[n-1].Text) == 0 && !runs[n-1].Marked {
			runs = runs[:n-1]
		}
	}
	return runs
}

// SetTerminalGroupText sets the text of group g of a terminal to runs,
// one undo step: a face change where the style changes (the group
// starts plain, colour 0), the NUL that ended the group's text kept, and
// the group's maximum lines counted again. Text with a NUL, or a colour
// past the engine's eight, is refused. Text and styles the group has
// already make no step.
func (d *Document) SetTerminalGroupText(level, term, g int, runs []codec.TextRun) error {
	return d.editTerminal(level, term, func(st *codec.StyledTerminal) error {
		if g < 0 || g >= len(st.Groups) {
			return fmt.Errorf("terminal %d has no group %d", term, g)
		}
		clean, err := normalRuns(runs)
		if err != nil {
			return fmt.Errorf("group %d: %w", g, err)
		}
		grp := &st.Groups[g]
		if old, _ := normalRuns(GroupText(*grp)); sameRuns(old, clean) {
			return errNoChange
		}
		if n := len(grp.Runs); n > 0 && bytes.HasSuffix(grp.Runs[n-1].Text, []byte{0}) {
			if len(clean) == 0 {
				clean = []codec.TextRun{{}}
			}
			last := &clean[len(clean)-1]
			last.Text = append(slices.Clone(last.Text), 0)
		}
		grp.Runs = clean
		return nil
	}, g)
}

// MoveTerminalGroup moves group g of a terminal to place to, with the
// text after it, one undo step.
func (d *Document) MoveTerminalGroup(level, term, g, to int) error {
	return d.editTerminal(level, term, func(st *codec.StyledTerminal) error {
		if g < 0 || g >= len(st.Groups) || to < 0 || to >= len(st.Groups) {
			return fmt.Errorf("terminal %d has %d groups: cannot move group %d to %d", term, len(st.Groups), g, to)
		}
		if g == to {
			return errNoChange
		}
		grp := st.Groups[g]
		st.Groups = slices.Insert(slices.Delete(st.Groups, g, g+1), to, grp)
		return nil
	})
}

// AddTerminalGroup adds a group of type typ and permutation perm at place
// at of a terminal (its length to add it last), with no text but the NUL
// that ends it, one undo step.
func (d *Document) AddTerminalGroup(level, term, at int, typ uint16, perm int16) error {
	return d.editTerminal(level, term, func(st *codec.StyledTerminal) error {
		if at < 0 || at > len(st.Groups) {
			return fmt.Errorf("terminal %d has %d groups: a group goes at 0 to %d, not %d", term, len(st.Groups), len(st.Groups), at)
		}
		st.Groups = slices.Insert(st.Groups, at, codec.StyledGroup{Type: typ, Permutation: perm, Runs: []codec.TextRun{{Text: []byte{0}}}})
		return nil
	}, at)
}

// DeleteTerminalGroup deletes group g of a terminal with its text, one
// undo step.
func (d *Document) DeleteTerminalGroup(level, term, g int) error {
	return d.editTerminal(level, term, func(st *codec.StyledTerminal) error {
		if g < 0 || g >= len(st.Groups) {
			return fmt.Errorf("terminal %d has no group %d", term, g)
		}
		st.Groups = slices.Delete(st.Groups, g, g+1)
		return nil
	})
}

// SetTerminalGroup changes the type, flags and permutation of group g
// of a terminal, one undo step; its maximum lines are counted again.
// A permutation naming what the level lacks is refused (see
// editTerminal).
func (d *Document) SetTerminalGroup(level, term, g int, typ, flags uint16, perm int16) error {
	return d.editTerminal(level, term, func(st *codec.StyledTerminal) error {
		if g < 0 || g >= len(st.Groups) {
			return fmt.Errorf("terminal %d has no group %d", term, g)
		}
		grp := &st.Groups[g]
		if grp.Type == typ && grp.Flags == flags && grp.Permutation == perm {
			return errNoChange
		}
		grp.Type, grp.Flags, grp.Permutation = typ, flags, perm
		return nil
	}, g)
}

// errNoChange is what an edit's change returns when it changes nothing.
var errNoChange = errors.New("no change")

// editTerminal edits terminal term of level as styled groups through
// change, and stores the result as one undo step, the maximum lines of
// the groups recount counted again. A refused change, one that leaves
// the terminal too long for the term chunk, or one that gives it a
// problem check reports (codec.Level.ReferenceProblems: a group type the
// engine does not know, a teleport to a missing polygon or a negative
// level, a checkpoint with no goal, a colour past 7) makes no step.
func (d *Document) editTerminal(level, term int, change func(*codec.StyledTerminal) error, recount ...int) error {
	st, err := d.StyledTerminal(level, term)
	if err != nil {
		return err
	}
	if err := change(&st); err == errNoChange {
		return nil
	} else if err != nil {
		return fmt.Errorf("level %d terminal %d: %w", level, term, err)
	}
	t, err := st.Terminal()
	if err != nil {
		return fmt.Errorf("level %d terminal %d: %w", level, term, err)
	}
	if n := t.EncodedSize(); n > codec.MaxTerminalBytes {
		return fmt.Errorf("level %d terminal %d: its groups, faces and text would take %d bytes, at most %d fit", level, term, n, codec.MaxTerminalBytes)
	}
	for _, g := range recount {
		t.Groups[g].MaximumLines = t.GroupLineCount(g)
	}
	return d.EditTerminals(level, []int{term}, func(p *codec.Terminal) { *p = t })
}

// normalRuns is runs without empty runs, with neighbours of one style
// joined, each marked where its style differs from the one before (the
// first from plain colour 0). A NUL in the text, which would end the
// group's text there, is an error.
func normalRuns(runs []codec.TextRun) ([]codec.TextRun, error) {
	var out []codec.TextRun
	prev := codec.TextStyle{}
	for _, r := range runs {
		if i := bytes.IndexByte(r.Text, 0); i >= 0 {
			return nil, fmt.Errorf("text: a NUL at %d ends the group's text there", i)
		}
		if len(r.Text) == 0 {
			continue
		}
		if n := len(out); n > 0 && out[n-1].Style == r.Style {
			out[n-1].Text = append(out[n-1].Text, r.Text...)
			continue
		}
		out = append(out, codec.TextRun{Text: slices.Clone(r.Text), Style: r.Style, Marked: r.Style != prev})
		prev = r.Style
	}
	return out, nil
}

// sameRuns reports whether two normal runs hold the same text in the
// same styles.
func sameRuns(a, b []codec.TextRun) bool {
	return slices.EqualFunc(a, b, func(x, y codec.TextRun) bool { return bytes.Equal(x.Text, y.Text) && x.Style == y.Style })
}

package marathon

import (
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/widgets/propgrid"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
)

// styledEntry edits terminal text with styles: a multi-line entry, a
// style for each of its characters, and toggles for bold, italic,
// underline and the colour that set the style of the selection and of
// what is typed next. Returns show as new lines.
type styledEntry struct {
	entry     *applyEntry
	bold      *widget.Check
	italic    *widget.Check
	underline *widget.Check
	color     *widget.Select
	text      []rune
	styles    []mcodec.TextStyle // one per character of text
	typing    mcodec.TextStyle   // the style of what is typed next
	cursor    int                // where the cursor was last seen, in characters
	setting   bool               // the entry or toggles are being set, not edited
}

func newStyledEntry() *styledEntry {
	s := &styledEntry{entry: &applyEntry{}}
	s.entry.MultiLine, s.entry.Wrapping = true, fyne.TextWrapWord
	s.entry.ExtendBaseWidget(s.entry)
	s.entry.OnChanged = s.changed
	s.entry.OnCursorChanged = s.cursorMoved
	s.bold = widget.NewCheck("Bold", func(on bool) { s.toggle(mcodec.FaceBold, on) })
	s.italic = widget.NewCheck("Italic", func(on bool) { s.toggle(mcodec.FaceItalic, on) })
	s.underline = widget.NewCheck("Underline", func(on bool) { s.toggle(mcodec.FaceUnderline, on) })
	s.color = widget.NewSelect(terminalColorNames, func(name string) {
		if s.setting {
			return
		}
		for c, n := range terminalColorNames {
			if n == name {
				s.restyle(func(st *mcodec.TextStyle) { st.Color = uint16(c) })
			}
		}
	})
	return s
}

func (s *styledEntry) toolbar() fyne.CanvasObject {
	return container.NewHBox(s.bold, s.italic, s.underline, s.color)
}

// SetRuns shows runs, returns as new lines.
func (s *styledEntry) SetRuns(runs []mcodec.TextRun) {
	s.text, s.styles = nil, nil
	for _, r := range runs {
		for _, c := range mcodec.MacRomanText(r.Text) {
			if c == '\r' {
				c = '\n'
			}
			s.text = append(s.text, c)
			s.styles = append(s.styles, r.Style)
		}
	}
	s.typing = mcodec.TextStyle{}
	if len(s.styles) > 0 {
		s.typing = s.styles[0]
	}
	s.setting = true
	s.entry.SetText(string(s.text))
	s.cursor = s.entry.CursorTextOffset()
	s.setting = false
	s.showStyle()
}

// Runs is the text as runs of one style each, in Mac OS Roman with
// returns ending lines; a character Mac OS Roman lacks is an error.
func (s *styledEntry) Runs() ([]mcodec.TextRun, error) {
	var runs []mcodec.TextRun
	for i := 0; i < len(s.text); {
		j := i
		for j < len(s.text) && s.styles[j] == s.styles[i] {
			j++
		}
		b, err := mcodec.MacRomanBytes(strings.ReplaceAll(string(s.text[i:j]), "\n", "\r"))
		if err != nil {
			return nil, err
		}
		runs = append(runs, mcodec.TextRun{Text: b, Style: s.styles[i]})
		i = j
	}
	return runs, nil
}

// changed keeps a style for each character after an edit of the entry:
// the characters kept keep theirs, those typed get the typing style.
func (s *styledEntry) changed(text string) {
	if s.setting {
		return
	}
	now := []rune(text)
	pre := 0
	for pre < len(now) && pre < len(s.text) && now[pre] == s.text[pre] {
		pre++
	}
	suf := 0
	for suf < len(now)-pre && suf < len(s.text)-pre && now[len(now)-1-suf] == s.text[len(s.text)-1-suf] {
		suf++
	}
	styles := append([]mcodec.TextStyle(nil), s.styles[:pre]...)
	for range len(now) - pre - suf {
		styles = append(styles, s.typing)
	}
	s.styles = append(styles, s.styles[len(s.text)-suf:]...)
	s.text = now
	s.cursor = len(now) - suf
}

// selection is the characters selected, [start, end); the entry gives
// the cursor, at one end, and the text selected.
func (s *styledEntry) selection() (int, int) {
	sel := []rune(s.entry.SelectedText())
	cur := s.entry.CursorTextOffset()
	if len(sel) == 0 {
		return cur, cur
	}
	if cur-len(sel) >= 0 && string(s.text[cur-len(sel):cur]) == string(sel) {
		return cur - len(sel), cur
	}
	return cur, min(cur+len(sel), len(s.text))
}

// cursorMoved shows the style of the character before the cursor, the
// one typing continues.
func (s *styledEntry) cursorMoved() {
	cur := s.entry.CursorTextOffset()
	if s.setting || s.entry.Text != string(s.text) || cur == s.cursor {
		return // typing tells of the cursor too, before and after the change
	}
	s.cursor = cur
	if start, end := s.selection(); start == end && len(s.styles) > 0 {
		s.typing = s.styles[max(0, min(start, len(s.styles))-1)]
		s.showStyle()
	}
}

// toggle turns a face bit on or off for the selection and typing.
func (s *styledEntry) toggle(bit uint16, on bool) {
	if s.setting {
		return
	}
	s.restyle(func(st *mcodec.TextStyle) {
		if on {
			st.Face |= bit
		} else {
			st.Face &^= bit
		}
	})
}

// restyle changes the style of the selected characters and of what is
// typed next.
func (s *styledEntry) restyle(change func(*mcodec.TextStyle)) {
	start, end := s.selection()
	for i := start; i < end; i++ {
		change(&s.styles[i])
	}
	change(&s.typing)
}

// showStyle sets the toggles to the typing style.
func (s *styledEntry) showStyle() {
	s.setting = true
	defer func() { s.setting = false }()
	s.bold.SetChecked(s.typing.Bold())
	s.italic.SetChecked(s.typing.Italic())
	s.underline.SetChecked(s.typing.Underline())
	s.color.SetSelected(terminalColorNames[min(int(s.typing.Color), mcodec.MaxTextColor)])
}

// applyEntry is a multi-line entry where Ctrl+Return (Cmd+Return on
// macOS) calls OnApply instead of starting a line, and Undo and Redo go
// to OnHistory first.
type applyEntry struct {
	widget.Entry
	OnApply func()
	// OnHistory takes Undo (redo false) or Redo for the document when it
	// returns true; when it returns false the entry undoes or redoes its
	// own typing.
	OnHistory func(redo bool) bool
}

// TypedShortcut applies the text on Ctrl+Return, offers Undo and Redo to
// OnHistory, passes the window's own shortcuts (Ctrl+S) to it, and
// leaves the others to the entry.
func (e *applyEntry) TypedShortcut(s fyne.Shortcut) {
	if c, ok := s.(*desktop.CustomShortcut); ok {
		if c.KeyName == fyne.KeyReturn && c.Modifier == fyne.KeyModifierShortcutDefault {
			if e.OnApply != nil {
				e.OnApply()
			}
			return
		}
		if !propgrid.EntryKey(c.KeyName) && propgrid.PassToWindow(e, s) {
			return
		}
	}
	switch s.(type) {
	case *fyne.ShortcutUndo, *fyne.ShortcutRedo:
		if _, redo := s.(*fyne.ShortcutRedo); e.OnHistory != nil && e.OnHistory(redo) {
			return
		}
	}
	e.Entry.TypedShortcut(s)
}

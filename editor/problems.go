package editor

import (
	"fmt"
	"image/color"
	"math"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/editor/game"
)

// problemsPanel lists the shown level's validation problems; choosing
// one gives it to chosen. A problem that fix fixes has a button that
// does it; the fix's error goes to failed.
type problemsPanel struct {
	list []bin.Problem
	rows *widget.List
	// rowHeight is the height most rows take, the rows' template's: a
	// list with a height of its own for each of thousands of rows walks
	// them all at every frame, so only the rows of another height get
	// one, kept in ownHeight as the list was given it.
	rowHeight float32
	ownHeight map[int]float32
	holder    *fyne.Container // holds rows, which show replaces
	chosen    func(bin.Problem)
	fix       func(bin.Problem) *game.Fix
	failed    func(error)
}

// newProblemsPanel builds the problems panel: a row per problem, its
// severity's icon, what it is about and its whole message, and the
// button of its fix when fix has one.
func newProblemsPanel(chosen func(bin.Problem), fix func(bin.Problem) *game.Fix, failed func(error)) *problemsPanel {
	p := &problemsPanel{chosen: chosen, fix: fix, failed: failed}
	p.rows = p.newRows()
	p.holder = container.NewStack(p.rows)
	return p
}

// newRows makes the list of the problems' rows.
func (p *problemsPanel) newRows() *widget.List {
	rows := widget.NewList(
		func() int { return len(p.list) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("polygon 1234: a problem")
			l.Wrapping = fyne.TextWrapWord
			height := canvas.NewRectangle(color.Transparent)
			height.SetMinSize(fyne.NewSize(0, p.rowHeight))
			return container.NewStack(height, container.NewBorder(nil, nil, widget.NewIcon(theme.WarningIcon()), container.NewCenter(widget.NewButton("Fix", nil)), l))
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			pr := p.list[i]
			row := o.(*fyne.Container).Objects[1].(*fyne.Container)
			row.Objects[0].(*widget.Label).SetText(problemText(pr))
			row.Objects[1].(*widget.Icon).SetResource(severityIcon(pr.Severity))
			button := row.Objects[2].(*fyne.Container).Objects[0].(*widget.Button)
			fix := p.fix(pr)
			if fix == nil {
				button.Hide()
				return
			}
			button.SetText(fix.Label)
			button.OnTapped = func() {
				if err := fix.Do(); err != nil {
					p.failed(err)
				}
			}
			button.Show()
		},
	)
	rows.OnSelected = func(i widget.ListItemID) {
		if i >= 0 && i < len(p.list) {
			p.chosen(p.list[i])
		}
	}
	return rows
}

// content is the panel under its heading.
func (p *problemsPanel) content() fyne.CanvasObject {
	return container.NewBorder(panelHeading("Problems"), nil, nil, nil, p.holder)
}

// problemText is a problem's line in the panel: what it is about, and
// its message.
func problemText(p bin.Problem) string {
	return fmt.Sprintf("%s %d: %s", p.Kind, p.Index, p.Message)
}

// severityIcon is the icon of an error or a warning.
func severityIcon(severity string) fyne.Resource {
	if severity == "error" {
		return theme.ErrorIcon()
	}
	return theme.WarningIcon()
}

// fitRows makes each of rows' rows tall enough for its whole message at
// the panel's width: every row, the template taking the height most
// take, or with before (the list the panel showed until now), the rows
// whose text is not the one they showed.
func (p *problemsPanel) fitRows(rows *widget.List, before []bin.Problem) {
	width := p.rows.Size().Width - theme.IconInlineSize() - 4*theme.Padding()
	if width < 50 {
		width = 200 // not laid out yet
	}
	line := fyne.MeasureText("Mg", theme.TextSize(), fyne.TextStyle{})
	widths := newTextWidths()
	heights := map[int]float32{}
	buttons := map[string]float32{} // the width of a fix's button, by its label
	for i, pr := range p.list {
		if i < len(before) && sameText(before[i], pr) {
			continue
		}
		text := problemText(pr)
		room := width
		if fix := p.fix(pr); fix != nil { // the fix's button takes its width from the text's
			w, ok := buttons[fix.Label]
			if !ok {
				w = widget.NewButton(fix.Label, nil).MinSize().Width
				buttons[fix.Label] = w
			}
			room -= w + theme.Padding()
		}
		lines := float32(wrappedLines(text, room, widths))
		heights[i] = lines*(line.Height+theme.LineSpacing()) + 2*theme.InnerPadding()
	}
	if before == nil || p.ownHeight == nil { // a new list, or the first
		p.rowHeight, p.ownHeight = mostCommon(heights), map[int]float32{}
	}
	for i, h := range heights {
		if _, own := p.ownHeight[i]; h != p.rowHeight || own {
			rows.SetItemHeight(i, h)
			p.ownHeight[i] = h
		}
	}
}

// mostCommon is the value most of heights' values are, 0 for none.
func mostCommon(heights map[int]float32) float32 {
	counts := map[float32]int{}
	var most float32
	for _, h := range heights {
		if counts[h]++; counts[h] > counts[most] || counts[h] == counts[most] && h < most {
			most = h
		}
	}
	return most
}

// textWidths are the widths of words at the theme's text size, each
// measured once. Where the font's digits are tabular (each as wide as
// the others, set side by side without kerning), words that differ only
// in their digits share a width and are measured once: a list of
// thousands of numbered problems measures a few words, not thousands.
type textWidths struct {
	words   map[string]float32
	tabular bool
}

// newTextWidths measures the digits to learn whether they are tabular.
func newTextWidths() textWidths {
	ws := textWidths{words: map[string]float32{}}
	zero := ws.measure("0")
	near := func(w, want float32) bool { return math.Abs(float64(w-want)) < 0.01 }
	ws.tabular = near(ws.measure("0123456789"), 10*zero) && near(ws.measure("0000000000"), 10*zero)
	for d := '1'; d <= '9'; d++ {
		ws.tabular = ws.tabular && near(ws.measure(string(d)), zero)
	}
	return ws
}

func (ws textWidths) measure(word string) float32 {
	return fyne.MeasureText(word, theme.TextSize(), fyne.TextStyle{}).Width
}

func (ws textWidths) of(word string) float32 {
	if ws.tabular {
		word = strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return '0'
			}
			return r
		}, word)
	}
	w, ok := ws.words[word]
	if !ok {
		w = ws.measure(word)
		ws.words[word] = w
	}
	return w
}

// wrappedLines is how many lines text takes when wrapped at its words to
// width, as a label wraps it: a line ends before the word that would
// cross the width.
func wrappedLines(text string, width float32, widths textWidths) int {
	lines, used, space := 1, float32(0), widths.of(" ")
	for _, word := range strings.Fields(text) {
		w := widths.of(word)
		switch {
		case used == 0:
			used = w
		case used+space+w <= width:
			used += space + w
		default:
			lines, used = lines+1, w
		}
		for used > width { // a word longer than a line breaks inside it
			lines, used = lines+1, used-width
		}
	}
	return lines
}

// show lists problems, every row fitted anew: in a new list, which
// takes each row's height at once where a list on screen would lay
// itself out again for each, and starts scrolled to the top.
func (p *problemsPanel) show(problems []bin.Problem) {
	p.list = problems
	rows := p.newRows()
	p.fitRows(rows, nil)
	rows.Resize(p.rows.Size())
	p.rows = rows
	p.holder.Objects = []fyne.CanvasObject{rows}
	p.holder.Refresh()
}

// follow lists problems, found again after steps, when they are not the
// ones listed: the rows whose text changed are fitted again. When most
// did (problems came or went before them, and the rest moved up or
// down), they are listed anew where the list was scrolled to: fitted
// one by one, the rows of another height than their place's would each
// take a height of their own.
func (p *problemsPanel) follow(problems []bin.Problem) {
	if slices.Equal(problems, p.list) {
		return
	}
	before := p.list
	moved := 0
	for i, pr := range problems {
		if i >= len(before) || !sameText(before[i], pr) {
			moved++
		}
	}
	if moved > len(problems)/4 {
		offset := p.rows.GetScrollOffset()
		p.show(problems)
		p.rows.ScrollToOffset(offset)
		return
	}
	p.list = problems
	p.rows.UnselectAll()
	p.fitRows(p.rows, before)
	p.rows.Refresh()
}

// sameText reports whether a and b have the same line in the panel
// (problemText), without writing it.
func sameText(a, b bin.Problem) bool {
	return a.Kind == b.Kind && a.Index == b.Index && a.Message == b.Message
}

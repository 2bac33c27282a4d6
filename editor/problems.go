package editor

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// problemsPanel lists the shown level's validation problems.
type problemsPanel struct {
	problemList []bin.Problem
	problems    *widget.List
}

// problemsView builds the problems panel: a row per problem, its
// severity's icon, what it is about and its whole message.
func (e *Editor) problemsView() fyne.CanvasObject {
	e.problems = widget.NewList(
		func() int { return len(e.problemList) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("polygon 1234: a problem")
			l.Wrapping = fyne.TextWrapWord
			return container.NewBorder(nil, nil, widget.NewIcon(theme.WarningIcon()), nil, l)
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			p := e.problemList[i]
			row := o.(*fyne.Container)
			row.Objects[0].(*widget.Label).SetText(problemText(p))
			row.Objects[1].(*widget.Icon).SetResource(severityIcon(p.Severity))
		},
	)
	e.problems.OnSelected = e.showProblem
	return container.NewBorder(panelHeading("Problems"), nil, nil, nil, e.problems)
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

// fitProblemRows makes each row tall enough for its whole message at the
// panel's width: every row, or with before (the list the panel showed
// until now), the rows whose text is not the one they showed.
func (e *Editor) fitProblemRows(before []bin.Problem) {
	width := e.problems.Size().Width - theme.IconInlineSize() - 4*theme.Padding()
	if width < 50 {
		width = 200 // not laid out yet
	}
	line := fyne.MeasureText("Mg", theme.TextSize(), fyne.TextStyle{})
	widths := textWidths{}
	rows := e.problemList
	if before == nil {
		// Each height set refreshes the list: it shows no rows while all
		// of them are fitted (which leaves it scrolled to the top), and
		// its callers refresh it when the heights are set.
		e.problemList = nil
		defer func() { e.problemList = rows }()
	}
	for i, p := range rows {
		text := problemText(p)
		if i < len(before) && problemText(before[i]) == text {
			continue
		}
		lines := float32(wrappedLines(text, width, widths))
		e.problems.SetItemHeight(i, lines*(line.Height+theme.LineSpacing())+2*theme.InnerPadding())
	}
}

// textWidths are the widths of words at the theme's text size, each
// measured once.
type textWidths map[string]float32

func (ws textWidths) of(word string) float32 {
	w, ok := ws[word]
	if !ok {
		w = fyne.MeasureText(word, theme.TextSize(), fyne.TextStyle{}).Width
		ws[word] = w
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

// refreshProblems lists the shown level's validation problems and draws
// its links and the comparison's marks again.
func (e *Editor) refreshProblems() {
	e.forgetFollowed() // the steps not yet followed are checked with the rest
	e.refreshLinks()
	e.showCompareMarks()
	e.problemList = nil
	if e.file != nil && e.scene != nil {
		e.problemList = bin.Guard(e.level, "level", func() []bin.Problem { return e.file.Problems(e.level) })
	}
	e.problems.UnselectAll()
	e.fitProblemRows(nil)
	e.problems.Refresh()
}

// followProblems lists the shown level's problems again after steps,
// and draws again the links of the entities whose drawing they altered
// (reached, or wholly the level's): the document checks again only what
// the steps reach when the game can, and the panel is filled again only
// when its list changed.
func (e *Editor) followProblems(reached []document.Ref, wholly bool) {
	e.followLinks(reached, wholly)
	if e.file == nil || e.scene == nil {
		return
	}
	now := bin.Guard(e.level, "level", func() []bin.Problem { return e.file.Problems(e.level) })
	if slices.Equal(now, e.problemList) {
		return
	}
	before := e.problemList
	e.problemList = now
	e.problems.UnselectAll()
	e.fitProblemRows(before)
	e.problems.Refresh()
}

// showProblem selects the entity of problem i and centres the map on it.
func (e *Editor) showProblem(i int) {
	if i < 0 || i >= len(e.problemList) || e.scene == nil {
		return
	}
	p := e.problemList[i]
	r := document.Ref{Level: e.level, Kind: document.Kind(p.Kind), Index: p.Index}
	e.SetSelection([]document.Ref{r})
	if at, ok := e.scene.Center(r); ok {
		e.SetViewMode(viewport.Map)
		e.view.CenterOn(at)
	}
	e.problem.SetText(fmt.Sprintf("%s: %s", p.Severity, p.Message))
	e.problem.Show()
}

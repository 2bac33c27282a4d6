package editor

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
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

// problemsView builds the problems panel.
func (e *Editor) problemsView() fyne.CanvasObject {
	e.problems = widget.NewList(
		func() int { return len(e.problemList) },
		func() fyne.CanvasObject {
			l := widget.NewLabel("warning polygon 1234: a problem")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			p := e.problemList[i]
			o.(*widget.Label).SetText(fmt.Sprintf("%s %s %d: %s", p.Severity, p.Kind, p.Index, p.Code))
		},
	)
	e.problems.OnSelected = e.showProblem
	return container.NewBorder(panelHeading("Problems"), nil, nil, nil, e.problems)
}

// refreshProblems lists the shown level's validation problems and draws
// its links again.
func (e *Editor) refreshProblems() {
	e.refreshLinks()
	e.problemList = nil
	if e.file != nil && e.scene != nil {
		e.problemList = bin.Guard(e.level, "level", func() []bin.Problem { return e.file.Problems(e.level) })
	}
	e.problems.UnselectAll()
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

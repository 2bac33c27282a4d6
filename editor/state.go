package editor

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// Shown is a state that reports only the map view's frames painted on
// the window, and when the last was. Call it on the main thread.
func (e *Editor) Shown() levelwright.State {
	var s levelwright.State
	if n, at := e.view.Shown(); n > 0 {
		s.Shown, s.ShownAt = n, at.UnixNano()
	}
	return s
}

// State reports the editor's state, for the end-to-end tests. Call it
// on the main thread.
func (e *Editor) State() levelwright.State {
	s := levelwright.State{
		Title:  e.win.Title(),
		Path:   e.path,
		Loaded: e.file != nil,
		Dirty:  e.dirty,
		Busy:   e.jobs.working || len(e.background.running) > 0,
		Level:  e.level,
		Status: e.status.Text,
	}
	s.Selected = len(e.selection)
	s.Frames = e.view.Frames()
	shown := e.Shown()
	s.Shown, s.ShownAt = shown.Shown, shown.ShownAt
	scale := e.win.Canvas().Scale()
	s.Buttons = inSight(e.inspector, scale, (*propgrid.Form).Buttons)
	s.Entries = inSight(e.inspector, scale, (*propgrid.Form).Entries)
	s.Choices = inSight(e.inspector, scale, (*propgrid.Form).Choices)
	s.Checks = inSight(e.inspector, scale, (*propgrid.Form).Checks)
	if e.file != nil {
		done, undone := e.file.History().Descriptions()
		s.Steps, s.Undone = len(done), len(undone)
	}
	windows := []fyne.Window{e.win}
	for _, w := range e.app.Driver().AllWindows() {
		if w != e.win {
			windows = append(windows, w)
		}
	}
	for _, w := range windows {
		ws := levelwright.WindowState{Title: w.Title()}
		for _, o := range w.Canvas().Overlays().List() {
			ws.Overlays = append(ws.Overlays, overlayTexts(o, nil))
		}
		s.Windows = append(s.Windows, ws)
	}
	return s
}

// overlayTexts appends the texts of the labels and buttons in o, through its
// containers and pop-ups, to out.
func overlayTexts(o fyne.CanvasObject, out []string) []string {
	switch o := o.(type) {
	case *widget.Label:
		out = append(out, o.Text)
	case *widget.Button:
		out = append(out, o.Text)
	case *canvas.Text:
		out = append(out, o.Text)
	case *widget.PopUp:
		out = overlayTexts(o.Content, out)
	case *fyne.Container:
		for _, c := range o.Objects {
			out = overlayTexts(c, out)
		}
	}
	return out
}

package turok

import (
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/undo"
)

// toolChoices are the choices made in the options of the tools that
// turn a layer or a draw mode on, kept by the session so that the tools
// built again (Retool) offer them as the user left them.
type toolChoices struct {
	heightField, heightPick string            // the height tool's radio choices
	brushOp                 string            // the brush tool's brush
	brushAmounts            map[string]string // the amount given each brush, by its name
	paintSet                int               // the set the Paint set tool paints
}

// showLayer turns on the map's layer name when it is off, as View >
// Layers does: the scene shows it, and the window builds its tools,
// legend and menus again from that scene, so that they show it too.
func showLayer(h game.Host, name string) {
	if s := h.Scene(); s != nil && !s.Shown(name) {
		s.SetShown(name, true)
		h.Retool()
	}
}

// showMode colours the map in the draw mode name unless it already
// does, as View > Draw Mode does, the legend and menus with it.
func showMode(h game.Host, name string) {
	if s := h.Scene(); s != nil && s.ModeName() != name {
		if err := s.SetMode(name); err != nil {
			h.ShowError(err)
			return
		}
		h.Retool()
	}
}

// stepStatus is a line of the status bar that tells of a step just
// taken, which must not outlast it: undone, the line says so.
type stepStatus struct {
	h        game.Host
	step     string // the step's description while the line tells of it, else ""
	watching bool
}

// reportStep says text in the status bar of h, with how to take back
// the step described step that it tells of; once that step is undone
// (or redone) the line says so instead, and any other step makes it
// forget the line. Without h (in tests) it says nothing.
func (f *session) reportStep(h game.Host, step, text string) {
	if h == nil {
		return
	}
	h.Status(text + "; Ctrl+Z undoes it")
	f.status.h, f.status.step = h, step
	if f.status.watching {
		return
	}
	f.status.watching = true
	f.d.History.OnChange(func(n undo.Notice) {
		s := &f.status
		switch {
		case n.Event == undo.Saved:
		case s.step == "" || n.Description != s.step || n.Event == undo.Did:
			s.step = ""
		case n.Event == undo.Undid:
			s.h.Status("Undone: " + s.step)
		case n.Event == undo.Redid:
			s.h.Status("Redone: " + s.step)
		}
	})
}

package editor

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// host is the window as a game's column sees it: the narrow game.Host,
// so that no column reaches into the Editor.
type host struct{ e *Editor }

var _ game.Host = host{}

func (h host) Camera() viewport.Camera2D     { return h.e.view.Camera() }
func (h host) ShowPath(path []viewport.Vec2) { h.e.view.ShowPath(path) }
func (h host) Status(text string)            { h.e.status.SetText(text) }
func (h host) Level() int                    { return h.e.level }
func (h host) Scene() *scene.Scene           { return h.e.scene }
func (h host) Select(refs []document.Ref)    { h.e.SetSelection(refs) }
func (h host) Show(d dialog.Dialog)          { h.e.show(d) }
func (h host) ShowError(err error)           { h.e.showError(err) }
func (h host) Window() fyne.Window           { return h.e.win }
func (h host) Preferences() fyne.Preferences { return h.e.app.Preferences() }
func (h host) Path() string                  { return h.e.path }
func (h host) Session() game.Session         { return h.e.file }
func (h host) Retool()                       { h.e.retool() }
func (h host) AskBeforeDiscarding(what string, edit func() error) error {
	return h.e.askBeforeDiscarding(what, edit)
}
func (h host) PickTarget(prompt string, kind document.Kind, set func(index int) error) {
	h.e.pickTarget(prompt, kind, set)
}

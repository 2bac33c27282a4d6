package editor

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/scene"
)

// host is the window as a game's column sees it: the narrow game.Host,
// so that no column reaches into the Editor.
type host struct{ e *Editor }

var _ game.Host = host{}

// Camera is the map view's camera.
func (h host) Camera() display.Camera2D { return h.e.view.Camera() }

// ShowPath draws path over the map; nil takes it away.
func (h host) ShowPath(path []display.Vec2) { h.e.view.ShowPath(path) }

// Status shows text in the status bar.
func (h host) Status(text string) { h.e.status.SetText(text) }

// Level is the file's index of the level shown.
func (h host) Level() int { return h.e.level }

// Scene is the level shown.
func (h host) Scene() *scene.Scene { return h.e.scene }

// Select makes refs the selection.
func (h host) Select(refs []document.Ref) { h.e.SetSelection(refs) }

// Selection is what is selected (the Turok height tool's buttons act on
// it).
func (h host) Selection() []document.Ref { return h.e.selection }

// Show shows d over the window.
func (h host) Show(d dialog.Dialog) { h.e.dialogs.show(d) }

// ShowError shows err in a dialog.
func (h host) ShowError(err error) { h.e.dialogs.showError(err) }

// Window is the editor's window, for dialogs.
func (h host) Window() fyne.Window { return h.e.win }

// Preferences are the app's preferences.
func (h host) Preferences() fyne.Preferences { return h.e.app.Preferences() }

// Path is the open file's path.
func (h host) Path() string { return h.e.path }

// Session is the open file.
func (h host) Session() game.Session { return h.e.file }

// Retool builds the tools, the inspector and the shown scene again,
// keeping the tool chosen.
func (h host) Retool() { h.e.retool() }

// Snap is the grid point nearest at when snapping is on, else at.
func (h host) Snap(at display.Vec2) display.Vec2 { return h.e.grid.snap(at) }

// AskBeforeDiscarding makes edit, asking first when it would discard what.
func (h host) AskBeforeDiscarding(what string, edit func() error) error {
	return h.e.dialogs.askBeforeDiscarding(what, edit)
}

// ChosenTexture is the key of the texture chosen in the palette.
func (h host) ChosenTexture() (key int, ok bool) { return h.e.palette.chosen() }

// PickTarget makes the next click in the map, on an entity of kind, the target that set sets.
func (h host) PickTarget(prompt string, kind document.Kind, set func(index int) error) {
	h.e.pickTarget(prompt, kind, set)
}

// GoTo selects an entity of the shown level and centres the map on it.
func (h host) GoTo(kind document.Kind, index int) error { return h.e.clipboard.GoTo(kind, index) }

// OpenWindow shows the window key names, bound to the open file.
func (h host) OpenWindow(key string, open func() game.Window) game.Window {
	return h.e.windows.open(key, open)
}

// Package game is the contract between the editor's window (the shell)
// and each game's column: a Game names its file format and opens its
// files as Sessions, and a Host is all of the window a column may use.
package game

import (
	"context"
	"image"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/editor/tool"
	"github.com/levelwright/levelwright/undo"
)

// Game is one game the editor edits: one column.
type Game interface {
	// Format is the game's file format.
	Format() document.Format
	// Open loads data, the file at path, for editing.
	Open(path string, data []byte) (Session, error)
	// Settings are the game's rows of the Settings dialog.
	Settings(h Host) []Setting
	// GridSteps are the grid steps the map offers, in map units, which
	// of them it starts with, and whether points snap to the grid to
	// start with.
	GridSteps() (steps []GridStep, standard int, snap bool)
	// DataFlags are the game data files `levelwright render` takes for
	// the game's files, each as the setting Prepare reads it by.
	DataFlags() []DataFlag
	// Commands are the game's own subcommands of the command line.
	Commands() []Command
}

// A DataFlag is a command-line flag that names game data: --Name VALUE
// sets the setting Key (a Shapes file, a data folder), as the Settings
// dialog does.
type DataFlag struct {
	Name, Key, Usage string
}

// Settings are the values of the settings a session reads its game data
// by: the value of a key, "" when it is not set.
type Settings func(key string) string

// A GridStep is a spacing of the map's grid, which points snap to: its
// name in the game's units, and its size in map units.
type GridStep struct {
	Name string
	Size float64
}

// A Setting is one labelled row of the Settings dialog.
type Setting struct {
	Label  string
	Widget fyne.CanvasObject
}

// Session is a file open in the editor: its document behind the few
// things the window asks of it.
type Session interface {
	// History is the document's undo history.
	History() *undo.Stack
	// Recorder sends the document's edits to its history, one by one or
	// in batches.
	Recorder() *document.Recorder
	// Handles are the document's stable entity handles, which follow
	// entities across the edits that renumber them.
	Handles() *document.Handles
	// Levels lists the drawable levels; their scenes draw the document's
	// own data, so that they follow its edits.
	Levels() []scene.Level
	// Problems are a level's validation problems.
	Problems(level int) []bin.Problem
	// Movable reports whether the move tool can drag the entity.
	Movable(r document.Ref) bool
	// Move places a movable entity at a map point, as one undo step that
	// later moves of it join until the history's merge is broken.
	Move(r document.Ref, to display.Vec2) error
	// Remove deletes the entities refs of one level as one undo step.
	Remove(refs []document.Ref) error
	// Links lists, for a level, the entities that name a target and
	// their targets (triggers, traps, panels, actors).
	Links(level int) [][2]document.Ref
	// Bytes encodes the document as its file.
	Bytes() ([]byte, error)
	// Prepare reads what the session shows beside the file, such as the
	// game's own names and textures from the files the settings name. The
	// window calls it off the main thread once the file is open, before
	// it shows the file; a notice that is not "" goes to the status bar
	// (game data that could not be read, say).
	Prepare(settings Settings) (notice string)
	// Tools are the game's tools, which the toolbar offers after the
	// common ones.
	Tools(h Host) []*tool.Tool
	// Inspect builds the inspector's sections for the entities of one
	// kind at indexes of the shown level.
	Inspect(h Host, kind document.Kind, indexes []int) []inspect.Section
}

// Host is all a column may use of the editor's window.
type Host interface {
	// Camera, ShowPath and Status: the map and the status bar.
	tool.View
	// Level is the file's index of the level shown.
	Level() int
	// Scene is the shown level's scene, nil while none is shown.
	Scene() *scene.Scene
	// Select selects the entities refs of the shown level.
	Select(refs []document.Ref)
	// PickTarget makes the next click in the map, on an entity of kind,
	// the target that set sets; Escape gives up.
	PickTarget(prompt string, kind document.Kind, set func(index int) error)
	// Show shows a dialog over the window, one that Escape closes.
	Show(d dialog.Dialog)
	// ShowError shows err in a dialog.
	ShowError(err error)
	// AskBeforeDiscarding makes edit at once when it discards nothing
	// (what is ""); else it asks first, naming what the edit would take
	// away, and returns propgrid.ErrAsking.
	AskBeforeDiscarding(what string, edit func() error) error
	// ChosenTexture is the key of the texture chosen in the texture
	// palette (see TexturePalette); ok is false when none is.
	ChosenTexture() (key int, ok bool)
	// Window is the window, as the parent of dialogs.
	Window() fyne.Window
	// Preferences are the application's preferences.
	Preferences() fyne.Preferences
	// Path is the open file's path, "" for none.
	Path() string
	// Session is the open file, nil for none.
	Session() Session
	// Retool builds the tools, the inspector and the shown level's scene
	// again, keeping the tool chosen, the draw mode, the layers, the
	// cameras and the selection, as after what they show changed (the
	// game's data, say).
	Retool()
	// Snap is the grid point nearest at when snapping to the grid is on,
	// else at.
	Snap(at display.Vec2) display.Vec2
	// GoTo selects entity index of kind in the shown level and centres
	// the map on it.
	GoTo(kind document.Kind, index int) error
	// OpenWindow shows the window that key names ("terminals of level
	// 2"), bound to the open file: the one already open for key, raised,
	// or else the one open makes. There is one window per key.
	OpenWindow(key string, open func() Window) Window
	// Run runs job off the main thread for the open file, showing title
	// and the fraction done that job reports, with a Cancel button that
	// cancels its context. Closing or replacing the file cancels it
	// (asking first); done runs on the main thread with job's error only
	// while the file is still open.
	Run(title string, job func(ctx context.Context, progress func(float64)) error, done func(error))
}

// Placed selects what a placement tool made, or says why it could not.
func Placed(h Host, r document.Ref, err error) {
	if err != nil {
		h.Status(err.Error())
		return
	}
	h.Select([]document.Ref{r})
}

// ByKind sorts refs' indexes by kind.
func ByKind(refs []document.Ref) map[document.Kind][]int {
	out := map[document.Kind][]int{}
	for _, r := range refs {
		out[r.Kind] = append(out[r.Kind], r.Index)
	}
	return out
}

// LevelProblems passes a level's problems on, or turns the error of a
// level that cannot be checked into one problem, so that the panel says
// why it lists nothing else.
func LevelProblems(level int, p []bin.Problem, err error) []bin.Problem {
	if err != nil {
		return []bin.Problem{{Severity: "error", Level: level, Kind: "level", Code: "unreadable", Message: err.Error()}}
	}
	return p
}

// A TexturePalette is a session whose textures the texture palette
// shows by picture, for the user to paint surfaces with.
type TexturePalette interface {
	// PaletteTextures are the textures the level can use, in the order
	// the palette shows them; none without the game's data.
	PaletteTextures(level int) []PaletteTexture
	// ApplyTexture sets the texture key on a surface of r, as one undo
	// step: in the 3D view (hit not nil) the surface at hit; in the map,
	// the floor, or the ceiling when the map shows ceilings.
	ApplyTexture(h Host, r document.Ref, hit *display.Vec3, key int) error
}

// A PaletteTexture is one texture of the palette: what the session
// knows it by, its name and group (a collection, a size), and its
// picture.
type PaletteTexture struct {
	Key     int
	Name    string
	Group   string
	Picture image.Image
}

// A MapUnits is a session whose map positions the status bar writes in
// the game's own unit (Marathon's world units), as its inspector does,
// rather than in the steps the map stores.
type MapUnits interface {
	// MapUnit is the unit's name and how many stored steps make one.
	MapUnit() (name string, per float64)
}

// A PlayerStarter is a session whose engine starts a level at a player
// start the level holds: Playtest from Here moves it, in a scratch copy.
type PlayerStarter interface {
	// PlayerStart is level's player start, a movable entity (Move).
	PlayerStart(level int) (document.Ref, bool)
}

// A LevelInspector is a session whose inspector, when nothing is
// selected, shows sections of the level shown (its parameters, say).
type LevelInspector interface {
	InspectLevel(h Host) []inspect.Section
}

// An EntityLister is a session with a panel listing the shown level's
// entities to search and go to, which View > Entity List shows.
type EntityLister interface {
	EntityList(h Host) fyne.CanvasObject
}

// A Describer names an entity in a line, for the status bar under the
// pointer: what it is, its index and where it stands ("Object 12:
// Fighter (major), floor 1.5 WU").
type Describer interface {
	Describe(r document.Ref) string
}

// Describe is s's line for r when s describes its entities, else the
// kind and index.
func Describe(s Session, r document.Ref) string {
	if d, ok := s.(Describer); ok {
		return d.Describe(r)
	}
	return inspect.Title(r.Kind, []int{r.Index})
}

// A PointDescriber tells, for the status bar, what lies at a map point
// of a level besides the entity there: the height of the floor under the
// pointer ("floor 12.50"); "" for nothing.
type PointDescriber interface {
	DescribePoint(level int, at display.Vec2) string
}

// An Overview is a session of a file that may have no levels (a
// resource file of textures, a physics file): the window shows what it
// is, in place of the map, while it has none to draw.
type Overview interface {
	// Overview shows the file: a resource file's chunks, the physics
	// editor.
	Overview(h Host) fyne.CanvasObject
}

// A Remembering session has state its file cannot store (a Turok map's
// visibility tables marked stale), which the editor keeps for it, by the
// saved bytes, and gives back when the same bytes are opened again.
type Remembering interface {
	// Unstored is the state to keep for the file as it is saved now, ""
	// for none.
	Unstored() string
	// Restore gives back the state kept for the bytes opened.
	Restore(state string)
}

// A ReferenceKeeper is a session whose entities name one another (a
// trigger its target, a switch its platform, an actor another's TID):
// its Remove clears the references to what it deletes from what it
// keeps, in the same undo step, so that none is left naming a free slot
// or, later, whatever comes to take it.
type ReferenceKeeper interface {
	// Referrers lists the references to entities refs from entities not
	// among them, which Remove clears; none when nothing names them.
	Referrers(refs []document.Ref) ([]document.Referrer, error)
}

// Referrers names the references to refs that s's Remove would clear:
// none when s keeps no references, nothing names refs, or Remove would
// refuse them.
func Referrers(s Session, refs []document.Ref) []string {
	k, ok := s.(ReferenceKeeper)
	if !ok {
		return nil
	}
	found, err := k.Referrers(refs)
	if err != nil {
		return nil
	}
	names := make([]string, len(found))
	for i, r := range found {
		names[i] = r.Name
	}
	return names
}

// A Fix is the one-step fix of a problem whose fix is not in doubt: the
// label of its button in the Problems panel, and the edit, one undo step.
type Fix struct {
	Label string
	Do    func() error
}

// A Fixer is a session that can fix some of its problems (a platform
// without its record, a wall without a side), each with one click in the
// Problems panel.
type Fixer interface {
	// Fix is the fix of p, a problem of the level shown, nil when p has
	// none that is not in doubt.
	Fix(h Host, p bin.Problem) *Fix
}

// FixOf is s's fix of p, nil when s fixes nothing or not p.
func FixOf(s Session, h Host, p bin.Problem) *Fix {
	if f, ok := s.(Fixer); ok {
		return f.Fix(h, p)
	}
	return nil
}

// Package editor is the Levelwright application's shell: the main
// window, its menus and shortcuts, the panels around the viewport, and
// the file the user is working on. It knows no game: games.go lists the
// game columns, and each is seen through editor/game's contract.
//
// The Editor (editor.go) owns what the window does as a whole: the open
// file and the level shown (current, which the parts read), installing a
// file, the selection, undo and redo, the links drawn, the target picker,
// the map's gestures and common tools (tools.go), the window's layout and
// menus (window.go) and the settings (settings.go). Each other
// part owns its state and its methods, in its own file, and is given at
// construction what it needs of the rest (Editor.parts):
//
//   - dialogs (dialogs.go): the dialog on top, errors, file choosers,
//     questions before discarding data;
//   - menus (menus.go): the items that change, and the shortcuts;
//   - jobs (jobs.go): the work off the main thread, with progress;
//   - toolBox (toolbar.go): the toolbar and the tool chosen;
//   - levelsPanel, problemsPanel, inspectorPanel (levels.go, problems.go,
//     inspector.go): the panels beside the map;
//   - legendPanel and mapGrid (legend.go, grid.go): the draw mode, its
//     legend and layers, the grid's step and snapping;
//   - palettePanel (palette.go): the texture palette;
//   - comparePanel (compare.go): File > Compare with…;
//   - clipboard (clipboard.go): Copy, Paste, Duplicate and Go to;
//   - followUp (follow.go): the follow-up of a burst of steps;
//   - fileJobs (files.go): open, save, revert, with a back-pointer to
//     the Editor, which they install files in;
//   - recentFiles (recent.go), dataFolder and autosaver (recovery.go),
//     welcomePage (welcome.go);
//   - fileWindows (windows.go) and backgroundJobs (background.go): the
//     windows and jobs bound to the open file;
//   - playtests (playtest.go) and scripts (script.go).
//
// host (host.go) is the window as a game's column sees it.
package editor

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
	"github.com/google/uuid"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/editor/tool"
	"github.com/levelwright/levelwright/undo"
	"github.com/levelwright/levelwright/widgets/propgrid"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// Editor is one main window and the file open in it. It owns what the
// window does as a whole: the open file (install), the level shown, the
// selection, undo and redo, the links drawn, the target picker and the
// gestures of the map. Each of its parts owns its widgets, its state and
// its methods, and is given at construction what it needs of the rest
// (see the package comment).
type Editor struct {
	app fyne.App
	win fyne.Window

	current                     // the open file, the level shown and the selection
	shown    map[int]levelState // how each level was left, by file index
	selected document.Selection // the selection by handle, which edits renumber
	// selectedAt is the file's Handles.Moves when the selection was last
	// looked up by handle.
	selectedAt uint64
	picking    *picker   // a target picker waiting for a click, if any
	drag       tool.Drag // the tool's drag under way in the map, if any
	clicks     tool.Path // the tool's path of clicks under way, if any
	links      []link    // the shown level's links to targets

	view     *viewport.View
	viewport *fyne.Container // the view, or the welcome page
	viewArea *fyne.Container // the toolbar, the tool's options and the viewport
	status   *widget.Label

	dialogs    *dialogs
	menus      *menus
	jobs       *jobs
	levels     *levelsPanel
	grid       *mapGrid
	legend     *legendPanel
	inspector  *inspectorPanel
	problems   *problemsPanel
	palette    *palettePanel
	compare    *comparePanel
	clipboard  *clipboard
	finder     *finder
	prefabs    *prefabs
	follower   *followUp
	tools      *toolBox
	files      *fileJobs
	recent     *recentFiles
	data       *dataFolder
	autosaver  *autosaver
	welcome    *welcomePage
	windows    *fileWindows
	background *backgroundJobs
	playtests  *playtests
	scripts    *scripts
	manual     *manual
}

// current is what the window has open: the file, the level shown and the
// selection. The Editor changes it; the parts given it read it.
type current struct {
	path      string       // the open file, "" for none
	game      game.Game    // the open file's game, nil for none
	file      game.Session // the open file's document, nil for none
	dirty     bool
	level     int            // the file's index of the level shown
	scene     *scene.Scene   // the level shown
	selection []document.Ref // the entities selected, where they are now
}

// levelState is what the user left a level showing: the view's cameras
// and the selection, given back when they switch to it again.
type levelState struct {
	cameras   viewport.Cameras
	selection []document.Ref
}

// install makes f, the document of the file at path, the open file.
func (e *Editor) install(path string, g game.Game, f game.Session) {
	e.background.drop()
	e.windows.closeAll()
	e.dialogs.hideTop() // a question or a form of the file replaced
	e.path, e.game, e.file, e.dirty = path, g, f, false
	e.autosaver.edits, e.autosaver.autosaved = 0, 0
	e.scene, e.selection, e.shown = nil, nil, map[int]levelState{}
	e.selected.Clear()
	e.levels.set(f.Levels())
	e.setTools(f)
	e.menus.setGameActions(g.Format().Name(), game.Actions(f, host{e}), e.runAction)
	e.menus.setLevelActions(game.LevelActions(f, host{e}, e.showFileLevel), e.runLevelAction)
	f.History().OnChange(e.historyChanged)
	e.status.SetText(fmt.Sprintf("%s file: %s", g.Format().Name(), path))
	e.updateTitle()
	e.menus.updateHistory(f.History())
	e.palette.fill()
	if len(e.levels.drawable) > 0 {
		e.levels.list.Select(0)
		return
	}
	e.showWithoutLevels()
}

// runAction does a game's own action on the selection, showing its
// error.
func (e *Editor) runAction(a game.Action) {
	if err := a.Do(e.selection); err != nil {
		e.dialogs.showError(err)
	}
}

// runLevelAction does a level action on the level shown, showing its
// error.
func (e *Editor) runLevelAction(a game.LevelAction) {
	if err := a.Do(e.level); err != nil {
		e.dialogs.showError(err)
	}
}

// showFileLevel shows the open file's level of index, when listed.
func (e *Editor) showFileLevel(index int) { e.levels.choose(index) }

// relistLevels lists the open file's levels again after a step changed
// the list, and shows the level now at the index shown before, or the
// last one; nothing is selected.
func (e *Editor) relistLevels() {
	level := e.level
	e.selection, e.shown = nil, map[int]levelState{}
	e.selected.Clear()
	e.levels.set(e.file.Levels())
	switch {
	case len(e.levels.drawable) == 0:
		e.showWithoutLevels()
	case !e.levels.choose(level):
		e.levels.list.Select(len(e.levels.drawable) - 1)
	}
}

// historyChanged follows a step done, undone or redone, or a save: the
// viewport redraws what changed (the levels listed again after a change
// of the list), and the title, the Edit menu and the problems follow.
func (e *Editor) historyChanged(n undo.Notice) {
	if document.ChangesLevels(n.Changes) {
		e.relistLevels()
	} else if e.scene != nil && len(n.Changes) > 0 {
		changes := e.scene.Update(n.Changes)
		if e.scene.Rebuilt() {
			e.grid.hideIfOff() // the scene was built again, with its grid
			e.legend.show()    // and its gradients may span new values
		}
		e.view.Update(changes)
	}
	if n.Event != undo.Saved {
		e.autosaver.edits++
		e.followSelection()
		e.status.SetText(stepStatus(n)) // an error shown before is over
	}
	e.SetDirty(n.Dirty)
	e.menus.updateHistory(e.file.History())
	// A drag sends a step for every pointer move; they are followed
	// when it ends (drop), not at each of them.
	switch {
	case n.Event == undo.Saved:
	case e.drag == nil:
		e.follower.follow(n.Changes)
	default:
		e.follower.gather(n.Changes)
	}
}

// stepStatus is what the status bar says of a step done, undone or
// redone.
func stepStatus(n undo.Notice) string {
	switch n.Event {
	case undo.Undid:
		return "Undone: " + n.Description
	case undo.Redid:
		return "Redone: " + n.Description
	}
	return n.Description
}

// Undo takes back the last step.
func (e *Editor) Undo() { e.step(func(h *undo.Stack) (bool, error) { return h.Undo() }) }

// Redo does the last step taken back again.
func (e *Editor) Redo() { e.step(func(h *undo.Stack) (bool, error) { return h.Redo() }) }

func (e *Editor) step(f func(*undo.Stack) (bool, error)) {
	if e.file == nil {
		return
	}
	if _, err := f(e.file.History()); err != nil {
		e.dialogs.showError(err)
	}
}

// A link is a link to a target and the line drawn for it, if any.
type link struct {
	refs  [2]document.Ref
	line  [2]display.Vec2
	drawn bool // both ends are drawn, apart
}

// refreshLinks draws the shown level's links to targets.
func (e *Editor) refreshLinks() {
	e.links = nil
	if e.file != nil && e.scene != nil {
		for _, refs := range e.file.Links(e.level) {
			l := link{refs: refs}
			e.placeLink(&l)
			e.links = append(e.links, l)
		}
	}
	e.showLinks()
}

// followLinks draws again, after steps, the links from and to the
// entities whose drawing they altered (reached, as the scene found them
// when it drew them again); all of them when the steps altered the
// whole level (wholly) or the links are not the same as before.
func (e *Editor) followLinks(reached []document.Ref, wholly bool) {
	if e.file == nil || e.scene == nil {
		e.refreshLinks()
		return
	}
	refs := e.file.Links(e.level)
	if wholly || len(refs) != len(e.links) {
		e.refreshLinks()
		return
	}
	type entity struct {
		kind  document.Kind
		index int
	}
	ends := map[entity][]int{} // the links from and to each entity, by index
	for i, r := range refs {
		if r != e.links[i].refs {
			e.refreshLinks()
			return
		}
		for _, end := range r {
			k := entity{end.Kind, end.Index}
			ends[k] = append(ends[k], i)
		}
	}
	moved, placed := false, make([]bool, len(refs))
	for _, r := range reached {
		for _, i := range ends[entity{r.Kind, r.Index}] {
			if placed[i] {
				continue
			}
			placed[i] = true
			l := &e.links[i]
			was := *l
			e.placeLink(l)
			moved = moved || *l != was
		}
	}
	if moved {
		e.showLinks()
	}
}

// placeLink finds where the line of l lies in the shown level.
func (e *Editor) placeLink(l *link) {
	a, okA := e.scene.Center(l.refs[0])
	b, okB := e.scene.Center(l.refs[1])
	l.line, l.drawn = [2]display.Vec2{a, b}, okA && okB && a != b
}

// showLinks gives the view the lines of the links drawn, none while
// the Links layer is hidden.
func (e *Editor) showLinks() {
	var lines [][2]display.Vec2
	hidden := e.scene != nil && !e.scene.Shown(scene.LinksLayer)
	for _, l := range e.links {
		if l.drawn && !hidden {
			lines = append(lines, l.line)
		}
	}
	e.view.ShowLinks(lines)
}

// SetSelection selects the entities refs of the shown level: the
// viewport marks them and the inspector shows them.
func (e *Editor) SetSelection(refs []document.Ref) {
	e.selection = refs
	e.selected.Clear()
	if e.file != nil {
		h := e.file.Handles()
		ids := make([]uuid.UUID, len(refs))
		for i, r := range refs {
			ids[i] = h.Of(r)
		}
		e.selected.Set(ids...)
		e.selectedAt = h.Moves()
	}
	if e.scene == nil {
		return
	}
	e.view.Update(e.scene.Select(refs...))
	e.inspector.show()
}

// SelectAll selects every entity of the shown level.
func (e *Editor) SelectAll() {
	if e.scene == nil {
		return
	}
	e.SetSelection(e.scene.Drawn())
}

// followSelection finds the selected entities again after a step: where
// an edit moved them to, without those it deleted (or whose creation it
// undid).
func (e *Editor) followSelection() {
	if e.file == nil || e.selected.Len() == 0 || e.file.Handles().Moves() == e.selectedAt {
		return // no handle moved since the selection was found
	}
	e.selectedAt = e.file.Handles().Moves()
	now := e.selected.Refs(e.file.Handles())
	if slices.Equal(now, e.selection) {
		return
	}
	e.selection = now
	if e.scene != nil {
		e.view.Update(e.scene.Select(now...))
	}
}

// DeleteSelection deletes the selected entities as one undo step,
// asking first when others name them (game.Referrers): the step clears
// those references too.
func (e *Editor) DeleteSelection() {
	if e.file == nil || len(e.selection) == 0 {
		return
	}
	refs := e.selection
	var what string
	switch names := game.Referrers(e.file, refs); len(names) {
	case 0:
	case 1:
		what = "the reference of " + names[0]
	default:
		what = "the references of " + andList(names)
	}
	err := e.dialogs.askFirst(what, "Edit > Undo gives the entities and their references back.", "Delete", func() error {
		if err := e.file.Remove(refs); err != nil {
			return err
		}
		e.SetSelection(nil)
		return nil
	})
	if err != nil && !errors.Is(err, propgrid.ErrAsking) {
		e.dialogs.showError(err)
	}
}

// A picker waits for a click on an entity of a kind in the map, then
// sets a target to it.
type picker struct {
	kind document.Kind
	set  func(index int) error
}

// pickTarget makes the next click in the map, on an entity of kind,
// the target that set sets; Escape gives up.
func (e *Editor) pickTarget(prompt string, kind document.Kind, set func(index int) error) {
	e.picking = &picker{kind, set}
	e.status.SetText("Pick a target: " + prompt + " (Escape to give up)")
}

// pick takes a click for the target picker; it reports whether one was
// waiting.
func (e *Editor) pick(id display.ID) bool {
	p := e.picking
	if p == nil {
		return false
	}
	r, ok := e.scene.Ref(id)
	if !ok || r.Kind != p.kind {
		e.status.SetText(fmt.Sprintf("Pick a target: that is not a %s; click one, or Escape to give up", p.kind))
		return true
	}
	e.picking = nil
	if err := p.set(r.Index); err != nil {
		e.dialogs.showError(err)
		return true
	}
	e.status.SetText(fmt.Sprintf("Target set to %s %d", r.Kind, r.Index))
	return true
}

// showCursor puts the world point under the pointer, and what is there
// (the entity, and what the file's PointDescriber says), in the status
// bar, and tells the path of clicks under way.
func (e *Editor) showCursor(p display.Vec2, id display.ID) {
	if e.clicks != nil {
		e.clicks.Hover(p)
	} else if t := e.tools.chosen; t != nil && t.Hover != nil && e.drag == nil {
		t.Hover(p)
	}
	e.clipboard.pointer, e.clipboard.pointed = p, true
	if _, measuring := e.clicks.(*measurement); measuring {
		return // the status bar says the measure
	}
	text := filepath.Base(e.path) + "  " + e.position(p.X, p.Y)
	if d, ok := e.file.(game.PointDescriber); ok {
		if at := d.DescribePoint(e.level, p); at != "" {
			text += "  " + at
		}
	}
	if length, ok := e.lineLength(id); ok && e.tools.chosen != nil && e.tools.chosen.Name == "Measure" {
		text += "  —  " + length
	} else if r, ok := e.scene.Ref(id); ok && e.file != nil {
		text += "  —  " + game.Describe(e.file, r)
	}
	e.status.SetText(text)
}

// position writes a map position (x, y and perhaps z) for the status
// bar: in the game's unit when the open file has one (game.MapUnits),
// else as the map stores it.
func (e *Editor) position(xyz ...float64) string {
	parts := make([]string, len(xyz))
	for i, v := range xyz {
		parts[i] = "xyz"[i:i+1] + " " + e.inUnits(v)
	}
	return strings.Join(parts, "  ")
}

// inUnits writes a length of the map in the game's unit when the open
// file has one (game.MapUnits), to hundredths; else as the map stores
// it, to tenths.
func (e *Editor) inUnits(v float64) string {
	if u, ok := e.file.(game.MapUnits); ok {
		name, per := u.MapUnit()
		return fmt.Sprintf("%.2f %s", v/per, name)
	}
	return fmt.Sprintf("%.1f", v)
}

// hover highlights the entity under the pointer, id's.
func (e *Editor) hover(id display.ID) {
	if e.scene == nil {
		return
	}
	r, over := e.scene.Ref(id)
	e.view.Update(e.scene.Hover(r, over))
}

// pointerLeft takes what was under the pointer out of the status bar
// when the pointer leaves the view.
func (e *Editor) pointerLeft() {
	e.hideHover()
	if e.path != "" {
		e.status.SetText(filepath.Base(e.path))
	}
}

// hideHover takes away what the chosen tool's Hover shows.
func (e *Editor) hideHover() {
	if t := e.tools.chosen; t != nil && t.Hover != nil {
		e.view.ShowPath(nil)
	}
}

// showCursor3D says in the status bar what the pointer is over in the
// 3D view: the map point and height of the surface, and its entity.
func (e *Editor) showCursor3D(id display.ID, hit *display.Vec3) {
	if hit == nil || e.scene == nil {
		e.status.SetText(filepath.Base(e.path) + "  —  no surface under the pointer")
		return
	}
	p := e.scene.MapPoint(*hit)
	text := filepath.Base(e.path) + "  " + e.position(p.X, p.Y, hit.Z)
	if r, ok := e.scene.Ref(id); ok && e.file != nil {
		text += "  —  " + game.Describe(e.file, r)
	}
	e.status.SetText(text)
}

// refreshProblems lists the shown level's validation problems and draws
// its links and the comparison's marks again.
func (e *Editor) refreshProblems() {
	e.follower.forget() // the steps not yet followed are checked with the rest
	e.refreshLinks()
	e.compare.showMarks()
	var problems []bin.Problem
	if e.file != nil && e.scene != nil {
		problems = bin.Guard(e.level, "level", func() []bin.Problem { return e.file.Problems(e.level) })
	}
	e.problems.show(problems)
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
	e.problems.follow(bin.Guard(e.level, "level", func() []bin.Problem { return e.file.Problems(e.level) }))
}

// fixOf is the open file's fix of problem p, one of the shown level's,
// nil for none.
func (e *Editor) fixOf(p bin.Problem) *game.Fix {
	if e.file == nil {
		return nil
	}
	return game.FixOf(e.file, host{e}, p)
}

// showProblem selects the entity of problem p, chosen in the Problems
// panel, centres the map on it and shows p over the inspector.
func (e *Editor) showProblem(p bin.Problem) {
	if e.scene == nil {
		return
	}
	r := document.Ref{Level: e.level, Kind: document.Kind(p.Kind), Index: p.Index}
	e.SetSelection([]document.Ref{r})
	if at, ok := e.scene.Center(r); ok {
		e.SetViewMode(viewport.Map)
		e.view.CenterOn(at)
	}
	e.inspector.showProblem(fmt.Sprintf("%s: %s", p.Severity, p.Message))
}

// fileName is the open file's name, for the user.
func (c *current) fileName() string { return filepath.Base(c.path) }

// Open loads the file at path (see fileJobs.Open).
func (e *Editor) Open(path string) { e.files.Open(path) }

// StartAutosave autosaves unsaved work at the interval the settings
// give, so that a crash loses little, until the window closes.
func (e *Editor) StartAutosave() { e.autosaver.Start() }

// ShowWelcome fills the viewport area, while no file is open, with what
// to start from: the demo levels, unsaved work to recover, recent files.
func (e *Editor) ShowWelcome() { e.welcome.Show() }

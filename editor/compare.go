package editor

import (
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/diff"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/widgets/viewport"
)

// The colours of a comparison's marks on the map: entities only the open
// file has, entities both have but that differ, and entities only the
// other file has (where they stand in it).
var (
	addedColor   = color.NRGBA{R: 0x40, G: 0xD0, B: 0x40, A: 0xFF}
	changedColor = color.NRGBA{R: 0xFF, G: 0xB0, B: 0x20, A: 0xFF}
	removedColor = color.NRGBA{R: 0xF0, G: 0x40, B: 0x40, A: 0xFF}
)

// compareHeight is how tall the Differences panel is.
const compareHeight = 200

// comparePanel is File > Compare with…: the differences from another
// file of the open file's game (cur's) to the open file, listed under
// the map to step through, and marked on the view. It runs the
// comparison as one of jobs, and goes to a change with the levels panel,
// setViewMode, selectRefs and goTo.
type comparePanel struct {
	cur         *current
	dialogs     *dialogs
	jobs        *jobs
	status      *widget.Label
	view        *viewport.View
	levels      *levelsPanel
	setViewMode func(viewport.Mode)
	selectRefs  func([]document.Ref)
	goTo        func(kind document.Kind, index int) error

	compared *comparison     // nil while nothing is compared
	box      *fyne.Container // the panel, hidden while nothing is compared
	head     *widget.Label
	list     *widget.List
	note     *widget.Label // the chosen change in full
}

// comparison is the open file compared with another file of its game.
type comparison struct {
	file    game.Session  // the open file compared; opening another ends the comparison
	other   string        // the other file's path
	changes []diff.Change // from the other file (A) to the open one (B)
	// otherFile is the other file opened, whose levels place the entities
	// only it has; scenes are those levels built, by file index.
	otherFile game.Session
	scenes    map[int]*scene.Scene
	row       int // the change chosen, -1 for none
}

// build makes the Differences panel's widgets, hidden.
func (p *comparePanel) build() {
	p.head = widget.NewLabelWithStyle("Differences", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	p.head.Truncation = fyne.TextTruncateEllipsis
	p.note = widget.NewLabel("")
	p.note.Wrapping = fyne.TextWrapWord
	p.list = widget.NewList(
		func() int {
			if p.compared == nil {
				return 0
			}
			return len(p.compared.changes)
		},
		func() fyne.CanvasObject {
			l := widget.NewLabel("level 0: objects 1234 changed")
			l.Truncation = fyne.TextTruncateEllipsis
			return l
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			o.(*widget.Label).SetText(p.compared.line(p.compared.changes[i]))
		},
	)
	p.list.OnSelected = p.showChange
	buttons := container.NewHBox(
		widget.NewButton("Previous", func() { p.Step(-1) }),
		widget.NewButton("Next", func() { p.Step(1) }),
		widget.NewButton("Compare Again", p.Again),
		widget.NewButton("Close", p.Close),
	)
	height := canvas.NewRectangle(color.Transparent)
	height.SetMinSize(fyne.NewSize(0, compareHeight))
	top := container.NewVBox(widget.NewSeparator(), container.NewBorder(nil, nil, nil, buttons, p.head), widget.NewSeparator())
	p.box = container.NewStack(height, container.NewBorder(top, p.note, nil, nil, p.list))
	p.box.Hide()
}

// showDialog asks for the file to compare the open file with.
func (p *comparePanel) showDialog() {
	if p.cur.file == nil {
		p.status.SetText("Open a level to compare")
		return
	}
	p.dialogs.show(p.dialogs.openFile(filepath.Dir(absolute(p.cur.path)), nil, p.With))
}

// With compares the open file, as it is now, with the file at
// path, which must be of the same game, and shows the differences: the
// Differences panel lists them and the map marks them. It works off the
// main thread, with a progress bar when that takes a while.
func (p *comparePanel) With(path string) {
	if p.cur.file == nil {
		p.status.SetText("Open a level to compare")
		return
	}
	if p.jobs.working {
		return
	}
	ours, err := p.cur.file.Bytes()
	if err != nil {
		p.dialogs.showError(fmt.Errorf("cannot compare: %w", err))
		return
	}
	g, file, ourPath := p.cur.game, p.cur.file, p.cur.path
	var c *comparison
	p.jobs.busy("Comparing…", func() (err error) {
		c, err = compare(g, ourPath, ours, path)
		return err
	}, func(err error) {
		if err != nil {
			p.dialogs.showError(err)
			return
		}
		c.file = file
		p.show(c)
	})
}

// compare lists what differs from the file at path to ours, the bytes of
// the open file at ourPath, a file of g.
func compare(g game.Game, ourPath string, ours []byte, path string) (*comparison, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot compare: %w", err)
	}
	f, err := document.Sniff(data, Formats())
	if err != nil {
		return nil, fmt.Errorf("cannot compare with %s: %w", path, err)
	}
	if f != g.Format() {
		return nil, fmt.Errorf("%s is a %s file; a %s file can be compared only with another %s file",
			filepath.Base(path), f.Name(), g.Format().Name(), g.Format().Name())
	}
	other, err := g.Open(path, data)
	if err != nil {
		return nil, fmt.Errorf("cannot compare with %s: %w", path, err)
	}
	// The other file's session, which draws its removed entities, also
	// exports it, when its game lets commands see its document.
	var theirs diff.File
	if s, ok := other.(game.Scriptable); ok {
		theirs, err = readExport(path, s.ScriptDoc())
	} else {
		theirs, err = exported(f, path, data)
	}
	if err != nil {
		return nil, err
	}
	mine, err := exported(f, ourPath, ours)
	if err != nil {
		return nil, err
	}
	return &comparison{other: path, changes: diff.Compare(theirs, mine), otherFile: other,
		scenes: map[int]*scene.Scene{}, row: -1}, nil
}

// exported is the file at path, data, of format f, as its game exports
// it.
func exported(f document.Format, path string, data []byte) (diff.File, error) {
	d, err := f.Open(path, data)
	if err != nil {
		return diff.File{}, fmt.Errorf("cannot compare %s: %w", path, err)
	}
	return readExport(path, d)
}

// readExport is d, the document of the file at path, as its game exports
// it.
func readExport(path string, d document.Doc) (diff.File, error) {
	file, err := diff.Read(d)
	if err != nil {
		return diff.File{}, fmt.Errorf("cannot compare %s: exporting it: %w", path, err)
	}
	return file, nil
}

// show lists c's changes in the Differences panel and marks
// those of the shown level on the map.
func (p *comparePanel) show(c *comparison) {
	p.compared = c
	name := filepath.Base(c.other)
	head := fmt.Sprintf("No differences from %s", name)
	if n := len(c.changes); n > 0 {
		head = fmt.Sprintf("%s from %s (green: only in this file, amber: changed, red: only in %s)", differences(n), name, name)
	}
	p.head.SetText(head)
	p.note.SetText("")
	p.list.UnselectAll()
	p.list.Refresh()
	p.box.Show()
	p.showMarks()
	p.status.SetText(fmt.Sprintf("Compared with %s: %s", c.other, differences(len(c.changes))))
}

// differences is "1 difference", "2 differences".
func differences(n int) string {
	if n == 1 {
		return "1 difference"
	}
	return fmt.Sprintf("%d differences", n)
}

// line is a change as the panel lists it.
func (c *comparison) line(ch diff.Change) string {
	if ch.Change == "removed" {
		return ch.String() + " (only in " + filepath.Base(c.other) + ")"
	}
	return ch.String()
}

// Close ends the comparison: the panel and the marks go.
func (p *comparePanel) Close() {
	p.compared = nil
	p.list.UnselectAll()
	p.list.Refresh()
	p.box.Hide()
	p.view.ShowMarks(nil)
}

// Again compares the open file, as edited since, with the same
// other file again.
func (p *comparePanel) Again() {
	if p.compared != nil {
		p.With(p.compared.other)
	}
}

// Step chooses the change by places after the one chosen (before
// it for a negative by), round from the last to the first, and goes to
// it.
func (p *comparePanel) Step(by int) {
	c := p.compared
	if c == nil || len(c.changes) == 0 {
		return
	}
	n := len(c.changes)
	i := (c.row + by%n + n) % n
	if c.row < 0 && by < 0 {
		i = n - 1
	}
	if i == c.row { // the list tells no choice of the row chosen
		p.showChange(i)
		return
	}
	p.list.Select(i)
	p.list.ScrollTo(i)
}

// showChange goes to change i: it shows its level, and selects and
// centres the map on its entity when the open file has it; for one only
// the other file has, it centres the map where the entity stands there.
func (p *comparePanel) showChange(i int) {
	c := p.compared
	if c == nil || i < 0 || i >= len(c.changes) {
		return
	}
	c.row = i
	ch := c.changes[i]
	p.note.SetText(c.line(ch))
	if ch.Level != p.cur.level && !p.levels.choose(ch.Level) {
		p.status.SetText(fmt.Sprintf("Level %d is not drawn", ch.Level))
		return
	}
	if p.cur.scene == nil {
		return
	}
	p.setViewMode(viewport.Map)
	kinds := drawnKinds(p.cur.scene)
	at, ok := p.place(ch, kinds)
	switch {
	case ch.List == "":
		p.selectRefs(nil)
		p.status.SetText(fmt.Sprintf("Level %d's own fields differ", ch.Level))
	case !ok:
		p.selectRefs(nil)
		p.status.SetText(fmt.Sprintf("The map does not draw %s", ch.List))
	case ch.Change == "removed":
		p.selectRefs(nil)
		p.view.CenterOn(at)
		p.status.SetText(fmt.Sprintf("%s %d is only in %s", ch.List, ch.Index, filepath.Base(c.other)))
	default:
		kind, _ := listKind(ch.List, kinds)
		if err := p.goTo(kind, ch.Index); err != nil {
			p.status.SetText(err.Error())
		}
	}
}

// showMarks marks the changes of the shown level on the map, or
// ends the comparison when another file was opened since.
func (p *comparePanel) showMarks() {
	c := p.compared
	if c == nil {
		return
	}
	if c.file != p.cur.file {
		p.Close()
		return
	}
	if p.cur.scene == nil {
		return
	}
	kinds := drawnKinds(p.cur.scene)
	var marks []viewport.Mark
	for _, ch := range c.changes {
		if ch.Level != p.cur.level {
			continue
		}
		if at, ok := p.place(ch, kinds); ok {
			marks = append(marks, viewport.Mark{At: at, Color: markColor(ch.Change)})
		}
	}
	p.view.ShowMarks(marks)
}

// place is where the entity of ch stands: in the shown level when
// the open file has it (kinds are the kinds it draws), else in the other
// file's level; ok is false for the level's own fields and for entities
// the map does not draw.
func (p *comparePanel) place(ch diff.Change, kinds []document.Kind) (display.Vec2, bool) {
	if ch.List == "" {
		return display.Vec2{}, false
	}
	s := p.cur.scene
	if ch.Change == "removed" {
		if s = p.compared.otherScene(ch.Level); s == nil {
			return display.Vec2{}, false
		}
		kinds = drawnKinds(s)
	}
	kind, ok := listKind(ch.List, kinds)
	if !ok {
		return display.Vec2{}, false
	}
	return s.Center(document.Ref{Level: ch.Level, Kind: kind, Index: ch.Index})
}

// otherScene is level of the other file, built the first time it is
// asked for; nil when the other file does not draw it.
func (c *comparison) otherScene(level int) *scene.Scene {
	if s, ok := c.scenes[level]; ok {
		return s
	}
	var s *scene.Scene
	for _, l := range c.otherFile.Levels() {
		if l.Index == level {
			s = l.Build()
		}
	}
	c.scenes[level] = s
	return s
}

// markColor is the colour that marks a change of kind change.
func markColor(change string) color.NRGBA {
	switch change {
	case "added":
		return addedColor
	case "removed":
		return removedColor
	}
	return changedColor
}

// drawnKinds are the kinds of the entities s draws, in the order it
// first draws them.
func drawnKinds(s *scene.Scene) []document.Kind {
	var out []document.Kind
	inf := math.Inf(1)
	for _, r := range s.Within(display.Vec2{X: -inf, Y: -inf}, display.Vec2{X: inf, Y: inf}) {
		if !slices.Contains(out, r.Kind) {
			out = append(out, r.Kind)
		}
	}
	return out
}

// listKind is the kind, among kinds, of the entities an export list
// holds: the kind the list's name is the plural of ("polygons" polygon,
// "vertices" vertex, "sector_sets" sector-set), or else the kind that
// plural ends with ("old_lights" light, "run_platforms" platform).
func listKind(list string, kinds []document.Kind) (document.Kind, bool) {
	name := strings.ReplaceAll(list, "_", "-")
	singulars := []string{strings.TrimSuffix(name, "s")}
	if stem, ok := strings.CutSuffix(name, "ices"); ok {
		singulars = append(singulars, stem+"ex")
	}
	for _, s := range singulars {
		if slices.Contains(kinds, document.Kind(s)) {
			return document.Kind(s), true
		}
	}
	for _, s := range singulars {
		for _, k := range kinds {
			if strings.HasSuffix(s, "-"+string(k)) {
				return k, true
			}
		}
	}
	return "", false
}

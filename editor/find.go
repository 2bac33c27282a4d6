package editor

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/diff"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/query"
)

// finder is the Edit menu's Find (Ctrl+F) and Select Similar on cur's
// shown level, in the query language of the command line's find
// (docs/query.md): it counts the matches, steps through them (goTo
// selects and centres one), selects them all (selectRefs), and sets a
// field on every match as one step.
type finder struct {
	cur        *current
	dialogs    *dialogs
	menus      *menus
	status     *widget.Label
	selectRefs func([]document.Ref)
	goTo       func(kind document.Kind, index int) error

	text    string         // the last query asked for
	matches []document.Ref // its matches the map draws, in the order found
	at      int            // the match Next and Previous went to last; -1 before the first
}

// items are the Edit menu's Find and Select Similar.
func (f *finder) items() []*fyne.MenuItem {
	return []*fyne.MenuItem{
		f.menus.shortcutItem("Find…", fyne.KeyF, f.dialogs.unlessDialogDo(func() { f.Show(f.text) })),
		fyne.NewMenuItem("Select Similar", f.dialogs.unlessDialogDo(f.SelectSimilar)),
	}
}

// level is the shown level's export, decoded, with the document it
// came from; ok is false (and the status says why) when there is none.
func (f *finder) level() (map[string]any, document.Doc, bool) {
	s, ok := f.cur.file.(game.Scriptable)
	if !ok || f.cur.scene == nil {
		f.status.SetText("This file's game has no levels to search")
		return nil, nil, false
	}
	d := s.ScriptDoc()
	l, err := diff.ReadLevel(d, f.cur.level)
	if err != nil {
		f.status.SetText(fmt.Sprintf("Level %d cannot be searched: %v", f.cur.level, err))
		return nil, nil, false
	}
	return l, d, true
}

// find runs text over the shown level: its matches the map draws, and
// how many matched in all (entities of lists the map does not draw
// count, but cannot be selected).
func (f *finder) find(text string) (found int, err error) {
	q, err := query.Parse(text)
	if err != nil {
		return 0, err
	}
	l, _, ok := f.level()
	if !ok {
		return 0, fmt.Errorf("%s", f.status.Text)
	}
	kinds := drawnKinds(f.cur.scene)
	all := q.Find(l)
	f.text, f.matches, f.at = text, nil, -1
	for _, m := range all {
		if kind, ok := listKind(m.List, kinds); ok {
			f.matches = append(f.matches, document.Ref{Level: f.cur.level, Kind: kind, Index: m.Index})
		}
	}
	return len(all), nil
}

// summary says how many entities text matched, and how many of them the
// map draws.
func (f *finder) summary(found int) string {
	switch {
	case found == 0:
		return "No match of " + f.text
	case len(f.matches) == found:
		return fmt.Sprintf("%s of %s", document.Count(found, "match"), f.text)
	}
	return fmt.Sprintf("%s of %s; the map draws %d of them", document.Count(found, "match"), f.text, len(f.matches))
}

// step goes to the next match (by +1) or the previous one (by -1),
// round the list's ends.
func (f *finder) step(by int) string {
	if len(f.matches) == 0 {
		return "Nothing to go to"
	}
	f.at = ((f.at+by)%len(f.matches) + len(f.matches)) % len(f.matches)
	if f.at < 0 {
		f.at = 0
	}
	m := f.matches[f.at]
	if err := f.goTo(m.Kind, m.Index); err != nil {
		return err.Error()
	}
	return fmt.Sprintf("%s %d: match %d of %d", m.Kind, m.Index, f.at+1, len(f.matches))
}

// SelectAll selects every match the map draws.
func (f *finder) SelectAll() string {
	f.selectRefs(f.matches)
	return fmt.Sprintf("Selected %s", document.Count(len(f.matches), "match"))
}

// Replace sets field, a dotted path of the export ("Type",
// "Primary.Texture"), to value on every match of the last query, by an
// import of the level, as one step. A match without the field is
// refused, naming it, and nothing changes.
func (f *finder) Replace(field, value string) (string, error) {
	q, err := query.Parse(f.text)
	if err != nil {
		return "", err
	}
	l, d, ok := f.level()
	if !ok {
		return "", fmt.Errorf("%s", f.status.Text)
	}
	matches := q.Find(l)
	if len(matches) == 0 {
		return "", fmt.Errorf("nothing matches %s", f.text)
	}
	v, err := query.Value(value)
	if err != nil {
		return "", err
	}
	for _, m := range matches {
		if err := query.Set(l, m, field, v); err != nil {
			return "", err
		}
	}
	text, err := query.Text(l)
	if err != nil {
		return "", err
	}
	what := fmt.Sprintf("Set %s to %s on %s", field, value, document.Count(len(matches), "match"))
	var report strings.Builder
	imp := func() error { return d.Import(what, text, &report) }
	if r, ok := d.(interface{ Recorder() *document.Recorder }); ok {
		err = r.Recorder().Batch(what, imp) // the step takes the replacement's name
	} else {
		err = imp()
	}
	if err != nil {
		return "", err
	}
	return what, nil
}

// Show asks for a query (text at first) and shows what it finds.
func (f *finder) Show(text string) {
	entry := widget.NewEntry()
	entry.SetText(text)
	entry.SetPlaceHolder("objects Type=3 and Z>10")
	result := widget.NewLabel("A list, then FIELD OP VALUE conditions joined by \"and\" (docs/query.md)")
	result.Wrapping = fyne.TextWrapWord
	run := func() bool {
		found, err := f.find(entry.Text)
		if err != nil {
			result.SetText(err.Error())
			return false
		}
		result.SetText(f.summary(found))
		return true
	}
	entry.OnSubmitted = func(string) {
		if run() {
			result.SetText(result.Text + "\n" + f.step(+1))
		}
	}
	field, value := widget.NewEntry(), widget.NewEntry()
	field.SetPlaceHolder("field")
	value.SetPlaceHolder("value")
	buttons := container.NewHBox(
		widget.NewButton("Previous", func() {
			if entry.Text != f.text && !run() {
				return
			}
			result.SetText(f.summary(len(f.matches)) + "\n" + f.step(-1))
		}),
		widget.NewButton("Next", func() {
			if entry.Text != f.text && !run() {
				return
			}
			result.SetText(f.summary(len(f.matches)) + "\n" + f.step(+1))
		}),
		widget.NewButton("Select All", func() {
			if run() {
				result.SetText(f.SelectAll())
			}
		}),
		widget.NewButton("Replace", func() {
			if !run() {
				return
			}
			what, err := f.Replace(strings.TrimSpace(field.Text), strings.TrimSpace(value.Text))
			if err != nil {
				result.SetText(err.Error())
				return
			}
			result.SetText(what)
			f.status.SetText(what)
		}),
	)
	replace := container.NewBorder(nil, nil, widget.NewLabel("Set"), nil, container.NewGridWithColumns(2, field, value))
	d := dialog.NewCustom("Find", "Close", container.NewVBox(entry, buttons, replace, result), f.dialogs.win)
	d.Resize(fyne.NewSize(560, 260))
	f.dialogs.show(d)
	f.dialogs.win.Canvas().Focus(entry)
}

// SelectSimilar selects the entities like the first selected one: of
// its list, with the same values of its kind's own fields (query.Similar),
// and shows the query it ran in Find.
func (f *finder) SelectSimilar() {
	if len(f.cur.selection) == 0 {
		f.status.SetText("Select an entity first: Select Similar selects those like it")
		return
	}
	l, _, ok := f.level()
	if !ok {
		return
	}
	r := f.cur.selection[0]
	list := ""
	for _, name := range query.Lists(l) {
		if kind, ok := listKind(name, []document.Kind{r.Kind}); ok && kind == r.Kind {
			list = name
		}
	}
	text, ok := query.Similar(l, list, r.Index)
	if !ok {
		f.status.SetText(fmt.Sprintf("The export has no %s %d to compare with", r.Kind, r.Index))
		return
	}
	found, err := f.find(text)
	if err != nil {
		f.status.SetText(err.Error())
		return
	}
	f.status.SetText(f.SelectAll() + ": " + f.summary(found))
}

package editor

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	_ "image/png" // the manual's pictures
	"io/fs"
	"path"
	"regexp"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/docs"
	"github.com/levelwright/levelwright/editor/tool"
)

// Chapters of the manual that the shell names: the one about the editor
// itself, whose Tools section holds the tools every game has. A game's
// tools are in the chapter named by its key (manual/marathon.md).
const editorChapter = "manual/editor.md"

// minPageWidth is the least width the page of a chapter is laid out in.
const minPageWidth = 480

// pictureWidth is the most a picture of the manual is drawn wide, so that
// a screenshot fits the window beside the chapters.
const pictureWidth = 720

// manual is Help > Manual: the manual's chapters (docs.Chapters) shown
// in a window of its own, a section at a time reachable from the
// chapters' list, from a search box that finds the sections holding
// every word typed, from the chapters' links, and from the toolbar (a
// tool's section).
type manual struct {
	app      fyne.App
	fsys     fs.FS
	status   *widget.Label // the main window's, for a manual that cannot be read
	win      fyne.Window   // nil until shown, and again once closed
	chapters []*docs.Doc
	found    []docs.Section // the search's sections, in the results list

	search   *widget.Entry
	list     *widget.List    // the chapters, or the search's results
	page     *fyne.Container // the document shown: an object a section
	scroll   *container.Scroll
	message  *widget.Label // what a link could not open
	shown    *docs.Doc     // the document shown, nil before the first
	sections []fyne.CanvasObject
	// target is the section opened last, which the page keeps at the top
	// of the scroll as it is laid out again; targetY is where it was when
	// the page last scrolled to it.
	target  fyne.CanvasObject
	targetY float32
	// drawn are the sections of each document drawn in this window, by
	// its path: drawing one again, its text wrapped anew, takes long.
	drawn map[string][]fyne.CanvasObject
}

// Show opens the manual's window (or brings it forward) at the section
// anchor of the document name, a path in the manual's file system;
// "" shows the table of contents.
func (m *manual) Show(name, anchor string) {
	if !m.load() {
		return
	}
	if m.win == nil {
		m.build()
	}
	if name == "" {
		name = docs.Contents
	}
	if err := m.open(name, anchor); err != nil {
		m.message.SetText(err.Error())
	}
	m.win.Show()
	m.win.RequestFocus()
}

// load reads the chapters the first time they are wanted, and reports
// whether they could be read (the status bar says why not).
func (m *manual) load() bool {
	if m.chapters != nil {
		return true
	}
	chapters, err := docs.Chapters(m.fsys)
	if err != nil {
		m.status.SetText("The manual cannot be read: " + err.Error())
		return false
	}
	m.chapters = chapters
	return true
}

// build makes the window: the search box over the chapters' list (the
// results' list while a search is typed), and the document shown.
func (m *manual) build() {
	m.win = m.app.NewWindow("Levelwright Manual")
	m.win.SetOnClosed(func() { m.win, m.shown, m.drawn = nil, nil, nil })
	m.drawn = map[string][]fyne.CanvasObject{}
	m.search = widget.NewEntry()
	m.search.SetPlaceHolder("Search the manual")
	m.list = widget.NewList(m.rows, func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) { o.(*widget.Label).SetText(m.rowText(i)) })
	m.list.OnSelected = func(i widget.ListItemID) {
		m.list.UnselectAll()
		if m.search.Text == "" {
			m.Show(m.chapters[i].Path, "")
			return
		}
		m.Show(m.found[i].Doc, m.found[i].Anchor)
	}
	m.search.OnChanged = func(text string) {
		m.found = docs.Search(m.chapters, text)
		m.list.Refresh()
	}
	m.search.OnSubmitted = func(string) {
		if len(m.found) > 0 {
			m.Show(m.found[0].Doc, m.found[0].Anchor)
		}
	}
	m.page = container.New(pageLayout{m})
	m.scroll = container.NewVScroll(m.page)
	m.message = widget.NewLabel("")
	side := container.NewBorder(m.search, nil, nil, nil, m.list)
	split := container.NewHSplit(side, container.NewBorder(nil, m.message, nil, nil, m.scroll))
	split.Offset = 0.25
	m.win.SetContent(split)
	m.win.Resize(fyne.NewSize(1040, 720))
}

// rows is how many rows the list has: the chapters, or the sections found
// while the search box holds text.
func (m *manual) rows() int {
	if m.search.Text == "" {
		return len(m.chapters)
	}
	return len(m.found)
}

// rowText is row i of the list: a chapter's title, or a section found,
// as "Chapter: heading".
func (m *manual) rowText(i int) string {
	if m.search.Text == "" {
		return m.chapters[i].Title
	}
	s := m.found[i]
	title := s.Doc
	if d := m.chapter(s.Doc); d != nil {
		title = d.Title
	}
	if s.Heading == "" || s.Heading == title {
		return title
	}
	return title + ": " + s.Heading
}

// chapter is the chapter at name, nil for a document that is none.
func (m *manual) chapter(name string) *docs.Doc {
	for _, d := range m.chapters {
		if d.Path == name {
			return d
		}
	}
	return nil
}

// open shows the document name at its section anchor (its top for ""),
// drawing it first when another is shown.
func (m *manual) open(name, anchor string) error {
	if m.shown == nil || m.shown.Path != name {
		d := m.chapter(name)
		if d == nil {
			var err error
			if d, err = docs.Open(m.fsys, name); err != nil {
				return fmt.Errorf("%s is not in the manual", name)
			}
		}
		m.draw(d)
	}
	m.message.SetText("")
	for i, s := range m.shown.Sections {
		if anchor == "" || s.Anchor == anchor {
			m.scrollTo(m.sections[i])
			return nil
		}
	}
	return fmt.Errorf("%s has no section #%s", name, anchor)
}

// draw makes d the document shown, each section an object of the page.
func (m *manual) draw(d *docs.Doc) {
	m.shown, m.target = d, nil
	m.sections = m.drawn[d.Path]
	if m.sections == nil {
		for _, s := range d.Sections {
			m.sections = append(m.sections, m.sectionObject(d.Path, s.Text))
		}
		m.drawn[d.Path] = m.sections
	}
	// The page is never laid out narrower than minPageWidth: the window
	// lays its content out small before its size is known, and text
	// wrapped at no width takes a line a letter, and long to lay out.
	least := canvas.NewRectangle(color.Transparent)
	least.SetMinSize(fyne.NewSize(minPageWidth, 0))
	m.page.Objects = append([]fyne.CanvasObject{least}, m.sections...)
	m.layOut()
	m.page.Refresh()
	m.win.SetTitle(d.Title + " – Levelwright Manual")
}

// layOut lays the page out at the scroll's width, or at minPageWidth
// before the window has laid the scroll out. It lays it out twice:
// wrapped text knows its height only once it knows its width.
func (m *manual) layOut() {
	width := max(m.scroll.Size().Width, minPageWidth)
	for range 2 {
		m.page.Resize(fyne.NewSize(width, m.page.MinSize().Height))
	}
}

// scrollTo scrolls the page to o, one of its sections, and keeps it at
// the top as the page is laid out again (pageLayout).
func (m *manual) scrollTo(o fyne.CanvasObject) {
	m.target, m.targetY = o, -1
	m.layOut()
	m.keepTarget() // when the layout moved nothing, it did not call it
}

// keepTarget scrolls the page to the section opened last when it has
// moved since the page last reached it (the page laid out at another
// width, or its wrapped text laid out again). The scroll may not reach it
// yet (it goes no further than its content's least height, which grows
// as text wraps), so it tries again at the next layout until it does.
func (m *manual) keepTarget() {
	if m.target == nil {
		return
	}
	if y := m.target.Position().Y; y != m.targetY {
		m.scroll.ScrollToOffset(fyne.NewPos(0, y))
		if m.scroll.Offset.Y == y {
			m.targetY = y
		}
	}
}

// pageLayout lays a document's sections out one under the other, as a
// VBox does, and keeps the section opened last at the top when it moves:
// the window lays its content out small before it knows its size, and
// wrapped text grows shorter as it widens.
type pageLayout struct{ m *manual }

// Layout lays the sections out and scrolls to the one opened last.
func (l pageLayout) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	layout.NewVBoxLayout().Layout(objects, size)
	l.m.keepTarget()
}

// MinSize is the sections' height, and the widest one's width.
func (l pageLayout) MinSize(objects []fyne.CanvasObject) fyne.Size {
	return layout.NewVBoxLayout().MinSize(objects)
}

// pictureLine matches a line that is a picture alone: its destination.
var pictureLine = regexp.MustCompile(`^\s*!\[[^\]]*\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)\s*$`)

// sectionObject draws text, a section of the document at name: its
// markdown as rich text, links followed in the manual, and each picture
// on a line of its own drawn from the manual's files.
func (m *manual) sectionObject(name, text string) fyne.CanvasObject {
	box := container.NewVBox()
	var markdown strings.Builder
	flush := func() {
		if strings.TrimSpace(markdown.String()) == "" {
			return
		}
		rich := widget.NewRichTextFromMarkdown(tablesAsLists(markdown.String()))
		rich.Wrapping = fyne.TextWrapWord
		m.followLinks(name, rich.Segments)
		box.Add(rich)
		markdown.Reset()
	}
	for _, line := range strings.SplitAfter(text, "\n") {
		if match := pictureLine.FindStringSubmatch(line); match != nil {
			flush()
			box.Add(m.picture(name, match[1]))
			continue
		}
		markdown.WriteString(line)
	}
	flush()
	return box
}

// picture draws the picture dest of the document at name, no wider than
// pictureWidth; a picture that cannot be read is said in its place.
func (m *manual) picture(name, dest string) fyne.CanvasObject {
	target, _, _ := docs.Resolve(name, dest)
	data, err := fs.ReadFile(m.fsys, target)
	var size image.Config
	if err == nil {
		size, _, err = image.DecodeConfig(bytes.NewReader(data))
	}
	if err != nil {
		return widget.NewLabel(fmt.Sprintf("(picture %s: %v)", dest, err))
	}
	img := canvas.NewImageFromResource(fyne.NewStaticResource(path.Base(target), data))
	img.FillMode = canvas.ImageFillContain
	width := min(float32(size.Width), pictureWidth)
	img.SetMinSize(fyne.NewSize(width, width*float32(size.Height)/float32(max(size.Width, 1))))
	return container.NewHBox(img)
}

// followLinks makes the links among segments that lead into the manual
// open their document in it; web addresses open in the browser, as
// Fyne's links do.
func (m *manual) followLinks(name string, segments []widget.RichTextSegment) {
	for _, s := range segments {
		switch s := s.(type) {
		case *widget.HyperlinkSegment:
			if s.URL == nil {
				continue
			}
			target, anchor, external := docs.Resolve(name, s.URL.String())
			if !external {
				s.OnTapped = func() { m.Show(target, anchor) }
			}
		case *widget.ParagraphSegment:
			m.followLinks(name, s.Texts)
		case *widget.ListSegment:
			m.followLinks(name, s.Items)
		}
	}
}

// tableRow matches a row of a markdown table, and tableRule its rule
// under the heading row.
var (
	tableRow  = regexp.MustCompile(`^\s*\|.*\|\s*$`)
	tableRule = regexp.MustCompile(`^\s*\|[\s:|-]+\|\s*$`)
)

// tablesAsLists turns the tables of text into lists, which Fyne's
// markdown draws (it draws no tables): a row a list item, "first cell:
// the other cells", the heading row and its rule left out.
func tablesAsLists(text string) string {
	lines := strings.SplitAfter(text, "\n")
	var b strings.Builder
	for i, line := range lines {
		switch {
		case !tableRow.MatchString(line):
			b.WriteString(line)
		case tableRule.MatchString(line) || i+1 < len(lines) && tableRule.MatchString(lines[i+1]):
			// the heading row and the rule under it
		default:
			cells := strings.Split(strings.Trim(strings.TrimSpace(strings.ReplaceAll(line, `\|`, "\x00")), "|"), "|")
			for k := range cells {
				cells[k] = strings.ReplaceAll(strings.TrimSpace(cells[k]), "\x00", "|")
			}
			b.WriteString("- " + cells[0])
			if rest := strings.Join(cells[1:], "; "); rest != "" {
				b.WriteString(": " + rest)
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}

// toolSection is the section of the manual about t, a tool of the game
// whose key is game ("" for none): the heading "Name (Key)" in the
// game's chapter, or else in the editor's chapter.
func (m *manual) toolSection(game string, t *tool.Tool) (chapter *docs.Doc, s docs.Section, ok bool) {
	if !m.load() {
		return nil, docs.Section{}, false
	}
	heading := fmt.Sprintf("%s (%s)", t.Name, t.Key)
	for _, name := range []string{"manual/" + game + ".md", editorChapter} {
		if d := m.chapter(name); d != nil {
			if s, ok := d.Section(docs.Anchor(heading)); ok && s.Heading == heading {
				return d, s, true
			}
		}
	}
	return nil, docs.Section{}, false
}

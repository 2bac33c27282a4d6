package editor

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/docs"
)

// helpItem is the Help menu's item labelled label.
func helpItem(t *testing.T, e *Editor, label string) *fyne.MenuItem {
	t.Helper()
	for _, m := range e.Window().MainMenu().Items {
		for _, item := range m.Items {
			if m.Label == "Help" && item.Label == label {
				return item
			}
		}
	}
	t.Fatalf("Help has no %q", label)
	return nil
}

// sectionAtTop is the index of the section of the shown document at the
// top of the manual's page, as scrolled, -1 for none.
func sectionAtTop(m *manual) int {
	return slices.IndexFunc(m.sections, func(o fyne.CanvasObject) bool { return o.Position().Y == m.scroll.Offset.Y })
}

// scrolledTo reports whether the manual's page is scrolled to section i
// of the shown document: to its top, or as far as it goes with the
// section in sight.
func scrolledTo(m *manual, i int) bool {
	y, offset, height := m.sections[i].Position().Y, m.scroll.Offset.Y, m.scroll.Size().Height
	end := m.page.Size().Height - height
	return y == offset || offset > 0 && offset >= end-1 && y > offset && y < offset+height
}

// TestManualOpensAndSearches: Help > Manual shows the table of contents
// and lists every chapter; words typed in the search box list the
// sections that hold them all, and Enter shows the first, scrolled to.
func TestManualOpensAndSearches(t *testing.T) {
	e := newTestEditor(t)
	helpItem(t, e, "Manual").Action()
	m := e.manual
	if m.win == nil || m.shown == nil || m.shown.Path != docs.Contents {
		t.Fatalf("Help > Manual shows %v", m.shown)
	}
	chapters, err := docs.Chapters(docs.FS)
	if err != nil {
		t.Fatal(err)
	}
	if m.list.Length() != len(chapters) || m.rowText(0) != "The Levelwright manual" {
		t.Fatalf("the list has %d rows, the first %q; want the %d chapters", m.list.Length(), m.rowText(0), len(chapters))
	}
	if !strings.Contains(texts(m.page), "The command line") {
		t.Errorf("the contents read %q", texts(m.page))
	}
	test.Type(m.search, "snap GRID")
	if len(m.found) == 0 || m.list.Length() != len(m.found) {
		t.Fatalf("the search found %d sections, the list shows %d", len(m.found), m.list.Length())
	}
	first := m.found[0]
	m.search.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	if m.shown.Path != first.Doc {
		t.Fatalf("Enter shows %s, want %s", m.shown.Path, first.Doc)
	}
	at := slices.IndexFunc(m.shown.Sections, func(s docs.Section) bool { return s.Anchor == first.Anchor })
	if at < 0 || !scrolledTo(m, at) {
		t.Fatalf("the page is scrolled to %v, not to the section %q", m.scroll.Offset, first.Heading)
	}
	shown := strings.ToLower(texts(m.sections[at]))
	if !strings.Contains(shown, "snap") || !strings.Contains(shown, "grid") {
		t.Errorf("the section shown reads %q", shown)
	}
	for i := range m.found {
		if row := m.rowText(i); !strings.Contains(row, ": ") && row != m.chapter(m.found[i].Doc).Title {
			t.Errorf("result %d reads %q", i, row)
		}
	}
	m.Show("scripts", "") // the example scripts, which the chapter on scripting links to
	if m.shown.Title != "scripts" || !strings.Contains(pageText(m), "dim-lights.lua") {
		t.Errorf("the scripts' folder shows %q", pageText(m))
	}
	m.Show("scripts/dim-lights.lua", "")
	if !strings.Contains(pageText(m), "lw.") {
		t.Errorf("a script shows %q", pageText(m))
	}
	m.win.Close()
	if m.win != nil {
		t.Error("the closed window is kept")
	}
	helpItem(t, e, "Manual").Action()
	if m.win == nil || m.shown.Path != docs.Contents {
		t.Error("the manual does not open again")
	}
}

// segmentsText is the text of segments, the items of lists among them
// included, which RichText.String leaves out.
func segmentsText(segments []widget.RichTextSegment) string {
	var b strings.Builder
	for _, s := range segments {
		switch s := s.(type) {
		case *widget.ListSegment:
			b.WriteString(segmentsText(s.Items))
		case *widget.ParagraphSegment:
			b.WriteString(segmentsText(s.Texts) + "\n")
		default:
			b.WriteString(s.Textual())
		}
	}
	return b.String()
}

// pageText is the text of the manual's page: its labels, and its rich
// texts with their lists.
func pageText(m *manual) string {
	var b strings.Builder
	for _, o := range test.LaidOutObjects(m.page) {
		switch w := o.(type) {
		case *widget.Label:
			b.WriteString(w.Text + "\n")
		case *widget.RichText:
			b.WriteString(segmentsText(w.Segments) + "\n")
		}
	}
	return b.String()
}

// pngOf is a w by h picture of c, encoded.
func pngOf(t *testing.T, w, h int, c color.NRGBA) []byte {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for i := 0; i < len(img.Pix); i += 4 {
		copy(img.Pix[i:], []byte{c.R, c.G, c.B, c.A})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestManualPicturesTablesLinks: a picture of a chapter is drawn from the
// manual's files (the window shows its colour), one that is missing says
// so, a table reads as a list, and links open their chapter and section
// in the manual.
func TestManualPicturesTablesLinks(t *testing.T) {
	red := color.NRGBA{R: 0xFF, A: 0xFF}
	fsys := fstest.MapFS{
		"manual/README.md": {Data: []byte("# Contents\n\n- [Tools](tools/a.md#later)\n")},
		"manual/tools/a.md": {Data: []byte("# A chapter\n\n![the map](../pictures/red.png)\n\n![gone](../pictures/gone.png)\n\n" +
			"| tool | key |\n|---|---|\n| Select | `S\\|T` |\n\n## Later\n\nBack to [the contents](../README.md).\n\n" +
			strings.Repeat("More text.\n\n", 30))},
		"manual/pictures/red.png": {Data: pngOf(t, 1000, 500, red)},
	}
	m := &manual{app: test.NewTempApp(t), fsys: fsys, status: widget.NewLabel("")}
	m.Show(docs.Contents, "")
	m.win.Resize(fyne.NewSize(1040, 300)) // less tall than the chapter, which then scrolls
	var link *widget.HyperlinkSegment
	for _, o := range test.LaidOutObjects(m.page) {
		if r, ok := o.(*widget.RichText); ok {
			for _, s := range r.Segments {
				if l, ok := s.(*widget.ListSegment); ok {
					link, _ = l.Items[0].(*widget.ParagraphSegment).Texts[0].(*widget.HyperlinkSegment)
				}
			}
		}
	}
	if link == nil || link.OnTapped == nil {
		t.Fatalf("the contents' link is %v", link)
	}
	link.OnTapped()
	if m.shown.Path != "manual/tools/a.md" || sectionAtTop(m) != 1 || m.scroll.Offset.Y <= 0 {
		t.Fatalf("the link shows %s scrolled to %v (section %d)", m.shown.Path, m.scroll.Offset, sectionAtTop(m))
	}
	drawn := m.sections[1]
	m.Show(docs.Contents, "")
	m.Show("manual/tools/a.md", "later")
	if m.sections[1] != drawn || sectionAtTop(m) != 1 {
		t.Error("the chapter shown again is drawn again, or not at its section")
	}
	var pictures []*canvas.Image
	for _, o := range test.LaidOutObjects(m.page) {
		if img, ok := o.(*canvas.Image); ok {
			pictures = append(pictures, img)
		}
	}
	if len(pictures) != 1 || pictures[0].MinSize() != fyne.NewSize(pictureWidth, pictureWidth/2) {
		t.Fatalf("pictures %v", pictures)
	}
	page := pageText(m)
	for _, want := range []string{"(picture ../pictures/gone.png:", "Select: S|T"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q: %q", want, page)
		}
	}
	if strings.Contains(page, "---") || strings.Contains(page, "| key |") {
		t.Errorf("the table shows as markdown: %q", page)
	}
	m.scroll.ScrollToOffset(fyne.Position{})
	shot := m.win.Canvas().Capture()
	origin := fyne.CurrentApp().Driver().AbsolutePositionForObject(pictures[0])
	scale := m.win.Canvas().Scale()
	x, y := int((origin.X+pictureWidth/2)*scale), int((origin.Y+pictureWidth/4)*scale)
	if got := color.NRGBAModel.Convert(shot.At(x, y)); got != red {
		t.Errorf("the picture's middle (%d, %d) is %v, want %v", x, y, got, red)
	}
}

// TestToolTipsLeadToManual: every tool of every game's demo has a section
// in the manual, in its game's chapter or the editor's; a tool's button
// names it while the pointer is over it, and a right click opens the
// manual there.
func TestToolTipsLeadToManual(t *testing.T) {
	for _, f := range Formats() {
		e := openDemo(t, f.Key())
		for _, tl := range e.tools.list {
			chapter, s, ok := e.manual.toolSection(f.Key(), tl)
			if !ok {
				t.Errorf("%s: the manual has no section %q", f.Name(), tl.Name+" ("+string(tl.Key)+")")
				continue
			}
			if want := "manual/" + f.Key() + ".md"; chapter.Path != want && chapter.Path != editorChapter {
				t.Errorf("%s: %s is in %s", f.Name(), tl.Name, chapter.Path)
			}
			if !strings.Contains(s.Text, tl.Name) {
				t.Errorf("%s: the section of %s reads %q", f.Name(), tl.Name, s.Text)
			}
		}
		g := e.tools.groups[len(e.tools.groups)-1] // a game's own tool
		g.button.MouseIn(&desktop.MouseEvent{})
		chapter, s, _ := e.manual.toolSection(f.Key(), g.shown)
		tip := e.tools.tipLabel.Text
		if want := "Manual: " + chapter.Title + ", " + s.Heading; !strings.Contains(tip, want) || !strings.Contains(tip, g.shown.Help) {
			t.Errorf("%s: the tooltip of %s reads %q, want %q and its help", f.Name(), g.shown.Name, tip, want)
		}
		d := fyne.CurrentApp().Driver()
		under := d.AbsolutePositionForObject(g.button).Y + g.button.Size().Height
		if box := e.tools.tipBox; !box.Visible() || d.AbsolutePositionForObject(box).Y != under || box.Size() != box.MinSize() {
			t.Errorf("%s: the tooltip shows %v at %v, size %v; want it under the button (y %v)", f.Name(),
				box.Visible(), d.AbsolutePositionForObject(box), box.Size(), under)
		}
		if !slices.Contains(test.LaidOutObjects(e.Window().Content()), fyne.CanvasObject(e.tools.tipLabel)) {
			t.Errorf("%s: the tooltip is not in the window", f.Name())
		}
		g.button.MouseOut()
		if e.tools.tipBox.Visible() {
			t.Errorf("%s: the tooltip stays", f.Name())
		}
		g.button.TappedSecondary(&fyne.PointEvent{})
		m := e.manual
		at := slices.IndexFunc(m.shown.Sections, func(each docs.Section) bool { return each.Anchor == s.Anchor })
		if m.win == nil || m.shown.Path != chapter.Path || at < 0 || !scrolledTo(m, at) {
			t.Errorf("%s: a right click on %s shows %v at %v", f.Name(), g.shown.Name, m.shown, m.scroll.Offset)
		}
		m.win.Close()
	}
}

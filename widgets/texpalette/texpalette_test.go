package texpalette

import (
	"image"
	"image/color"
	"slices"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

func picture(c color.NRGBA) image.Image {
	img := image.NewNRGBA(image.Rect(0, 0, 4, 4))
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
	return img
}

var items = []Item{
	{Name: "Stone wall", Group: "Walls 1", Picture: picture(color.NRGBA{128, 128, 128, 255})},
	{Name: "Grate", Group: "Floors", Picture: picture(color.NRGBA{40, 40, 40, 255})},
	{Name: "Lava", Group: "Liquids", Picture: picture(color.NRGBA{250, 80, 0, 255})},
	{Name: "Wall panel", Group: "Walls 2", Picture: picture(color.NRGBA{60, 90, 200, 255})},
}

// TestSearch: the search shows the items whose name or group holds the
// text in any letter case, in their order; an empty search shows all.
func TestSearch(t *testing.T) {
	test.NewTempApp(t)
	p := New()
	test.NewTempWindow(t, p).Resize(fyne.NewSize(400, 400))
	p.SetItems(items)
	for _, c := range []struct {
		text string
		want []int
	}{
		{"", []int{0, 1, 2, 3}},
		{"wall", []int{0, 3}},
		{"FLOOR", []int{1}},
		{" walls 2 ", []int{3}},
		{"a", []int{0, 1, 2, 3}},
		{"nothing", []int{}},
	} {
		p.Search(c.text)
		if !slices.Equal(p.Shown(), c.want) {
			t.Errorf("search %q shows %v, want %v", c.text, p.Shown(), c.want)
		}
		if n := p.grid.Length(); n != len(c.want) {
			t.Errorf("search %q: the grid has %d cells, want %d", c.text, n, len(c.want))
		}
	}
}

// TestChoose: a click on a cell chooses its item (of all the items,
// whatever the search), which OnChosen hears; the choice stays through
// searches and new items that hold it, and goes with items that do not.
func TestChoose(t *testing.T) {
	test.NewTempApp(t)
	p := New()
	w := test.NewTempWindow(t, p)
	w.Resize(fyne.NewSize(400, 400))
	var heard []int
	p.OnChosen = func(i int) { heard = append(heard, i) }
	p.SetItems(items)
	p.Search("wall")
	p.grid.Select(1) // the second cell shown: "Wall panel"
	if p.Chosen() != 3 {
		t.Fatalf("a click on the second wall chose %d, want 3", p.Chosen())
	}
	p.Search("")
	if p.Chosen() != 3 {
		t.Errorf("clearing the search chose %d instead", p.Chosen())
	}
	p.SetItems(append([]Item{{Name: "New", Group: "Floors"}}, items...))
	if p.Chosen() != 4 {
		t.Errorf("after new items the choice is %d, want Wall panel's new index 4", p.Chosen())
	}
	p.SetItems(items[:2])
	if p.Chosen() != -1 {
		t.Errorf("items without the one chosen left %d chosen", p.Chosen())
	}
	if want := []int{3, -1}; !slices.Equal(heard, want) {
		t.Errorf("OnChosen heard %v, want %v", heard, want)
	}
}

// TestNote: the note shows under the grid, and goes with "".
func TestNote(t *testing.T) {
	test.NewTempApp(t)
	p := New()
	w := test.NewTempWindow(t, p)
	w.Resize(fyne.NewSize(400, 400))
	p.SetNote("Set the data folder in Settings")
	if !p.note.Visible() || p.Note() != "Set the data folder in Settings" {
		t.Fatalf("the note shows %v %q", p.note.Visible(), p.Note())
	}
	found := false
	for _, o := range test.LaidOutObjects(w.Content()) {
		if l, ok := o.(*widget.Label); ok && l == p.note && l.Visible() {
			found = true
		}
	}
	if !found {
		t.Error("the note is not laid out in the window")
	}
	p.SetNote("")
	if p.note.Visible() {
		t.Error("an empty note still shows")
	}
}

// TestFullNames: a cell is wide enough to show its item's whole name
// and group, however long (within widest), and narrows again for short
// ones.
func TestFullNames(t *testing.T) {
	test.NewTempApp(t)
	p := New()
	w := test.NewTempWindow(t, p)
	w.Resize(fyne.NewSize(300, 500))
	long := []Item{{Name: "Lh'owon 31 (colour table 2)", Group: "Landscape: Lh'owon day", Picture: picture(color.NRGBA{9, 9, 9, 255})}}
	p.SetItems(append(slices.Clone(items), long...))
	w.Canvas().Capture()
	found := 0
	for _, o := range test.LaidOutObjects(p) {
		l, ok := o.(*widget.Label)
		if !ok || l.Text != long[0].Name && l.Text != long[0].Group {
			continue
		}
		found++
		need := fyne.MeasureText(l.Text, theme.TextSize(), l.TextStyle).Width + 2*theme.InnerPadding()
		if l.Size().Width < need {
			t.Errorf("%q shows %.0f px wide, want %.0f to show it whole", l.Text, l.Size().Width, need)
		}
	}
	if found != 2 {
		t.Fatalf("found %d labels of the long item, want its name and group", found)
	}
	p.SetItems(items)
	w.Canvas().Capture()
	if got, want := p.cellWidth, nameWidth(items); got != want || want >= nameWidth(long) {
		t.Errorf("short names leave cells %.0f px wide, want %.0f (less than the long one's %.0f)", got, want, nameWidth(long))
	}
}

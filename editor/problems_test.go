package editor

import (
	"math"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/display"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
	mcol "github.com/levelwright/levelwright/editor/marathon"
)

// TestWrappedLines: a problem's row is as tall as its words wrapped at
// the panel's width, which may be more lines than its length over the
// width: three words each wider than half a line take three lines.
func TestWrappedLines(t *testing.T) {
	test.NewTempApp(t)
	word := "sector"
	w := fyne.MeasureText(word, theme.TextSize(), fyne.TextStyle{}).Width
	text := strings.Repeat(word+" ", 3)
	if got := wrappedLines(text, w*1.6, newTextWidths()); got != 3 {
		t.Errorf("three words a line's 1/1.6 wide take %d lines, want 3", got)
	}
	if got := wrappedLines(text, w*3.6, newTextWidths()); got != 1 {
		t.Errorf("three words fitting one line take %d lines", got)
	}
	if got := wrappedLines(strings.Repeat("x", 40), fyne.MeasureText(strings.Repeat("x", 10), theme.TextSize(), fyne.TextStyle{}).Width, newTextWidths()); got != 4 {
		t.Errorf("a word four lines long takes %d lines, want 4", got)
	}
	// Numbers are measured by their shape where the digits are tabular:
	// each word's width is still its own.
	ws := newTextWidths()
	for _, word := range []string{"1234:", "9876:", "5", "polygon", "12a"} {
		if got, want := ws.of(word), fyne.MeasureText(word, theme.TextSize(), fyne.TextStyle{}).Width; math.Abs(float64(got-want)) > 0.01 {
			t.Errorf("%q measured %g wide, want %g", word, got, want)
		}
	}
}

// TestProblemFixButton: a problem the session can fix shows its fix's
// button in its row, which makes the fix; a problem without a fix shows
// no button.
func TestProblemFixButton(t *testing.T) {
	test.NewTempApp(t)
	fixed := 0
	p := newProblemsPanel(func(bin.Problem) {}, func(pr bin.Problem) *game.Fix {
		if pr.Code != "fixable" {
			return nil
		}
		return &game.Fix{Label: "Fix it", Do: func() error { fixed++; return nil }}
	}, func(err error) { t.Fatal(err) })
	w := test.NewTempWindow(t, p.content())
	w.Resize(fyne.NewSize(500, 400))
	p.show([]bin.Problem{{Severity: "warning", Kind: "polygon", Index: 1, Code: "other", Message: "no fix"},
		{Severity: "warning", Kind: "polygon", Index: 2, Code: "fixable", Message: "a fix"}})
	var shown []*widget.Button
	for _, o := range test.LaidOutObjects(w.Content()) {
		if b, ok := o.(*widget.Button); ok && b.Visible() {
			shown = append(shown, b)
		}
	}
	if len(shown) != 1 || shown[0].Text != "Fix it" {
		t.Fatalf("%d buttons shown, want the one fix", len(shown))
	}
	test.Tap(shown[0])
	if fixed != 1 {
		t.Errorf("the button fixed %d times", fixed)
	}
}

// TestDragFollowedOnRelease: the steps of a drag are followed (their
// problems and links found again) when it ends, not at each move; a
// click that changes nothing leaves the problems' list as it was, not
// filled again.
func TestDragFollowedOnRelease(t *testing.T) {
	e := openDemo(t, "marathon")
	l := mcol.Document(e.file).Levels[0]
	typeInView(e, fyne.KeyM)
	at := objectAt(l, 1)
	id := e.scene.ID(0, mdoc.KindObject, 1)
	rows := e.problems.rows
	if !e.press(id, at, 0) {
		t.Fatal("the move tool took no press on an object")
	}
	e.releaseDrag()
	if e.problems.rows != rows {
		t.Error("a click that moved nothing filled the problems' list again")
	}
	e.press(id, at, 0)
	for i := range 3 {
		e.dragTo(display.Vec2{X: at.X + float64(16*(i+1)), Y: at.Y})
	}
	if objectAt(l, 1) == at || len(e.follower.followed) == 0 {
		t.Fatalf("the drag moved the object to %v from %v, with %d changes waiting to be followed", objectAt(l, 1), at, len(e.follower.followed))
	}
	e.releaseDrag()
	if len(e.follower.followed) != 0 {
		t.Errorf("%d changes of the drag are still not followed after it ended", len(e.follower.followed))
	}
}

// TestProblemRowHeights: each row of the problems' list is as tall as
// its message wrapped, the rows' template taking the height most rows
// take and only the others a height of their own, also after a follow
// changes a row's message to a longer one and back.
func TestProblemRowHeights(t *testing.T) {
	test.NewTempApp(t)
	p := newProblemsPanel(func(bin.Problem) {}, func(bin.Problem) *game.Fix { return nil }, func(err error) { t.Fatal(err) })
	w := test.NewTempWindow(t, p.content())
	w.Resize(fyne.NewSize(500, 400))
	long := strings.Repeat("a message that wraps ", 12)
	// Most rows take two lines, so that the template's height is not
	// a one-line label's.
	width := float32(500) - theme.IconInlineSize() - 4*theme.Padding()
	common := "two"
	for wrappedLines(problemText(bin.Problem{Kind: "sector", Index: 10, Message: common}), width, newTextWidths()) < 2 {
		common += " lines"
	}
	var problems []bin.Problem
	for i := range 50 {
		m := common
		if i%10 == 3 {
			m = long
		}
		problems = append(problems, bin.Problem{Severity: "warning", Kind: "sector", Index: i, Message: m})
	}
	check := func(when string) {
		t.Helper()
		width := p.rows.Size().Width - theme.IconInlineSize() - 4*theme.Padding()
		line := fyne.MeasureText("Mg", theme.TextSize(), fyne.TextStyle{})
		template := p.rows.CreateItem().MinSize().Height
		for i, pr := range p.list {
			want := float32(wrappedLines(problemText(pr), width, newTextWidths()))*(line.Height+theme.LineSpacing()) + 2*theme.InnerPadding()
			got, own := p.ownHeight[i]
			if !own {
				got = template
			}
			if math.Abs(float64(got-want)) > 0.01 {
				t.Errorf("%s: row %d is %g tall (own height %v), want %g", when, i, got, own, want)
			}
		}
		if len(p.ownHeight) > 10 {
			t.Errorf("%s: %d of %d rows have a height of their own", when, len(p.ownHeight), len(p.list))
		}
	}
	p.show(problems)
	if single := fyne.MeasureText("Mg", theme.TextSize(), fyne.TextStyle{}).Height + 2*theme.InnerPadding(); p.rows.CreateItem().MinSize().Height <= single+1 {
		t.Fatalf("the rows' template is %g tall, a line's height: most rows take two", p.rows.CreateItem().MinSize().Height)
	}
	check("shown")
	if n := len(p.ownHeight); n != 5 {
		t.Errorf("%d rows have a height of their own, want the 5 long ones", n)
	}
	changed := slices.Clone(problems)
	changed[0].Message = long
	p.follow(changed)
	check("row 0 made long")
	p.follow(problems)
	check("row 0 short again")
}

// TestProblemsFollowKeepsScroll: when most of the listed problems change
// place (some came or went before them), the panel lists them anew, with
// no more rows of a height of their own than a new list has, scrolled
// where it was; when a few change, the list is the same one, fitted again.
func TestProblemsFollowKeepsScroll(t *testing.T) {
	test.NewTempApp(t)
	p := newProblemsPanel(func(bin.Problem) {}, func(bin.Problem) *game.Fix { return nil }, func(err error) { t.Fatal(err) })
	w := test.NewTempWindow(t, p.content())
	w.Resize(fyne.NewSize(500, 400))
	long := strings.Repeat("a message that wraps ", 6)
	list := func(from int) []bin.Problem {
		var out []bin.Problem
		for i := from; i < 200; i++ {
			m := "short"
			if i%2 == 0 {
				m = long
			}
			out = append(out, bin.Problem{Severity: "warning", Kind: "sector", Index: i, Message: m})
		}
		return out
	}
	p.show(list(0))
	own := len(p.ownHeight)
	p.rows.ScrollToOffset(900)
	if p.rows.GetScrollOffset() != 900 {
		t.Fatalf("the list scrolled to %g, want 900", p.rows.GetScrollOffset())
	}
	rows := p.rows
	p.follow(list(1)) // the first went: every row moved up
	if p.rows == rows || len(p.ownHeight) > own || p.rows.GetScrollOffset() != 900 {
		t.Errorf("after every row moved: a new list %v, %d rows of their own height (%d before), scrolled to %g, want 900",
			p.rows != rows, len(p.ownHeight), own, p.rows.GetScrollOffset())
	}
	rows = p.rows
	few := list(1)
	few[5].Message = long + "!"
	p.follow(few)
	if p.rows != rows || p.list[5].Message != few[5].Message {
		t.Errorf("after one row changed: a new list %v, row 5 %q", p.rows != rows, p.list[5].Message)
	}
}

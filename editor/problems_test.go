package editor

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

// TestWrappedLines: a problem's row is as tall as its words wrapped at
// the panel's width, which may be more lines than its length over the
// width: three words each wider than half a line take three lines.
func TestWrappedLines(t *testing.T) {
	test.NewTempApp(t)
	word := "sector"
	w := fyne.MeasureText(word, theme.TextSize(), fyne.TextStyle{}).Width
	text := strings.Repeat(word+" ", 3)
	if got := wrappedLines(text, w*1.6, textWidths{}); got != 3 {
		t.Errorf("three words a line's 1/1.6 wide take %d lines, want 3", got)
	}
	if got := wrappedLines(text, w*3.6, textWidths{}); got != 1 {
		t.Errorf("three words fitting one line take %d lines", got)
	}
	if got := wrappedLines(strings.Repeat("x", 40), fyne.MeasureText(strings.Repeat("x", 10), theme.TextSize(), fyne.TextStyle{}).Width, textWidths{}); got != 4 {
		t.Errorf("a word four lines long takes %d lines, want 4", got)
	}
}

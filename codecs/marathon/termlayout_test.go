package marathon

import (
	"image"
	"strings"
	"testing"
)

// TestCorpusGroupLineCounts: the lines the layout counts for every
// corpus group are the maximum lines its compiler stored, which checks
// the line breaking and the font metrics against the files.
func TestCorpusGroupLineCounts(t *testing.T) {
	groups := map[uint16]int{}
	for _, l := range corpusLevels(t) {
		for i := range l.Terminals {
			term := &l.Terminals[i]
			for g, grp := range term.Groups {
				groups[grp.Type]++
				if got := term.GroupLineCount(g); got != grp.MaximumLines {
					t.Errorf("%s terminal %d group %d (%s, flags %d): %d lines, stored %d", l.path, i, g, GroupTypeName(grp.Type), grp.Flags, got, grp.MaximumLines)
				}
			}
		}
	}
	if groups[GroupInformation] == 0 || groups[GroupPicture] == 0 {
		t.Skipf("the corpus has no information or picture groups to count: %v", groups)
	}
}

// TestGroupPages lays out a terminal by hand: an information group's
// lines break at spaces within 496 pixels (70 characters and the one
// that overhangs), returns end lines, pages hold the terminal's page
// lines, and faces style the spans from their offsets on, the page after
// a face starting in its style.
func TestGroupPages(t *testing.T) {
	long := strings.Repeat("word ", 20) // 100 characters
	text := "\x00" + long + "\r" + "ab" + "\rline3\rline4\x00"
	term := Terminal{PageLines: 2, Groups: []TerminalGroup{
		{Type: GroupUnfinished, TextOffset: 0, TextLength: 1},
		{Type: GroupInformation, Permutation: -1, TextOffset: 1, TextLength: uint16(len(text) - 1)},
		{Type: GroupPicture, Flags: GroupObjectOnRight, Permutation: 7, TextOffset: 1, TextLength: 5},
	}, Faces: []TextFace{{uint16(1 + len(long) + 4), FaceBold, 2}, {uint16(1 + len(long) + 5), 0, 5}}}
	term.SetText([]byte(text))
	if pages := term.GroupPages(0, nil); len(pages) != 0 {
		t.Errorf("an unfinished marker has %d pages", len(pages))
	}
	pages := term.GroupPages(1, nil)
	// Lines: 70 chars "word word ... word " (14 words), the last 30 with
	// the return, "ab", "line3", "line4": 5 lines, pages of 2.
	if len(pages) != 3 {
		t.Fatalf("%d pages, want 3", len(pages))
	}
	if w := pages[0].Text.Dx(); w != 496 {
		t.Errorf("information text is %d pixels wide, want 496", w)
	}
	first := pages[0].Lines
	if len(first) != 2 || len(first[0]) != 1 || first[0][0].Text != strings.Repeat("word ", 14) {
		t.Fatalf("first page %+v", first)
	}
	second := pages[1].Lines
	if len(second) != 2 || len(second[0]) != 1 || second[0][0].Text != "ab" || second[0][0].Style != (TextStyle{}) {
		t.Fatalf("second page %+v", second)
	}
	if got := second[1]; len(got) != 2 || got[0].Text != "l" || got[0].Style != (TextStyle{FaceBold, 2}) ||
		got[1].Text != "ine3" || got[1].Style != (TextStyle{0, 5}) {
		t.Errorf("the faced line: %+v", got)
	}
	if got := pages[2].Lines; len(got) != 1 || got[0][0].Text != "line4" || got[0][0].Style != (TextStyle{0, 5}) {
		t.Errorf("the last page starts in the last face's style: %+v", got)
	}
	sizes := func(id int) (image.Point, bool) { return image.Pt(200, 600), id == 7 }
	pic := term.GroupPages(2, sizes)
	// The engine counts a group's lines up to the text's NUL, past the
	// group's end (6 lines of 307 pixels here: 3 pages), and draws none
	// of the text past it.
	if len(pic) != 3 || !pic[0].PictureFound || pic[0].Picture != 7 {
		t.Fatalf("picture pages %+v", pic)
	}
	if got := pic[0].Lines; len(got) != 2 || len(got[0]) != 1 || got[0][0].Text != "word " || len(got[1]) != 0 {
		t.Errorf("picture page lines %+v, want the group's 5 characters", got)
	}
	// On the right half of the 622x426 frame (x 324..631), scaled to the
	// frame's height keeping its aspect: 142 wide.
	if r := pic[0].PictureRect; r.Dy() != 426 || r.Dx() < 141 || r.Dx() > 143 || r.Min.X < 324 {
		t.Errorf("picture at %v", r)
	}
	if r := pic[0].Text; r.Min.X != 9 || r.Dx() != 307 {
		t.Errorf("text beside the picture at %v", r)
	}
}

package marathon

import "image"

// The terminal screen as Aleph One lays it out (computer_interface.cpp):
// a 640x480 screen, an 18-pixel border bar at the top and the bottom,
// and the content inset 9 pixels inside them. Text is in the computer
// interface font, Courier 12 (screen_drawing.cpp), whose glyphs are 7
// pixels wide in every face.
const (
	TerminalScreenWidth  = 640
	TerminalScreenHeight = 480
	TerminalBorderHeight = 18
	terminalBorderInset  = 9
	// TerminalCharWidth is the advance of every character.
	TerminalCharWidth = 7
	// informationInset is what the engine takes off each side of the
	// frame for information text: an inch (72 pixels) less the border
	// inset.
	informationInset = 72 - terminalBorderInset
	// informationCountWidth is the width the engine counts an
	// information group's lines at (the screen less an inch each side),
	// which is wider than the one it draws them at.
	informationCountWidth = TerminalScreenWidth - 2*informationInset
)

// TerminalFrame is the part of the screen inside the borders that a
// group's content is drawn in.
var TerminalFrame = image.Rect(terminalBorderInset, TerminalBorderHeight+terminalBorderInset,
	TerminalScreenWidth-terminalBorderInset, TerminalScreenHeight-TerminalBorderHeight-terminalBorderInset)

// TerminalLineHeight is the line height that gives a terminal pageLines
// lines a page: the engine computes the lines of a page as the screen
// height less the borders, over the font's line height, less one.
func TerminalLineHeight(pageLines uint16) int {
	return (TerminalScreenHeight - 2*TerminalBorderHeight) / (int(pageLines) + 1)
}

// TerminalSpan is text drawn in one style.
type TerminalSpan struct {
	Text  string // decoded from Mac OS Roman, without returns and NULs
	Style TextStyle
}

// TerminalPage is one screenful of a group as the engine draws it.
type TerminalPage struct {
	Group int // the group's index
	Line  int // the group's first line on the page
	// Lines are the page's lines, at most the terminal's page lines.
	Lines [][]TerminalSpan
	// Text is where the lines go on the screen; line i's baseline is
	// Text.Min.Y + (i+1) line heights.
	Text image.Rectangle
	// Picture is the picture the page shows (logon, logoff and picture
	// groups) or -1; PictureRect is where it is drawn, fitted as the
	// engine fits it, when PictureFound, else where the engine writes
	// that it was not found.
	Picture      int
	PictureRect  image.Rectangle
	PictureFound bool
	// Static is a page of static (a static group).
	Static bool
}

// PictureSizes gives a picture's size by id, and false for one that is
// missing.
type PictureSizes func(id int) (image.Point, bool)

// GroupPages lays out group g of the terminal as the engine shows it:
// every page a player can see of it, in order. Groups that show nothing
// (the unfinished, success and failure markers, end, teleports, sounds,
// tags, movies, tracks and cameras) have no pages.
func (t *Terminal) GroupPages(g int, sizes PictureSizes) []TerminalPage {
	if g < 0 || g >= len(t.Groups) {
		return nil
	}
	text, grp := t.Text(), t.Groups[g]
	frame := TerminalFrame
	page := TerminalPage{Group: g, Picture: -1}
	switch grp.Type {
	case GroupLogon, GroupLogoff:
		page.Picture = int(grp.Permutation)
		page.PictureRect, page.PictureFound = placePicture(frame, GroupCenterObject, int(grp.Permutation), sizes)
		textTop := frame.Max.Y // with no picture, the engine puts the text under the frame
		if page.PictureFound {
			textTop = page.PictureRect.Max.Y
		}
		width := lineChars(text, int(grp.TextOffset), int(grp.TextOffset)+int(grp.TextLength)) * TerminalCharWidth
		page.Text = image.Rect(frame.Min.X+(frame.Dx()-width)/2, textTop, frame.Max.X, frame.Max.Y)
		page.Lines = t.pageLines(text, grp, page.Text.Dx(), 0)
		return []TerminalPage{page}
	case GroupStatic:
		page.Static = true
		return []TerminalPage{page}
	case GroupInformation:
		page.Text = frame
		page.Text.Min.X += informationInset
		page.Text.Max.X -= informationInset
	case GroupPicture, GroupCheckpoint:
		if grp.Type == GroupPicture {
			page.Picture = int(grp.Permutation)
			page.PictureRect, page.PictureFound = placePicture(frame, grp.Flags, int(grp.Permutation), sizes)
		} else {
			page.PictureRect = objectBounds(frame, grp.Flags, image.Point{})
		}
		page.Text = textBox(frame, grp.Flags)
	default:
		return nil
	}
	var pages []TerminalPage
	lines := int(t.GroupLineCount(g))
	for line := 0; line == 0 || line < lines; line += max(1, int(t.PageLines)) {
		p := page
		p.Line = line
		if !p.Text.Empty() {
			p.Lines = t.pageLines(text, grp, p.Text.Dx(), line)
		}
		pages = append(pages, p)
	}
	return pages
}

// GroupLineCount is the number of lines the engine counts group g to
// have, the one it pages through and stores as the group's maximum
// lines: one for the groups a key leaves, none for the markers, and for
// information, picture and checkpoint groups the lines of their text at
// the width the engine counts them at.
func (t *Terminal) GroupLineCount(g int) uint16 {
	grp := t.Groups[g]
	switch grp.Type {
	case GroupUnfinished, GroupSuccess, GroupFailure:
		return 0
	case GroupInformation:
		return countLines(t.Text(), int(grp.TextOffset), informationCountWidth)
	case GroupPicture, GroupCheckpoint:
		return countLines(t.Text(), int(grp.TextOffset), textBox(TerminalFrame, grp.Flags).Dx())
	}
	return 1
}

// textBox is where the text of a picture or checkpoint group goes: the
// half of the frame the picture leaves. A centred picture leaves no
// room, and the engine lays no text beside it; this counts its lines at
// the frame's width.
func textBox(frame image.Rectangle, flags uint16) image.Rectangle {
	switch {
	case flags&GroupCenterObject != 0:
		return frame
	case flags&GroupObjectOnRight != 0:
		return objectBounds(frame, 0, image.Point{})
	}
	return objectBounds(frame, GroupObjectOnRight, image.Point{})
}

// objectBounds is the part of frame a picture of size src with flags
// goes in: the left or right half (less half the border inset), or for
// a centred one the frame, shrunk to src when src fits.
func objectBounds(frame image.Rectangle, flags uint16, src image.Point) image.Rectangle {
	b := frame
	switch {
	case flags&GroupCenterObject != 0 && src != (image.Point{}):
		if src.X <= frame.Dx() && src.Y <= frame.Dy() {
			dx, dy := (frame.Dx()-src.X)/2, (frame.Dy()-src.Y)/2
			b = image.Rect(b.Min.X+dx, b.Min.Y+dy, b.Max.X-dx, b.Max.Y-dy)
		}
	case flags&GroupObjectOnRight != 0:
		b.Min.X = b.Max.X - b.Dx()/2 + terminalBorderInset/2
	default:
		b.Max.X = b.Min.X + b.Dx()/2 - terminalBorderInset/2
	}
	return b
}

// placePicture is where the engine draws picture id in frame: centred
// in its bounds when it fits, else scaled down keeping its aspect. A
// missing picture gets its bounds, where the engine says so.
func placePicture(frame image.Rectangle, flags uint16, id int, sizes PictureSizes) (image.Rectangle, bool) {
	var size image.Point
	ok := false
	if sizes != nil {
		size, ok = sizes(id)
	}
	if !ok || size.X <= 0 || size.Y <= 0 {
		return objectBounds(frame, flags, image.Point{}), false
	}
	screen := objectBounds(frame, flags, size)
	if size.X <= screen.Dx() && size.Y <= screen.Dy() {
		at := screen.Min.Add(image.Pt((screen.Dx()-size.X)/2, (screen.Dy()-size.Y)/2))
		return image.Rectangle{at, at.Add(size)}, true
	}
	if size.Y-screen.Dy() >= size.X-screen.Dx() {
		w := screen.Dy() * size.X / size.Y
		in := (screen.Dx() - w) / 2
		return image.Rect(screen.Min.X+in, screen.Min.Y, screen.Max.X-in, screen.Max.Y), true
	}
	h := screen.Dx() * size.Y / size.X
	in := (screen.Dy() - h) / 2
	return image.Rect(screen.Min.X, screen.Min.Y+in, screen.Max.X, screen.Max.Y-in), true
}

// lineChars is the number of characters of text[start:end] before a NUL
// or a return: the one line of a logon group.
func lineChars(text []byte, start, end int) int {
	n := 0
	for i := start; i < min(end, len(text)) && text[i] != 0 && text[i] != '\r'; i++ {
		n++
	}
	return n
}

// nextLine is where the line of text starting at start ends, laid out
// in width pixels as the engine does: characters are taken while the
// line is narrower than width (so the last may overhang), up to a NUL
// or a return; a return is taken with the line; a line broken elsewhere
// goes back to the last space, which stays on it, unless it has none.
// done is true when start is at the end of the text (a NUL).
func nextLine(text []byte, width, start int) (end int, done bool) {
	if start >= len(text) || text[start] == 0 {
		return start, true
	}
	i, w := start, 0
	for w < width && i < len(text) && text[i] != 0 && text[i] != '\r' {
		w += TerminalCharWidth
		i++
	}
	switch {
	case i < len(text) && text[i] == '\r':
		i++
	case i < len(text) && text[i] != 0:
		bp := i
		for bp > start && text[bp] != ' ' {
			bp--
		}
		if bp != start {
			i = bp + 1
		}
	}
	return i, false
}

// countLines counts the lines of the text from start to its NUL at
// width, as the engine counts a group's lines (not stopping at the
// group's end).
func countLines(text []byte, start, width int) uint16 {
	n := uint16(0)
	for {
		end, done := nextLine(text, width, start)
		if done || n == 0xFFFF {
			return n
		}
		n++
		start = end
	}
}

// pageLines lays out the page of group grp starting at its line first,
// at width, with the faces the engine applies: the style of a page is
// the last face after the group's start and before the page's, else
// plain colour 0, and each face applies from its offset on.
func (t *Terminal) pageLines(text []byte, grp TerminalGroup, width, first int) [][]TerminalSpan {
	groupEnd := int(grp.TextOffset) + int(grp.TextLength)
	start := int(grp.TextOffset)
	for range first {
		end, done := nextLine(text, width, start)
		if done {
			break
		}
		start = min(end, groupEnd)
	}
	style, faceAt := TextStyle{}, 0
	last := int(grp.TextOffset)
	for i, f := range t.Faces {
		if int(f.TextOffset) > last && int(f.TextOffset) < start {
			last, faceAt, style = int(f.TextOffset), i, TextStyle{f.Face, f.Color}
		}
	}
	var lines [][]TerminalSpan
	for range t.PageLines {
		end, done := nextLine(text, width, start)
		if done {
			break
		}
		end = min(end, groupEnd)
		var line []TerminalSpan
		// The faces before the line are passed; one inside it splits it.
		for faceAt < len(t.Faces) && int(t.Faces[faceAt].TextOffset) < start {
			faceAt++
		}
		from := start
		for {
			to := end
			var f *TextFace
			if faceAt < len(t.Faces) && int(t.Faces[faceAt].TextOffset) >= from && int(t.Faces[faceAt].TextOffset) < end {
				f = &t.Faces[faceAt]
				to = int(f.TextOffset)
				faceAt++
			}
			if s := shownText(text[from:to]); s != "" {
				line = append(line, TerminalSpan{s, style})
			}
			if f == nil {
				break
			}
			style, from = TextStyle{f.Face, f.Color}, to
		}
		lines = append(lines, line)
		start = end
	}
	return lines
}

// shownText is b as the characters the screen shows: without the
// return and NUL that end lines, decoded from Mac OS Roman.
func shownText(b []byte) string {
	kept := make([]byte, 0, len(b))
	for _, c := range b {
		if c != '\r' && c != 0 {
			kept = append(kept, c)
		}
	}
	return macRoman(kept)
}

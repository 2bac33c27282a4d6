package propgrid

import (
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// flagColumns lays a field's check boxes out top to bottom in as many
// columns as the width holds, each column as wide as its widest box, so
// that short names share a row and a long one widens only its column.
type flagColumns struct {
	width float32 // the width laid out in last; 0: not yet laid out
	// The last arrangement, kept: Fyne asks for the least size at every
	// frame, and the boxes seldom change.
	sizes  []fyne.Size
	at     float32
	rows   int
	widths []float32
}

// columnGap is the space between two columns of check boxes.
func columnGap() float32 { return theme.Padding() }

// arrange returns how many rows the boxes take at width, and each
// column's width: the most columns that fit, down to one.
func (l *flagColumns) arrange(objects []fyne.CanvasObject, width float32) (rows int, widths []float32) {
	n := len(objects)
	same := len(l.sizes) == n && l.at == width
	sizes := make([]fyne.Size, n)
	narrowest := float32(math.MaxFloat32)
	for i, o := range objects {
		sizes[i] = o.MinSize()
		same = same && sizes[i] == l.sizes[i]
		narrowest = min(narrowest, sizes[i].Width)
	}
	if same {
		return l.rows, l.widths
	}
	l.sizes, l.at = sizes, width
	l.rows, l.widths = columnsFitting(sizes, width, narrowest)
	return l.rows, l.widths
}

// columnsFitting lays boxes of sizes down columns: the most columns
// whose widths fit width, down to one.
func columnsFitting(sizes []fyne.Size, width, narrowest float32) (rows int, widths []float32) {
	n := len(sizes)
	if n == 0 {
		return 0, nil
	}
	// No more columns than the narrowest box could fill.
	most := min(n, int((width+columnGap())/(narrowest+columnGap())))
	for cols := most; cols > 1; cols-- {
		rows = (n + cols - 1) / cols
		widths = widths[:0]
		var total float32
		for first := 0; first < n; first += rows {
			var w float32
			for _, s := range sizes[first:min(first+rows, n)] {
				w = max(w, s.Width)
			}
			if len(widths) > 0 {
				total += columnGap()
			}
			widths = append(widths, w)
			total += w
		}
		if total <= width {
			return rows, widths
		}
	}
	var w float32
	for _, s := range sizes {
		w = max(w, s.Width)
	}
	return n, []float32{w}
}

func (l *flagColumns) Layout(objects []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	rows, widths := l.arrange(objects, size.Width)
	h := l.cell().Height
	var x float32
	for c, w := range widths {
		for r := range rows {
			i := c*rows + r
			if i >= len(objects) {
				break
			}
			objects[i].Move(fyne.NewPos(x, float32(r)*h))
			objects[i].Resize(fyne.NewSize(w, h))
		}
		x += w + columnGap()
	}
}

// MinSize is the widest box across, and as many rows as the boxes take
// at the width laid out in last (one column before the first layout).
func (l *flagColumns) MinSize(objects []fyne.CanvasObject) fyne.Size {
	rows, _ := l.arrange(objects, l.width)
	cell := l.cell()
	return fyne.NewSize(cell.Width, float32(rows)*cell.Height)
}

// cell is the widest and the tallest of the boxes' least sizes, as the
// last arrangement found them.
func (l *flagColumns) cell() fyne.Size {
	var c fyne.Size
	for _, s := range l.sizes {
		c = c.Max(s)
	}
	return c
}

// compactTheme draws check boxes of flags smaller than the form's other
// fields: a field holds up to 32 of them, and a map's entity several
// fields, so that at the usual size they would make a panel of
// hundreds of lines. It is the application's theme, asked at each call,
// so that it follows a change of theme.
type compactTheme struct{}

// appTheme is the application's theme. Not theme.Current: while Fyne
// draws the check boxes, that is the compact theme itself.
func appTheme() fyne.Theme {
	if app := fyne.CurrentApp(); app != nil && app.Settings().Theme() != nil {
		return app.Settings().Theme()
	}
	return theme.DarkTheme()
}

func (compactTheme) Size(name fyne.ThemeSizeName) float32 {
	th := appTheme()
	switch name {
	case theme.SizeNameText:
		return th.Size(theme.SizeNameCaptionText) + 1
	case theme.SizeNameInlineIcon:
		return th.Size(theme.SizeNameInlineIcon) * 3 / 4
	case theme.SizeNameInnerPadding:
		return th.Size(theme.SizeNameInnerPadding) / 2
	}
	return th.Size(name)
}

func (compactTheme) Color(name fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	return appTheme().Color(name, v)
}

func (compactTheme) Font(style fyne.TextStyle) fyne.Resource { return appTheme().Font(style) }

func (compactTheme) Icon(name fyne.ThemeIconName) fyne.Resource { return appTheme().Icon(name) }

// compactFlags is the check boxes of a flags field in columns, drawn
// compact.
func compactFlags(checks []fyne.CanvasObject) fyne.CanvasObject {
	return container.NewThemeOverride(container.New(&flagColumns{}, checks...), compactTheme{})
}

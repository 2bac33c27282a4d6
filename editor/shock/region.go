package shock

import (
	"fmt"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/tool"
)

// regionTool copies a rectangle of tiles with the objects on it, dragged
// as a box, and pastes it with its south-west corner at each click, as
// one step.
func (f *session) regionTool(h game.Host) *tool.Tool {
	var copied *sdoc.Region
	keep := widget.NewCheck("Keep links out of the region", nil)
	t := &tool.Tool{Name: "Copy region", Key: fyne.KeyR,
		Help:    "drag a box to copy its tiles and objects; click a tile to paste them with their south-west corner there",
		Options: tool.OptionRow(widget.NewLabel("Drag a box to copy, click to paste."), keep)}
	t.Press = func(p tool.Pointer) tool.Drag {
		return &regionBox{f: f, h: h, from: p.At, to: p.At, done: func(r sdoc.Region) { copied = &r }}
	}
	t.Click = func(p tool.Pointer) tool.Path {
		if copied == nil {
			h.Status("Drag a box first to copy a region.")
			return nil
		}
		at := sdoc.Point{X: int(math.Floor(p.At.X)), Y: int(math.Floor(p.At.Y))}
		outside, err := f.d.PasteRegion(h.Level(), at, *copied, keep.Checked)
		switch {
		case err != nil:
			h.Status(err.Error())
		case outside > 0 && keep.Checked && h.Level() == copied.Level:
			h.Status(fmt.Sprintf("Pasted; %s out of the region kept.", document.Count(outside, "link")))
		case outside > 0:
			h.Status(fmt.Sprintf("Pasted; %s out of the region cleared.", document.Count(outside, "link")))
		}
		return nil
	}
	return t
}

// regionBox is the drag of the box to copy.
type regionBox struct {
	f        *session
	h        game.Host
	from, to display.Vec2
	moved    bool // a press without a drag is the click that pastes
	done     func(sdoc.Region)
}

func (b *regionBox) To(at display.Vec2) { b.to, b.moved = at, true }

// Release copies the tiles the box touches, clipped to the map; a press
// let go without moving copies nothing, so the click that follows pastes
// what the last box copied.
func (b *regionBox) Release() {
	if !b.moved {
		return
	}
	l := b.f.d.Archive.Levels[b.h.Level()]
	clamp := func(v float64, size int) int { return max(0, min(size-1, int(math.Floor(v)))) }
	w, h := int(l.Info.Width), int(l.Info.Height)
	x0, x1 := clamp(min(b.from.X, b.to.X), w), clamp(max(b.from.X, b.to.X), w)
	y0, y1 := clamp(min(b.from.Y, b.to.Y), h), clamp(max(b.from.Y, b.to.Y), h)
	r, err := b.f.d.CopyRegion(b.h.Level(), sdoc.Point{X: x0, Y: y0}, x1-x0+1, y1-y0+1)
	if err != nil {
		b.h.Status(err.Error())
		return
	}
	b.done(r)
	b.h.Status(fmt.Sprintf("Copied %dx%d tiles and %d objects: click a tile to paste them there.", x1-x0+1, y1-y0+1, len(r.Objects)))
}

func (b *regionBox) Cancel() {}

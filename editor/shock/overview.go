package shock

import (
	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/editor/game"
)

// Overview lists, for a resource file without levels (texture.res,
// cybstrng.res), its chunks: the window shows them in place of a map.
func (f *session) Overview(game.Host) fyne.CanvasObject {
	res := f.d.Archive.Res
	heading := fmt.Sprintf("%s: a resource file of %d chunks, and no levels.", filepath.Base(f.d.Path), len(res.Chunks))
	if c := strings.TrimRight(string(res.Comment()), "\x00 \r\n\x1a"); c != "" {
		heading += " Its comment: " + c
	}
	list := widget.NewList(func() int { return len(res.Chunks) },
		func() fyne.CanvasObject {
			return widget.NewLabel("chunk 00000, type 0x00, 0000000 bytes, LZW compressed, 000 blocks")
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			// A chunk in a line: its ID, type, size, and how it is stored.
			c := res.Chunks[i]
			line := fmt.Sprintf("chunk %d, type %#02x, %d bytes", c.ID, c.Type, c.Size)
			if c.Compressed() {
				line += ", LZW compressed"
			}
			if n, err := c.BlockCount(); c.Compound() && err == nil {
				line += fmt.Sprintf(", %d blocks", n)
			}
			o.(*widget.Label).SetText(line)
		})
	return container.NewBorder(widget.NewLabelWithStyle(heading, fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), nil, nil, nil, list)
}

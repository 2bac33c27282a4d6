package marathon

import (
	"math"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
)

var _ game.Clipboard = (*session)(nil)

// Copy encodes the selected polygons, with what they need, as a
// clipping's text.
func (f *session) Copy(refs []document.Ref) (string, error) {
	polygons := game.ByKind(refs)[mdoc.KindPolygon]
	level := 0
	if len(refs) > 0 {
		level = refs[0].Level
	}
	c, err := f.d.Copy(level, polygons)
	if err != nil {
		return "", err
	}
	return c.Text()
}

// Paste adds the clipping text holds to level with its centre at at.
func (f *session) Paste(level int, text string, at display.Vec2) ([]document.Ref, error) {
	c, err := mdoc.ParseClipping(text)
	if err != nil {
		return nil, err
	}
	center := c.Center()
	offset := mdoc.Offset{X: int(math.Round(at.X)) - int(center.X), Y: int(math.Round(at.Y)) - int(center.Y)}
	return f.d.Paste(level, c, offset)
}

package shock

import (
	"math"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/editor/game"
)

var _ game.Clipboard = (*session)(nil)

// Copy encodes the selected objects with their class data as text; the
// other entities selected are not copied.
func (f *session) Copy(refs []document.Ref) (string, error) {
	objects := game.ByKind(refs)[sdoc.KindObject]
	level := 0
	if len(refs) > 0 {
		level = refs[0].Level
	}
	c, err := f.d.CopyObjects(level, objects)
	if err != nil {
		return "", err
	}
	return c.Text()
}

// Paste adds the objects text holds to level, centred at the map point
// at (in tiles), as one step, and returns them. References to objects
// that were not copied are cleared; the step's name counts them.
func (f *session) Paste(level int, text string, at display.Vec2) ([]document.Ref, error) {
	c, err := sdoc.ParseObjectClip(text)
	if err != nil {
		return nil, err
	}
	cx, cy := c.Center()
	ids, _, err := f.d.PasteObjects(level, c, int(math.Round(at.X*256))-cx, int(math.Round(at.Y*256))-cy)
	if err != nil {
		return nil, err
	}
	refs := make([]document.Ref, len(ids))
	for i, id := range ids {
		refs[i] = document.Ref{Level: level, Kind: sdoc.KindObject, Index: id}
	}
	return refs, nil
}

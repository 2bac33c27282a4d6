package turok

import (
	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/game"
)

var _ game.Clipboard = (*session)(nil)

// Copy encodes the selected actors and static meshes as text; the
// sectors selected are not copied.
func (f *session) Copy(refs []document.Ref) (string, error) {
	kinds := game.ByKind(refs)
	c, err := f.d.Copy(kinds[tdoc.KindActor], kinds[tdoc.KindMesh])
	if err != nil {
		return "", err
	}
	return c.Text()
}

// Paste adds the actors and static meshes text holds, centred at the
// map point at, as one step (see tdoc.Document.Paste), and returns them.
func (f *session) Paste(level int, text string, at display.Vec2) ([]document.Ref, error) {
	c, err := tdoc.ParseClip(text)
	if err != nil {
		return nil, err
	}
	center := c.Center()
	actors, meshes, err := f.d.Paste(c, tcodec.XY{X: float32(at.X) - center.X, Y: float32(at.Y) - center.Y})
	if err != nil {
		return nil, err
	}
	var refs []document.Ref
	for _, i := range actors {
		refs = append(refs, document.Ref{Level: level, Kind: tdoc.KindActor, Index: i})
	}
	for _, g := range meshes {
		refs = append(refs, document.Ref{Level: level, Kind: tdoc.KindMesh, Index: g})
	}
	return refs, nil
}

package turok

import (
	"slices"

	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/editor/tool"
)

// selectAt makes a click at p select the vertex near it, or with
// sectors set the sector under it; with Shift it adds that to the
// selection, or takes it away when selected. A vertex selected shows
// the Vertices layer.
func (f *session) selectAt(h game.Host, p tool.Pointer, sectors bool) {
	r, ok := f.pickAt(h, p.At, sectors)
	var selection []document.Ref
	if s, has := h.(selectionHost); has && p.Shift() {
		selection = slices.Clone(s.Selection())
	}
	switch k := slices.Index(selection, r); {
	case ok && k >= 0:
		selection = slices.Delete(selection, k, k+1)
	case ok:
		selection = append(selection, r)
	}
	h.Select(selection)
	if ok && !sectors {
		showLayer(h, scene.VerticesLayer)
	}
}

package turok

import (
	"fmt"
	"slices"

	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
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

// withVertexSectors sorts refs' indexes by kind, the vertices replaced
// by the sectors they are corners of: deleting a vertex deletes the
// sectors around it. Vertices none of which is a sector's corner are
// refused, as then there is nothing to delete.
func (f *session) withVertexSectors(refs []document.Ref) (map[document.Kind][]int, error) {
	kinds := game.ByKind(refs)
	vertices := kinds[tdoc.KindVertex]
	if len(vertices) == 0 {
		return kinds, nil
	}
	delete(kinds, tdoc.KindVertex)
	sectors, cornered := kinds[tdoc.KindSector], false
	for i, sec := range f.d.Map.Sectors {
		if slices.ContainsFunc(sec.Vertices[:], func(v uint16) bool { return slices.Contains(vertices, int(v)) }) {
			cornered = true
			if !slices.Contains(sectors, i) {
				sectors = append(sectors, i)
			}
		}
	}
	if !cornered {
		return nil, fmt.Errorf("%s: no sector has a corner there, so there is nothing to delete", vertexCount(vertices))
	}
	kinds[tdoc.KindSector] = sectors
	return kinds, nil
}

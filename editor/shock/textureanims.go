package shock

import (
	"fmt"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// textureAnimFields are the level's texture animation groups: each
// group's speed, frames, current frame and flags (by name), each change
// one step.
func (f *session) textureAnimFields(level int) []propgrid.Field {
	var fields []propgrid.Field
	for group := range f.d.Archive.Levels[level].TextureAnims {
		for field := range sdoc.NumTextureAnimFields {
			v, err := f.d.TextureAnimValue(level, group, field)
			if err != nil {
				continue
			}
			label := fmt.Sprintf("animation %d %s", group, field)
			if field == sdoc.AnimFlags {
				fields = append(fields, bitsField(label, scodec.TextureAnimFlagNames, int64(v),
					func(v int64) error { return f.d.SetTextureAnim(level, group, field, int(v)) }))
				continue
			}
			_, hi := field.Range()
			fields = append(fields, propgrid.Field{Label: label,
				Number: &propgrid.Number{Value: float64(v), Whole: true, Max: float64(hi),
					Set: func(v float64) error { return f.d.SetTextureAnim(level, group, field, int(v)) }}})
		}
	}
	return fields
}

package shock

import (
	"fmt"

	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// InspectLevel is the inspector's section when nothing is selected: the
// shown level's properties (gravity, hazards, height shift, cyberspace),
// each change one step.
func (f *session) InspectLevel(h game.Host) []inspect.Section {
	level := h.Level()
	if _, err := f.d.Level(level); err != nil {
		return nil
	}
	var fields []propgrid.Field
	for p := range sdoc.NumLevelProperties {
		v, err := f.d.LevelPropertyValue(level, p)
		if err != nil {
			continue // a short chunk of an old file: the property is not there to edit
		}
		set := func(v int) error { return f.d.SetLevelProperty(level, p, v) }
		_, hi := p.Range()
		switch {
		case p == sdoc.Gravity:
			fields = append(fields, propgrid.Field{Label: p.String(), Choice: &propgrid.Choice{Options: sdoc.GravityNames[:], Index: v, Set: set}})
		case hi == 1:
			fields = append(fields, propgrid.Field{Label: p.String(), Flags: &propgrid.Flags{Names: []string{"yes"}, Value: uint64(v),
				Set: func(_ int, on bool) error { return set(boolInt(on)) }}})
		default:
			fields = append(fields, propgrid.Field{Label: p.String(), Number: &propgrid.Number{Value: float64(v), Whole: true,
				Min: 0, Max: float64(hi), Set: func(v float64) error { return set(int(v)) }}})
		}
	}
	return []inspect.Section{{Title: fmt.Sprintf("Level %d", level), Fields: fields}}
}

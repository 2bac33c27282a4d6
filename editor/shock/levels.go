package shock

import (
	"fmt"
	"strconv"

	"github.com/levelwright/levelwright/editor/game"
)

// LevelActions are an archive's: copy the level shown into another
// slot, which is then shown, and clear it.
func (f *session) LevelActions(h game.Host, show func(level int)) []game.LevelAction {
	return []game.LevelAction{
		{Label: "Copy Level into Slot…", Do: func(level int) error {
			game.Ask(h, fmt.Sprintf("Copy level %d", level), "Copy", []string{"Into slot (0-15)"}, []string{""}, func(v []string) error {
				slot, err := strconv.Atoi(v[0])
				if err != nil {
					return fmt.Errorf("a slot number, got %q", v[0])
				}
				if err := f.d.CopyLevelInto(level, slot); err != nil {
					return err
				}
				show(slot)
				return nil
			})
			return nil
		}},
		{Label: "Clear Level…", Do: func(level int) error {
			game.Confirm(h, "Clear level", fmt.Sprintf("Make level %d empty: solid tiles, no objects?", level),
				func() error { return f.d.ClearLevel(level) })
			return nil
		}},
	}
}

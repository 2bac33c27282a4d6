package marathon

import (
	"fmt"
	"strconv"

	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
)

// LevelActions are a scenario's: add, duplicate, delete, move up and
// down, rename, and copy a level of another scenario after the one
// shown. Each shows the level it made or moved.
func (f *session) LevelActions(h game.Host, show func(level int)) []game.LevelAction {
	d := f.d
	showing := func(i int, err error) error {
		if err == nil {
			show(i)
		}
		return err
	}
	return []game.LevelAction{
		{Label: "Add Level…", Do: func(int) error {
			game.Ask(h, "Add level", "Add", []string{"Name"}, []string{"New level"}, func(v []string) error {
				return showing(d.AddLevel(v[0]))
			})
			return nil
		}},
		{Label: "Duplicate Level", Do: func(level int) error { return showing(d.DuplicateLevel(level)) }},
		{Label: "Delete Level…", Do: func(level int) error {
			game.Confirm(h, "Delete level", fmt.Sprintf("Delete level %d, %q?", level, d.Levels[level].MapName()),
				func() error { return d.DeleteLevel(level) })
			return nil
		}},
		{Label: "Move Level Up", Do: func(level int) error { return showing(level-1, d.MoveLevel(level, level-1)) }},
		{Label: "Move Level Down", Do: func(level int) error { return showing(level+1, d.MoveLevel(level, level+1)) }},
		{Label: "Rename Level…", Do: func(level int) error {
			game.Ask(h, "Rename level", "Rename", []string{"Name"}, []string{d.Levels[level].MapName()}, func(v []string) error {
				return d.RenameLevel(level, v[0])
			})
			return nil
		}},
		{Label: "Copy Level from Scenario…", Do: func(level int) error {
			game.Ask(h, "Copy a level of another scenario", "Copy", []string{"Scenario file", "Its level"}, []string{"", "0"},
				func(v []string) error { return showing(level+1, copyLevelFrom(d, v[0], v[1], level+1)) })
			return nil
		}},
	}
}

// copyLevelFrom copies level number of the scenario at path to position
// at of d.
func copyLevelFrom(d *mdoc.Document, path, number string, at int) error {
	n, err := strconv.Atoi(number)
	if err != nil {
		return fmt.Errorf("a level number, got %q", number)
	}
	from, err := mdoc.Open(path)
	if err != nil {
		return err
	}
	return d.CopyLevelFrom(from, n, at)
}

package turok

import "github.com/levelwright/levelwright/editor/game"

// oneLevel says why a Turok map has no level actions.
const oneLevel = "a Turok map holds one level"

// LevelActions are shown disabled: a Turok map holds one level.
func (f *session) LevelActions(game.Host, func(int)) []game.LevelAction {
	var out []game.LevelAction
	for _, label := range []string{"Add Level", "Duplicate Level", "Delete Level", "Copy Level from File"} {
		out = append(out, game.LevelAction{Label: label, Unavailable: oneLevel})
	}
	return out
}

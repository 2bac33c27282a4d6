package marathon

import (
	"github.com/levelwright/levelwright/codecs/bin"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
)

// Fix is the one-step fix of the problems whose fix is not in doubt: a
// platform polygon without its record gets a door's, with the sides that
// show it (GiveRecord), where the editor adds platforms; a face toward a door without a side gets one
// (AddMissingSides). A switch or teleporter aimed at nothing has no such
// fix: only the user knows its target.
func (f *session) Fix(h game.Host, p bin.Problem) *game.Fix {
	level := h.Level()
	switch p.Code {
	case "platform-without-record":
		if !mdoc.AddsPlatforms(f.d.Levels[level]) {
			return nil
		}
		return &game.Fix{Label: "Make it a door", Do: func() error {
			_, err := f.d.GiveRecord(level, p.Index)
			return err
		}}
	case "platform-face-without-side":
		return &game.Fix{Label: "Add the side", Do: func() error { return f.d.AddMissingSides(level, p.Index) }}
	}
	return nil
}

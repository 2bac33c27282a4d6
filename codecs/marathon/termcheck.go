package marathon

import "fmt"

// terminalRefs reports what of terminal t the engine would crash or
// stick on (Aleph One, computer_interface.cpp): a group whose text runs
// past the terminal's (drawn from past its buffer), a group type it does
// not know (its keys do nothing there, so the player cannot leave), a
// teleport to a negative level or to a polygon the level lacks, a
// checkpoint naming a goal no object is, and a face colour past the
// eight terminal colours.
func (l *Level) terminalRefs(r *refs, t *Terminal) {
	text := len(t.RawText)
	for i, g := range t.Groups {
		field := func(name string) string { return fmt.Sprintf("Groups[%d].%s", i, name) }
		if end := int(g.TextOffset) + int(g.TextLength); end > text {
			r.errorf("terminal-group-text", "%s and TextLength run to %d, past the %d-byte text", field("TextOffset"), end, text)
		}
		r.ref("terminal-group-type", field("Type"), int(g.Type), NumGroupTypes, false, "a group type")
		switch g.Type {
		case GroupInterlevelTeleport:
			if g.Permutation < 0 {
				r.errorf("terminal-teleport-level", "%s %d is not a level (0 and up)", field("Permutation"), g.Permutation)
			}
		case GroupIntralevelTeleport:
			r.ref("terminal-teleport-polygon", field("Permutation"), int(g.Permutation), len(l.Polygons), false, "a polygon")
		case GroupCheckpoint:
			if !l.hasGoal(g.Permutation) {
				r.errorf("terminal-checkpoint-goal", "%s %d is not the index of a goal object of the level", field("Permutation"), g.Permutation)
			}
		}
	}
	for i, f := range t.Faces {
		r.ref("terminal-face-color", fmt.Sprintf("Faces[%d].Color", i), int(f.Color), MaxTextColor+1, false, "a terminal text colour")
	}
}

// hasGoal reports whether an object of the level is goal index.
func (l *Level) hasGoal(index int16) bool {
	for _, o := range l.Objects {
		if o.Type == ObjectGoal && o.Index == index {
			return true
		}
	}
	return false
}

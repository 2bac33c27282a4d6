package marathon

import (
	"slices"
	"testing"
)

// TestTerminalProblems: check reports, as errors, the terminals the
// engine would crash or stick on, each naming the terminal and field,
// and nothing for a sound one.
func TestTerminalProblems(t *testing.T) {
	l := corpusLevels(t)[0].Level
	sound := Terminal{RawText: []byte("info\x00"), Groups: []TerminalGroup{{Type: GroupInformation, TextLength: 5}},
		Faces: []TextFace{{0, FaceBold, MaxTextColor}}}
	for _, tc := range []struct {
		name, code string
		change     func(*Terminal)
	}{
		{"sound", "", func(*Terminal) {}},
		{"text past the end", "terminal-group-text", func(t *Terminal) { t.Groups[0].TextLength = 9 }},
		{"unknown type", "terminal-group-type", func(t *Terminal) { t.Groups[0].Type = NumGroupTypes }},
		{"teleport to a missing polygon", "terminal-teleport-polygon", func(t *Terminal) {
			t.Groups[0].Type, t.Groups[0].Permutation = GroupIntralevelTeleport, int16(len(l.Polygons))
		}},
		{"teleport to level -1", "terminal-teleport-level", func(t *Terminal) {
			t.Groups[0].Type, t.Groups[0].Permutation = GroupInterlevelTeleport, -1
		}},
		{"checkpoint with no goal", "terminal-checkpoint-goal", func(t *Terminal) {
			t.Groups[0].Type, t.Groups[0].Permutation = GroupCheckpoint, 32000
		}},
		{"colour 8", "terminal-face-color", func(t *Terminal) { t.Faces[0].Color = MaxTextColor + 1 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			term := sound
			term.Groups, term.Faces = slices.Clone(sound.Groups), slices.Clone(sound.Faces)
			tc.change(&term)
			lv := *l
			lv.Terminals = []Terminal{term}
			var codes []string
			for _, p := range lv.RecordProblems(0, "terminal", 0) {
				if p.Severity != "error" || p.Kind != "terminal" || p.Index != 0 {
					t.Errorf("problem %+v is not an error of terminal 0", p)
				}
				codes = append(codes, p.Code)
			}
			if tc.code == "" && len(codes) != 0 || tc.code != "" && !slices.Equal(codes, []string{tc.code}) {
				t.Errorf("problems %v, want %q", codes, tc.code)
			}
		})
	}
}

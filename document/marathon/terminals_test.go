package marathon

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/marathon"

	"github.com/levelwright/levelwright/internal/doctest"
)

// terminalDoc opens the corpus map whose first terminal is scrambled and
// styled; group 4 of terminal 0 is information text.
func terminalDoc(t *testing.T) *Document {
	t.Helper()
	d := openCorpus(t, "marathon", "eternal", "Genie-In-A-Bottle.sceA")
	if tm := d.Levels[0].Terminals; len(tm) == 0 || tm[0].Flags&codec.TerminalTextEncoded == 0 || tm[0].Groups[4].Type != codec.GroupInformation {
		t.Fatal("terminal 0 of Genie-In-A-Bottle is no longer a scrambled terminal with information at group 4")
	}
	return d
}

func steps(d *Document) int {
	n, _ := d.History.Steps()
	return n
}

// pageText is the text and styles of a group's pages, as the preview
// shows them.
func pageText(term codec.Terminal, g int) string {
	var b strings.Builder
	for _, p := range term.GroupPages(g, nil) {
		for _, line := range p.Lines {
			for _, s := range line {
				b.WriteString(s.Text)
				if s.Style != (codec.TextStyle{}) {
					fmt.Fprintf(&b, "{%d/%d}", s.Style.Face, s.Style.Color)
				}
			}
			b.WriteString("|")
		}
	}
	return b.String()
}

// TestTerminalEditsOneStepEach: each terminal edit is one undo step that
// keeps the scrambled flag and the other terminals' bytes, and undoing
// them all gives back the file's bytes.
func TestTerminalEditsOneStepEach(t *testing.T) {
	d := terminalDoc(t)
	original := doctest.Bytes(t, d)
	others := codec.EncodeTerminals(d.Levels[0].Terminals[1:])
	bold := codec.TextStyle{Face: codec.FaceBold, Color: 2}
	edits := []struct {
		name  string
		apply func() error
		check func(st codec.StyledTerminal) string
	}{
		{"text", func() error {
			return d.SetTerminalGroupText(0, 0, 4, []codec.TextRun{{Text: []byte("Hello ")}, {Text: []byte("world"), Style: bold}, {Text: []byte("!"), Style: bold}})
		}, func(st codec.StyledTerminal) string {
			runs := GroupText(st.Groups[4])
			if len(runs) != 2 || string(runs[0].Text) != "Hello " || runs[0].Marked || string(runs[1].Text) != "world!" || runs[1].Style != bold || !runs[1].Marked {
				return "runs " + string(must(json.Marshal(runs)))
			}
			if !bytes.HasSuffix(st.Groups[4].Runs[1].Text, []byte{0}) {
				return "the group lost the NUL that ends it"
			}
			return ""
		}},
		{"move", func() error { return d.MoveTerminalGroup(0, 0, 4, 0) }, func(st codec.StyledTerminal) string {
			if st.Groups[0].Type != codec.GroupInformation || st.Groups[1].Type != codec.GroupUnfinished {
				return "group 4 is not first"
			}
			return ""
		}},
		{"add", func() error { return d.AddTerminalGroup(0, 0, 2, codec.GroupIntralevelTeleport, 3) }, func(st codec.StyledTerminal) string {
			if g := st.Groups[2]; g.Type != codec.GroupIntralevelTeleport || g.Permutation != 3 {
				return "no teleport at 2"
			}
			return ""
		}},
		{"change", func() error { return d.SetTerminalGroup(0, 0, 2, codec.GroupPicture, codec.GroupObjectOnRight, 401) }, func(st codec.StyledTerminal) string {
			if g := st.Groups[2]; g.Type != codec.GroupPicture || g.Permutation != 401 || g.Flags != codec.GroupObjectOnRight {
				return "group 2 is no picture"
			}
			return ""
		}},
		{"delete", func() error { return d.DeleteTerminalGroup(0, 0, 2) }, func(st codec.StyledTerminal) string {
			if len(st.Groups) != 21 {
				return "not 21 groups"
			}
			return ""
		}},
	}
	for i, e := range edits {
		if err := e.apply(); err != nil {
			t.Fatalf("%s: %v", e.name, err)
		}
		if got := steps(d); got != i+1 {
			t.Fatalf("%s: %d steps, want %d", e.name, got, i+1)
		}
		term := d.Levels[0].Terminals[0]
		if term.Flags&codec.TerminalTextEncoded == 0 {
			t.Fatalf("%s: the terminal lost its scrambled flag", e.name)
		}
		if !bytes.Equal(codec.EncodeTerminals(d.Levels[0].Terminals[1:]), others) {
			t.Fatalf("%s: the other terminals changed", e.name)
		}
		st, err := term.Styled()
		if err != nil {
			t.Fatalf("%s: %v", e.name, err)
		}
		if msg := e.check(st); msg != "" {
			t.Fatalf("%s: %s", e.name, msg)
		}
		for g := range term.Groups {
			if term.Groups[g].Type == codec.GroupInformation && term.Groups[g].MaximumLines != term.GroupLineCount(g) {
				t.Errorf("%s: group %d keeps %d maximum lines, its text has %d", e.name, g, term.Groups[g].MaximumLines, term.GroupLineCount(g))
			}
		}
	}
	undoAll(t, d)
	if !bytes.Equal(doctest.Bytes(t, d), original) {
		t.Fatal("undoing every terminal edit does not give back the file's bytes")
	}
}

// TestTerminalEditsRefused: edits the engine could not run are refused
// naming the field and its valid range, and leave no step and no byte
// changed; an edit that changes nothing makes no step.
func TestTerminalEditsRefused(t *testing.T) {
	d := terminalDoc(t)
	original := doctest.Bytes(t, d)
	runs := func(text string, s codec.TextStyle) []codec.TextRun {
		return []codec.TextRun{{Text: []byte(text), Style: s}}
	}
	same := GroupText(must(d.StyledTerminal(0, 0)).Groups[4])
	for _, tc := range []struct {
		name, want string
		apply      func() error
	}{
		{"colour 8", "Color 8 is not a terminal text colour (0 to 7)", func() error { return d.SetTerminalGroupText(0, 0, 4, runs("x", codec.TextStyle{Color: 8})) }},
		{"NUL in text", "NUL at 1", func() error { return d.SetTerminalGroupText(0, 0, 4, runs("a\x00b", codec.TextStyle{})) }},
		{"text too long", "at most 65535", func() error {
			return d.SetTerminalGroupText(0, 0, 4, runs(strings.Repeat("a", 70000), codec.TextStyle{}))
		}},
		{"no group", "no group 99", func() error { return d.SetTerminalGroupText(0, 0, 99, runs("x", codec.TextStyle{})) }},
		{"type 17", "Groups[4].Type 17 is not a group type (0 to 16)", func() error { return d.SetTerminalGroup(0, 0, 4, 17, 0, 0) }},
		{"teleport to no polygon", "Groups[0].Permutation 30000 is not a polygon (0 to 826)", func() error {
			return d.AddTerminalGroup(0, 0, 0, codec.GroupIntralevelTeleport, 30000)
		}},
		{"teleport to level -1", "Groups[19].Permutation -1 is not a level (0 and up)", func() error { return d.SetTerminalGroup(0, 0, 19, codec.GroupInterlevelTeleport, 0, -1) }},
		{"checkpoint with no goal", "Groups[4].Permutation 77 is not the index of a goal object", func() error { return d.SetTerminalGroup(0, 0, 4, codec.GroupCheckpoint, 0, 77) }},
		{"move out of range", "cannot move group 4 to 40", func() error { return d.MoveTerminalGroup(0, 0, 4, 40) }},
		{"add out of range", "not 30", func() error { return d.AddTerminalGroup(0, 0, 30, codec.GroupEnd, 0) }},
		{"no terminal", "no terminal 9", func() error { return d.DeleteTerminalGroup(0, 9, 0) }},
		{"same text", "", func() error { return d.SetTerminalGroupText(0, 0, 4, same) }},
		{"same place", "", func() error { return d.MoveTerminalGroup(0, 0, 4, 4) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.apply()
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("got %v, want a refusal saying %q", err, tc.want)
			}
			if steps(d) != 0 || !bytes.Equal(doctest.Bytes(t, d), original) {
				t.Fatalf("left %d steps and the bytes changed: %v", steps(d), !bytes.Equal(doctest.Bytes(t, d), original))
			}
		})
	}
}

// TestEditedTerminalPreviewMatchesExport: the text an edit gives a
// terminal is what the preview lays out, from the document and from the
// exported JSON read back alike.
func TestEditedTerminalPreviewMatchesExport(t *testing.T) {
	d := terminalDoc(t)
	text := "Levelwright was here.\rSecond line, "
	if err := d.SetTerminalGroupText(0, 0, 4, []codec.TextRun{{Text: []byte(text)},
		{Text: []byte("underlined"), Style: codec.TextStyle{Face: codec.FaceUnderline, Color: 1}}}); err != nil {
		t.Fatal(err)
	}
	lj, err := d.Export(0)
	if err != nil {
		t.Fatal(err)
	}
	var back LevelJSON
	if err := json.Unmarshal(must(json.Marshal(lj)), &back); err != nil {
		t.Fatal(err)
	}
	if tj := back.Terminals[0]; tj.Form != TerminalStyled || !tj.Scrambled {
		t.Errorf("the export of terminal 0 is %s, scrambled %v; want styled and scrambled", tj.Form, tj.Scrambled)
	}
	exported, err := back.Terminals[0].terminal(nil)
	if err != nil {
		t.Fatal(err)
	}
	shown := d.Levels[0].Terminals[0]
	if exported.Flags&codec.TerminalTextEncoded == 0 {
		t.Error("the export lost the scrambled flag")
	}
	want := "Levelwright was here.|Second line, underlined{4/1}|"
	if got := pageText(shown, 4); got != want {
		t.Errorf("preview of the document: %q, want %q", got, want)
	}
	if got := pageText(exported, 4); got != want {
		t.Errorf("preview of the export: %q, want %q", got, want)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

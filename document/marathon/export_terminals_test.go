package marathon

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/codecs/wad"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/doctest"
	"github.com/levelwright/levelwright/internal/jsontest"
)

// TestExportImportTerminalsUnchanged exports every level of every
// corpus map of the eternal folder, where terminals are, and imports the
// text unchanged through the text's own JSON: every terminal is styled
// (none of them lacks a styled form), and the file stays byte for byte
// what it was, with no undo step.
func TestExportImportTerminalsUnchanged(t *testing.T) {
	terminals := 0
	for _, path := range corpus.Files(t, "marathon", "eternal") {
		if filepath.Ext(path) != ".sceA" {
			continue
		}
		d, err := Open(path)
		if err != nil {
			t.Fatal(err)
		}
		orig := doctest.Bytes(t, d)
		for i := range d.Levels {
			if _, err := d.Level(i); err != nil {
				continue
			}
			lj, err := d.Export(i)
			if err != nil {
				t.Fatal(err)
			}
			for ti, tj := range lj.Terminals {
				if tj.Form != TerminalStyled {
					t.Errorf("%s level %d terminal %d is %s: %s", filepath.Base(path), i, ti, tj.Form, tj.RawReason)
				}
			}
			terminals += len(lj.Terminals)
			if _, err := d.Import(jsontest.RoundTrip(t, lj)); err != nil {
				t.Fatalf("%s level %d: %v", filepath.Base(path), i, err)
			}
		}
		if n := steps(d); n != 0 {
			t.Errorf("%s: the unchanged import made %d steps", filepath.Base(path), n)
		}
		if !bytes.Equal(doctest.Bytes(t, d), orig) {
			t.Errorf("%s: importing the unchanged export changed the file", filepath.Base(path))
		}
	}
	if terminals == 0 {
		t.Error("no terminals exported")
	}
}

// TestExportImportRawTerminal: a terminal with no styled form (its group
// runs past its text) is exported raw, saying why, and imports back
// unchanged.
func TestExportImportRawTerminal(t *testing.T) {
	d := terminalDoc(t)
	bad := codec.Terminal{Groups: []codec.TerminalGroup{{Type: codec.GroupInformation, TextOffset: 2, TextLength: 1}, {Type: codec.GroupEnd}},
		RawText: []byte("abc")}
	d.Levels[0].Terminals = append(d.Levels[0].Terminals, bad)
	orig := doctest.Bytes(t, d)
	lj, err := d.Export(0)
	if err != nil {
		t.Fatal(err)
	}
	raw := lj.Terminals[len(lj.Terminals)-1]
	if raw.Form != TerminalRaw || !strings.Contains(raw.RawReason, "group 1") || raw.Raw == nil || len(raw.Groups) != 0 {
		t.Fatalf("the terminal is exported %s (%q) with raw %v, %d styled groups", raw.Form, raw.RawReason, raw.Raw, len(raw.Groups))
	}
	if _, err := d.Import(jsontest.RoundTrip(t, lj)); err != nil {
		t.Fatal(err)
	}
	if n := steps(d); n != 0 || !bytes.Equal(doctest.Bytes(t, d), orig) {
		t.Errorf("the unchanged import made %d steps or changed the file", n)
	}
}

// TestImportEditedRun changes the text of one run of a terminal's
// information group in the text: the import is one step, the terminal
// shows the new text with the group's other runs as they were, the
// group's maximum lines are counted again, check finds no error, and of
// the whole file only the level's term chunk differs, in that terminal.
func TestImportEditedRun(t *testing.T) {
	d := terminalDoc(t)
	before, _ := d.StyledTerminal(0, 0)
	oldTerms := cloneTerminals(d.Levels[0].Terminals)
	orig := doctest.Bytes(t, d)
	lj := jsontest.RoundTrip(t, must(d.Export(0)))
	const text = "Levelwright was here."
	g := &lj.Terminals[0].Groups[4]
	if g.Type != "information" || len(g.Text) == 0 {
		t.Fatalf("group 4 is %q with %d runs", g.Type, len(g.Text))
	}
	g.Text[0].Text = text
	if _, err := d.Import(lj); err != nil {
		t.Fatal(err)
	}
	if n := steps(d); n != 1 {
		t.Errorf("the import made %d steps, want 1", n)
	}
	after, err := d.StyledTerminal(0, 0)
	if err != nil {
		t.Fatal(err)
	}
	was, now := GroupText(before.Groups[4]), GroupText(after.Groups[4])
	if len(now) != len(was) || string(now[0].Text) != text || now[0].Style != was[0].Style || !reflect.DeepEqual(now[1:], was[1:]) {
		t.Errorf("group 4 is %+v, want %q first with the other runs as they were", now, text)
	}
	term := d.Levels[0].Terminals[0]
	if got, want := term.Groups[4].MaximumLines, term.GroupLineCount(4); got != want {
		t.Errorf("group 4's maximum lines are %d, want %d", got, want)
	}
	for i := range after.Groups {
		if i != 4 && !reflect.DeepEqual(after.Groups[i].Runs, before.Groups[i].Runs) {
			t.Errorf("group %d changed", i)
		}
	}
	if !reflect.DeepEqual(d.Levels[0].Terminals[1:], oldTerms[1:]) {
		t.Error("another terminal changed")
	}
	problems, err := Format.Check(doctest.Bytes(t, d))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		if p.Severity == "error" {
			t.Errorf("check: %s %d: %s", p.Kind, p.Index, p.Message)
		}
	}
	changedChunks(t, orig, doctest.Bytes(t, d), "term")
}

// cloneTerminals is a copy of terminals that edits of the level leave
// as it was.
func cloneTerminals(terms []codec.Terminal) []codec.Terminal {
	out := make([]codec.Terminal, len(terms))
	for i, t := range terms {
		out[i] = codec.Terminal{Flags: t.Flags, PageLines: t.PageLines, Groups: append([]codec.TerminalGroup(nil), t.Groups...),
			Faces: append([]codec.TextFace(nil), t.Faces...), RawText: bytes.Clone(t.RawText)}
	}
	return out
}

// changedChunks expects the two wad files to differ in the first
// entry's chunk tag only, which must differ.
func changedChunks(t *testing.T, a, b []byte, tag string) {
	t.Helper()
	fa, err := wad.Parse(a)
	if err != nil {
		t.Fatal(err)
	}
	fb, err := wad.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(fa.Entries) != len(fb.Entries) {
		t.Fatalf("%d entries, then %d", len(fa.Entries), len(fb.Entries))
	}
	for i := range fa.Entries {
		ca, cb := fa.Entries[i].Chunks, fb.Entries[i].Chunks
		if len(ca) != len(cb) {
			t.Fatalf("entry %d: %d chunks, then %d", i, len(ca), len(cb))
		}
		for k := range ca {
			same := ca[k].Tag == cb[k].Tag && bytes.Equal(ca[k].Data, cb[k].Data)
			if want := i == 0 && string(ca[k].Tag[:]) == tag; same == want {
				t.Errorf("entry %d chunk %q: changed %v, want %v", i, ca[k].Tag[:], !same, want)
			}
		}
	}
}

// TestImportRefusesTerminalText: text a styled terminal cannot hold is
// refused with the terminal, the group, the run and the field named, and
// nothing changes.
func TestImportRefusesTerminalText(t *testing.T) {
	cases := []struct {
		name string
		edit func(tj *TerminalJSON)
		want string
	}{
		{"unknown group type", func(tj *TerminalJSON) { tj.Groups[4].Type = "teleport" },
			`level 0: terminal 0: groups[4] (teleport): type "teleport" is not a group type (logon, unfinished,`},
		{"colour 9", func(tj *TerminalJSON) { tj.Groups[4].Text[0].Color = 9 },
			"level 0: terminal 0: groups[4] (information): text[0]: color 9 is not a terminal text colour (0 to 7)"},
		{"character outside Mac OS Roman", func(tj *TerminalJSON) { tj.Groups[4].Text[0].Text = "snow ☃" },
			`level 0: terminal 0: groups[4] (information): text[0]: text: character 5, '☃', is not in Mac OS Roman`},
		{"NUL inside a group's text", func(tj *TerminalJSON) { tj.Groups[4].Text[0].Text = "a\x00b" },
			"level 0: terminal 0: groups[4] (information): text[0]: text: a NUL at 1 would end the group's text there"},
		{"a styled run with no face change", func(tj *TerminalJSON) { tj.Groups[4].Text[0] = RunJSON{Text: "x", Bold: true, NoFaceChange: true} },
			"level 0: terminal 0: groups[4] (information): text[0]: no_face_change: only the first run may have it, plain in colour 0"},
		{"unknown form", func(tj *TerminalJSON) { tj.Form = "bytes" },
			`level 0: terminal 0: form "bytes" is not "styled" or "raw"`},
		{"raw form without raw", func(tj *TerminalJSON) { tj.Form = TerminalRaw },
			`level 0: terminal 0: form "raw" without raw`},
		{"group flag bits given as other flags", func(tj *TerminalJSON) { tj.Groups[4].OtherFlags = codec.GroupCenterObject },
			"level 0: terminal 0: groups[4] (information): other_flags 0x2: give bits 0x3 as picture_on_right and picture_centered"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := terminalDoc(t)
			orig := doctest.Bytes(t, d)
			var lj LevelJSON
			if err := json.Unmarshal(must(json.Marshal(must(d.Export(0)))), &lj); err != nil {
				t.Fatal(err)
			}
			c.edit(&lj.Terminals[0])
			_, err := d.Import(lj)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want %q", err, c.want)
			}
			if n := steps(d); n != 0 || !bytes.Equal(doctest.Bytes(t, d), orig) {
				t.Errorf("the refused import left %d steps or changed the file", n)
			}
		})
	}
}

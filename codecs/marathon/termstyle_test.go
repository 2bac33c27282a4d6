package marathon

import (
	"bytes"
	"strings"
	"testing"
)

// TestCorpusTerminalsStyledRoundTrip: every corpus terminal reads as
// styled groups and writes back to the same term bytes, faces and
// scrambling included, and its groups' runs hold its text.
func TestCorpusTerminalsStyledRoundTrip(t *testing.T) {
	terminals, faces, encoded := 0, 0, 0
	for _, l := range corpusLevels(t) {
		for i := range l.Terminals {
			term := l.Terminals[i]
			terminals++
			faces += len(term.Faces)
			encoded += int(term.Flags & TerminalTextEncoded)
			st, err := term.Styled()
			if err != nil {
				t.Errorf("%s level %d terminal %d: %v", l.path, l.entry, i, err)
				continue
			}
			back, err := st.Terminal()
			if err != nil {
				t.Errorf("%s level %d terminal %d: %v", l.path, l.entry, i, err)
				continue
			}
			want := EncodeTerminals([]Terminal{term})
			if got := EncodeTerminals([]Terminal{back}); !bytes.Equal(got, want) {
				t.Errorf("%s level %d terminal %d: %d bytes back, differing from the %d stored", l.path, l.entry, i, len(got), len(want))
			}
			text := term.Text()
			for gi, g := range st.Groups {
				stored := term.Groups[gi]
				if got, want := runsText(g.Runs), text[stored.TextOffset:stored.TextOffset+stored.TextLength]; !bytes.Equal(got, want) {
					t.Errorf("%s terminal %d group %d: runs hold %q, the group %q", l.path, i, gi, got, want)
				}
			}
		}
	}
	if terminals == 0 {
		t.Skip("no terminals in the corpus")
	}
	if faces == 0 || encoded == 0 {
		t.Errorf("the corpus terminals have %d faces and %d scrambled texts: the test sees no styles or no scrambling", faces, encoded)
	}
	t.Logf("%d terminals, %d faces, %d scrambled", terminals, faces, encoded)
}

func runsText(runs []TextRun) []byte {
	var b []byte
	for _, r := range runs {
		b = append(b, r.Text...)
	}
	return b
}

// TestStyledLayouts: terminals laid out as other compilers do (text
// before the first group, NULs between groups outside them, two faces at
// one offset, a face at the very end, no groups) write back unchanged,
// and the runs carry the faces' styles.
func TestStyledLayouts(t *testing.T) {
	bungie := Terminal{Flags: TerminalTextEncoded, PageLines: 22,
		Groups: []TerminalGroup{{0, GroupLogon, 1, 3, 5, 1}, {0, GroupInformation, -1, 9, 11, 1}, {0, GroupEnd, -1, 21, 0, 1}},
		Faces:  []TextFace{{3, FaceBold, 0}, {12, 0, 2}, {12, FaceItalic, 3}, {20, 0, 0}, {21, FaceUnderline, 1}}}
	bungie.SetText([]byte("ab\x00hello\x00info\rtext!\x00\x00"))
	for _, tc := range []struct {
		name string
		term Terminal
	}{
		{"separators outside groups", bungie},
		{"no groups", Terminal{Faces: []TextFace{{0, FaceBold, 1}, {2, 0, 0}}, RawText: []byte("abcd")}},
		{"empty", Terminal{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st, err := tc.term.Styled()
			if err != nil {
				t.Fatal(err)
			}
			back, err := st.Terminal()
			if err != nil {
				t.Fatal(err)
			}
			if got, want := EncodeTerminals([]Terminal{back}), EncodeTerminals([]Terminal{tc.term}); !bytes.Equal(got, want) {
				t.Fatalf("wrote back\n%x\nwant\n%x", got, want)
			}
		})
	}
	st, err := bungie.Styled()
	if err != nil {
		t.Fatal(err)
	}
	if got := string(runsText(st.Before)); got != "ab\x00" {
		t.Errorf("before the first group: %q", got)
	}
	info := st.Groups[1].Runs
	want := []TextRun{{Text: []byte("inf")}, {Text: []byte{}, Style: TextStyle{0, 2}, Marked: true},
		{Text: []byte("o\rtext!\x00"), Style: TextStyle{FaceItalic, 3}, Marked: true}}
	if len(info) != len(want) {
		t.Fatalf("information runs %+v, want %+v", info, want)
	}
	for i := range want {
		if !bytes.Equal(info[i].Text, want[i].Text) || info[i].Style != want[i].Style || info[i].Marked != want[i].Marked {
			t.Errorf("run %d: %+v, want %+v", i, info[i], want[i])
		}
	}
	if after := st.Groups[1].After; len(after) != 1 || !after[0].Marked || string(after[0].Text) != "\x00" {
		t.Errorf("after the information group: %+v, want its NUL with its face", after)
	}
	if after := st.Groups[2].After; len(after) != 1 || !after[0].Marked || after[0].Style.Face != FaceUnderline || len(after[0].Text) != 0 {
		t.Errorf("after the last group: %+v, want an empty underlined run at the end", after)
	}
}

// TestStyledRefuses: what the engine would not draw in order has no
// styled form, and the error says which group or face.
func TestStyledRefuses(t *testing.T) {
	for _, tc := range []struct {
		name, want string
		term       Terminal
	}{
		{"overlapping groups", "group 1", Terminal{RawText: []byte("abcdef"), Groups: []TerminalGroup{{TextOffset: 0, TextLength: 4}, {TextOffset: 2, TextLength: 2}}}},
		{"group past the text", "group 0", Terminal{RawText: []byte("abc"), Groups: []TerminalGroup{{TextOffset: 1, TextLength: 5}}}},
		{"faces backwards", "face 1", Terminal{RawText: []byte("abcdef"), Faces: []TextFace{{4, 1, 0}, {2, 0, 0}}}},
		{"face past the text", "face 0", Terminal{RawText: []byte("abc"), Faces: []TextFace{{9, 1, 0}}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.term.Styled()
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error naming %s", err, tc.want)
			}
		})
	}
}

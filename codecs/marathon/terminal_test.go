package marathon

import (
	"bytes"
	"testing"
)

// TestCorpusTerminalText: every corpus terminal's text unscrambles to
// mostly printable text, and setting it back gives the stored bytes.
func TestCorpusTerminalText(t *testing.T) {
	terminals := 0
	for _, l := range corpusLevels(t) {
		for i := range l.Terminals {
			term := &l.Terminals[i]
			terminals++
			text := term.Text()
			printable := 0
			for _, c := range text {
				if c >= 0x20 && c < 0x7F || c == '\r' || c == '\n' || c == 0 {
					printable++
				}
			}
			if len(text) > 0 && printable*10 < len(text)*9 {
				t.Errorf("%s terminal %d: %d of %d bytes printable: %q", l.path, i, printable, len(text), text[:min(40, len(text))])
			}
			stored := term.RawText
			term.SetText(text)
			if !bytes.Equal(term.RawText, stored) {
				t.Errorf("%s terminal %d: text does not scramble back", l.path, i)
			}
		}
	}
	if terminals == 0 {
		t.Skip("no terminals in the corpus")
	}
	t.Logf("%d terminals", terminals)
}

func TestScrambleIsItsOwnInverse(t *testing.T) {
	for n := range 11 {
		text := []byte("Levelwright terminal"[:n+5])
		b := bytes.Clone(text)
		scramble(b)
		if bytes.Equal(b, text) {
			t.Fatalf("%d bytes: scramble changed nothing", len(b))
		}
		scramble(b)
		if !bytes.Equal(b, text) {
			t.Fatalf("%d bytes: not its own inverse", len(b))
		}
	}
}

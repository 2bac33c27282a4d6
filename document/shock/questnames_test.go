package shock

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestQuestNames: a names file names quest bits and variables; a name
// is found again in any letter case; a folder without the file has no
// names; a malformed line, a number out of range and a name or number
// given twice are refused naming the file and line.
func TestQuestNames(t *testing.T) {
	dir := t.TempDir()
	if q, err := ReadQuestNames(dir); err != nil || len(q.Bits)+len(q.Vars) != 0 {
		t.Fatalf("no file: %v, %v", q, err)
	}
	text := "# Medical deck\nbit 12 reactor armed\n\nvar 0x1f  cortex   reaver count\n"
	if err := os.WriteFile(filepath.Join(dir, QuestNamesFile), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	q, err := ReadQuestNames(dir)
	if err != nil {
		t.Fatal(err)
	}
	if q.Name(false, 12) != "reactor armed" || q.Name(true, 31) != "cortex reaver count" || q.Name(true, 12) != "" {
		t.Fatalf("names: %+v", q)
	}
	if isVar, n, ok := q.Lookup("Cortex Reaver Count"); !ok || !isVar || n != 31 {
		t.Fatalf("lookup: %v %d %v", isVar, n, ok)
	}
	for _, c := range []struct{ text, want string }{
		{"bit 12\n", "names.txt:1: want"},
		{"bit 4096 too far\n", "names.txt:1: quest bit \"4096\""},
		{"var 3 a\nvar 3 b\n", "names.txt:2: quest var 3 is named twice"},
		{"bit 1 door\n# c\nvar 2 Door\n", "names.txt:3: \"Door\" already names quest bit 1 (line 1)"},
	} {
		if _, err := ParseQuestNames("names.txt", []byte(c.text)); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.text, err, c.want)
		}
	}
}

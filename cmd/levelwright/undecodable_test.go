package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/codecs/lgres"
)

// TestUndecodableChunk: a copy of the corpus archive whose compressed
// chunk 4001 is damaged (made here, under a name beginning with a dash,
// given after "--") fails `check` with an error naming the chunk, and
// `import` refuses it, writing nothing.
func TestUndecodableChunk(t *testing.T) {
	data := mustReadFile(t, corpusShockArchive(t))
	res, err := lgres.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	c := res.Chunk(4001)
	for i := range c.Stored() {
		data[c.Offset()+int64(i)] = 0xFF
	}
	dir := t.TempDir()
	t.Chdir(dir)
	damaged := "-damaged.dat"
	if err := os.WriteFile(damaged, data, 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(t, nil, "check", "--", damaged)
	if code != 1 || !strings.Contains(stdout, "error: level -1 chunk 4001: chunk 4001: LZW stream: offset ") {
		t.Errorf("check: exit %d, %s%s; want exit 1 and an error of chunk 4001", code, stdout, stderr)
	}
	code, text, stderr := runCLI(t, nil, "export", "--level", "1", "--", damaged)
	if code != 0 {
		t.Fatalf("export: exit %d: %s", code, stderr)
	}
	os.WriteFile("level.json", []byte(text), 0o644)
	out := filepath.Join(dir, "out.dat")
	code, _, stderr = runCLI(t, nil, "import", "level.json", "--into", damaged, "--out", out, "--")
	if code != 2 || !strings.Contains(stderr, damaged+": chunk 4001: LZW stream: offset ") {
		t.Errorf("import: exit %d, %s; want exit 2 and chunk 4001 named", code, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("the refused import wrote %s", out)
	}
}

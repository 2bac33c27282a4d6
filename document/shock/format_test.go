package shock

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/codecs/lgres"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/internal/corpus"
)

// TestCheckDecodesEveryChunk: the corpus archive checks without an
// undecodable chunk; a copy whose compressed game-state chunk 4001 (no
// level's, so opening the archive does not expand it) is overwritten
// with codes the dictionary does not hold gets an error naming the chunk
// and its offset, and CheckDecodable refuses the copy.
func TestCheckDecodesEveryChunk(t *testing.T) {
	data, err := os.ReadFile(corpus.Path(t, "shock", "derelict", "archive.dat"))
	if err != nil {
		t.Fatal(err)
	}
	if err := document.CheckDecodable(Format, data); err != nil {
		t.Fatalf("the corpus archive: %v", err)
	}
	res, err := lgres.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	c := res.Chunk(4001)
	if c == nil || !c.Compressed() {
		t.Fatal("the corpus archive has no compressed chunk 4001")
	}
	damaged := bytes.Clone(data)
	start := c.Offset()
	for i := range len(c.Stored()) {
		damaged[start+int64(i)] = 0xFF
	}
	if _, err := Format.Open("damaged.dat", damaged); err != nil {
		t.Fatalf("the damaged copy does not open (the test needs one that does): %v", err)
	}
	problems, err := Format.Check(damaged)
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	for _, p := range problems {
		if p.Code == document.UndecodableCode {
			found = append(found, fmt.Sprintf("%s %s %d: %s", p.Severity, p.Kind, p.Index, p.Message))
		}
	}
	var offset int64
	if len(found) != 1 {
		t.Fatalf("undecodable problems %q, want one", found)
	}
	if _, err := fmt.Sscanf(found[0], "error chunk 4001: chunk 4001: LZW stream: offset %d: expected", &offset); err != nil ||
		offset < start || offset > start+int64(len(c.Stored())) {
		t.Errorf("%q: want an error of chunk 4001 at an offset within its bytes %d..%d", found[0], start, start+int64(len(c.Stored())))
	}
	if err := document.CheckDecodable(Format, damaged); err == nil || !strings.Contains(err.Error(), "chunk 4001") {
		t.Errorf("CheckDecodable of the damaged copy: %v, want a refusal naming chunk 4001", err)
	}
}

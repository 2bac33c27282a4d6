package marathon

import (
	"bytes"
	"testing"

	"github.com/levelwright/levelwright/codecs/wad"
)

// FuzzChunk decodes fuzzed bytes as any typed chunk: an error or records
// that encode to the same bytes, never a panic.
func FuzzChunk(f *testing.F) {
	tags := []string{"EPNT", "PNTS", "LINS", "SIDS", "POLY", "OBJS", "LITE", "NOTE", "Minf", "plac", "plat", "PLAT", "medi", "ambi", "bonk", "iidx", "NAME", "term"}
	for i, tag := range tags {
		f.Add(uint8(i), false, bytes.Repeat([]byte(tag), 32))
	}
	f.Fuzz(func(t *testing.T, which uint8, marathon1 bool, data []byte) {
		tag := tags[int(which)%len(tags)]
		e := &wad.Entry{}
		e.SetChunk(tag, data)
		l, err := Decode(e, marathon1)
		if err != nil {
			return
		}
		if got, _ := l.EncodeChunk(tag); !bytes.Equal(got, data) {
			t.Fatalf("%s encodes differently", tag)
		}
	})
}

// FuzzCheck decodes fuzzed bytes as a map file and runs the full check
// on each level: no panic, and no check that fails on its way.
func FuzzCheck(f *testing.F) {
	f.Add(NewFile("Fuzz").Bytes(), false)
	f.Fuzz(func(t *testing.T, data []byte, marathon1 bool) {
		file, err := wad.Parse(data)
		if err != nil {
			return
		}
		for i, e := range file.Entries {
			l, err := Decode(e, marathon1)
			if err != nil {
				continue
			}
			for _, p := range l.Check(i) {
				if p.Code == "check-failed" {
					t.Fatalf("level %d: %s", i, p.Message)
				}
			}
		}
	})
}

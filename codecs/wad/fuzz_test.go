package wad

import (
	"bytes"
	"strconv"
	"testing"
)

func fmtInt(v int64) string { return strconv.FormatInt(v, 10) }

// FuzzParse: Parse never panics, and a file it accepts writes back
// unchanged and survives a change to its first chunk.
func FuzzParse(f *testing.F) {
	f.Add(buildWad(f))
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse(data)
		if err != nil {
			return
		}
		if got := file.Bytes(); !bytes.Equal(got, data) {
			t.Fatalf("unchanged file differs at %d", firstDiff(got, data))
		}
		for _, e := range file.Entries {
			if len(e.Chunks) > 0 {
				e.SetChunk(string(e.Chunks[0].Tag[:]), []byte("changed"))
				if _, err := Parse(file.Bytes()); err != nil {
					t.Fatalf("changed file does not parse: %v", err)
				}
				return
			}
		}
	})
}

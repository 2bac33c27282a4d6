package lgres

import (
	"bytes"
	"testing"
)

// FuzzParse: Parse never panics, a file it accepts writes back unchanged,
// and every chunk it can expand survives a re-encode.
func FuzzParse(f *testing.F) {
	f.Add(irregularFile())
	f.Add(buildFile("", nil, []rawChunk{{id: 7, size: 3, stored: []byte("abc"), pad: []byte{0}}}, nil, nil))
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse(data)
		if err != nil {
			return
		}
		if got := file.Bytes(); !bytes.Equal(got, data) {
			t.Fatalf("unchanged file differs at %d", firstDiff(got, data))
		}
		for i, c := range file.Chunks {
			if n, err := c.BlockCount(); err == nil {
				for i := range n {
					c.Block(i)
				}
			}
			d, err := c.Data()
			if err != nil {
				continue
			}
			d = bytes.Clone(d)
			if err := c.SetData(d); err != nil {
				continue
			}
			g, err := Parse(file.Bytes())
			if err != nil {
				t.Fatalf("re-encoded chunk %d: %v", c.ID, err)
			}
			if back, err := g.Chunks[i].Data(); err != nil || !bytes.Equal(back, d) {
				t.Fatalf("chunk %d reads back differently: %v", c.ID, err)
			}
		}
	})
}

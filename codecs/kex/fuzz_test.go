package kex

import (
	"bytes"
	"testing"
)

// FuzzParse: Parse never panics; a tree it accepts writes back unchanged,
// and still parses after a data set grows.
func FuzzParse(f *testing.F) {
	f.Add(sample().Bytes())
	cd := sample()
	cd.Fill = 0xCD
	f.Add(cd.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		tree, err := Parse(data, nil)
		if err != nil {
			return
		}
		if got := tree.Bytes(); !bytes.Equal(got, data) {
			t.Fatalf("unchanged tree differs at %d", firstDiff(got, data))
		}
		for _, c := range tree.Root.Children {
			if c.Kind == DataSet {
				c.Stride, c.Count, c.Data = 3, 1, []byte("abc")
				if _, err := Parse(tree.Bytes(), nil); err != nil {
					t.Fatalf("changed tree does not parse: %v", err)
				}
				return
			}
		}
	})
}

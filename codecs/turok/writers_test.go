package turok

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/levelwright/levelwright/codecs/kex"
)

// repad lays a map's bytes out again with every padding byte set to fill,
// as another writer of the format would.
func repad(t testing.TB, data []byte, fill byte) []byte {
	tree, err := kex.Parse(data, mapShape)
	if err != nil {
		t.Fatal(err)
	}
	var clear func(n *kex.Node)
	clear = func(n *kex.Node) {
		n.Pad, n.HeaderPad = nil, nil
		for _, c := range n.Children {
			clear(c)
		}
	}
	clear(tree.Root)
	tree.Fill = fill
	return tree.Bytes()
}

// writerVariants returns a map as other writers would write it: release
// (0) or debug (0xCD) padding, 16- or 18-byte sectors, with or without
// visibility tables, whole or without its final padding.
func writerVariants(t testing.TB, m *Map) map[string][]byte {
	out := map[string][]byte{}
	for _, long := range []bool{false, true} {
		for _, vis := range []bool{false, true} {
			v := *m
			v.tree, v.LongSectors, v.Visibility = nil, long, nil
			if vis {
				v.Visibility = v.NewVisibility()
				for s := range v.Sectors {
					for i := 0; i < v.MeshCount(); i += 3 {
						v.Visibility.SetVisible(s, i, true)
					}
				}
			}
			for _, fill := range []byte{0, 0xCD} {
				b := repad(t, v.Encode(), fill)
				name := fmt.Sprintf("long=%v vis=%v fill=%#x", long, vis, fill)
				out[name] = b
				if cut := min(trailingPadding(t, b), kex.Alignment-1); cut > 0 {
					out[name+" short"] = b[:len(b)-cut]
				}
			}
		}
	}
	return out
}

// trailingPadding counts the padding bytes that end a map file.
func trailingPadding(t testing.TB, b []byte) int {
	tree, err := kex.Parse(b, mapShape)
	if err != nil {
		t.Fatal(err)
	}
	n, pad := tree.Root, 0
	for {
		pad += len(n.Pad)
		if n.Kind != kex.Indexed || len(n.Children) == 0 {
			return pad
		}
		n = n.Children[len(n.Children)-1]
	}
}

// TestOtherWriters: maps laid out by other writers of the rules decode
// and encode back byte for byte, and keep their content.
func TestOtherWriters(t *testing.T) {
	sources := dialectMaps()
	sources["new"] = NewMap()
	for path, data := range corpusMaps(t) {
		m, err := Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		sources[path] = m
	}
	shorts := 0
	for src, m := range sources {
		for name, data := range writerVariants(t, m) {
			got, err := Decode(data)
			if err != nil {
				t.Fatalf("%s, %s: %v", src, name, err)
			}
			if out := got.Encode(); !bytes.Equal(out, data) {
				t.Errorf("%s, %s: differs at %d (%d bytes, read %d)", src, name, firstDiff(out, data), len(out), len(data))
			}
			if len(got.Sectors) != len(m.Sectors) || len(got.Actors) != len(m.Actors) || got.MeshCount() != m.MeshCount() {
				t.Errorf("%s, %s: content changed", src, name)
			}
			if got.tree.Missing > 0 {
				shorts++
			}
		}
	}
	if shorts == 0 {
		t.Error("no short file was tried")
	}
}

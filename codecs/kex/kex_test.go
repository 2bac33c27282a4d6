package kex

import (
	"bytes"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/internal/corpus"
)

// TestCorpusRoundTrip reads every corpus Turok map with every block's kind
// guessed and writes it back unchanged.
func TestCorpusRoundTrip(t *testing.T) {
	for _, path := range corpus.Files(t, "turok") {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		tree, err := Parse(data, nil)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if got := tree.Bytes(); !bytes.Equal(got, data) {
			t.Errorf("%s: written back with %d bytes, read %d; first difference at %d", path, len(got), len(data), firstDiff(got, data))
		}
		t.Logf("%s: %d blocks at the root, %d bytes missing, fill %#x", path, len(tree.Root.Children), tree.Missing, tree.Fill)
	}
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// sample is a small tree with every kind of block: a raw version, an
// indexed archive of raw blocks, a data set of strings.
func sample() *Tree {
	return &Tree{Root: NewIndexed(
		NewRaw([]byte{1, 0, 0, 0}),
		NewIndexed(NewRaw(make([]byte, 12)), NewRaw(make([]byte, 16))),
		NewDataSet(5, 1, []byte("sky1\x00")),
		NewIndexed(),
	)}
}

func TestNewTreeLayout(t *testing.T) {
	b := sample().Bytes()
	u32 := func(at int) uint32 { return le.Uint32(b[at:]) }
	// Root: 4 blocks, a 24-byte header padded to 24; the version padded to 8.
	if u32(0) != 4 || u32(4) != 24 || u32(8) != 32 {
		t.Fatalf("root header %d %d %d, want 4 24 32", u32(0), u32(4), u32(8))
	}
	// The inner archive: 2 blocks, a 16-byte header, blocks of 12 (+4) and 16.
	inner := int(u32(8))
	if u32(inner) != 2 || u32(inner+4) != 16 || u32(inner+8) != 32 || u32(inner+12) != 48 {
		t.Fatalf("inner header %v", b[inner:inner+16])
	}
	// The data set: stride, count, 5 bytes, padded to 16.
	ds := int(u32(12))
	if u32(ds) != 5 || u32(ds+4) != 1 || string(b[ds+8:ds+13]) != "sky1\x00" || int(u32(16))-ds != 16 {
		t.Fatalf("data set at %d: %v", ds, b[ds:ds+16])
	}
	// An empty indexed archive is 0, 8; the last offset is the file size.
	empty := int(u32(16))
	if u32(empty) != 0 || u32(empty+4) != 8 || int(u32(20)) != len(b) || len(b)%Alignment != 0 {
		t.Fatalf("empty archive %v, end %d of %d", b[empty:], u32(20), len(b))
	}
	tree, err := Parse(b, nil)
	if err != nil {
		t.Fatal(err)
	}
	if k := tree.Root.Child(2).Kind; k != DataSet {
		t.Errorf("guessed the strings as a %v", k)
	}
	if !bytes.Equal(tree.Bytes(), b) {
		t.Error("the new tree does not write back unchanged")
	}
}

// TestPaddingKept: debug-build padding (0xCD) and a file cut short of its
// last offset come back as read, and a changed block is padded with the
// file's own padding byte.
func TestPaddingKept(t *testing.T) {
	tree := sample()
	tree.Fill = 0xCD
	b := tree.Bytes()
	if b[28] != 0xCD {
		t.Fatalf("version padding %#x, want 0xcd", b[28])
	}
	tree.Root.Children = tree.Root.Children[:3] // end with the data set and its padding
	b = tree.Bytes()
	short := b[:len(b)-3]
	got, err := Parse(short, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got.Missing != 3 || !bytes.Equal(got.Bytes(), short) {
		t.Fatalf("short file: missing %d, written back equal: %v", got.Missing, bytes.Equal(got.Bytes(), short))
	}
	sky := got.Root.Child(2)
	sky.Stride, sky.Data = 9, []byte("sky/long\x00")
	changed := got.Bytes()
	if len(changed)%Alignment == 0 || changed[len(changed)-1] != 0xCD {
		t.Errorf("changed short file ends %v", changed[len(changed)-8:])
	}
	again, err := Parse(changed, nil)
	if err != nil || string(again.Root.Child(2).Data) != "sky/long\x00" {
		t.Fatalf("changed file reads back %v, %v", again, err)
	}
}

// TestErrorsNamePathAndOffset: a broken nested offset is reported with the
// archive path and the offset of the bad field.
func TestErrorsNamePathAndOffset(t *testing.T) {
	b := sample().Bytes()
	inner := int(le.Uint32(b[8:]))
	le.PutUint32(b[inner+8:], 200) // the inner archive's second offset, past its end
	shape := &Shape{Kind: Indexed, Blocks: []*Shape{{Kind: Raw, Size: 4}, {Kind: Indexed}}}
	_, err := Parse(b, shape)
	if err == nil {
		t.Fatal("broken offset accepted")
	}
	for _, want := range []string{"root[1]", "offset " + itoa(inner+8)} {
		if !bytes.Contains([]byte(err.Error()), []byte(want)) {
			t.Errorf("error %q does not name %q", err, want)
		}
	}
	if _, err := Parse(b[:5], nil); err == nil {
		t.Error("5-byte file accepted")
	}
}

func itoa(i int) string { return strconv.Itoa(i) }

// TestEmptyArchiveAtZero: an empty archive written as count 0, end
// offset 0 (the Turok Blender exporter's form) is read as an empty
// archive, written back so while empty, laid out by the rules once it
// has blocks and so again when it is empty once more.
func TestEmptyArchiveAtZero(t *testing.T) {
	atZero := &Node{Kind: Indexed, EndZero: true}
	b := (&Tree{Root: NewIndexed(NewRaw([]byte{1, 0, 0, 0}), atZero, NewDataSet(0, 0, nil))}).Bytes()
	at := int(le.Uint32(b[8:]))
	if le.Uint32(b[at:]) != 0 || le.Uint32(b[at+4:]) != 0 || int(le.Uint32(b[12:]))-at != 8 {
		t.Fatalf("empty archive at %d is %v, want 0, 0 in 8 bytes", at, b[at:at+8])
	}
	shape := &Shape{Kind: Indexed, Blocks: []*Shape{{Kind: Raw, Size: 4}, {Kind: Indexed}, {Kind: DataSet}}}
	tree, err := Parse(b, shape)
	if err != nil {
		t.Fatal(err)
	}
	got := tree.Root.Child(1)
	if !got.EndZero || len(got.Children) != 0 || len(got.Pad) != 0 {
		t.Fatalf("read %+v, want an empty archive at zero without padding", got)
	}
	if ds := tree.Root.Child(2); ds.Stride != 0 || ds.Count != 0 {
		t.Errorf("zero-stride data set read as %d x %d", ds.Count, ds.Stride)
	}
	if !bytes.Equal(tree.Bytes(), b) {
		t.Fatal("unchanged tree differs")
	}
	got.Children = []*Node{NewDataSet(3, 1, []byte("abc"))}
	grown := tree.Bytes()
	if le.Uint32(grown[at:]) != 1 || le.Uint32(grown[at+4:]) != 16 || le.Uint32(grown[at+8:]) != 32 {
		t.Errorf("grown archive header %v, want 1, 16, 32", grown[at:at+12])
	}
	if _, err := Parse(grown, shape); err != nil {
		t.Fatalf("grown tree: %v", err)
	}
	got.Children = nil
	if !bytes.Equal(tree.Bytes(), b) {
		t.Error("emptied again, the archive is not 0, 0")
	}
	// Only 0 stands for the header's size: an end inside the header is
	// refused.
	le.PutUint32(b[at+4:], 4)
	if _, err := Parse(b, shape); err == nil || !strings.Contains(err.Error(), "first offset past the 8-byte header, found 4") {
		t.Errorf("an empty archive ending at 4: %v", err)
	}
}

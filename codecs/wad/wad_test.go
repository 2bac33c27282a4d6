package wad

import (
	"bytes"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/internal/corpus"
)

// corpusFiles lists the corpus's Marathon files, or skips.
func corpusFiles(t testing.TB) []string { return corpus.Files(t, "marathon") }

func TestCorpusRoundTrip(t *testing.T) {
	for _, path := range corpusFiles(t) {
		data, _ := os.ReadFile(path)
		f, err := Parse(data)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		if got := f.Bytes(); !bytes.Equal(got, data) {
			t.Errorf("%s: differs at %d", path, firstDiff(got, data))
		}
		chunks := 0
		for _, e := range f.Entries {
			chunks += len(e.Chunks)
		}
		t.Logf("%s: v%d, %d entries, %d chunks, mac %v, trailer %d, crc ok %v", filepath.Base(path), f.Header.Version, len(f.Entries), chunks, f.Mac != nil, len(f.trailer), storedCRCMatches(f))
	}
}

// storedCRCMatches recomputes the header checksum of the file as read.
func storedCRCMatches(f *File) bool {
	dirEnd := int(f.Header.DirOffset) + len(f.Entries)*(f.Header.entrySize()+int(f.Header.AppDataSize))
	if f.Header.Version < firstDirVersion {
		dirEnd = int(f.Header.DirOffset) + len(f.Entries)*f.Header.entrySize()
	}
	b := bytes.Clone(f.original[:dirEnd])
	copy(b[checksumAt:], []byte{0, 0, 0, 0})
	return crc32.ChecksumIEEE(b) == f.Header.Checksum
}

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestChangeRecomputesOffsetsAndChecksum changes one chunk of one level
// in each corpus file: the file reparses, the change reads back, every
// other chunk keeps its bytes, and the checksum is the CRC of the new wad.
func TestChangeRecomputesOffsetsAndChecksum(t *testing.T) {
	for _, path := range corpusFiles(t) {
		data, _ := os.ReadFile(path)
		f, err := Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		orig, _ := Parse(data)
		target := f.Entries[len(f.Entries)/2]
		tag := string(target.Chunks[0].Tag[:])
		newData := append(bytes.Clone(target.Chunks[0].Data), []byte("grown by a test")...)
		target.SetChunk(tag, newData)
		g, err := Parse(f.Bytes())
		if err != nil {
			t.Fatalf("%s: reparse: %v", path, err)
		}
		if !storedCRCMatches(g) {
			t.Errorf("%s: checksum not recomputed", path)
		}
		if (f.Mac == nil) != (g.Mac == nil) {
			t.Fatalf("%s: MacBinary wrapping lost", path)
		}
		for i, e := range g.Entries {
			for j, c := range e.Chunks {
				want := orig.Entries[i].Chunks[j].Data
				if e == g.Entries[len(g.Entries)/2] && j == 0 {
					want = newData
				}
				if !bytes.Equal(c.Data, want) {
					t.Fatalf("%s: entry %d chunk %d differs", path, i, j)
				}
			}
		}
		if !bytes.Equal(g.trailer, orig.trailer) {
			t.Errorf("%s: trailing bytes lost", path)
		}
	}
}

func TestMacBinaryLengthAndCRCFollowTheData(t *testing.T) {
	for _, path := range corpusFiles(t) {
		data, _ := os.ReadFile(path)
		if !IsMacBinary(data) {
			continue
		}
		f, _ := Parse(data)
		f.Entries[0].SetChunk("NAME", []byte("A longer level name than before\x00"))
		out := f.Bytes()
		if !IsMacBinary(out) {
			t.Fatal("MacBinary header CRC not updated")
		}
		// The resource fork follows the data fork padded to 128 bytes.
		fork := func(b []byte) []byte { return b[128+(int(be.Uint32(b[83:]))+127)/128*128:] }
		if be.Uint32(out[83:]) == be.Uint32(data[83:]) || !bytes.Equal(fork(out), fork(data)) {
			t.Fatalf("data fork length %d, resource fork moved", be.Uint32(out[83:]))
		}
		return
	}
	t.Skip("no MacBinary file in the corpus")
}

func TestParseRejects(t *testing.T) {
	good := buildWad(t)
	cases := []struct {
		name   string
		data   []byte
		offset int64
	}{
		{"short header", good[:100], 100},
		{"bad version", append([]byte{0, 3}, good[2:]...), 0},
		{"directory past end", append(append(bytes.Clone(good[:72]), 0, 0, 0xFF, 0xFF), good[76:]...), 72},
	}
	for _, c := range cases {
		_, err := Parse(c.data)
		if err == nil || !bytes.Contains([]byte(err.Error()), []byte("offset "+fmtInt(c.offset))) {
			t.Errorf("%s: got %v, want an error at offset %d", c.name, err, c.offset)
		}
	}
}

// buildWad makes a small version-2 wad with two chunks by hand.
func buildWad(t testing.TB) []byte {
	f := New(2, 1, "test")
	e := f.AddEntry(0)
	e.SetChunk("Minf", make([]byte, 88))
	e.SetChunk("EPNT", make([]byte, 32))
	data := f.Bytes()
	if _, err := Parse(data); err != nil {
		t.Fatal(err)
	}
	return data
}

// TestReplaceChunk: the new chunk takes the old one's place, and the
// file parses back to the same tags and data; with no old chunk, or a
// new one already there, the old goes and the new is set.
func TestReplaceChunk(t *testing.T) {
	f := New(2, 1, "replace")
	e := f.AddEntry(0)
	for _, tag := range []string{"Minf", "EPNT", "LINS", "PNTX"} {
		e.SetChunk(tag, []byte(tag))
	}
	e.ReplaceChunk("EPNT", "PNTS", []byte("points"))
	e.ReplaceChunk("PLAT", "plat", []byte("static"))
	e.ReplaceChunk("LINS", "PNTX", []byte("lines"))
	g, err := Parse(f.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range g.Entries[0].Chunks {
		got = append(got, string(c.Tag[:])+"="+string(c.Data))
	}
	want := []string{"Minf=Minf", "PNTS=points", "PNTX=lines", "plat=static"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Fatalf("chunks %q, want %q", got, want)
	}
}

// TestSetEntries: a list without an entry drops it and the bytes before
// it, with a new checksum; an entry copied from another file is written
// after the entries read, with this file's sizes of directory record;
// the original list set again gives back the original bytes, checksum
// and all.
func TestSetEntries(t *testing.T) {
	f := New(2, 1, "entries")
	f.Header.AppDataSize = 4
	for i, tag := range []string{"AAAA", "BBBB", "CCCC"} {
		e := f.AddEntry(uint16(i))
		e.SetChunk(tag, []byte(tag+tag))
		copy(e.AppData, tag)
	}
	original := f.Bytes()
	f, err := Parse(original)
	if err != nil {
		t.Fatal(err)
	}
	read := slices.Clone(f.Entries)
	other := New(0, 0, "marathon 1")
	o := other.AddEntry(0)
	o.SetChunk("DDDD", []byte("from another file"))
	copied := f.CopyEntry(o)
	copied.Index = 1
	f.SetEntries([]*Entry{copied, read[0], read[2]})
	g, err := Parse(f.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if g.Header.Count != 3 || g.Header.Checksum == f.Header.Checksum {
		t.Fatalf("count %d, checksum %#x (was %#x): want 3 and a new checksum", g.Header.Count, g.Header.Checksum, f.Header.Checksum)
	}
	var tags, records []string
	for _, e := range g.fileOrder() {
		tags = append(tags, string(e.Chunks[0].Tag[:]))
	}
	for _, e := range g.Entries {
		records = append(records, fmt.Sprintf("%d:%q", e.Index, e.AppData))
	}
	if got := strings.Join(tags, " "); got != "AAAA CCCC DDDD" {
		t.Errorf("file order %s, want the entries read, then the copy", got)
	}
	if got := strings.Join(records, " "); got != `1:"\x00\x00\x00\x00" 0:"AAAA" 2:"CCCC"` {
		t.Errorf("directory %s", got)
	}
	f.SetEntries(read)
	if !bytes.Equal(f.Bytes(), original) {
		t.Fatal("the original list set again does not give back the original bytes")
	}
}

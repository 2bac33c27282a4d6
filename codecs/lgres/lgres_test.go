package lgres

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
)

// corpusFiles lists the resource files of ../shared/corpus/shock, or skips
// the test when the corpus is absent.
func corpusFiles(t testing.TB) []string {
	root := filepath.Join("..", "..", "..", "shared", "corpus", "shock")
	var files []string
	filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(path, ".dat") || strings.HasSuffix(path, ".res")) {
			files = append(files, path)
		}
		return nil
	})
	if len(files) == 0 {
		t.Skip("corpus folder ../shared/corpus/shock is absent")
	}
	return files
}

// parsedCorpus parses every resource file of the corpus, by path.
func parsedCorpus(t testing.TB) map[string]*File {
	files := map[string]*File{}
	for _, path := range corpusFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if files[path], err = Parse(data); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	return files
}

// reencodeAll expands every chunk and sets it back, so that Bytes
// recompresses everything.
func reencodeAll(t testing.TB, f *File) {
	for _, c := range f.Chunks {
		data, err := c.Data()
		if err != nil {
			t.Fatal(err)
		}
		if err := c.SetData(bytes.Clone(data)); err != nil {
			t.Fatal(err)
		}
	}
}

func TestCorpusRoundTrip(t *testing.T) {
	for _, path := range corpusFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f, err := Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if got := f.Bytes(); !bytes.Equal(got, data) {
			t.Fatalf("%s: unchanged file differs at %d", path, firstDiff(got, data))
		}
		reencodeAll(t, f)
		if got := f.Bytes(); !bytes.Equal(got, data) {
			t.Fatalf("%s: recompressed file differs at %d", path, firstDiff(got, data))
		}
	}
}

func TestCorpusBlocks(t *testing.T) {
	for path, f := range parsedCorpus(t) {
		for _, c := range f.Chunks {
			if !c.Compound() {
				continue
			}
			blocks, err := c.Blocks()
			if err != nil {
				t.Fatalf("%s chunk %d: %v", path, c.ID, err)
			}
			for i, want := range blocks {
				got, err := c.Block(i)
				if err != nil || !bytes.Equal(got, want) {
					t.Fatalf("%s chunk %d block %d: %v", path, c.ID, i, err)
				}
			}
			if got := JoinBlocks(blocks); !bytes.Equal(got, mustData(t, c)) && !hasTableGap(c) {
				t.Fatalf("%s chunk %d: JoinBlocks differs from the data", path, c.ID)
			}
		}
	}
}

func mustData(t testing.TB, c *Chunk) []byte {
	d, err := c.Data()
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// hasTableGap reports whether the first block starts after the table (the
// 2-byte gap some files have), which JoinBlocks does not write.
func hasTableGap(c *Chunk) bool {
	table, _ := c.tableSize()
	start, _, _ := c.blockBounds(0)
	return start != table
}

func TestChangingOneChunkKeepsTheOthers(t *testing.T) {
	for _, path := range corpusFiles(t) {
		data, _ := os.ReadFile(path)
		f, err := Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		target := f.Chunks[len(f.Chunks)/2]
		newData := bytes.Repeat([]byte("changed "), 100)
		if target.Compound() {
			newData = JoinBlocks([][]byte{newData, []byte("second block")})
		}
		if err := target.SetData(newData); err != nil {
			t.Fatal(err)
		}
		g, err := Parse(f.Bytes())
		if err != nil {
			t.Fatalf("%s: reparse: %v", path, err)
		}
		orig, _ := Parse(data)
		for i, c := range g.Chunks {
			if c.ID == target.ID {
				if got := mustData(t, c); !bytes.Equal(got, newData) {
					t.Fatalf("%s: changed chunk %d reads back differently", path, c.ID)
				}
				continue
			}
			o := orig.Chunks[i]
			if c.ID != o.ID || c.Flags != o.Flags || c.Type != o.Type || c.Size != o.Size ||
				!bytes.Equal(c.stored, o.stored) || !bytes.Equal(c.pad, o.pad) {
				t.Fatalf("%s: chunk %d changed", path, c.ID)
			}
		}
	}
}

// rawChunk is a directory entry and the bytes written for it.
type rawChunk struct {
	id          uint16
	size        int
	flags, typ  uint8
	stored, pad []byte
}

// buildFile writes a resource file by hand, with whatever irregularities
// the arguments hold.
func buildFile(comment string, lead []byte, chunks []rawChunk, gap, trailer []byte) []byte {
	out := make([]byte, headerSize)
	copy(out, Signature)
	copy(out[len(Signature):], comment+"\x1a")
	out = append(out, lead...)
	dataOffset := len(out)
	for _, c := range chunks {
		out = append(out, c.stored...)
		out = append(out, c.pad...)
	}
	out = append(out, gap...)
	binary.LittleEndian.PutUint32(out[dirOffsetAt:], uint32(len(out)))
	out = binary.LittleEndian.AppendUint16(out, uint16(len(chunks)))
	out = binary.LittleEndian.AppendUint32(out, uint32(dataOffset))
	for _, c := range chunks {
		out = binary.LittleEndian.AppendUint16(out, c.id)
		out = appendUint24(out, uint32(c.size))
		out = append(out, c.flags)
		out = appendUint24(out, uint32(len(c.stored)))
		out = append(out, c.typ)
	}
	return append(out, trailer...)
}

// irregularFile has a comment, bytes before the first chunk, an erased
// entry, non-zero padding, a compound chunk with the 2-byte gap, a hole
// before the directory and bytes after it.
func irregularFile() []byte {
	compound := JoinBlocks([][]byte{[]byte("alpha"), []byte("beta!")})
	gapped := append(append(bytes.Clone(compound[:14]), 0, 0), compound[14:]...)
	for i := range 3 {
		binary.LittleEndian.PutUint32(gapped[2+4*i:], binary.LittleEndian.Uint32(gapped[2+4*i:])+2)
	}
	return buildFile("made by hand", []byte{1, 2, 3, 4},
		[]rawChunk{
			{id: 1000, size: 3, typ: TypeString, stored: []byte("abc"), pad: []byte{0xEE}},
			{id: 0, size: 6, typ: TypeImage, stored: []byte("erased"), pad: []byte{0, 0}},
			{id: 1001, size: len(gapped), flags: FlagCompound, typ: TypeString, stored: gapped, pad: padFor(len(gapped))},
		},
		[]byte("hole"), []byte("trailing"))
}

func TestIrregularFileRoundTrip(t *testing.T) {
	data := irregularFile()
	f, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(f.Comment()); got != "made by hand" {
		t.Errorf("comment %q", got)
	}
	if f.Chunk(0) != nil {
		t.Error("Chunk(0) returned an erased entry")
	}
	if b, err := f.Chunk(1001).Block(1); err != nil || string(b) != "beta!" {
		t.Fatalf("block 1 of the gapped chunk: %q, %v", b, err)
	}
	if got := f.Bytes(); !bytes.Equal(got, data) {
		t.Fatalf("differs at %d", firstDiff(got, data))
	}
	// Re-encoding every chunk changes only the non-zero padding byte, which
	// a writer pads with zeros.
	reencodeAll(t, f)
	want := bytes.Clone(data)
	want[headerSize+4+3] = 0
	if got := f.Bytes(); !bytes.Equal(got, want) {
		t.Fatalf("recoded file differs at %d", firstDiff(got, want))
	}

	// Changing the first chunk keeps the erased entry, the hole and the
	// trailer, and zero-pads only the changed chunk.
	f, _ = Parse(data)
	f.Chunk(1000).SetData([]byte("abcdefg"))
	g, err := Parse(f.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(g.Chunks[0].pad, []byte{0}) || !bytes.Equal(g.Chunks[1].stored, []byte("erased")) ||
		string(g.gap) != "hole" || string(g.trailer) != "trailing" || !bytes.Equal(g.lead, []byte{1, 2, 3, 4}) {
		t.Fatalf("irregular bytes lost: pad % x, erased %q, gap %q, trailer %q, lead % x", g.Chunks[0].pad, g.Chunks[1].stored, g.gap, g.trailer, g.lead)
	}
}

func TestWriterCompressionRules(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	noise := make([]byte, 500)
	for i := range noise {
		noise[i] = byte(r.Uint32())
	}
	text := bytes.Repeat([]byte("a tile map compresses well "), 40)
	for _, capLZW := range []bool{true, false} {
		f, _ := Parse(buildFile("", nil, nil, nil, nil))
		f.CapLZW = capLZW
		packed, _ := f.Add(4005, TypeMap, FlagLZW, text)
		incompressible, _ := f.Add(4006, TypeMap, FlagLZW, noise)
		compound, _ := f.Add(4007, TypeMap, FlagLZW|FlagCompound, JoinBlocks([][]byte{text, text}))
		g, err := Parse(f.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if !packed.Compressed() || len(packed.Stored()) >= len(text) {
			t.Errorf("cap %v: compressible chunk stored raw", capLZW)
		}
		if incompressible.Compressed() == capLZW {
			t.Errorf("cap %v: incompressible chunk compressed = %v", capLZW, incompressible.Compressed())
		}
		if !compound.Compressed() || !bytes.Equal(compound.Stored()[:14], JoinBlocks([][]byte{text, text})[:14]) {
			t.Errorf("cap %v: compound chunk's table not stored raw before the stream", capLZW)
		}
		for _, id := range []uint16{4005, 4006, 4007} {
			want, _ := f.Chunk(id).Data()
			if got := mustData(t, g.Chunk(id)); !bytes.Equal(got, want) {
				t.Errorf("cap %v: chunk %d reads back differently", capLZW, id)
			}
			if len(g.Chunk(id).pad) != int(align4(int64(len(g.Chunk(id).stored))))-len(g.Chunk(id).stored) {
				t.Errorf("chunk %d not aligned", id)
			}
		}
	}
}

func TestParseRejects(t *testing.T) {
	good := irregularFile()
	dirOffset := int(binary.LittleEndian.Uint32(good[dirOffsetAt:]))
	with := func(at int, v uint32, width int) []byte {
		b := bytes.Clone(good)
		for i := range width {
			b[at+i] = byte(v >> (8 * i))
		}
		return b
	}
	cases := []struct {
		name   string
		data   []byte
		offset int64
		want   string
	}{
		{"truncated header", good[:100], 100, "128-byte header"},
		{"bad signature", append([]byte("LG Res File v1\r\n"), good[16:]...), 0, "signature"},
		{"directory past end", with(dirOffsetAt, uint32(len(good)), 4), dirOffsetAt, "directory offset"},
		{"entries past end", with(dirOffset, 1000, 2), int64(dirOffset), "entries"},
		{"data offset past directory", with(dirOffset+2, uint32(dirOffset+1), 4), int64(dirOffset + 2), "data offset"},
		{"chunk past directory", with(dirOffset+dirHeaderSize+6, 1<<20, 3), int64(dirOffset + dirHeaderSize + 6), "chunk 1000"},
		{"truncated directory", good[:dirOffset+10], int64(dirOffset), "entries"},
	}
	for _, c := range cases {
		_, err := Parse(c.data)
		var be *bin.Error
		if !errors.As(err, &be) || be.Offset != c.offset || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error at offset %d naming %q", c.name, err, c.offset, c.want)
		}
	}
}

func TestChunkErrorsNameChunkAndOffset(t *testing.T) {
	bad := []byte("not an lzw stream at all")
	data := buildFile("", nil, []rawChunk{
		{id: 4005, size: 1000, flags: FlagLZW, typ: TypeMap, stored: bad, pad: padFor(len(bad))},
		{id: 4006, size: 40, flags: FlagCompound, typ: TypeMap, stored: append([]byte{200, 0}, make([]byte, 38)...)},
	}, nil, nil)
	f, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		id   uint16
		read func(*Chunk) error
	}{
		{4005, func(c *Chunk) error { _, err := c.Data(); return err }},
		{4006, func(c *Chunk) error { _, err := c.Blocks(); return err }},
		{4006, func(c *Chunk) error { _, err := c.Data(); return err }},
	} {
		err := tt.read(f.Chunk(tt.id))
		var be *bin.Error
		if !errors.As(err, &be) || !strings.Contains(be.Where, fmt.Sprintf("chunk %d", tt.id)) || be.Offset < headerSize {
			t.Errorf("chunk %d: got %v, want an error naming the chunk at a file offset", tt.id, err)
		}
	}
	// New data for a compound chunk is refused where its table fails.
	var be *bin.Error
	if err := f.Chunk(4006).SetData([]byte{9}); !errors.As(err, &be) || be.Where != "chunk 4006's new data" || be.Offset != 1 {
		t.Errorf("a 1-byte compound chunk: got %v, want an error at offset 1 of chunk 4006's new data", err)
	}
}

// TestDirectoryOffset: the directory is where the header says, in a file
// parsed and in one written after a change.
func TestDirectoryOffset(t *testing.T) {
	f, err := Parse(irregularFile())
	if err != nil {
		t.Fatal(err)
	}
	for _, step := range []string{"parsed", "changed and written"} {
		data := f.Bytes()
		if got, want := f.DirectoryOffset(), int64(binary.LittleEndian.Uint32(data[dirOffsetAt:])); got != want {
			t.Errorf("%s: directory offset %d, the header says %d", step, got, want)
		}
		f.Chunk(1000).SetData(make([]byte, 77))
	}
}

// padFor is the zero padding after n bytes of chunk.
func padFor(n int) []byte { return make([]byte, (4-n%4)%4) }

func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// TestVerify: every chunk of the corpus verifies, and a chunk whose
// stream is damaged, whose block table overruns it or whose raw size
// disagrees with the directory is an error naming the chunk and its
// offset in the file.
func TestVerify(t *testing.T) {
	compressed := 0
	for path, f := range parsedCorpus(t) {
		for _, c := range f.Chunks {
			if err := c.Verify(); err != nil {
				t.Errorf("%s: %v", path, err)
			}
			if c.Compressed() {
				compressed++
			}
		}
	}
	if compressed == 0 {
		t.Fatal("the corpus has no compressed chunk to verify")
	}
	bad := []byte("not an lzw stream at all")
	data := buildFile("", nil, []rawChunk{
		{id: 4005, size: 1000, flags: FlagLZW, typ: TypeMap, stored: bad, pad: padFor(len(bad))},
		{id: 4006, size: 40, flags: FlagCompound, typ: TypeMap, stored: append([]byte{200, 0}, make([]byte, 38)...)},
		{id: 4007, size: 9, typ: TypeMap, stored: []byte{1, 2, 3, 4}},
		{id: 4008, size: 4, typ: TypeMap, stored: []byte{1, 2, 3, 4}},
	}, nil, nil)
	f, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []uint16{4005, 4006, 4007} {
		c := f.Chunk(id)
		var be *bin.Error
		if err := c.Verify(); !errors.As(err, &be) || !strings.Contains(be.Where, fmt.Sprintf("chunk %d", id)) || be.Offset < c.Offset() {
			t.Errorf("chunk %d: got %v, want an error naming the chunk at an offset from %d", id, err, c.Offset())
		}
	}
	if err := f.Chunk(4008).Verify(); err != nil {
		t.Errorf("chunk 4008, 4 raw bytes as stated: %v", err)
	}
}

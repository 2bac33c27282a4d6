package main

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/codecs/lgres"
	"github.com/levelwright/levelwright/internal/e2e"
)

// runCLI runs the command line in-process.
func runCLI(t *testing.T, stdin []byte, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, bytes.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

var (
	tileText  = bytes.Repeat([]byte("floor wall floor wall "), 50)
	blockOne  = []byte("first block")
	blockTwo  = bytes.Repeat([]byte("second "), 30)
	stringRes = lgres.JoinBlocks([][]byte{blockOne, blockTwo})
)

// writeResFile writes a small resource file: a compressed chunk, a raw
// one and a compressed compound one.
func writeResFile(t *testing.T) string {
	f := lgres.New()
	f.Add(4005, lgres.TypeMap, lgres.FlagLZW, tileText)
	f.Add(4006, lgres.TypeMap, 0, []byte{1, 2, 3, 4})
	f.Add(2000, lgres.TypeString, lgres.FlagLZW|lgres.FlagCompound, stringRes)
	path := filepath.Join(t.TempDir(), "small.res")
	if err := os.WriteFile(path, f.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestResListJSON(t *testing.T) {
	path := writeResFile(t)
	code, out, errOut := runCLI(t, nil, "res", "list", path, "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct { // the keys of docs: res list --json
		Chunks []struct {
			ID         uint16 `json:"id"`
			Compressed bool   `json:"compressed"`
			Compound   bool   `json:"compound"`
			Size       int    `json:"size"`
			StoredSize int    `json:"stored_size"`
			Blocks     int    `json:"blocks"`
			Offset     int64  `json:"offset"`
		} `json:"chunks"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Chunks) != 3 {
		t.Fatalf("%d chunks", len(got.Chunks))
	}
	c := got.Chunks[2]
	if c.ID != 2000 || !c.Compound || !c.Compressed || c.Blocks != 2 || c.Size != len(stringRes) || c.StoredSize >= c.Size {
		t.Errorf("chunk 2000 listed as %+v", c)
	}
	if got.Chunks[0].Offset != 128 || got.Chunks[1].Compressed {
		t.Errorf("chunks listed as %+v", got.Chunks)
	}
}

func TestResListText(t *testing.T) {
	code, out, _ := runCLI(t, nil, "res", "list", writeResFile(t))
	if code != 0 || !strings.Contains(out, "lzw,compound") || !strings.Contains(out, "3 chunks") {
		t.Fatalf("exit %d:\n%s", code, out)
	}
}

func TestResExtract(t *testing.T) {
	path := writeResFile(t)
	cases := []struct {
		args []string
		want []byte
	}{
		{[]string{"4005"}, tileText},
		{[]string{"4006"}, []byte{1, 2, 3, 4}},
		{[]string{"2000", "--block", "1"}, blockTwo},
		{[]string{"2000", "--block=0"}, blockOne},
		{[]string{"2000"}, stringRes},
	}
	for _, c := range cases {
		code, out, errOut := runCLI(t, nil, append([]string{"res", "extract", path}, c.args...)...)
		if code != 0 || out != string(c.want) {
			t.Errorf("%v: exit %d, %d bytes, %s", c.args, code, len(out), errOut)
		}
	}
	code, raw, _ := runCLI(t, nil, "res", "extract", path, "4005", "--raw")
	f, _ := os.ReadFile(path)
	parsed, _ := lgres.Parse(f)
	if code != 0 || raw != string(parsed.Chunk(4005).Stored()) {
		t.Errorf("--raw gave %d bytes, want the stored %d", len(raw), len(parsed.Chunk(4005).Stored()))
	}
	for _, bad := range [][]string{{"9999"}, {"2000", "--block", "2"}, {"abc"}} {
		if code, _, errOut := runCLI(t, nil, append([]string{"res", "extract", path}, bad...)...); code != 2 || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q", bad, code, errOut)
		}
	}
}

func TestLZWCommand(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	in := make([]byte, 100000)
	for i := range in {
		in[i] = byte(r.IntN(16))
	}
	code, enc, _ := runCLI(t, in, "lzw", "encode")
	if code != 0 || len(enc) >= len(in) {
		t.Fatalf("encode: exit %d, %d bytes", code, len(enc))
	}
	code, dec, _ := runCLI(t, []byte(enc), "lzw", "decode")
	if code != 0 || dec != string(in) {
		t.Fatalf("decode: exit %d, equal %v", code, dec == string(in))
	}
	if code, _, errOut := runCLI(t, []byte("garbage"), "lzw", "decode"); code != 2 || !strings.Contains(errOut, "offset") {
		t.Fatalf("garbage: exit %d, %q", code, errOut)
	}
}

func TestRoundtripCorpus(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "..", "shared", "corpus", "shock", "*", "*"))
	if len(files) == 0 {
		t.Skip("corpus folder ../shared/corpus is absent")
	}
	for _, path := range files {
		if code, out, errOut := runCLI(t, nil, "roundtrip", path); code != 0 {
			t.Errorf("%s: exit %d: %s%s", path, code, out, errOut)
		}
	}
	if code, _, _ := runCLI(t, nil, "roundtrip", writeResFile(t)); code != 0 {
		t.Errorf("generated file: exit %d", code)
	}
}

// TestRoundtripNamesTheDifference: a chunk compressed by another encoder
// (literal codes only, where ours would use the dictionary) re-encodes
// differently, and roundtrip names the chunk.
func TestRoundtripNamesTheDifference(t *testing.T) {
	literals := packCodes(0x61, 0x61, 0x61, 0x61, 0x61, 0x61, 0x3FFF, 0) // "aaaaaa"
	f := lgres.New()
	f.Add(4006, lgres.TypeMap, 0, []byte("raw!"))
	f.Add(4007, lgres.TypeMap, 0, literals)
	data := f.Bytes()
	// Mark chunk 4007 as compressed, six bytes unpacked.
	entry := data[int(binary.LittleEndian.Uint32(data[0x7c:]))+6+10:]
	entry[2], entry[3], entry[4], entry[5] = 6, 0, 0, lgres.FlagLZW
	if got, err := lgres.Parse(data); err != nil {
		t.Fatal(err)
	} else if d, err := got.Chunk(4007).Data(); err != nil || string(d) != "aaaaaa" {
		t.Fatalf("hand-built stream reads %q, %v", d, err)
	}
	path := filepath.Join(t.TempDir(), "other-encoder.res")
	os.WriteFile(path, data, 0o644)
	code, out, errOut := runCLI(t, nil, "roundtrip", path)
	if code != 1 || !strings.Contains(out, "(chunk 4007, byte 2)") {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
}

// packCodes packs 14-bit codes most significant bit first, whole bytes.
func packCodes(codes ...uint32) []byte {
	var out []byte
	var acc uint64
	var bits uint
	for _, c := range codes {
		acc = acc<<14 | uint64(c)
		for bits += 14; bits >= 8; bits -= 8 {
			out = append(out, byte(acc>>(bits-8)))
		}
	}
	return out
}

// TestBadInputIsOneLine runs the real binary: bad input gives exactly one
// line on stderr naming the file and the offset, and exit status 2.
func TestBadInputIsOneLine(t *testing.T) {
	bin := e2e.Build(t)
	bad := filepath.Join(t.TempDir(), "truncated.res")
	os.WriteFile(bad, []byte(lgres.Signature+"short"), 0o644)
	for _, args := range [][]string{{"roundtrip", bad}, {"res", "list", bad}} {
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "LANG=C.UTF-8", "LANGUAGE=")
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		err := cmd.Run()
		lines := strings.Split(strings.TrimRight(stderr.String(), "\n"), "\n")
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 {
			t.Errorf("%v: %v, want exit status 2", args, err)
		}
		if len(lines) != 1 || !strings.Contains(lines[0], bad) || !strings.Contains(lines[0], "offset 21") {
			t.Errorf("%v: stderr %q, want one line with the file and offset 21", args, stderr.String())
		}
	}
}

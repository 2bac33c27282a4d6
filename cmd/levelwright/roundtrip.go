package main

import (
	"bytes"
	"fmt"
	"io"
	"os"

	"github.com/levelwright/levelwright/codecs/lgres"
	"github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/codecs/wad"
	"github.com/levelwright/levelwright/document"
)

// roundtripCommand is `levelwright roundtrip FILE [--through-document]`:
// decode and re-encode everything, compare every byte, name the first
// difference. Exit 0 identical, 1 different, 2 unreadable.
func roundtripCommand(raw []string, _ io.Reader, stdout, stderr io.Writer) int {
	a, err := parseArgs(raw, []string{"through-document"}, nil)
	if err != nil || len(a.positional) != 1 {
		fmt.Fprintln(stderr, "usage: levelwright roundtrip FILE [--through-document]")
		return 2
	}
	path := a.positional[0]
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	game, err := document.Sniff(data)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", path, err)
		return 2
	}
	switch {
	case game == document.GameShock:
		return roundtripResFile(path, data, a.bool("through-document"), stdout, stderr)
	case game == document.GameMarathon:
		return roundtripWad(path, data, a.bool("through-document"), stdout, stderr)
	case game == document.GameTurok:
		return roundtripTurok(path, data, a.bool("through-document"), stdout, stderr)
	}
	return notYet("roundtrip", path, game, stderr)
}

// roundtripWad parses a wad file and writes it again from its entries and
// chunks; through the typed model, every map chunk is decoded into records
// and encoded from them first.
func roundtripWad(path string, data []byte, throughModel bool, stdout, stderr io.Writer) int {
	f, err := wad.Parse(data)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", path, err)
		return 2
	}
	typed := 0
	for _, e := range f.Entries {
		if !throughModel {
			break
		}
		l, err := marathon.Decode(e, f.Header.DataVersion == 0)
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", path, err)
			return 2
		}
		for _, c := range e.Chunks {
			encoded, ok := l.EncodeChunk(string(c.Tag[:]))
			if !ok {
				continue
			}
			typed++
			if i := firstDifference(encoded, c.Data); i >= 0 {
				fmt.Fprintf(stdout, "%s: entry %d chunk %q differs at byte %d: %d bytes encoded, %d read\n", path, e.Index, c.Tag[:], i, len(encoded), len(c.Data))
				return 1
			}
		}
	}
	out := f.Bytes()
	if i := firstDifference(out, data); i >= 0 {
		fmt.Fprintf(stdout, "%s: differs at offset %d: %d bytes written, %d read\n", path, i, len(out), len(data))
		return 1
	}
	chunks := 0
	for _, e := range f.Entries {
		chunks += len(e.Chunks)
	}
	fmt.Fprintf(stdout, "%s: identical, %d bytes, wad version %d, %d entries, %d chunks (%d encoded from the typed model)\n", path, len(data), f.Header.Version, len(f.Entries), chunks, typed)
	return 0
}

// roundtripResFile expands and recompresses every chunk of a resource file
// and rewrites it. Through the typed model, level chunks are decoded into
// records and encoded from them.
func roundtripResFile(path string, data []byte, throughModel bool, stdout, stderr io.Writer) int {
	f, err := lgres.Parse(data)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", path, err)
		return 2
	}
	original, _ := lgres.Parse(data)
	encoded := map[uint16][]byte{}
	if throughModel {
		archive, err := shock.Decode(f)
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", path, err)
			return 2
		}
		for _, l := range archive.Levels {
			for k := shock.FirstLevelChunk; l != nil && k <= shock.LastLevelChunk; k++ {
				encoded[shock.ChunkID(l.Index, k)] = l.EncodeChunk(k)
			}
		}
	}
	recompressed := 0
	for _, c := range f.Chunks {
		d, ok := encoded[c.ID]
		if !ok {
			if d, err = c.Data(); err != nil {
				fmt.Fprintf(stderr, "%s: %v\n", path, err)
				return 2
			}
		}
		if c.Compressed() {
			recompressed++
		}
		if err := c.SetData(bytes.Clone(d)); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", path, err)
			return 2
		}
	}
	out := f.Bytes()
	// A chunk that re-encodes differently moves everything after it, so
	// name it rather than the directory offset in the header.
	for i, c := range f.Chunks {
		o := original.Chunks[i]
		if j := firstDifference(c.Stored(), o.Stored()); j >= 0 {
			fmt.Fprintf(stdout, "%s: differs at offset %d (chunk %d, byte %d): stored %d bytes, re-encoded %d\n",
				path, o.Offset()+int64(j), o.ID, j, len(o.Stored()), len(c.Stored()))
			return 1
		}
	}
	if i := firstDifference(out, data); i >= 0 {
		fmt.Fprintf(stdout, "%s: differs at offset %d (%s): %d bytes written, %d read\n", path, i, f.Locate(int64(i)), len(out), len(data))
		return 1
	}
	fmt.Fprintf(stdout, "%s: identical, %d bytes, %d chunks (%d recompressed, %d encoded from the typed model)\n", path, len(data), len(f.Chunks), recompressed, len(encoded))
	return 0
}

// firstDifference is the first offset where a and b differ, -1 for none.
func firstDifference(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

package main

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/codecs/lgres"
	"github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/codecs/wad"
	"github.com/levelwright/levelwright/document"
	marathondoc "github.com/levelwright/levelwright/document/marathon"
	shockdoc "github.com/levelwright/levelwright/document/shock"
	turokdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor"
	"github.com/levelwright/levelwright/internal/corpus"
)

// TestDamagedFiles damages every corpus file and a new file of each game
// (truncated at many lengths, single bytes inverted or overwritten with
// 0x00 and 0xFF, most densely in headers, directories and chunk tables)
// and reads each variant through document.Sniff, the container and the
// game's document, and one in cliEvery through the subcommands: nothing
// panics, and every refusal names its offset, in a *bin.Error. The
// Marathon and Turok codecs and documents are not held to the offset
// rule yet: their refusals without one are counted and logged (run with
// -v), as are the others'.
func TestDamagedFiles(t *testing.T) {
	var tally refusalTally
	for _, src := range damageSources(t) {
		t.Run(src.name, func(t *testing.T) {
			t.Parallel()
			game := gameKey(document.Sniff(src.data, editor.Formats())) // the game of the undamaged file, if any
			file := filepath.Join(t.TempDir(), filepath.Base(src.name))
			n := 0
			forEachDamage(src.data, hotOffsets(game, src.data), func(name string, data []byte) {
				results := readDamaged(game, data)
				if n++; n%cliEvery == 0 {
					results = append(results, runDamaged(t, game, file, data)...)
				}
				for _, r := range results {
					switch {
					case r.panic != nil:
						t.Errorf("%s: %s panics: %v", name, r.reader, r.panic)
					case r.err == nil:
					case !tally.add(r, src.name+" "+name):
						t.Errorf("%s: %s refuses without an offset: %v", name, r.reader, r.err)
					}
				}
			})
		})
	}
	t.Cleanup(func() { tally.log(t) })
}

// refusalTally counts the refusals of each reader and those without an
// offset, with the first such as an example.
type refusalTally struct {
	mu                    sync.Mutex
	refusals, unpositions map[string]int
	examples              map[string]string
}

// add counts r's refusal of the variant named; it reports whether the
// refusal names its offset: a subcommand's line says "offset N", an
// error is or wraps a *bin.Error.
func (t *refusalTally) add(r readResult, variant string) (positioned bool) {
	var be *bin.Error
	positioned = strings.Contains(r.err.Error(), "offset ") && (r.cli || errors.As(r.err, &be))
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.refusals == nil {
		t.refusals, t.unpositions, t.examples = map[string]int{}, map[string]int{}, map[string]string{}
	}
	t.refusals[r.reader]++
	if !positioned {
		if t.unpositions[r.reader]++; t.unpositions[r.reader] == 1 {
			t.examples[r.reader] = fmt.Sprintf("%s: %v", variant, r.err)
		}
	}
	return positioned
}

// log reports the counts by reader, and the totals.
func (t *refusalTally) log(tb testing.TB) {
	t.mu.Lock()
	defer t.mu.Unlock()
	readers := make([]string, 0, len(t.refusals))
	total, without := 0, 0
	for r := range t.refusals {
		readers = append(readers, r)
		total += t.refusals[r]
		without += t.unpositions[r]
	}
	sort.Strings(readers)
	for _, r := range readers {
		tb.Logf("%s: %d refusals, %d without an offset", r, t.refusals[r], t.unpositions[r])
		if t.unpositions[r] > 0 {
			tb.Logf("    for example %s", t.examples[r])
		}
	}
	tb.Logf("%d refusals, %d without an offset", total, without)
}

// damageSource is a file to damage.
type damageSource struct {
	name string
	data []byte
}

// damageSources is every corpus file and a new file of each game.
func damageSources(t *testing.T) []damageSource {
	shockRes, err := shock.NewArchive(1)
	if err != nil {
		t.Fatal(err)
	}
	sources := []damageSource{
		{"new shock", shockRes.Bytes()},
		{"new marathon", marathon.NewFile("Damaged").Bytes()},
		{"new turok", turok.NewMap().Encode()},
	}
	root := corpus.Root()
	for _, dir := range []string{"shock", "marathon", "turok", "gamedata"} {
		for _, path := range corpus.Files(t, dir) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			name, _ := filepath.Rel(root, path)
			sources = append(sources, damageSource{name, data})
		}
	}
	return sources
}

// maxVariants bounds the damaged variants of one file, so that the
// largest files take a few seconds.
const maxVariants = 1000

// forEachDamage calls read with data truncated at about 40 lengths
// (every one of the first 16, then spread out) and at the hot offsets,
// and with each hot offset and about 40 offsets spread over the file
// damaged in three ways: its bits inverted, 0x00 and 0xFF; evenly
// sampled down to maxVariants. A damaged byte is set in a copy of data
// that read must not keep, and put back afterwards.
func forEachDamage(data []byte, hot []int, read func(name string, damaged []byte)) {
	n := len(data)
	lengths := map[int]bool{}
	for i := 0; i < 16 && i < n; i++ {
		lengths[i] = true
	}
	for i := 1; i < 24; i++ {
		lengths[n*i/24] = true
	}
	offsets := map[int]bool{}
	for i := range 40 {
		offsets[n*i/40+i%7] = true
	}
	for _, at := range hot {
		lengths[at], offsets[at] = true, true
	}
	type damage struct {
		at   int
		name string
		set  func(byte) byte // nil: truncate at at
	}
	var all []damage
	for _, l := range sortedKeys(lengths) {
		if l < n {
			all = append(all, damage{l, fmt.Sprintf("truncated to %d bytes", l), nil})
		}
	}
	for _, at := range sortedKeys(offsets) {
		if at < 0 || at >= n {
			continue
		}
		all = append(all,
			damage{at, fmt.Sprintf("byte %d inverted", at), func(b byte) byte { return ^b }},
			damage{at, fmt.Sprintf("byte %d set to 0x00", at), func(byte) byte { return 0 }},
			damage{at, fmt.Sprintf("byte %d set to 0xFF", at), func(byte) byte { return 0xFF }})
	}
	d := append([]byte(nil), data...)
	for i := range min(len(all), maxVariants) {
		v := all[i*len(all)/min(len(all), maxVariants)]
		switch {
		case v.set == nil:
			read(v.name, data[:v.at:v.at])
		case v.set(data[v.at]) != data[v.at]:
			d[v.at] = v.set(data[v.at])
			read(v.name, d)
			d[v.at] = data[v.at]
		}
	}
}

func sortedKeys(m map[int]bool) []int {
	keys := make([]int, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Ints(keys)
	return keys
}

// hotOffsets are the bytes of a file's structure most worth damaging:
// its header, directory and the first bytes of each chunk (a compound
// chunk's block table, a compressed chunk's first codes) or entry and
// chunk header.
func hotOffsets(game string, data []byte) []int {
	var hot []int
	span := func(at, n, step int) {
		for i := 0; i < n; i += step {
			hot = append(hot, at+i)
		}
	}
	span(0, 128, 3)
	switch game {
	case "shock":
		f, err := lgres.Parse(data)
		if err != nil {
			return hot
		}
		dir := int(binary.LittleEndian.Uint32(data[0x7c:]))
		span(dir, len(data)-dir, max(1, (len(data)-dir)/96))
		for i, c := range f.Chunks {
			if i%max(1, len(f.Chunks)/48) == 0 {
				span(int(c.Offset()), 12, 5)
			}
		}
	case "marathon":
		f, err := wad.Parse(data)
		if err != nil {
			return hot
		}
		base := 0
		if f.Mac != nil {
			base = 128
			span(base, 128, 3)
		}
		stride := 8
		if f.Header.Version >= 2 {
			stride = max(10, int(f.Header.EntryHeaderSize)) + int(f.Header.AppDataSize)
		}
		dir := base + int(f.Header.DirOffset)
		span(dir, len(f.Entries)*stride, max(1, len(f.Entries)*stride/64))
		for i := range f.Entries {
			if i%max(1, len(f.Entries)/8) != 0 {
				continue
			}
			entry := base + int(binary.BigEndian.Uint32(data[dir+i*stride:]))
			for at, n := entry, 0; n < 24 && at+12 <= len(data); n++ {
				for _, field := range []int{0, 4, 7, 8, 11} { // tag, next offset, size
					hot = append(hot, at+field)
				}
				next := int(binary.BigEndian.Uint32(data[at+4:]))
				if next == 0 {
					break
				}
				at = entry + next
			}
		}
	case "turok":
		n := int(binary.LittleEndian.Uint32(data))
		span(0, 4+4*(n+1), 1)
		for i := 0; i <= n; i++ {
			span(int(binary.LittleEndian.Uint32(data[4+4*i:])), 24, 2)
		}
	}
	return hot
}

// cliEvery is how often a damaged variant is also given to the
// subcommands: one in cliEvery.
const cliEvery = 16

// checkBelow is the size of the largest file `check` is run on: checking
// Marathon 1's 3.8 MB of levels takes most of a second, and it decodes
// them as `info` does.
const checkBelow = 1 << 20

// runDamaged writes data to file and gives it to the subcommands that
// read a file of game (and, for System Shock, to the game data loader,
// which reads the file when it is named as one of the game's): each
// refusal (exit status 2) must be one line naming the file. Render's
// answer for a file that decodes without levels is no refusal of
// damage.
func runDamaged(t *testing.T, game string, file string, data []byte) []readResult {
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	commands := [][]string{{"info", file}, {"roundtrip", file, "--through-document"},
		{"render", file, "--size", "16x10", "--out", file + ".png"}}
	if len(data) < checkBelow {
		commands = append(commands, []string{"check", file})
	}
	if game == "shock" {
		commands = append(commands, []string{"res", "list", file})
	}
	var out []readResult
	for _, args := range commands {
		r := try(game+" "+args[0], func() error {
			code, _, stderr := runCLI(t, nil, args...)
			if code != 2 || stderr == file+": has no levels to draw\n" {
				return nil
			}
			if !strings.HasPrefix(stderr, file+": ") || strings.Count(stderr, "\n") != 1 {
				t.Errorf("%v: not one line naming the file: %q", args, stderr)
			}
			return errors.New(strings.TrimSpace(stderr))
		})
		r.cli = true
		out = append(out, r)
	}
	if game == "shock" {
		out = append(out, try("shock game data", func() error { _, err := shockdoc.LoadGameData(filepath.Dir(file)); return err }))
	}
	return out
}

// gameKey names the game of a sniffed file by its format's key, or
// "unsniffed"; the readers of a game's files go by that name.
func gameKey(f document.Format, _ error) string {
	if f == nil {
		return "unsniffed"
	}
	return f.Key()
}

// readResult is how one reader took a damaged file.
type readResult struct {
	reader string
	cli    bool // err is a subcommand's line on stderr
	err    error
	panic  any
}

// readDamaged reads data through document.Sniff, then through the
// container and the document of game (the game of the undamaged file),
// whatever Sniff made of it.
func readDamaged(game string, data []byte) []readResult {
	var sniffed document.Format
	out := []readResult{try("sniff", func() (err error) { sniffed, err = document.Sniff(data, editor.Formats()); return err })}
	if gameKey(sniffed, nil) == "turok" {
		out[0].reader = "turok sniff" // the Turok codec's refusal
	}
	switch game {
	case "shock":
		out = append(out,
			try("lgres", func() error { _, err := lgres.Parse(data); return err }),
			try("shock document", func() error { _, err := shockdoc.Load("damaged", data); return err }))
	case "marathon":
		out = append(out,
			try("wad", func() error { _, err := wad.Parse(data); return err }),
			try("marathon document", func() error { _, err := marathondoc.Load("damaged", data); return err }))
	case "turok":
		out = append(out, try("turok document", func() error { _, err := turokdoc.Load("damaged", data); return err }))
	}
	return out
}

// try runs a reader, turning a panic into its result.
func try(reader string, read func() error) (r readResult) {
	r.reader = reader
	defer func() { r.panic = recover() }()
	r.err = read()
	return r
}

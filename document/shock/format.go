package shock

import (
	"bytes"
	"fmt"
	"io"
	"strings"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/codecs/lgres"
	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
)

// Format is System Shock's level file format: LG resource archives.
var Format document.Format = format{}

type format struct{}

// Name is the game's name.
func (format) Name() string { return "System Shock" }

// Key names the game on the command line.
func (format) Key() string { return "shock" }

// Expect names the files Sniff looks for.
func (format) Expect() string { return "an LG resource file" }

// Sniff recognises an LG resource file by its signature.
func (format) Sniff(data []byte) (bool, error) {
	if !bytes.HasPrefix(data, []byte(lgres.Signature)) {
		return false, nil
	}
	_, err := lgres.Parse(data)
	return true, err
}

// Open loads the archive as an editable document.
func (format) Open(path string, data []byte) (document.Doc, error) {
	d, err := Load(path, data)
	if err != nil {
		return nil, err
	}
	return doc{d}, nil
}

// New is an archive holding one level, the game's first.
func (format) New() ([]byte, string, error) {
	f, err := codec.NewArchive(1)
	if err != nil {
		return nil, "", err
	}
	return f.Bytes(), "a new System Shock archive with level 1", nil
}

// Info describes the archive and what each level holds.
func (format) Info(path string, data []byte) (document.Info, error) {
	archive, err := codec.Parse(data)
	if err != nil {
		return document.Info{}, err
	}
	info := struct {
		File   string          `json:"file"`
		Game   string          `json:"game"`
		Format string          `json:"format"`
		Name   string          `json:"name"`
		Chunks int             `json:"chunks"`
		Levels []codec.Summary `json:"levels"`
	}{path, Format.Name(), "LG resource file v2", archive.Name(), len(archive.Res.Chunks), []codec.Summary{}}
	for _, l := range archive.Levels {
		if l != nil {
			info.Levels = append(info.Levels, l.Summarize())
		}
	}
	var text strings.Builder
	fmt.Fprintf(&text, "%s: %s, %s, %q, %d chunks, %d levels\n", path, info.Game, info.Format, info.Name, info.Chunks, len(info.Levels))
	for _, s := range info.Levels {
		kind := "map"
		if s.Cyberspace {
			kind = "cyberspace"
		}
		fmt.Fprintf(&text, "level %d: %dx%d %s, %d objects, %d wire and %d block puzzles\n", s.Index, s.Width, s.Height, kind, s.Objects, s.WirePuzzles, s.BlockPuzzles)
		document.WriteCounts(&text, "objects", s.ObjectsByClass)
		document.WriteCounts(&text, "triggers", s.TriggersByType)
		document.WriteCounts(&text, "traps by action", s.TrapsByAction)
	}
	return document.Info{JSON: info, Text: text.String()}, nil
}

// Unpacked is the size of the archive's chunks expanded, as its
// directory states it.
func (format) Unpacked(data []byte) (int64, error) {
	f, err := lgres.Parse(data)
	if err != nil {
		return 0, err
	}
	size := int64(len(data))
	for _, c := range f.Chunks {
		size += int64(c.Size)
	}
	return size, nil
}

// Check decodes every chunk of the archive (a chunk that does not decode
// is an error of kind "chunk", its index the chunk's id, at level -1) and
// checks every level.
func (format) Check(data []byte) ([]bin.Problem, error) {
	archive, err := codec.Parse(data)
	if err != nil {
		return nil, err
	}
	var problems []bin.Problem
	for _, c := range archive.Res.Chunks {
		if err := c.Verify(); err != nil {
			problems = append(problems, bin.Problem{Severity: "error", Level: -1, Kind: "chunk", Index: int(c.ID),
				Code: document.UndecodableCode, Message: err.Error()})
		}
	}
	for i, l := range archive.Levels {
		if l != nil {
			problems = append(problems, bin.Guard(i, "level", l.Check)...)
		}
	}
	return problems, nil
}

// Roundtrip expands and recompresses every chunk of a resource file and
// rewrites it. Typed, level chunks are decoded into records and encoded
// from them.
func (format) Roundtrip(path string, data []byte, typed bool) (string, bool, error) {
	f, err := lgres.Parse(data)
	if err != nil {
		return "", false, err
	}
	original, _ := lgres.Parse(data)
	encoded := map[uint16][]byte{}
	if typed {
		archive, err := codec.Decode(f)
		if err != nil {
			return "", false, err
		}
		for _, l := range archive.Levels {
			for k := codec.FirstLevelChunk; l != nil && k <= codec.LastLevelChunk; k++ {
				encoded[codec.ChunkID(l.Index, k)] = l.EncodeChunk(k)
			}
		}
	}
	recompressed := 0
	for _, c := range f.Chunks {
		d, ok := encoded[c.ID]
		if !ok {
			if d, err = c.Data(); err != nil {
				return "", false, err
			}
		}
		if c.Compressed() {
			recompressed++
		}
		if err := c.SetData(bytes.Clone(d)); err != nil {
			return "", false, err
		}
	}
	out := f.Bytes()
	// A chunk that re-encodes differently moves everything after it, so
	// name it rather than the directory offset in the header.
	for i, c := range f.Chunks {
		o := original.Chunks[i]
		if j := document.FirstDifference(c.Stored(), o.Stored()); j >= 0 {
			return fmt.Sprintf("%s: differs at offset %d (chunk %d, byte %d): stored %d bytes, re-encoded %d",
				path, o.Offset()+int64(j), o.ID, j, len(o.Stored()), len(c.Stored())), false, nil
		}
	}
	if i := document.FirstDifference(out, data); i >= 0 {
		return fmt.Sprintf("%s: differs at offset %d (%s): %d bytes written, %d read", path, i, f.Locate(int64(i)), len(out), len(data)), false, nil
	}
	return fmt.Sprintf("%s: identical, %d bytes, %d chunks (%d recompressed, %d encoded from the typed model)", path, len(data), len(f.Chunks), recompressed, len(encoded)), true, nil
}

// doc is a System Shock document as the commands see it.
type doc struct{ d *Document }

// Bytes encodes the archive.
func (d doc) Bytes() ([]byte, error) { return d.d.Bytes() }

// Recorder is the recorder the document's edits go through, for those
// (such as scripts) that group an import with others into one undo step.
func (d doc) Recorder() *document.Recorder { return &d.d.Recorder }

// AsDoc is the document as the commands that work on any game see it
// (export, import, its recorder), for a script to run over.
func (d *Document) AsDoc() document.Doc { return doc{d} }

// LevelCount is the number of level slots Export(-1) runs over.
func (d doc) LevelCount() (int, bool) { return len(d.d.Archive.Levels), true }

// Export is one level, or every level with level -1.
func (d doc) Export(level int) (any, error) {
	return document.ExportLevels(len(d.d.Archive.Levels), level, d.d.Export)
}

// Import applies the exported levels in text (a byte-order mark
// skipped) as undo commands.
func (d doc) Import(textPath string, text []byte, report io.Writer) error {
	text = document.SkipBOM(text)
	levels, err := document.DecodeLevels(text, func(l LevelJSON) int { return l.Level })
	if err != nil {
		return fmt.Errorf("%s: %w", textPath, err)
	}
	for _, lj := range levels {
		rep, err := d.d.Import(lj)
		if err != nil {
			return fmt.Errorf("%s: level %d: %w", textPath, lj.Level, err)
		}
		fmt.Fprintf(report, "level %d: %d steps", lj.Level, rep.Steps)
		for from, to := range rep.Created {
			fmt.Fprintf(report, "; object %d created as %d", from, to)
		}
		if len(rep.Deleted) > 0 {
			fmt.Fprintf(report, "; deleted %v", rep.Deleted)
		}
		fmt.Fprintln(report)
	}
	return nil
}

// DecodeLevel reads one level's exported object strictly, as Import
// reads it, into a LevelJSON.
func (d doc) DecodeLevel(text []byte) (any, error) { return document.DecodeLevel[LevelJSON](text) }

// ImportLevel applies level, a LevelJSON (as Export or DecodeLevel give
// it), as Import applies a level's text, and returns how many steps it
// took.
func (d doc) ImportLevel(level any) (int, error) {
	lj, ok := level.(LevelJSON)
	if !ok {
		return 0, fmt.Errorf("a System Shock level is a LevelJSON, not a %T", level)
	}
	rep, err := d.d.Import(lj)
	if err != nil {
		return 0, fmt.Errorf("level %d: %w", lj.Level, err)
	}
	return rep.Steps, nil
}

// Parts are the archive's resource chunks, unpacked, each named by its
// number.
func (format) Parts(data []byte) ([]document.Part, error) {
	f, err := lgres.Parse(data)
	if err != nil {
		return nil, err
	}
	parts := make([]document.Part, len(f.Chunks))
	for i, c := range f.Chunks {
		d, err := c.Data()
		if err != nil {
			return nil, err
		}
		parts[i] = document.Part{Name: fmt.Sprintf("chunk %d", c.ID), Data: d}
	}
	return parts, nil
}

package marathon

import (
	"encoding/binary"
	"fmt"
	"io"
	"strings"

	"github.com/levelwright/levelwright/codecs/bin"
	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/codecs/marathon/physics"
	"github.com/levelwright/levelwright/codecs/wad"
	"github.com/levelwright/levelwright/document"
)

// Format is Marathon's level file format: wad map files.
var Format document.Format = format{}

type format struct{}

// Name is the game's name.
func (format) Name() string { return "Marathon" }

// Key names the game on the command line.
func (format) Key() string { return "marathon" }

// Expect names the files Sniff looks for.
func (format) Expect() string { return "a Marathon wad" }

// Sniff recognises a wad that parses, a MacBinary file, or a damaged
// wad by its version number. (A Turok kexArchive never passes: its first
// two bytes, read big-endian, are 256 or more.)
func (format) Sniff(data []byte) (bool, error) {
	if physics.IsM1(data) {
		_, err := physics.ParseM1(data)
		return true, err
	}
	_, err := wad.Parse(data)
	return err == nil || wad.IsMacBinary(data) || hasWadVersion(data), err
}

// hasWadVersion reports whether data starts with a wad version number,
// so that a damaged wad is reported as one rather than as unknown.
func hasWadVersion(data []byte) bool {
	if len(data) < 2 {
		return false
	}
	switch binary.BigEndian.Uint16(data) {
	case 0, 1, 2, 4:
		return true
	}
	return false
}

// Open loads the wad as an editable document.
func (format) Open(path string, data []byte) (document.Doc, error) {
	if physics.IsM1(data) {
		f, err := LoadPhysicsFile(path, data)
		return physicsFileDoc{f}, err
	}
	d, err := Load(path, data)
	if err != nil {
		return nil, err
	}
	return doc{d}, nil
}

// New is a Marathon 2 map with one level.
func (format) New() ([]byte, string, error) {
	return codec.NewFile("Levelwright Room").Bytes(), "a new Marathon 2 map with one level", nil
}

// levels parses a wad file and decodes its map entries.
func levels(data []byte) (*wad.File, []*codec.Level, error) {
	f, err := wad.Parse(data)
	if err != nil {
		return nil, nil, err
	}
	levels, err := codec.DecodeFile(f)
	if err != nil {
		return nil, nil, err
	}
	return f, levels, nil
}

// levelInfo is what `info` tells of a Marathon level.
type levelInfo struct {
	Index         int    `json:"index"`
	Name          string `json:"name"`
	Polygons      int    `json:"polygons"`
	Lines         int    `json:"lines"`
	Objects       int    `json:"objects"`
	Lights        int    `json:"lights"`
	DerivedStored bool   `json:"derived_data_stored"`
}

// Info describes the wad and what each level holds.
func (format) Info(path string, data []byte) (document.Info, error) {
	if physics.IsM1(data) {
		return m1PhysicsInfo(path, data)
	}
	f, levels, err := levels(data)
	if err != nil {
		return document.Info{}, err
	}
	info := struct {
		File        string      `json:"file"`
		Game        string      `json:"game"`
		WadVersion  int         `json:"wad_version"`
		DataVersion int         `json:"data_version"`
		MacBinary   bool        `json:"macbinary"`
		Levels      []levelInfo `json:"levels"`
	}{path, Format.Name(), int(f.Header.Version), int(f.Header.DataVersion), f.Mac != nil, []levelInfo{}}
	for i, l := range levels {
		if len(l.Polygons) == 0 {
			continue // physics or other non-map entries
		}
		info.Levels = append(info.Levels, levelInfo{int(f.Entries[i].Index), l.MapName(), len(l.Polygons), len(l.Lines),
			len(l.Objects), len(l.Lights) + len(l.OldLights), l.CarriesDerivedData()})
	}
	var text strings.Builder
	fmt.Fprintf(&text, "%s: %s, wad version %d, data version %d, %d levels\n", path, info.Game, info.WadVersion, info.DataVersion, len(info.Levels))
	for _, l := range info.Levels {
		fmt.Fprintf(&text, "level %d: %q, %d polygons, %d lines, %d objects, %d lights\n", l.Index, l.Name, l.Polygons, l.Lines, l.Objects, l.Lights)
	}
	return document.Info{JSON: info, Text: text.String()}, nil
}

// Check checks every map entry of a wad file.
func (format) Check(data []byte) ([]bin.Problem, error) {
	if physics.IsM1(data) {
		return m1PhysicsProblems(data)
	}
	f, levels, err := levels(data)
	if err != nil {
		return nil, err
	}
	var problems []bin.Problem
	for i, l := range levels {
		index := int(f.Entries[i].Index)
		problems = append(problems, bin.Guard(index, "level", func() []bin.Problem { return levelProblems(f, l, index) })...)
		if physics.HasPhysics(f.Entries[i]) {
			p, err := entryPhysicsProblems(f.Entries[i], index)
			if err != nil {
				return nil, err
			}
			problems = append(problems, p...)
		}
	}
	return problems, nil
}

// Roundtrip parses a wad file and writes it again from its entries and
// chunks; typed, every map chunk is decoded into records and encoded
// from them first.
func (format) Roundtrip(path string, data []byte, typed bool) (string, bool, error) {
	if physics.IsM1(data) {
		return m1PhysicsRoundtrip(path, data)
	}
	f, err := wad.Parse(data)
	if err != nil {
		return "", false, err
	}
	encodedTyped := 0
	for _, e := range f.Entries {
		if !typed {
			break
		}
		l, err := codec.Decode(e, f.Header.DataVersion == 0)
		if err != nil {
			return "", false, err
		}
		for _, c := range e.Chunks {
			encoded, ok := l.EncodeChunk(string(c.Tag[:]))
			if !ok {
				if encoded, ok, err = physicsChunk(e, string(c.Tag[:])); err != nil {
					return "", false, err
				}
			}
			if !ok {
				continue
			}
			encodedTyped++
			if i := document.FirstDifference(encoded, c.Data); i >= 0 {
				return fmt.Sprintf("%s: entry %d chunk %q differs at byte %d: %d bytes encoded, %d read", path, e.Index, c.Tag[:], i, len(encoded), len(c.Data)), false, nil
			}
		}
	}
	out := f.Bytes()
	if i := document.FirstDifference(out, data); i >= 0 {
		return fmt.Sprintf("%s: differs at offset %d: %d bytes written, %d read", path, i, len(out), len(data)), false, nil
	}
	chunks := 0
	for _, e := range f.Entries {
		chunks += len(e.Chunks)
	}
	return fmt.Sprintf("%s: identical, %d bytes, wad version %d, %d entries, %d chunks (%d encoded from the typed model)", path, len(data), f.Header.Version, len(f.Entries), chunks, encodedTyped), true, nil
}

// doc is a Marathon document as the commands see it.
type doc struct{ d *Document }

// Bytes encodes the wad.
func (d doc) Bytes() ([]byte, error) { return d.d.Bytes() }

// Recorder is the recorder the document's edits go through, for those
// (such as scripts) that group an import with others into one undo step.
func (d doc) Recorder() *document.Recorder { return &d.d.Recorder }

// AsDoc is the document as the commands that work on any game see it
// (export, import, its recorder), for a script to run over.
func (d *Document) AsDoc() document.Doc { return doc{d} }

// LevelCount is the number of levels Export(-1) runs over; a physics
// file's export is no list of levels.
func (d doc) LevelCount() (int, bool) { return len(d.d.Levels), !d.d.isPhysicsOnly() }

// Export is one level, or every level with level -1.
func (d doc) Export(level int) (any, error) {
	if d.d.isPhysicsOnly() {
		return d.d.exportPhysics()
	}
	return document.ExportLevels(len(d.d.Levels), level, d.d.Export)
}

// Import applies the exported levels in text (a byte-order mark
// skipped) as undo commands.
func (d doc) Import(textPath string, text []byte, report io.Writer) error {
	text = document.SkipBOM(text)
	if isPhysicsJSON(text) {
		return importPhysics(textPath, text, report, d.d.Physics)
	}
	levels, err := document.DecodeLevels(text, func(l LevelJSON) int { return l.Level })
	if err != nil {
		return fmt.Errorf("%s: %w", textPath, err)
	}
	for _, lj := range levels {
		edits, err := d.ImportLevel(lj)
		if err != nil {
			return fmt.Errorf("%s: %w", textPath, err)
		}
		fmt.Fprintf(report, "level %d: %d edits\n", lj.Level, edits)
	}
	return nil
}

// DecodeLevel reads one level's exported object strictly, as Import
// reads it, into a LevelJSON.
func (d doc) DecodeLevel(text []byte) (any, error) { return document.DecodeLevel[LevelJSON](text) }

// ImportLevel applies level, a LevelJSON (as Export or DecodeLevel give
// it), as Import applies a level's text, and returns how many records
// it changed.
func (d doc) ImportLevel(level any) (int, error) {
	lj, ok := level.(LevelJSON)
	if !ok {
		return 0, fmt.Errorf("a Marathon level is a LevelJSON, not a %T", level)
	}
	edits, err := d.d.Import(lj)
	if err != nil {
		return 0, fmt.Errorf("level %d: %w", lj.Level, err)
	}
	return edits, nil
}

// Parts are the tagged chunks of each entry of a map or physics file
// ("level 2 chunk POLY"), and a Marathon 1 physics file whole.
func (format) Parts(data []byte) ([]document.Part, error) {
	if physics.IsM1(data) {
		return []document.Part{{Name: "physics file", Data: data}}, nil
	}
	f, err := wad.Parse(data)
	if err != nil {
		return nil, err
	}
	var parts []document.Part
	for _, e := range f.Entries {
		for _, c := range e.Chunks {
			parts = append(parts, document.Part{Name: fmt.Sprintf("level %d chunk %s", e.Index, c.Tag[:]), Data: c.Data})
		}
	}
	return parts, nil
}

// levelProblems is the problems of l, the level of f at index: its own
// (Check) and its teleporters' to levels f lacks.
func levelProblems(f *wad.File, l *codec.Level, index int) []bin.Problem {
	levels := make([]int, len(f.Entries))
	for i, e := range f.Entries {
		levels[i] = int(e.Index)
	}
	return append(l.Check(index), l.TeleporterProblems(index, levels)...)
}

package turok

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/codecs/kex"
	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
)

// Format is Turok EX's level file format: kexArchive maps.
var Format document.Format = format{}

type format struct{}

// Name is the game's name.
func (format) Name() string { return "Turok EX" }

// Key names the game on the command line.
func (format) Key() string { return "turok" }

// Expect names the files Sniff looks for.
func (format) Expect() string { return "a Turok kexArchive" }

// Sniff recognises a Turok map by its root archive's offsets.
func (format) Sniff(data []byte) (bool, error) {
	if !looksLikeKexArchive(data) {
		return false, nil
	}
	_, err := codec.Decode(data)
	return true, err
}

// looksLikeKexArchive checks the root indexed archive's header: a small
// offset count, the first offset just past the 8-aligned header, offsets
// in order. The offsets may run past the end of a truncated file, which
// the Turok codec then reports with the offset where it ends.
func looksLikeKexArchive(data []byte) bool {
	if len(data) < 8 {
		return false
	}
	n := int64(binary.LittleEndian.Uint32(data))
	if n < 1 || n > 64 || 4+4*(n+1) > int64(len(data)) {
		return false
	}
	prev := (4 + 4*(n+1) + 7) &^ 7
	for i := int64(0); i <= n; i++ {
		off := int64(binary.LittleEndian.Uint32(data[4+4*i:]))
		if (i == 0 && off != prev) || off < prev {
			return false
		}
		prev = off
	}
	return true
}

// Open loads the map as an editable document.
func (format) Open(path string, data []byte) (document.Doc, error) {
	d, err := Load(path, data)
	if err != nil {
		return nil, err
	}
	return doc{d}, nil
}

// New is a small terrain with a player start.
func (format) New() ([]byte, string, error) {
	return codec.NewMap().Encode(), "a new Turok EX map: a small terrain and a player start", nil
}

// Info describes the map and counts what it holds.
func (format) Info(path string, data []byte) (document.Info, error) {
	m, err := codec.Decode(data)
	if err != nil {
		return document.Info{}, err
	}
	sectorBytes := 16
	if m.LongSectors {
		sectorBytes = 18
	}
	actorTypes := map[string]int{}
	for _, a := range m.Actors {
		actorTypes[fmt.Sprint(a.Type)]++
	}
	info := struct {
		File        string         `json:"file"`
		Game        string         `json:"game"`
		Version     int32          `json:"version"`
		Sky         string         `json:"sky"`
		Vertices    int            `json:"vertices"`
		SectorSets  int            `json:"sectorSets"`
		Sectors     int            `json:"sectors"`
		SectorBytes int            `json:"sectorBytes"`
		Grid        [2]int16       `json:"grid"`
		Sections    int            `json:"sections"`
		Meshes      int            `json:"staticMeshes"`
		Actors      int            `json:"actors"`
		ActorTypes  map[string]int `json:"actorTypes"`
		Visibility  bool           `json:"visibility"`
	}{path, Format.Name(), m.Version, m.SkyMaterial, len(m.Vertices), len(m.SectorSets), len(m.Sectors), sectorBytes,
		[2]int16{m.GridWidth, m.GridHeight}, len(m.Sections), m.MeshCount(), len(m.Actors), actorTypes, m.Visibility != nil}
	vis := "no visibility tables"
	if info.Visibility {
		vis = "visibility tables"
	}
	var text strings.Builder
	fmt.Fprintf(&text, "%s: %s map version %d, sky %q\n", path, info.Game, info.Version, info.Sky)
	fmt.Fprintf(&text, "%d vertices, %d sector sets, %d sectors of %d bytes, a %dx%d grid of %d sections with %d static meshes, %d actors, %s\n",
		info.Vertices, info.SectorSets, info.Sectors, sectorBytes, m.GridWidth, m.GridHeight, info.Sections, info.Meshes, info.Actors, vis)
	document.WriteCounts(&text, "actors by type", actorTypes)
	return document.Info{JSON: info, Text: text.String()}, nil
}

// Check checks the map.
func (format) Check(data []byte) ([]bin.Problem, error) {
	m, err := codec.Decode(data)
	if err != nil {
		return nil, err
	}
	return bin.Guard(0, "map", m.Check), nil
}

// Roundtrip reads the archive tree and writes it back; typed, the map is
// decoded into records and encoded from them.
func (format) Roundtrip(path string, data []byte, typed bool) (string, bool, error) {
	var out []byte
	how := "archive tree"
	if typed {
		m, err := codec.Decode(data)
		if err != nil {
			return "", false, err
		}
		out, how = m.Encode(), "typed model"
	} else {
		tree, err := kex.Parse(data, nil)
		if err != nil {
			return "", false, err
		}
		out = tree.Bytes()
	}
	if i := document.FirstDifference(out, data); i >= 0 {
		return fmt.Sprintf("%s: differs at offset %d: %d bytes written, %d read", path, i, len(out), len(data)), false, nil
	}
	return fmt.Sprintf("%s: identical, %d bytes, written from the %s", path, len(data), how), true, nil
}

// doc is a Turok document as the commands see it.
type doc struct{ d *Document }

// Bytes encodes the map.
func (d doc) Bytes() ([]byte, error) { return d.d.Bytes() }

// Recorder is the recorder the document's edits go through, for those
// (such as scripts) that group an import with others into one undo step.
func (d doc) Recorder() *document.Recorder { return &d.d.Recorder }

// AsDoc is the document as the commands that work on any game see it
// (export, import, its recorder), for a script to run over.
func (d *Document) AsDoc() document.Doc { return doc{d} }

// Export is the map as one object: a map is one level, 0, exported as
// one object with or without a level asked for.
func (d doc) Export(level int) (any, error) {
	if level > 0 {
		return nil, errors.New("a Turok map has one level, 0")
	}
	return d.d.Export(), nil
}

// Import applies the exported map in text (a byte-order mark skipped)
// as undo commands.
func (d doc) Import(textPath string, text []byte, report io.Writer) error {
	text = document.SkipBOM(text)
	maps, err := document.DecodeLevels[MapJSON](text, nil)
	if err != nil {
		return fmt.Errorf("%s: %w", textPath, err)
	}
	if len(maps) != 1 {
		return fmt.Errorf("%s: %d maps, want one", textPath, len(maps))
	}
	edits, err := d.ImportLevel(maps[0])
	if err != nil {
		return fmt.Errorf("%s: %w", textPath, err)
	}
	fmt.Fprintf(report, "map: %d edits\n", edits)
	return nil
}

// DecodeLevel reads the map's exported object strictly, as Import reads
// it, into a MapJSON.
func (d doc) DecodeLevel(text []byte) (any, error) { return document.DecodeLevel[MapJSON](text) }

// ImportLevel applies level, a MapJSON (as Export or DecodeLevel give
// it), as Import applies the map's text, and returns how many edits it
// made.
func (d doc) ImportLevel(level any) (int, error) {
	mj, ok := level.(MapJSON)
	if !ok {
		return 0, fmt.Errorf("a Turok map is a MapJSON, not a %T", level)
	}
	return d.d.Import(mj)
}

// Parts are the map archive's blocks of data, each named by its path of
// indexes in the archive ("block 3.0.1").
func (format) Parts(data []byte) ([]document.Part, error) {
	tree, err := codec.ParseTree(data)
	if err != nil {
		return nil, err
	}
	var parts []document.Part
	var walk func(n *kex.Node, path string)
	walk = func(n *kex.Node, path string) {
		if n.Kind != kex.Indexed {
			parts = append(parts, document.Part{Name: "block" + path, Data: n.Data})
			return
		}
		sep := " "
		if path != "" {
			sep = "."
		}
		for i, c := range n.Children {
			walk(c, fmt.Sprintf("%s%s%d", path, sep, i))
		}
	}
	walk(tree.Root, "")
	return parts, nil
}

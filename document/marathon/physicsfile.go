package marathon

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/codecs/marathon/physics"
	"github.com/levelwright/levelwright/codecs/wad"
	"github.com/levelwright/levelwright/document"
)

// PhysicsFile is Marathon 1's physics file open for editing, with its
// history.
type PhysicsFile struct {
	Path string
	File *physics.M1File
	document.Core
}

// LoadPhysicsFile decodes a Marathon 1 physics file's bytes.
func LoadPhysicsFile(path string, data []byte) (*PhysicsFile, error) {
	f, err := physics.ParseM1(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &PhysicsFile{Path: path, File: f, Core: document.NewCore()}, nil
}

// Physics is the file's physics model.
func (f *PhysicsFile) Physics() *Physics {
	return &Physics{Set: f.File.Set, Entry: -1, core: &f.Core}
}

// Bytes encodes the file.
func (f *PhysicsFile) Bytes() ([]byte, error) { return f.File.Bytes(), nil }

// physicsFileDoc is a Marathon 1 physics file as the commands see it.
type physicsFileDoc struct{ f *PhysicsFile }

func (d physicsFileDoc) Bytes() ([]byte, error) { return d.f.Bytes() }

// Export is the physics model; a physics file has no levels.
func (d physicsFileDoc) Export(int) (any, error) { return d.f.Physics().Export() }

// Import applies exported physics.
func (d physicsFileDoc) Import(textPath string, text []byte, report io.Writer) error {
	return importPhysics(textPath, text, report, func(entry int) *Physics {
		if entry != -1 {
			return nil
		}
		return d.f.Physics()
	})
}

// importPhysics applies exported physics models in text, each to the
// model physicsAt gives for its entry.
func importPhysics(textPath string, text []byte, report io.Writer, physicsAt func(entry int) *Physics) error {
	models, err := document.DecodeLevels(text, func(pj PhysicsJSON) int { return pj.Entry })
	if err != nil {
		return fmt.Errorf("%s: %w", textPath, err)
	}
	for _, pj := range models {
		p := physicsAt(pj.Entry)
		if p == nil {
			return fmt.Errorf("%s: entry %d: the file has no physics there", textPath, pj.Entry)
		}
		edits, err := p.Import(pj)
		if err != nil {
			return fmt.Errorf("%s: entry %d: %w", textPath, pj.Entry, err)
		}
		fmt.Fprintf(report, "physics of entry %d: %d edits\n", pj.Entry, edits)
	}
	return nil
}

// isPhysicsJSON reports whether text is exported physics: an object, or
// a list whose first object, of PhysicsFormat.
func isPhysicsJSON(text []byte) bool {
	var one struct {
		Format string `json:"format"`
	}
	var list []struct {
		Format string `json:"format"`
	}
	if json.Unmarshal(text, &list) == nil && len(list) > 0 {
		return list[0].Format == PhysicsFormat
	}
	return json.Unmarshal(text, &one) == nil && one.Format == PhysicsFormat
}

// exportPhysics is the physics of every entry that holds some: one
// model, or a list for several.
func (d *Document) exportPhysics() (any, error) {
	var models []PhysicsJSON
	for _, i := range d.PhysicsEntries() {
		pj, err := d.Physics(i).Export()
		if err != nil {
			return nil, err
		}
		models = append(models, pj)
	}
	if len(models) == 1 {
		return models[0], nil
	}
	return models, nil
}

// isPhysicsOnly reports whether the wad holds physics and no map level:
// a physics file.
func (d *Document) isPhysicsOnly() bool {
	for i := range d.Levels {
		if _, err := d.Level(i); err == nil {
			return false
		}
	}
	return len(d.PhysicsEntries()) > 0
}

// m1PhysicsInfo describes a Marathon 1 physics file.
func m1PhysicsInfo(path string, data []byte) (document.Info, error) {
	f, err := physics.ParseM1(data)
	if err != nil {
		return document.Info{}, err
	}
	counts := map[string]int{}
	var text strings.Builder
	fmt.Fprintf(&text, "%s: Marathon 1 physics, %d sections\n", path, len(f.Sections))
	for k := range physics.KindCount {
		counts[physics.KindNames[k]] = f.Set.Len(k)
		fmt.Fprintf(&text, "%s: %d\n", physics.KindNames[k], f.Set.Len(k))
	}
	return document.Info{JSON: struct {
		File     string         `json:"file"`
		Game     string         `json:"game"`
		Physics  string         `json:"physics"`
		Sections int            `json:"sections"`
		Records  map[string]int `json:"records"`
	}{path, Format.Name(), "marathon1", len(f.Sections), counts}, Text: text.String()}, nil
}

// m1PhysicsRoundtrip decodes and encodes a Marathon 1 physics file.
func m1PhysicsRoundtrip(path string, data []byte) (string, bool, error) {
	f, err := physics.ParseM1(data)
	if err != nil {
		return "", false, err
	}
	out := f.Bytes()
	if i := document.FirstDifference(out, data); i >= 0 {
		return fmt.Sprintf("%s: differs at offset %d: %d bytes written, %d read", path, i, len(out), len(data)), false, nil
	}
	return fmt.Sprintf("%s: identical, %d bytes, Marathon 1 physics, %d sections (encoded from the typed model)", path, len(data), len(f.Sections)), true, nil
}

// physicsChunk encodes a physics chunk of the entry from its typed
// records; ok is false for other tags.
func physicsChunk(e *wad.Entry, tag string) (data []byte, ok bool, err error) {
	for k, t := range physics.Tags {
		if t == tag {
			s, err := physics.Decode(e)
			if err != nil {
				return nil, false, err
			}
			return s.EncodeTable(physics.Kind(k)), true, nil
		}
	}
	return nil, false, nil
}

// m1PhysicsProblems checks a Marathon 1 physics file.
func m1PhysicsProblems(data []byte) ([]bin.Problem, error) {
	f, err := physics.ParseM1(data)
	if err != nil {
		return nil, err
	}
	return f.Set.Check(-1), nil
}

// entryPhysicsProblems checks the physics of a wad entry, level index.
func entryPhysicsProblems(e *wad.Entry, index int) ([]bin.Problem, error) {
	s, err := physics.Decode(e)
	if err != nil {
		return nil, err
	}
	return s.Check(index), nil
}

// Package turok is the editable Turok EX document: a map whose sectors,
// sector sets, actors and static meshes change only through undo
// commands that keep every derived value as the map's rules define it:
// edge links, sector flags, the sectors actors and meshes stand in, grid
// section membership and bounds, and the shape of the visibility tables.
package turok

import (
	"fmt"
	"os"

	"github.com/levelwright/levelwright/codecs/bin"
	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/undo"
)

// level is the index handles and undo changes name: a map is one level.
const level = 0

// Document is an open map with its history.
type Document struct {
	Path string
	Map  *codec.Map
	document.Core

	state    *state
	geometry *geometry // nil until needed, and after sectors are added or removed
	problems *document.ProblemCache[*tally]
	steps    int // steps done, undone and redone: a change of the map
}

// state is what edits change: the map, and whether its visibility tables
// were made for another geometry.
type state struct {
	*codec.Map
	staleVisibility bool
}

// geometry indexes the sectors for edits: where each vertex is used,
// and which sector lies under a point.
type geometry struct {
	sectorsOf [][]int32 // by vertex
	locator   *codec.Locator
}

// Load decodes a map's bytes into a document.
func Load(path string, data []byte) (*Document, error) {
	m, err := codec.Decode(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return fromMap(path, m), nil
}

// New returns a document holding codec.NewMap, not yet saved to path.
func New(path string) *Document { return fromMap(path, codec.NewMap()) }

// Open reads and loads the map at path.
func Open(path string) (*Document, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Load(path, data)
}

func fromMap(path string, m *codec.Map) *Document {
	d := &Document{Path: path, Map: m, Core: document.NewCore(), state: &state{Map: m}}
	d.Applied = d.applied
	d.problems = newProblemCache(d)
	return d
}

// Bytes encodes the map; unchanged blocks keep the bytes they were read
// with.
func (d *Document) Bytes() ([]byte, error) { return d.Map.Encode(), nil }

// Save writes the document over its file (keeping the first original as
// .bak) and marks the history saved.
func (d *Document) Save() error {
	return d.Core.Save(d.Path, d.Bytes)
}

// geo returns the geometry index, building it when needed.
func (d *Document) geo() *geometry {
	if d.geometry == nil {
		g := &geometry{sectorsOf: make([][]int32, len(d.Map.Vertices)), locator: d.Map.Locator()}
		for i, s := range d.Map.Sectors {
			for _, v := range s.Vertices {
				if int(v) < len(g.sectorsOf) {
					g.sectorsOf[v] = append(g.sectorsOf[v], int32(i))
				}
			}
		}
		d.geometry = g
	}
	return d.geometry
}

// applied keeps the document's caches in step after a step is done or
// undone: vertex moves refile their sectors, and added or removed
// vertices or sectors drop the geometry index.
func (d *Document) applied(changes []undo.Change) {
	d.steps++
	for _, c := range changes {
		if (c.Kind == KindVertex || c.Kind == KindSector) && c.Indexes == nil {
			d.geometry = nil
		}
	}
	if d.geometry == nil {
		return
	}
	for _, c := range changes {
		if c.Kind == KindVertex {
			for _, v := range c.Indexes {
				for _, s := range d.geometry.sectorsOf[v] {
					d.geometry.locator.Update(int(s))
				}
			}
		}
	}
}

// Problems returns the validation problems of level, the map (0),
// checking it again only after an edit, and after edits of actors,
// vertices, sectors and sector sets in place, static meshes and grid
// bounds alone only what they touched (see recheck).
func (d *Document) Problems(level int) ([]codec.Problem, error) { return d.problems.Problems(level) }

// check validates the whole map: the codec's check and stale visibility
// tables.
func (d *Document) check() []codec.Problem {
	return append(d.Map.Check(), d.mapProblems()...)
}

// mapProblems are the document's own findings about the map: visibility
// tables made for other sectors or meshes.
func (d *Document) mapProblems() []codec.Problem {
	if !d.state.staleVisibility {
		return nil
	}
	return []codec.Problem{{Severity: "warning", Kind: "map", Code: "visibility-stale",
		Message: "the visibility tables were made for other sectors or static meshes: rebuild them by line of sight or keep them (inspector, Visibility, with nothing selected)"}}
}

// Errors lists the problems of severity "error".
func (d *Document) Errors() []codec.Problem {
	p, _ := d.Problems(level)
	return bin.Errors(p)
}

// Package marathon is the editable Marathon document: a wad file's map
// levels, changed only through undo commands that keep every level's
// derived data (line, polygon and endpoint fields, and the iidx map
// indexes of preprocessed maps) as the engine would compute it.
package marathon

import (
	"fmt"
	"os"
	"slices"

	"github.com/levelwright/levelwright/codecs/bin"
	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/codecs/marathon/physics"
	"github.com/levelwright/levelwright/codecs/wad"
	"github.com/levelwright/levelwright/document"
)

// Document is an open wad file with its history.
type Document struct {
	Path   string
	File   *wad.File
	Levels []*codec.Level // by entry, as the directory lists them
	document.Core

	chunkTags [][]string                  // per entry: the chunks it was read with
	physics   []*physics.Set              // per entry: its physics, nil for none
	problems  *document.ProblemCache[int] // with each level's count of objects when it was checked whole
}

// Load decodes a wad file's bytes into a document.
func Load(path string, data []byte) (*Document, error) {
	f, err := wad.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return fromFile(path, f)
}

// New returns a document holding the new map of codec.NewFile, not yet
// saved to path.
func New(path, name string) (*Document, error) {
	return fromFile(path, codec.NewFile(name))
}

func fromFile(path string, f *wad.File) (*Document, error) {
	d := &Document{Path: path, File: f, Core: document.NewCore()}
	d.problems = newProblemCache(d)
	levels, err := codec.DecodeFile(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	d.Levels = levels
	if err := d.decodePhysics(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	for _, e := range f.Entries {
		var tags []string
		for _, c := range e.Chunks {
			tags = append(tags, string(c.Tag[:]))
		}
		d.chunkTags = append(d.chunkTags, tags)
	}
	return d, nil
}

// Open reads and loads the wad file at path.
func Open(path string) (*Document, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Load(path, data)
}

// Level returns the map level of entry i, or an error naming it.
func (d *Document) Level(i int) (*codec.Level, error) {
	if i < 0 || i >= len(d.Levels) || len(d.Levels[i].Polygons) == 0 && len(d.Levels[i].Lines) == 0 {
		return nil, fmt.Errorf("the file has no map level %d", i)
	}
	return d.Levels[i], nil
}

// modelledChunks are the chunks a level models, in the order a chunk is
// added to an entry that lacked it.
var modelledChunks = []string{"Minf", "NAME", "EPNT", "PNTS", "LINS", "SIDS", "POLY", "LITE", "OBJS", "NOTE",
	"plac", "plat", "PLAT", "medi", "ambi", "bonk", "iidx", "term"}

// Bytes encodes the document. Unchanged chunks keep their bytes; the
// chunks a level gains follow its original ones, in a fixed order, so
// that the same levels always make the same file.
func (d *Document) Bytes() ([]byte, error) {
	for i := range d.File.Entries {
		d.syncEntry(i)
	}
	return d.File.Bytes(), nil
}

// syncEntry writes entry i's level and physics into its chunks.
func (d *Document) syncEntry(i int) {
	e, l := d.File.Entries[i], d.Levels[i]
	var gained []string
	for _, tag := range modelledChunks {
		data, _ := l.EncodeChunk(tag)
		switch {
		case slices.Contains(d.chunkTags[i], tag):
			e.SetChunk(tag, data)
		case e.Chunk(tag) != nil:
			e.RemoveChunk(tag)
			fallthrough
		case len(data) > 0:
			gained = append(gained, tag)
		}
	}
	for _, tag := range gained {
		if data, _ := l.EncodeChunk(tag); len(data) > 0 {
			e.SetChunk(tag, data)
		}
	}
	if s := d.physics[i]; s != nil {
		s.Encode(e)
	}
}

// Save writes the document over its file (keeping the first original as
// .bak) and marks the history saved.
func (d *Document) Save() error {
	return d.Core.Save(d.Path, d.Bytes)
}

// Problems returns level's validation problems, checking it again only
// after an edit of it, and then only what the edit reached where it can
// (see newProblemCache).
func (d *Document) Problems(level int) ([]codec.Problem, error) { return d.problems.Problems(level) }

// Errors lists the problems of severity "error" of every map level.
func (d *Document) Errors() []codec.Problem {
	var errs []codec.Problem
	for i := range d.Levels {
		if p, err := d.Problems(i); err == nil {
			errs = append(errs, bin.Errors(p)...)
		}
	}
	return errs
}

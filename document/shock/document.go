// Package shock is the editable System Shock document: an archive's
// levels, changed only through undo commands.
package shock

import (
	"fmt"
	"os"

	"github.com/google/uuid"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
)

// Document is an open archive with its history.
type Document struct {
	Path    string
	Archive *codec.Archive
	document.Core

	// ObjectRadius, when set, is how far an object reaches from its
	// position, in 1/256 tile: new and moved objects are referenced from
	// every tile within it. Unset, an object covers its own tile, as in
	// the files HackEd writes.
	ObjectRadius func(codec.Object) int

	problems *document.ProblemCache[*checked]
	// importing is set while Import writes a level's text, which keeps
	// objects and floors where the text puts them: the placement checks
	// (verifyPlacement, guardTiles) leave them to check's warnings.
	importing bool
	// set aside holds the parameters each object had under the actions
	// it had before, by handle, so that choosing an action again gives
	// them back (see SetTrapAction).
	setAside map[uuid.UUID]map[codec.Action][4]uint32
	// importNamed, while an import creates objects, holds the slots some
	// link or camera names (see namedSlots), kept up to date as it goes,
	// so that each new object need not look over the level again.
	importNamed map[int]bool
}

// Load decodes an archive's bytes into a document.
func Load(path string, data []byte) (*Document, error) {
	a, err := codec.Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	d := &Document{Path: path, Archive: a, Core: document.NewCore(), setAside: map[uuid.UUID]map[codec.Action][4]uint32{}}
	d.problems = newProblemCache(d)
	return d, nil
}

// Open reads and loads the archive at path.
func Open(path string) (*Document, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Load(path, data)
}

// Bytes encodes the document: unchanged chunks keep their bytes.
func (d *Document) Bytes() ([]byte, error) {
	if err := d.Archive.Encode(); err != nil {
		return nil, err
	}
	return d.Archive.Res.Bytes(), nil
}

// Save writes the document over its file (keeping the first original as
// .bak) and marks the history saved.
func (d *Document) Save() error {
	return d.Core.Save(d.Path, d.Bytes)
}

// Level returns level i, or an error naming it when the archive has none.
func (d *Document) Level(i int) (*codec.Level, error) {
	if i < 0 || i >= len(d.Archive.Levels) || d.Archive.Levels[i] == nil {
		return nil, fmt.Errorf("the archive has no level %d", i)
	}
	return d.Archive.Levels[i], nil
}

package shock

import (
	"bytes"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
)

// The level's tables as document's change recorder sees them. Object
// slots and class-table entries are never added or removed, only used and
// freed, so every table keeps its length.
var (
	objectsTable = document.PlainTable(KindObject, 27, func(l *codec.Level) *[]codec.Object { return &l.Objects })
	xrefsTable   = document.PlainTable(KindXref, 10, func(l *codec.Level) *[]codec.Xref { return &l.Xrefs })
	tilesTable   = document.PlainTable(KindTile, 16, func(l *codec.Level) *[]codec.Tile { return &l.Tiles })
	classTables  = func() (t [codec.NumClasses]*document.Table[*codec.Level, codec.ClassEntry]) {
		for c := range t {
			t[c] = &document.Table[*codec.Level, codec.ClassEntry]{Kind: KindClassEntry, Size: 6 + codec.ClassTableSizes[c].Size,
				Slice: func(l *codec.Level) *[]codec.ClassEntry { return &l.Classes[c] }, Same: sameEntry, Clone: cloneEntry}
		}
		return t
	}()
)

func sameEntry(a, b codec.ClassEntry) bool {
	return a.ID == b.ID && a.Next == b.Next && a.Prev == b.Prev && bytes.Equal(a.Data, b.Data)
}

func cloneEntry(e codec.ClassEntry) codec.ClassEntry {
	e.Data = bytes.Clone(e.Data)
	return e
}

// edit is one edit of a level in the making (see document.Edit), with
// the level's record accessors.
type edit struct {
	*document.Edit[*codec.Level]
	doc   *Document
	level *codec.Level
}

func (d *Document) begin(level int) (*edit, error) {
	l, err := d.Level(level)
	if err != nil {
		return nil, err
	}
	return &edit{Edit: document.Begin(&d.Core, level, l), doc: d, level: l}, nil
}

// object returns object i for writing.
func (r *edit) object(i int) *codec.Object {
	document.TouchAt(r.Edit, objectsTable, i)
	return &r.level.Objects[i]
}

// xref returns cross-reference i for writing.
func (r *edit) xref(i int) *codec.Xref {
	document.TouchAt(r.Edit, xrefsTable, i)
	return &r.level.Xrefs[i]
}

// entry returns entry i of class's table for writing; its Data may be
// written in place.
func (r *edit) entry(class, i int) *codec.ClassEntry {
	document.TouchAt(r.Edit, classTables[class], i)
	return &r.level.Classes[class][i]
}

// tile returns tile i for writing.
func (r *edit) tile(i int) *codec.Tile {
	document.TouchAt(r.Edit, tilesTable, i)
	return &r.level.Tiles[i]
}

// born notes that object id comes into existence with the edit: undoing
// it drops the object's handle.
func (r *edit) born(id int) { r.Born[KindObject] = append(r.Born[KindObject], id) }

// retired notes that object id ceases to exist: the edit drops its
// handle, and undoing the edit gives it back.
func (r *edit) retired(id int) {
	r.Renumber = append(r.Renumber, document.Renumbering{Kind: KindObject, Moves: map[int]int{id: -1}})
}

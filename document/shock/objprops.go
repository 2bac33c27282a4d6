package shock

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/undo"
)

// KindObjectType is the kind of entity an objprop.dat edit changes: an
// object type, by type index.
const KindObjectType undo.Kind = "object type"

// PropTable names one of an object type's property entries.
type PropTable int

// The entries of a type: the common properties, its class's generic
// entry and its subclass's specific entry.
const (
	CommonTable PropTable = iota
	GenericTable
	SpecificTable
)

// ObjProps is objprop.dat open for editing. It is not part of an
// archive, so it has a history of its own.
type ObjProps struct {
	Props  *codec.ObjProps
	Source string // where it was read from
	Path   string // where Save writes: Source, or a mission's own copy
	document.Core
}

// typesTable is objprop.dat's types as the change recorder sees them:
// the array as a slice, whose length never changes.
var typesTable = &document.Table[*codec.ObjProps, codec.TypeProps]{Kind: KindObjectType, Size: codec.CommonPropSize + 48,
	Slice: func(p *codec.ObjProps) *[]codec.TypeProps { s := p.Types[:]; return &s },
	Same: func(a, b codec.TypeProps) bool {
		return a.Common == b.Common && bytes.Equal(a.Generic, b.Generic) && bytes.Equal(a.Specific, b.Specific)
	},
	Clone: func(t codec.TypeProps) codec.TypeProps {
		t.Generic, t.Specific = bytes.Clone(t.Generic), bytes.Clone(t.Specific)
		return t
	}}

// OpenObjProps reads the objprop.dat at path for editing; Save writes it
// back there.
func OpenObjProps(path string) (*ObjProps, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	p, err := codec.DecodeObjProps(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &ObjProps{Props: p, Source: path, Path: path, Core: document.NewCore()}, nil
}

// OpenModObjProps reads the objprop.dat at path for editing as a mod
// layer of the mission whose archive is at archive: Save writes it into
// the archive's folder, where the game reads a mission's own data over
// its data folder's, and leaves path alone.
// When the mission already has its own objprop.dat (in any letter
// case), that one is read and saved instead.
func OpenModObjProps(path, archive string) (*ObjProps, error) {
	mission := filepath.Dir(archive)
	if own, ok := findFile(mission, filepath.Base(path)); ok {
		return OpenObjProps(own)
	}
	d, err := OpenObjProps(path)
	if err != nil {
		return nil, err
	}
	d.Path = filepath.Join(mission, filepath.Base(path))
	return d, nil
}

// Save writes the properties to Path, byte for byte as read but for the
// edits, as a level is saved (atomically, the file it replaces kept as
// Path+".bak" the first time), and marks the history saved.
func (d *ObjProps) Save() error {
	return d.Core.Save(d.Path, func() ([]byte, error) { return d.Props.Encode(), nil })
}

// entry is a copy of the bytes of table of type index i: the common
// properties encoded, or the generic or specific entry.
func (d *ObjProps) entry(i int, table PropTable) []byte {
	t := &d.Props.Types[i]
	switch table {
	case GenericTable:
		return slices.Clone(t.Generic)
	case SpecificTable:
		return slices.Clone(t.Specific)
	}
	b := make([]byte, codec.CommonPropSize)
	t.Common.Encode(b)
	return b
}

// Fields are the fields of table for type index i.
func (d *ObjProps) Fields(i int, table PropTable) []codec.PropField {
	if table == CommonTable {
		return codec.CommonPropFields
	}
	class, subclass := typeClass(i)
	generic, specific := codec.PropFields(class, subclass)
	if table == GenericTable {
		return generic
	}
	return specific
}

// Get is field f of table for type index i.
func (d *ObjProps) Get(i int, table PropTable, f codec.PropField) int64 {
	return f.Get(d.entry(i, table))
}

// Set sets field f of table for type index i to v, as one step; a value
// outside the field's range is refused, with no step.
func (d *ObjProps) Set(i int, table PropTable, f codec.PropField, v int64) error {
	if i < 0 || i >= codec.NumObjectTypes {
		return fmt.Errorf("no object type %d", i)
	}
	after := d.entry(i, table)
	if err := f.Set(after, v); err != nil {
		return err
	}
	return d.setEntry(i, table, after, fmt.Sprintf("Set %s of type %d to %d", f.Name, i, v))
}

// SetCommon changes the common properties of type index i by update,
// as one step; an update that changes nothing makes no step.
func (d *ObjProps) SetCommon(i int, update func(*codec.CommonProps)) error {
	if i < 0 || i >= codec.NumObjectTypes {
		return fmt.Errorf("no object type %d", i)
	}
	c := d.Props.Types[i].Common
	update(&c)
	if c == d.Props.Types[i].Common {
		return nil
	}
	after := make([]byte, codec.CommonPropSize)
	c.Encode(after)
	return d.setEntry(i, CommonTable, after, fmt.Sprintf("Edit the common properties of type %d", i))
}

// setEntry writes b, the bytes of table of type index i, as one step
// named description; bytes that change nothing make no step.
func (d *ObjProps) setEntry(i int, table PropTable, b []byte, description string) error {
	e := document.Begin(&d.Core, 0, d.Props)
	document.TouchAt(e, typesTable, i)
	t := &d.Props.Types[i]
	switch table {
	case GenericTable:
		copy(t.Generic, b)
	case SpecificTable:
		copy(t.Specific, b)
	default:
		t.Common = codec.DecodeCommonProps(b)
	}
	return e.Commit(description, "")
}

// typeClass is the class and subclass of type index i.
func typeClass(i int) (class, subclass int) {
	for c := range codec.NumClasses {
		for s, sub := range codec.Subclasses[c] {
			if i < sub.Types {
				return c, s
			}
			i -= sub.Types
		}
	}
	return -1, -1
}

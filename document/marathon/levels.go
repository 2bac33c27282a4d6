package marathon

import (
	"errors"
	"fmt"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/codecs/marathon/physics"
	"github.com/levelwright/levelwright/codecs/wad"
	"github.com/levelwright/levelwright/document"
)

// levelList is the document's list of wad entries and what it holds of
// each, by directory order: the part of the document that the level
// operations (add, duplicate, delete, move, rename, copy) change whole.
type levelList struct {
	entries   []*wad.Entry
	indexes   []uint16 // each entry's directory index
	appData   [][]byte // each entry's directory record
	levels    []*codec.Level
	chunkTags [][]string
	physics   []*physics.Set
}

// list is the document's list as it is now.
func (d *Document) list() levelList {
	s := levelList{entries: slices.Clone(d.File.Entries), levels: slices.Clone(d.Levels),
		chunkTags: slices.Clone(d.chunkTags), physics: slices.Clone(d.physics)}
	for _, e := range d.File.Entries {
		s.indexes = append(s.indexes, e.Index)
		s.appData = append(s.appData, e.AppData)
	}
	return s
}

// setList makes s the document's list.
func (d *Document) setList(s levelList) error {
	d.File.SetEntries(slices.Clone(s.entries))
	for i, e := range d.File.Entries {
		e.Index, e.AppData = s.indexes[i], s.appData[i]
	}
	d.Levels, d.chunkTags, d.physics = slices.Clone(s.levels), slices.Clone(s.chunkTags), slices.Clone(s.physics)
	return nil
}

// insert puts entry e, with its level, chunk tags and physics, at
// position at of the list.
func (s *levelList) insert(at int, e *wad.Entry, l *codec.Level, tags []string, p *physics.Set) {
	s.entries = slices.Insert(s.entries, at, e)
	s.indexes = slices.Insert(s.indexes, at, e.Index)
	s.appData = slices.Insert(s.appData, at, e.AppData)
	s.levels = slices.Insert(s.levels, at, l)
	s.chunkTags = slices.Insert(s.chunkTags, at, tags)
	s.physics = slices.Insert(s.physics, at, p)
}

// remove takes the entry at position i from the list.
func (s *levelList) remove(i int) {
	s.entries = slices.Delete(s.entries, i, i+1)
	s.indexes = slices.Delete(s.indexes, i, i+1)
	s.appData = slices.Delete(s.appData, i, i+1)
	s.levels = slices.Delete(s.levels, i, i+1)
	s.chunkTags = slices.Delete(s.chunkTags, i, i+1)
	s.physics = slices.Delete(s.physics, i, i+1)
}

// renumber gives every entry its position as its directory index: the
// engine finds level n by the entry indexed n.
func (s *levelList) renumber() {
	for i := range s.indexes {
		s.indexes[i] = uint16(i)
	}
}

// changeList records the step that makes after the document's list,
// which differs from the list now from position from on.
func (d *Document) changeList(description string, after levelList, from int) error {
	before := d.list()
	var reach []int
	for i := from; i < max(len(before.entries), len(after.entries)); i++ {
		reach = append(reach, i)
	}
	return d.Record(&document.LevelsStep[levelList]{Before: before, After: after, Set: d.setList,
		Description: description, Levels: reach})
}

// mapLevels is how many of the entries are map levels.
func (d *Document) mapLevels() int {
	n := 0
	for i := range d.Levels {
		if _, err := d.Level(i); err == nil {
			n++
		}
	}
	return n
}

// position checks that at is a place to put a level: 0 to the count of
// entries.
func (d *Document) position(at int) error {
	if at < 0 || at > len(d.File.Entries) {
		return fmt.Errorf("a level position from 0 to %d, got %d", len(d.File.Entries), at)
	}
	return nil
}

// AddLevel adds a new level named name (the two-room level of
// codec.NewLevel, with a player start) after the last entry, as one undo
// step, and returns its index.
func (d *Document) AddLevel(name string) (int, error) {
	if d.isPhysicsOnly() {
		return 0, errors.New("a physics file holds no levels")
	}
	if d.File.Header.DataVersion == 0 {
		return 0, errors.New("a new level is a Marathon 2 level, and this is a Marathon 1 file (data version 0)")
	}
	if err := d.checkName(name); err != nil {
		return 0, err
	}
	at := len(d.File.Entries)
	e, l := codec.NewLevelEntry(d.File, uint16(at), name)
	after := d.list()
	after.insert(at, e, l, tagsOf(e), nil)
	after.renumber()
	return at, d.changeList(fmt.Sprintf("Add level %d %q", at, name), after, at)
}

// checkName refuses a name a level's map info cannot hold.
func (d *Document) checkName(name string) error {
	var info codec.MapInfo
	return codec.SetFixedString(info.Name[:], "level name", name)
}

// DuplicateLevel puts a copy of level i after it, as one undo step, and
// returns the copy's index.
func (d *Document) DuplicateLevel(i int) (int, error) {
	if _, err := d.Level(i); err != nil {
		return 0, err
	}
	d.syncEntry(i)
	after := d.list()
	if err := d.insertCopy(&after, i+1, d.File.Entries[i], d.File.Header.DataVersion); err != nil {
		return 0, err
	}
	return i + 1, d.changeList(fmt.Sprintf("Duplicate level %d", i), after, i+1)
}

// insertCopy puts into list, at position at, a copy of entry from, an
// entry of a file of data version dataVersion, decoded as a level of
// this file's.
func (d *Document) insertCopy(list *levelList, at int, from *wad.Entry, dataVersion uint16) error {
	if dataVersion != d.File.Header.DataVersion {
		return fmt.Errorf("a level of data version %d (this file's), got one of data version %d", d.File.Header.DataVersion, dataVersion)
	}
	e := d.File.CopyEntry(from)
	l, err := codec.Decode(e, dataVersion == 0)
	if err != nil {
		return err
	}
	var p *physics.Set
	if physics.HasPhysics(e) {
		if p, err = physics.Decode(e); err != nil {
			return err
		}
	}
	e.AppData = l.DirectoryData(e.AppData)
	list.insert(at, e, l, tagsOf(e), p)
	list.renumber()
	return nil
}

// tagsOf are the tags of e's chunks, in order.
func tagsOf(e *wad.Entry) []string {
	var tags []string
	for _, c := range e.Chunks {
		tags = append(tags, string(c.Tag[:]))
	}
	return tags
}

// DeleteLevel deletes level i, as one undo step. The file's last map
// level stays: a scenario holds at least one.
func (d *Document) DeleteLevel(i int) error {
	if _, err := d.Level(i); err != nil {
		return err
	}
	if d.mapLevels() == 1 {
		return fmt.Errorf("level %d is the only level: a scenario holds at least one", i)
	}
	after := d.list()
	after.remove(i)
	after.renumber()
	return d.changeList(fmt.Sprintf("Delete level %d", i), after, i)
}

// MoveLevel moves level i to position to (0 first), the levels between
// moving over by one, as one undo step.
func (d *Document) MoveLevel(i, to int) error {
	if _, err := d.Level(i); err != nil {
		return err
	}
	if to < 0 || to >= len(d.File.Entries) {
		return fmt.Errorf("a level position from 0 to %d, got %d", len(d.File.Entries)-1, to)
	}
	if to == i {
		return nil
	}
	after := d.list()
	e, l, tags, p := after.entries[i], after.levels[i], after.chunkTags[i], after.physics[i]
	after.remove(i)
	after.insert(to, e, l, tags, p)
	after.renumber()
	return d.changeList(fmt.Sprintf("Move level %d to %d", i, to), after, min(i, to))
}

// RenameLevel names level i name, in its map info and its directory
// record, as one undo step.
func (d *Document) RenameLevel(i int, name string) error {
	l, err := d.Level(i)
	if err != nil {
		return err
	}
	if len(l.Info) == 0 {
		return fmt.Errorf("level %d has no map info (Minf) to name it in", i)
	}
	if l.MapName() == name {
		return nil
	}
	renamed := *l
	renamed.Info = slices.Clone(l.Info)
	if err := codec.SetFixedString(renamed.Info[0].Name[:], "level name", name); err != nil {
		return err
	}
	after := d.list()
	after.levels[i] = &renamed
	after.appData[i] = renamed.DirectoryData(after.appData[i])
	return d.changeList(fmt.Sprintf("Rename level %d %q", i, name), after, i)
}

// CopyLevelFrom puts a copy of level i of from, another open scenario, at
// position at of this one (the levels from there on moving down), as one
// undo step. The files must be of one data version (Marathon 1, or
// Marathon 2 and later).
func (d *Document) CopyLevelFrom(from *Document, i, at int) error {
	if _, err := from.Level(i); err != nil {
		return fmt.Errorf("%s: %w", from.Path, err)
	}
	if err := d.position(at); err != nil {
		return err
	}
	from.syncEntry(i)
	after := d.list()
	if err := d.insertCopy(&after, at, from.File.Entries[i], from.File.Header.DataVersion); err != nil {
		return fmt.Errorf("%s: level %d: %w", from.Path, i, err)
	}
	return d.changeList(fmt.Sprintf("Copy level %d of %s to %d", i, from.Path, at), after, at)
}

// LevelSizes are the bytes each entry's chunks take, by directory order.
func (d *Document) LevelSizes() []int {
	sizes := make([]int, len(d.File.Entries))
	for i, e := range d.File.Entries {
		d.syncEntry(i)
		for _, c := range e.Chunks {
			sizes[i] += len(c.Data)
		}
	}
	return sizes
}

// LevelList lists the wad's map levels with the bytes of their chunks.
func (d doc) LevelList() ([]document.LevelInfo, error) {
	sizes := d.d.LevelSizes()
	var out []document.LevelInfo
	for i, l := range d.d.Levels {
		if _, err := d.d.Level(i); err == nil {
			out = append(out, document.LevelInfo{Index: i, Name: l.MapName(), Size: sizes[i]})
		}
	}
	return out, nil
}

// LevelOperations are a scenario's: add, duplicate, delete, move,
// rename, and copy from another scenario.
func (d doc) LevelOperations() []document.LevelOperation {
	x := d.d
	return []document.LevelOperation{
		{Name: "add", Args: "NAME", Help: "add a new two-room level named NAME at the end", Count: [2]int{1, 1},
			Do: func(args []string) (string, error) {
				i, err := x.AddLevel(args[0])
				return fmt.Sprintf("added level %d %q", i, args[0]), err
			}},
		{Name: "duplicate", Args: "N", Help: "put a copy of level N after it", Count: [2]int{1, 1},
			Do: func(args []string) (string, error) {
				n, err := document.LevelNumbers(args, "N")
				if err != nil {
					return "", err
				}
				i, err := x.DuplicateLevel(n[0])
				return fmt.Sprintf("duplicated level %d as level %d", n[0], i), err
			}},
		{Name: "delete", Args: "N", Help: "delete level N", Count: [2]int{1, 1},
			Do: func(args []string) (string, error) {
				n, err := document.LevelNumbers(args, "N")
				if err != nil {
					return "", err
				}
				return fmt.Sprintf("deleted level %d", n[0]), x.DeleteLevel(n[0])
			}},
		{Name: "move", Args: "N TO", Help: "move level N to position TO", Count: [2]int{2, 2},
			Do: func(args []string) (string, error) {
				n, err := document.LevelNumbers(args, "N", "TO")
				if err != nil {
					return "", err
				}
				return fmt.Sprintf("moved level %d to %d", n[0], n[1]), x.MoveLevel(n[0], n[1])
			}},
		{Name: "rename", Args: "N NAME", Help: "name level N NAME", Count: [2]int{2, 2},
			Do: func(args []string) (string, error) {
				n, err := document.LevelNumbers(args, "N")
				if err != nil {
					return "", err
				}
				return fmt.Sprintf("renamed level %d %q", n[0], args[1]), x.RenameLevel(n[0], args[1])
			}},
		{Name: "copy", Args: "FROM N [AT]", Help: "copy level N of scenario FROM to position AT (the end by default)", Count: [2]int{2, 3},
			Do: func(args []string) (string, error) {
				n, err := document.LevelNumbers(args[1:], "N")
				if err != nil {
					return "", err
				}
				at := len(x.File.Entries)
				if len(args) == 3 {
					a, err := document.LevelNumbers(args[2:], "AT")
					if err != nil {
						return "", err
					}
					at = a[0]
				}
				from, err := Open(args[0])
				if err != nil {
					return "", err
				}
				return fmt.Sprintf("copied level %d of %s to level %d", n[0], args[0], at), x.CopyLevelFrom(from, n[0], at)
			}},
	}
}

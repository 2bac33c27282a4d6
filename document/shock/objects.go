package shock

import (
	"bytes"
	"fmt"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// ObjectSpec is what a new object is made of: its class, subclass and
// type, and where it stands (X and Y in 1/256 tile, the tile in the high
// byte).
type ObjectSpec struct {
	Class, Subclass, Type uint8
	X, Y                  uint16
	Z                     uint8
	Heading               uint8
}

// ObjectField is one editable base field of an object. Position is set
// by MoveObject, class and subclass by deleting and creating.
type ObjectField int

// The editable object fields; NumObjectFields counts them.
const (
	ObjectType ObjectField = iota
	ObjectZ
	ObjectPitch
	ObjectHeading
	ObjectBank
	ObjectPhysics
	ObjectHP
	ObjectMakeInfo
	ObjectFrame
	ObjectTimeLeft
	ObjectInstFlags
	NumObjectFields
)

var objectFieldNames = [NumObjectFields]string{"type", "z", "pitch", "heading", "bank", "physics", "hit points",
	"make info", "frame", "time left", "instance flags"}

// String names the field as the inspector shows it.
func (f ObjectField) String() string { return objectFieldNames[f] }

// Range is the values the field holds.
func (f ObjectField) Range() (lo, hi int) {
	if f == ObjectHP {
		return -1 << 15, 1<<15 - 1
	}
	return 0, 255
}

func (f ObjectField) ptr8(o *codec.Object) *uint8 {
	return [...]*uint8{ObjectType: &o.Type, ObjectZ: &o.Z, ObjectPitch: &o.Pitch, ObjectHeading: &o.Heading, ObjectBank: &o.Bank,
		ObjectPhysics: &o.Physics, ObjectMakeInfo: &o.MakeInfo, ObjectFrame: &o.Frame, ObjectTimeLeft: &o.TimeLeft,
		ObjectInstFlags: &o.InstFlag, ObjectHP: nil}[f]
}

// Get returns the field's value in o.
func (f ObjectField) Get(o codec.Object) int {
	if f == ObjectHP {
		return int(o.HP)
	}
	return int(*f.ptr8(&o))
}

// Set stores v in o's field; v must be within the field's range.
func (f ObjectField) Set(o *codec.Object, v int) {
	if f == ObjectHP {
		o.HP = int16(v)
		return
	}
	*f.ptr8(o) = uint8(v)
}

// activeObject checks that id is an object in use.
func activeObject(l *codec.Level, id int) error {
	if id <= 0 || id >= len(l.Objects) || l.Objects[id].Active == 0 {
		return fmt.Errorf("level %d has no object %d in use", l.Index, id)
	}
	return nil
}

// objectEntry checks that id is an object in use with a class entry.
func objectEntry(l *codec.Level, id int) error {
	if err := activeObject(l, id); err != nil {
		return err
	}
	if o := l.Objects[id]; int(o.Class) >= codec.NumClasses || o.SpecID == 0 || int(o.SpecID) >= len(l.Classes[o.Class]) {
		return fmt.Errorf("level %d object %d names class %d entry %d, which does not exist", l.Index, id, o.Class, o.SpecID)
	}
	return nil
}

// CreateObject makes an object from spec and returns its index. It takes
// a slot of the object table (the first free one that no link or camera
// names) and of its class table from their free lists, fills the class
// data from the level's default entry for the class, and references
// every tile the object covers. It refuses an object in play (not a
// trap) inside a wall, under the floor or over the ceiling.
func (d *Document) CreateObject(level int, spec ObjectSpec) (int, error) {
	return d.createObjectIn(level, 0, spec, true)
}

// createObjectIn is CreateObject taking slot want when it is free, and
// checking where the object stands only when placing (an import keeps
// objects where its file has them).
func (d *Document) createObjectIn(level, want int, spec ObjectSpec, placing bool) (int, error) {
	r, err := d.begin(level)
	if err != nil {
		return 0, err
	}
	id, err := r.createObjectIn(want, spec)
	if err == nil {
		err = r.checkMapNote(id)
	}
	if err == nil && placing {
		err = d.verifyPlacement(r.level, id, "")
	}
	if err != nil {
		r.Rollback()
		return 0, err
	}
	return id, r.Commit(fmt.Sprintf("Create %s %d", codec.ClassNames[spec.Class], id), "")
}

func (r *edit) createObject(spec ObjectSpec) (int, error) { return r.createObjectIn(0, spec) }

func (r *edit) createObjectIn(want int, spec ObjectSpec) (int, error) {
	l := r.level
	if code, reason := l.ObjectProblem(codec.Object{Class: spec.Class, Subclass: spec.Subclass, Type: spec.Type, X: spec.X, Y: spec.Y}); code != "" {
		return 0, fmt.Errorf("a new object: %s", reason)
	}
	id, err := r.allocObject(want)
	if err != nil {
		return 0, err
	}
	entry, err := r.allocEntry(int(spec.Class), id)
	if err != nil {
		return 0, err
	}
	o := r.object(id)
	*o = codec.Object{Active: 1, Class: spec.Class, Subclass: spec.Subclass, Type: spec.Type, Pad: o.Pad,
		SpecID: uint16(entry), Next: o.Next, Prev: o.Prev, X: spec.X, Y: spec.Y, Z: spec.Z, Heading: spec.Heading}
	e := r.entry(int(spec.Class), entry)
	copy(e.Data, l.Defaults[spec.Class].Data)
	if err := r.linkTiles(id); err != nil {
		return 0, err
	}
	r.born(id)
	return id, nil
}

func (r *edit) checkPosition(x, y uint16) error {
	w, h := int(r.level.Info.Width), int(r.level.Info.Height)
	if int(x>>8) >= w || int(y>>8) >= h {
		return fmt.Errorf("position (%d, %d) is in tile (%d, %d), outside the %dx%d map", x, y, x>>8, y>>8, w, h)
	}
	return nil
}

// slotList is a table whose slot 0 heads two lists: the slots in use,
// doubly linked, and the free ones, through the same next field. The
// object table and every class table keep their slots this way.
type slotList struct {
	used, free *uint16 // slot 0's heads
	next, prev func(i int) *uint16
	n          int // the table's slots, its head included
}

// take moves the first free slot that ok accepts to the head of the
// used list, as the game does with the first free slot. It returns 0
// when ok accepts none, and fails when no slot is free, or when the free
// list or the used list's head leads past the table (a file written
// elsewhere).
func (s slotList) take(ok func(i int) bool) (i int, err error) {
	if *s.free == 0 {
		return 0, fmt.Errorf("all %d slots are in use", s.n-1)
	}
	if int(*s.used) >= s.n {
		return 0, fmt.Errorf("its lists lead past its %d slots", s.n)
	}
	link := s.free
	for steps := 0; *link != 0; steps++ {
		i = int(*link)
		if i >= s.n || int(*s.next(i)) >= s.n || steps >= s.n {
			return 0, fmt.Errorf("its lists lead past its %d slots", s.n)
		}
		if ok(i) {
			break
		}
		link = s.next(i)
	}
	if *link == 0 {
		return 0, nil
	}
	*link = *s.next(i)
	*s.next(i), *s.prev(i) = *s.used, 0
	if n := int(*s.next(i)); n != 0 {
		*s.prev(n) = uint16(i)
	}
	*s.used = uint16(i)
	return i, nil
}

// give takes slot i off the used list and puts it at the head of the
// free list.
func (s slotList) give(i int) {
	next, prev := *s.next(i), *s.prev(i)
	if prev == 0 {
		*s.used = next
	} else {
		*s.next(int(prev)) = next
	}
	if next != 0 {
		*s.prev(int(next)) = prev
	}
	*s.next(i), *s.prev(i) = *s.free, 0
	*s.free = uint16(i)
}

func (r *edit) objectSlots() slotList {
	head := r.object(0)
	return slotList{used: &head.Ref, free: &head.Next, n: len(r.level.Objects),
		next: func(i int) *uint16 { return &r.object(i).Next }, prev: func(i int) *uint16 { return &r.object(i).Prev }}
}

func (r *edit) entrySlots(class int) slotList {
	head := r.entry(class, 0)
	return slotList{used: &head.ID, free: &head.Next, n: len(r.level.Classes[class]),
		next: func(i int) *uint16 { return &r.entry(class, i).Next }, prev: func(i int) *uint16 { return &r.entry(class, i).Prev }}
}

// allocObject takes an object slot: want when it is free (an import
// puts an object back in the slot its text gives), else the first free
// slot that no link or surveillance screen names, so that a reference
// left to a deleted object never comes to name a new one.
func (r *edit) allocObject(want int) (int, error) {
	s := r.objectSlots()
	id, err := 0, error(nil)
	if want > 0 && want < len(r.level.Objects) && r.level.Objects[want].Active == 0 {
		id, err = s.take(func(i int) bool { return i == want })
	}
	if err == nil && id == 0 {
		named := r.doc.importNamed
		if named == nil {
			named = namedSlots(r.level)
		}
		id, err = s.take(func(i int) bool { return !named[i] })
		if err == nil && id == 0 {
			err = fmt.Errorf("every free slot is still named by a trigger, trap, container, door or camera (check lists them)")
		}
	}
	if err != nil {
		return 0, fmt.Errorf("level %d's object table: %w", r.level.Index, err)
	}
	return id, nil
}

// namedSlots are the object slots of l that a link or a surveillance
// camera names, which a new object must not take.
func namedSlots(l *codec.Level) map[int]bool {
	named := map[int]bool{}
	for _, k := range l.Links() {
		named[k.To] = true
	}
	for _, cams := range l.Surveillance {
		for _, o := range cams {
			named[int(o)] = true
		}
	}
	return named
}

// freeObject frees object id's slot and clears its fields.
func (r *edit) freeObject(id int) {
	r.objectSlots().give(id)
	o := r.object(id)
	*o = codec.Object{Pad: o.Pad, Next: o.Next}
}

// allocEntry takes a slot of class's table for object id.
func (r *edit) allocEntry(class, id int) (int, error) {
	if len(r.level.Classes[class]) == 0 {
		return 0, fmt.Errorf("level %d has no %s table", r.level.Index, codec.ClassNames[class])
	}
	i, err := r.entrySlots(class).take(func(int) bool { return true })
	if err != nil {
		return 0, fmt.Errorf("level %d's %s table: %w", r.level.Index, codec.ClassNames[class], err)
	}
	r.entry(class, i).ID = uint16(id)
	return i, nil
}

// freeEntry frees entry i of class's table and clears its data.
func (r *edit) freeEntry(class, i int) {
	r.entrySlots(class).give(i)
	e := r.entry(class, i)
	e.ID = 0
	clear(e.Data)
}

// footprint is the tiles object id covers: its own tile first, then the
// others its radius reaches.
func (r *edit) footprint(id int) []int {
	o := r.level.Objects[id]
	w, h := int(r.level.Info.Width), int(r.level.Info.Height)
	own := o.TileY()*w + o.TileX()
	tiles := []int{own}
	radius := 0
	if r.doc.ObjectRadius != nil {
		radius = r.doc.ObjectRadius(o)
	}
	if radius <= 0 {
		return tiles
	}
	x0, x1 := max(0, (int(o.X)-radius)>>8), min(w-1, (int(o.X)+radius-1)>>8)
	y0, y1 := max(0, (int(o.Y)-radius)>>8), min(h-1, (int(o.Y)+radius-1)>>8)
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			if t := y*w + x; t != own {
				tiles = append(tiles, t)
			}
		}
	}
	return tiles
}

// linkTiles gives object id a cross-reference in every tile it covers,
// each at the head of its tile's chain, the object's own tile first in
// its circle.
func (r *edit) linkTiles(id int) error {
	w := int(r.level.Info.Width)
	tiles := r.footprint(id)
	refs := make([]int, len(tiles))
	for i, t := range tiles {
		head := r.xref(0)
		x := int(head.NextInTile)
		if x == 0 {
			return fmt.Errorf("level %d's cross-reference table is full (%d entries)", r.level.Index, len(r.level.Xrefs))
		}
		ref := r.xref(x)
		head.NextInTile = ref.NextInTile
		tileRef := &r.tile(t).ObjRef
		*ref = codec.Xref{TileX: uint16(t % w), TileY: uint16(t / w), Object: uint16(id), NextInTile: *tileRef}
		*tileRef = uint16(x)
		refs[i] = x
	}
	for i, x := range refs {
		r.xref(x).NextOfObject = uint16(refs[(i+1)%len(refs)])
	}
	r.object(id).Ref = uint16(refs[0])
	return nil
}

// unlinkTiles takes object id's cross-references out of their tiles'
// chains and puts them on the free list.
func (r *edit) unlinkTiles(id int) {
	o := r.object(id)
	first := int(o.Ref)
	if first == 0 {
		return
	}
	w := int(r.level.Info.Width)
	for x, n := first, 0; n < len(r.level.Xrefs); n++ {
		ref := r.xref(x)
		next := int(ref.NextOfObject)
		// Find what points at x in its tile's chain.
		link := &r.tile(int(ref.TileY)*w + int(ref.TileX)).ObjRef
		for *link != 0 && int(*link) != x {
			link = &r.xref(int(*link)).NextInTile
		}
		if *link == uint16(x) {
			*link = ref.NextInTile
		}
		head := r.xref(0)
		*ref = codec.Xref{NextInTile: head.NextInTile}
		head.NextInTile = uint16(x)
		if next == first || next == 0 {
			break
		}
		x = next
	}
	o.Ref = 0
}

// MoveObject puts object id at (x, y, z), re-referencing its tiles when
// the ones it covers change. Moves of the same object follow one another
// into one step until the history's BreakMerge, so a drag undoes at once.
func (d *Document) MoveObject(level, id int, x, y uint16, z uint8) error {
	r, err := d.begin(level)
	if err != nil {
		return err
	}
	if err := activeObject(r.level, id); err != nil {
		return err
	}
	if err := r.checkPosition(x, y); err != nil {
		return err
	}
	before, placed := r.footprint(id), placementBefore(r.level, id)
	o := r.object(id)
	o.X, o.Y, o.Z = x, y, z
	if err := d.verifyPlacement(r.level, id, placed); err != nil {
		r.Rollback()
		return err
	}
	if !slices.Equal(before, r.footprint(id)) {
		r.unlinkTiles(id)
		if err := r.linkTiles(id); err != nil {
			r.Rollback()
			return err
		}
	}
	return r.Commit(fmt.Sprintf("Move object %d", id), fmt.Sprintf("move %d %d", level, id))
}

// DeleteObject removes object id: its tiles' references, its class entry
// and its slot go back to their free lists, and a surveillance screen
// that shows it (or blanks with it) is set to none. What else still
// names the object (a trap's target, say) is left for validation to
// report.
func (d *Document) DeleteObject(level, id int) error {
	r, err := d.begin(level)
	if err != nil {
		return err
	}
	if err := activeObject(r.level, id); err != nil {
		return err
	}
	r.deleteObject(id)
	return r.Commit(fmt.Sprintf("Delete object %d", id), "")
}

func (r *edit) deleteObject(id int) {
	o := r.level.Objects[id]
	r.unlinkTiles(id)
	if int(o.Class) < codec.NumClasses && int(o.SpecID) < len(r.level.Classes[o.Class]) && o.SpecID != 0 {
		r.freeEntry(int(o.Class), int(o.SpecID))
	}
	r.freeObject(id)
	r.clearCameras(id)
	r.retired(id)
}

// DuplicateObject copies object id, base fields and class data, to
// (x, y) and returns the copy's index. A map note's copy gets its own
// copy of the text, which a full notes buffer refuses.
func (d *Document) DuplicateObject(level, id int, x, y uint16) (int, error) {
	r, err := d.begin(level)
	if err != nil {
		return 0, err
	}
	if err := objectEntry(r.level, id); err != nil {
		return 0, err
	}
	src := r.level.Objects[id]
	data := bytes.Clone(r.level.Classes[src.Class][src.SpecID].Data)
	text, err := copiedNoteText(r.level, id)
	if err != nil {
		return 0, err
	}
	links := r.level.LinksFrom(id)
	dup, err := r.createObject(ObjectSpec{src.Class, src.Subclass, src.Type, x, y, src.Z, src.Heading})
	if err == nil {
		err = d.verifyPlacement(r.level, dup, "")
	}
	if err != nil {
		r.Rollback()
		return 0, err
	}
	o := r.object(dup)
	o.Pitch, o.Bank, o.Physics, o.HP, o.MakeInfo, o.Frame, o.TimeLeft, o.InstFlag =
		src.Pitch, src.Bank, src.Physics, src.HP, src.MakeInfo, src.Frame, src.TimeLeft, src.InstFlag
	copy(r.entry(int(o.Class), int(o.SpecID)).Data, data)
	if text != "" {
		if err := r.addNoteText(dup, text); err != nil {
			r.Rollback()
			return 0, err
		}
	}
	for i := range links {
		links[i].From = dup // the copy may keep what the original names
	}
	if err := r.checkLinks(dup, links); err != nil {
		r.Rollback()
		return 0, err
	}
	return dup, r.Commit(fmt.Sprintf("Duplicate object %d", id), "")
}

// SetObjectField sets field to value on every object of ids, as one step.
func (d *Document) SetObjectField(level int, ids []int, field ObjectField, value int) error {
	r, err := d.begin(level)
	if err != nil {
		return err
	}
	if field < 0 || field >= NumObjectFields {
		return fmt.Errorf("no object field %d", field)
	}
	if lo, hi := field.Range(); value < lo || value > hi {
		return fmt.Errorf("%s %d is outside %d-%d", field, value, lo, hi)
	}
	for _, id := range ids {
		if err := activeObject(r.level, id); err != nil {
			r.Rollback()
			return err
		}
		before, placed := r.level.LinksFrom(id), placementBefore(r.level, id)
		field.Set(r.object(id), value)
		if err := d.verifyPlacement(r.level, id, placed); err != nil {
			r.Rollback()
			return err
		}
		if field != ObjectType {
			continue
		}
		// The type decides which object it is, and how a fixture's
		// parameters read.
		if code, reason := r.level.ObjectProblem(r.level.Objects[id]); code != "" {
			r.Rollback()
			return fmt.Errorf("object %d: %s", id, reason)
		}
		if err := r.checkLinks(id, before); err != nil {
			r.Rollback()
			return err
		}
	}
	return r.Commit(fmt.Sprintf("Set %s of %d objects", field, len(ids)), "")
}

// SetClassData replaces object id's class data (the bytes after its
// class entry's prefix) as one step. It refuses data that would move a
// map note's text offset.
func (d *Document) SetClassData(level, id int, data []byte) error {
	r, err := d.begin(level)
	if err != nil {
		return err
	}
	if err := objectEntry(r.level, id); err != nil {
		return err
	}
	o := r.level.Objects[id]
	e := r.entry(int(o.Class), int(o.SpecID))
	if len(data) != len(e.Data) {
		r.Rollback()
		return fmt.Errorf("%s data is %d bytes, got %d", codec.ClassNames[o.Class], len(e.Data), len(data))
	}
	if err := keepNoteOffset(r.level, id, data); err != nil {
		r.Rollback()
		return err
	}
	before := r.level.LinksFrom(id)
	copy(e.Data, data)
	if err := r.checkLinks(id, before); err != nil {
		r.Rollback()
		return err
	}
	return r.Commit(fmt.Sprintf("Edit %s %d", codec.ClassNames[o.Class], id), "")
}

// ClassData returns a copy of object id's class data.
func (d *Document) ClassData(level, id int) ([]byte, error) {
	l, err := d.Level(level)
	if err != nil {
		return nil, err
	}
	if err := objectEntry(l, id); err != nil {
		return nil, err
	}
	o := l.Objects[id]
	return bytes.Clone(l.Classes[o.Class][o.SpecID].Data), nil
}

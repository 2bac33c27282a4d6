package shock

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
)

// clipKind marks the clipboard text of System Shock objects.
const clipKind = "levelwright/shock-objects"

// ObjectClip is objects copied from a level with their class data, as
// text on the clipboard, for pasting into a level of the same archive or
// another one.
type ObjectClip struct {
	Kind    string       `json:"kind"`
	Objects []ClipObject `json:"objects"`
}

// ClipObject is one copied object: its index where it was copied from
// (which the references among the copies use), its base fields and its
// class data.
type ClipObject struct {
	ID       int    `json:"id"`
	Class    uint8  `json:"class"`
	Subclass uint8  `json:"subclass"`
	Type     uint8  `json:"type"`
	X        uint16 `json:"x"`
	Y        uint16 `json:"y"`
	Z        uint8  `json:"z"`
	Pitch    uint8  `json:"pitch"`
	Heading  uint8  `json:"heading"`
	Bank     uint8  `json:"bank"`
	Physics  uint8  `json:"physics"`
	HP       int16  `json:"hp"`
	MakeInfo uint8  `json:"make_info"`
	Frame    uint8  `json:"frame"`
	TimeLeft uint8  `json:"time_left"`
	InstFlag uint8  `json:"instance_flags"`
	Data     []byte `json:"data"`
	// NoteText is a map note's text, which its paste appends to the
	// notes buffer of the level pasted into.
	NoteText string `json:"note_text,omitempty"`
}

// CopyObjects copies objects ids of level, with the state trap of every
// block puzzle panel among them, which the panel cannot do without.
func (d *Document) CopyObjects(level int, ids []int) (ObjectClip, error) {
	l, err := d.Level(level)
	if err != nil {
		return ObjectClip{}, err
	}
	ids = slices.Clone(ids)
	for _, id := range ids {
		if err := objectEntry(l, id); err != nil {
			return ObjectClip{}, err
		}
		for _, k := range l.LinksFrom(id) {
			if k.Field == codec.FieldStateTrap && !slices.Contains(ids, k.To) && objectEntry(l, k.To) == nil {
				ids = append(ids, k.To)
			}
		}
	}
	c := ObjectClip{Kind: clipKind}
	for _, id := range ids {
		o := l.Objects[id]
		text, err := copiedNoteText(l, id)
		if err != nil {
			return ObjectClip{}, err
		}
		c.Objects = append(c.Objects, ClipObject{ID: id, Class: o.Class, Subclass: o.Subclass, Type: o.Type, X: o.X, Y: o.Y, Z: o.Z,
			Pitch: o.Pitch, Heading: o.Heading, Bank: o.Bank, Physics: o.Physics, HP: o.HP, MakeInfo: o.MakeInfo, Frame: o.Frame,
			TimeLeft: o.TimeLeft, InstFlag: o.InstFlag, Data: bytes.Clone(l.Classes[o.Class][o.SpecID].Data), NoteText: text})
	}
	return c, nil
}

// Text is the clip as clipboard text.
func (c ObjectClip) Text() (string, error) {
	b, err := json.Marshal(c)
	if err != nil {
		return "", fmt.Errorf("encoding the copied objects: %w", err)
	}
	return string(b), nil
}

// ParseObjectClip reads clipboard text as copied objects, checking that
// each is an object type of the game with class data of its class's size.
func ParseObjectClip(text string) (ObjectClip, error) {
	var c ObjectClip
	dec := json.NewDecoder(bytes.NewReader([]byte(text)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil || c.Kind != clipKind {
		return ObjectClip{}, fmt.Errorf("the clipboard holds no System Shock objects (%v)", err)
	}
	for i, o := range c.Objects {
		if _, ok := codec.TypeIndex(int(o.Class), int(o.Subclass), int(o.Type)); !ok {
			return ObjectClip{}, fmt.Errorf("copied object %d (%d): class %d subclass %d type %d is not an object type of the game (%s)",
				i, o.ID, o.Class, o.Subclass, o.Type, codec.TypeRanges(int(o.Class), int(o.Subclass)))
		}
		if n := codec.ClassTableSizes[o.Class].Size - 6; len(o.Data) != n { // after the entry's 6-byte prefix
			return ObjectClip{}, fmt.Errorf("copied object %d (%d): %s data is %d bytes, want %d", i, o.ID, codec.ClassNames[o.Class], len(o.Data), n)
		}
		if [3]uint8{o.Class, o.Subclass, o.Type} == codec.MapNoteTriple {
			if err := codec.CheckMapNoteText(o.NoteText); err != nil {
				return ObjectClip{}, fmt.Errorf("copied object %d (%d), a map note: %w", i, o.ID, err)
			}
		} else if o.NoteText != "" {
			return ObjectClip{}, fmt.Errorf("copied object %d (%d) has a note text but is not a map note (class 12/2/3)", i, o.ID)
		}
	}
	return c, nil
}

// Center is the middle of the box of the copied objects' positions, in
// 1/256 tile.
func (c ObjectClip) Center() (x, y int) {
	if len(c.Objects) == 0 {
		return 0, 0
	}
	x0, y0, x1, y1 := 1<<16, 1<<16, 0, 0
	for _, o := range c.Objects {
		x0, y0, x1, y1 = min(x0, int(o.X)), min(y0, int(o.Y)), max(x1, int(o.X)), max(y1, int(o.Y))
	}
	return (x0 + x1) / 2, (y0 + y1) / 2
}

// PasteObjects adds the clip's objects to level moved by (dx, dy) in
// 1/256 tile, as one step, and returns their indexes in clip order. The
// references among the copies name the new objects; a reference to an
// object that was not copied is cleared, and notes say which. A map note
// gets its own copy of its text at the end of the notes buffer. An object
// that would land off the map, a full table or a full notes buffer
// refuses the paste.
func (d *Document) PasteObjects(level int, c ObjectClip, dx, dy int) (ids []int, notes []string, err error) {
	if len(c.Objects) == 0 {
		return nil, nil, fmt.Errorf("there are no copied objects to paste")
	}
	r, err := d.begin(level)
	if err != nil {
		return nil, nil, err
	}
	fail := func(err error) ([]int, []string, error) {
		r.Rollback()
		return nil, nil, err
	}
	newID := map[int]int{}
	for _, o := range c.Objects {
		x, y := int(o.X)+dx, int(o.Y)+dy
		if x < 0 || y < 0 || x > 0xFFFF || y > 0xFFFF {
			return fail(fmt.Errorf("copied object %d would land at (%d, %d), off the map", o.ID, x, y))
		}
		id, err := r.createObject(ObjectSpec{o.Class, o.Subclass, o.Type, uint16(x), uint16(y), o.Z, o.Heading})
		if err != nil {
			return fail(fmt.Errorf("pasting copied object %d: %w", o.ID, err))
		}
		p := r.object(id)
		p.Pitch, p.Bank, p.Physics, p.HP, p.MakeInfo, p.Frame, p.TimeLeft, p.InstFlag =
			o.Pitch, o.Bank, o.Physics, o.HP, o.MakeInfo, o.Frame, o.TimeLeft, o.InstFlag
		newID[o.ID] = id
		ids = append(ids, id)
	}
	for i, o := range c.Objects {
		id := ids[i]
		obj := r.level.Objects[id]
		data := bytes.Clone(o.Data)
		codec.RemapLinks(obj, data, func(to uint32, field string) uint32 {
			if n, ok := newID[int(to)]; ok {
				return uint32(n)
			}
			notes = append(notes, fmt.Sprintf("object %d (copied %d): its %s named object %d, which was not copied: cleared", id, o.ID, field, to))
			return 0
		})
		copy(r.entry(int(obj.Class), int(obj.SpecID)).Data, data)
		if o.NoteText != "" {
			if err := r.addNoteText(id, o.NoteText); err != nil {
				return fail(fmt.Errorf("pasting copied map note %d: %w", o.ID, err))
			}
		}
		if err := r.checkLinks(id, nil); err != nil {
			return fail(fmt.Errorf("pasting copied object %d: %w", o.ID, err))
		}
	}
	description := "Paste " + document.Count(len(ids), "object")
	if len(notes) > 0 {
		description += fmt.Sprintf(" (%s cleared)", document.Count(len(notes), "reference"))
	}
	return ids, notes, r.Commit(description, "")
}

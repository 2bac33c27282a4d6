package shock

import (
	"bytes"
	"fmt"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// A Region is a rectangle of tiles copied from a level with the objects
// standing on it.
type Region struct {
	Level   int   // the level copied from
	From    Point // the south-west corner copied from
	Tiles   TileClip
	Objects []RegionObject
}

// A RegionObject is an object of a Region: its index in the level copied
// from, its base fields and its class data.
type RegionObject struct {
	ID     int
	Object codec.Object
	Data   []byte
	// NoteText is a map note's text, which its copy gets a copy of.
	NoteText string
}

// CopyRegion copies the w x h rectangle of tiles whose south-west corner
// is at, with the active objects whose position is on it.
func (d *Document) CopyRegion(level int, at Point, w, h int) (Region, error) {
	tiles, err := d.CopyTiles(level, at, w, h)
	if err != nil {
		return Region{}, err
	}
	l := d.Archive.Levels[level]
	r := Region{Level: level, From: at, Tiles: tiles}
	for id, o := range l.Objects {
		x, y := int(o.X>>8), int(o.Y>>8)
		if id == 0 || o.Active == 0 || x < at.X || y < at.Y || x >= at.X+w || y >= at.Y+h {
			continue
		}
		if err := objectEntry(l, id); err != nil {
			return Region{}, fmt.Errorf("copying object %d: %w", id, err)
		}
		text, err := copiedNoteText(l, id)
		if err != nil {
			return Region{}, err
		}
		r.Objects = append(r.Objects, RegionObject{ID: id, Object: o, Data: bytes.Clone(l.Classes[o.Class][o.SpecID].Data), NoteText: text})
	}
	return r, nil
}

// PasteRegion writes region's tiles with their south-west corner at and
// makes a copy of each of its objects, moved by as many tiles, as one
// step. Links between the region's objects name the copies; links out of
// the region are cleared, so that a copied critter does not share the
// original's loot nor a copied puzzle set off the original's trap,
// unless keepOutside is set and the paste is into the level copied from.
// It returns how many links point out of the region. Each map note's
// copy gets its own copy of the text.
func (d *Document) PasteRegion(level int, at Point, region Region, keepOutside bool) (outside int, err error) {
	desc := fmt.Sprintf("Paste %dx%d tiles and %d objects", region.Tiles.Width, region.Tiles.Height, len(region.Objects))
	err = d.Batch(desc, func() error {
		if err := d.PasteTiles(level, at, region.Tiles); err != nil {
			return err
		}
		if len(region.Objects) == 0 {
			return nil
		}
		r, err := d.begin(level)
		if err != nil {
			return err
		}
		if outside, err = r.pasteObjects(at, region, keepOutside && level == region.Level); err != nil {
			r.Rollback()
			return err
		}
		return r.Commit(desc, "")
	})
	return outside, err
}

// pasteObjects makes the region's objects' copies at their new places,
// then points their links at the copies; links out of the region stay
// when keepOutside is set, and are cleared otherwise. It returns how
// many links point out of the region.
func (r *edit) pasteObjects(at Point, region Region, keepOutside bool) (outside int, err error) {
	dx, dy := (at.X-region.From.X)*256, (at.Y-region.From.Y)*256
	copies := make(map[int]int, len(region.Objects))
	for _, src := range region.Objects {
		o := src.Object
		x, y := int(o.X)+dx, int(o.Y)+dy
		if x < 0 || y < 0 || x > 0xFFFF || y > 0xFFFF {
			return 0, fmt.Errorf("object %d would be off the map at (%d, %d)", src.ID, x>>8, y>>8)
		}
		id, err := r.createObject(ObjectSpec{o.Class, o.Subclass, o.Type, uint16(x), uint16(y), o.Z, o.Heading})
		if err != nil {
			return 0, fmt.Errorf("copying object %d: %w", src.ID, err)
		}
		c := r.object(id)
		c.Pitch, c.Bank, c.Physics, c.HP, c.MakeInfo, c.Frame, c.TimeLeft, c.InstFlag =
			o.Pitch, o.Bank, o.Physics, o.HP, o.MakeInfo, o.Frame, o.TimeLeft, o.InstFlag
		copies[src.ID] = id
	}
	for _, src := range region.Objects {
		id := copies[src.ID]
		c := r.level.Objects[id]
		var before []codec.Link // the original's links out of the region, which the copy may keep
		for _, k := range codec.ObjectLinks(id, src.Object, src.Data) {
			if _, in := copies[k.To]; !in {
				outside++
				if keepOutside {
					before = append(before, k)
				}
			}
		}
		data := bytes.Clone(src.Data)
		codec.RemapLinks(c, data, func(to uint32, _ string) uint32 {
			if n, ok := copies[int(to)]; ok {
				return uint32(n)
			}
			if keepOutside {
				return to
			}
			return 0
		})
		copy(r.entry(int(c.Class), int(c.SpecID)).Data, data)
		if src.NoteText != "" {
			if err := r.addNoteText(id, src.NoteText); err != nil {
				return 0, fmt.Errorf("copy of map note %d: %w", src.ID, err)
			}
		}
		if err := r.checkLinks(id, before); err != nil {
			return 0, fmt.Errorf("copy of object %d: %w", src.ID, err)
		}
	}
	return outside, nil
}

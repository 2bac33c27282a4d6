package shock

import (
	"fmt"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// DoorLastFrame is the last world frame of doors of the type: the type's
// extra frames in objprop.dat, or codec.DoorOpenFrame without it or when
// it gives the type none (the frame the open doors of the game's own
// levels are at).
func (g *GameData) DoorLastFrame(class, subclass, typ int) int {
	if p, ok := g.ObjectProps(class, subclass, typ); ok && p.Common.ExtraFrames() > 0 {
		return p.Common.ExtraFrames()
	}
	return codec.DoorOpenFrame
}

// DoorPosition is how far door id is open, with g giving its last frame
// (g may be nil).
func (d *Document) DoorPosition(level, id int, g *GameData) (codec.DoorPosition, error) {
	l, err := d.Level(level)
	if err != nil {
		return 0, err
	}
	if err := door(l, id); err != nil {
		return 0, err
	}
	o := l.Objects[id]
	return codec.DoorPositionAt(int(o.Frame), g.DoorLastFrame(int(o.Class), int(o.Subclass), int(o.Type))), nil
}

// SetDoorOpen opens door id (its current frame becomes its last frame,
// which g gives; g may be nil) or closes it (frame 0), as one step. The
// game works out from the frame, when it loads the level, whether the
// door blocks sight, so no other byte changes.
func (d *Document) SetDoorOpen(level, id int, open bool, g *GameData) error {
	r, err := d.begin(level)
	if err != nil {
		return err
	}
	if err := door(r.level, id); err != nil {
		return err
	}
	o := r.object(id)
	frame, verb := 0, "Close"
	if open {
		frame, verb = g.DoorLastFrame(int(o.Class), int(o.Subclass), int(o.Type)), "Open"
	}
	o.Frame = uint8(frame)
	return r.Commit(fmt.Sprintf("%s door %d", verb, id), "")
}

// door checks that id is a door in use.
func door(l *codec.Level, id int) error {
	if err := activeObject(l, id); err != nil {
		return err
	}
	if o := l.Objects[id]; o.Class != codec.ClassDoor {
		return fmt.Errorf("object %d is a %s, not a door", id, codec.ClassNames[o.Class])
	}
	return nil
}

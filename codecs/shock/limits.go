package shock

import "fmt"

// CodeTextureOutOfRange is the code check gives a tile whose texture
// field names a slot past the level's texture list.
const CodeTextureOutOfRange = "texture-out-of-range"

// TextureSlots is how many slots of the level's texture list a tile's
// wall texture and its ceiling and floor textures can name: the list's
// length, and at most the 64 and 32 slots their 6 and 5 bits reach. ok is
// false in cyberspace, whose tiles hold colours there, not slots.
func (l *Level) TextureSlots() (wall, ceilingFloor int, ok bool) {
	if l.Info.Cyberspace != 0 {
		return 0, 0, false
	}
	n := len(l.Textures)
	return min(n, 64), min(n, 32), true
}

// TextureProblem says which of t's texture fields names a slot past the
// level's texture list, or "" when none does.
func (l *Level) TextureProblem(t Tile) string {
	wall, cf, ok := l.TextureSlots()
	if !ok {
		return ""
	}
	for _, f := range []struct {
		name        string
		slot, slots int
	}{{"wall texture", t.WallTexture(), wall}, {"ceiling texture", t.CeilingTexture(), cf}, {"floor texture", t.FloorTexture(), cf}} {
		if f.slot >= f.slots {
			return fmt.Sprintf("%s %d is past the level's texture list (0-%d)", f.name, f.slot, f.slots-1)
		}
	}
	return ""
}

// ObjectProblem says why the engine could not place o in the level (a
// class, subclass and type it does not define, or a position off the
// map), with a kebab-case code; both are "" when nothing is wrong.
func (l *Level) ObjectProblem(o Object) (code, reason string) {
	if _, ok := TypeIndex(int(o.Class), int(o.Subclass), int(o.Type)); !ok {
		return "unknown-object-type", fmt.Sprintf("class %d subclass %d type %d is not an object type of the game (%s)", o.Class, o.Subclass, o.Type, TypeRanges(int(o.Class), int(o.Subclass)))
	}
	if w, h := int(l.Info.Width), int(l.Info.Height); o.TileX() >= w || o.TileY() >= h {
		return "object-off-map", fmt.Sprintf("position (%d, %d) is in tile (%d, %d), outside the %dx%d map", o.X, o.Y, o.TileX(), o.TileY(), w, h)
	}
	return "", ""
}

// TypeRanges spells out the valid values of a class's subclass and, when
// subclass is one of them, of its type: "class 0-14", "subclass 0-3",
// "type 0-8".
func TypeRanges(class, subclass int) string {
	if class < 0 || class >= NumClasses {
		return fmt.Sprintf("class 0-%d", NumClasses-1)
	}
	subs := Subclasses[class]
	if subclass < 0 || subclass >= len(subs) {
		return fmt.Sprintf("%s subclass 0-%d", ClassNames[class], len(subs)-1)
	}
	return fmt.Sprintf("%s %s type 0-%d", ClassNames[class], subs[subclass].Name, subs[subclass].Types-1)
}

// LinkProblem says why link k is one the engine could not follow (it
// names an object not in use, a door's other half that is not a door, a
// block puzzle's state trap or a door's lock trap that is not a trap),
// with a kebab-case code;
// both are "" when nothing is wrong.
func (l *Level) LinkProblem(k Link) (code, reason string) {
	objs := l.Objects
	from := ClassNames[objs[k.From].Class]
	if k.To <= 0 || k.To >= len(objs) || objs[k.To].Active == 0 {
		return "target-missing", fmt.Sprintf("%s %d's %s is object %d, which is not in use (the field takes 0 or an object in use, 1-%d)", from, k.From, k.Field, k.To, len(objs)-1)
	}
	to := objs[k.To].Class
	switch {
	case k.Field == FieldStateTrap && to != ClassTrap:
		return "block-puzzle-without-state", fmt.Sprintf("block puzzle panel %d keeps its cells in object %d, which is a %s, not a trap", k.From, k.To, ClassNames[to])
	case k.Field == FieldOtherHalf && to != ClassDoor:
		return "door-half-not-door", fmt.Sprintf("door %d's other half is object %d, which is a %s, not a door", k.From, k.To, ClassNames[to])
	case k.Field == FieldLockTrap && to != ClassTrap:
		return "lock-trap-not-trap", fmt.Sprintf("door %d opens on the condition of object %d, which is a %s, not a trap", k.From, k.To, ClassNames[to])
	}
	return "", ""
}

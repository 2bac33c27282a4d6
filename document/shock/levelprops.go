package shock

import (
	"fmt"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/undo"
)

// LevelProperty is one editable property of a whole level: the game
// system data of chunk 45 (the engine's LevelData: gravity, hazards) and
// the map information of chunk 4 (height shift, cyberspace).
type LevelProperty int

// The editable level properties.
const (
	Gravity            LevelProperty = iota // 0 normal, 1 low, 2 zero
	Radiation                               // damage per radiation hazard tile's exposure
	Biohazard                               // damage per biohazard tile's exposure, or the gravity there
	BiohazardIsGravity                      // 1: biohazard tiles have the gravity Biohazard says, not damage
	BiohazardHeight                         // eighths of a height unit above the floor the biohazard reaches
	RadiationHeight                         // eighths of a height unit above the floor the radiation reaches
	HeightShift                             // log2 of the height units per tile
	Cyberspace                              // 1 for a cyberspace level
	NumLevelProperties
)

var levelPropertyNames = [NumLevelProperties]string{"gravity", "radiation", "biohazard", "biohazard is gravity",
	"biohazard height", "radiation height", "height shift", "cyberspace"}

// GravityNames name the gravity values, by number.
var GravityNames = [...]string{"normal", "low", "zero"}

// String names the property as the inspector shows it.
func (p LevelProperty) String() string { return levelPropertyNames[p] }

// levelPropertyLimits are the largest value of each property. The game's
// levels shift heights by 1 to 3; 0 is the finest the map's 32 steps take.
var levelPropertyLimits = [NumLevelProperties]int{len(GravityNames) - 1, 255, 255, 1, 255, 255, 3, 1}

// Range is the values the property takes.
func (p LevelProperty) Range() (lo, hi int) { return 0, levelPropertyLimits[p] }

// levelDataOffsets are the bytes of chunk 45 the properties stored there
// are kept in (after its 16-bit size and the mist byte).
var levelDataOffsets = map[LevelProperty]int{Gravity: 3, Radiation: 4, Biohazard: 5, BiohazardIsGravity: 6,
	BiohazardHeight: 7, RadiationHeight: 8}

// LevelPropertyValue returns the property's value in level.
func (d *Document) LevelPropertyValue(level int, p LevelProperty) (int, error) {
	l, err := d.Level(level)
	if err != nil {
		return 0, err
	}
	if err := checkLevelProperty(l, p); err != nil {
		return 0, err
	}
	return p.get(l), nil
}

// checkLevelProperty refuses a property the level does not hold.
func checkLevelProperty(l *codec.Level, p LevelProperty) error {
	if p < 0 || p >= NumLevelProperties {
		return fmt.Errorf("no level property %d", p)
	}
	if at, ok := levelDataOffsets[p]; ok && at >= len(l.LevelData) {
		return fmt.Errorf("level %d's game system data (chunk %d) is %d bytes, too short to hold the %s",
			l.Index, codec.ChunkID(l.Index, codec.ChunkLevelData), len(l.LevelData), p)
	}
	return nil
}

func (p LevelProperty) get(l *codec.Level) int {
	switch p {
	case HeightShift:
		return int(l.Info.ZShift)
	case Cyberspace:
		return int(l.Info.Cyberspace)
	}
	return int(l.LevelData[levelDataOffsets[p]])
}

func (p LevelProperty) set(l *codec.Level, v int) {
	switch p {
	case HeightShift:
		l.Info.ZShift = uint32(v)
	case Cyberspace:
		l.Info.Cyberspace = uint8(v)
	default:
		l.LevelData[levelDataOffsets[p]] = uint8(v)
	}
}

// SetLevelProperty sets p of level to value, as one step.
func (d *Document) SetLevelProperty(level int, p LevelProperty, value int) error {
	l, err := d.Level(level)
	if err != nil {
		return err
	}
	if err := checkLevelProperty(l, p); err != nil {
		return err
	}
	if lo, hi := p.Range(); value < lo || value > hi {
		return fmt.Errorf("%s %d is outside %d-%d", p, value, lo, hi)
	}
	before := p.get(l)
	if before == value {
		return nil
	}
	if p == Cyberspace && value == 0 {
		if err := tilesFitTextureList(l); err != nil {
			return fmt.Errorf("level %d cannot leave cyberspace: %w", level, err)
		}
	}
	return d.Record(&setLevelProperty{level: l, levelIndex: level, property: p, before: before, after: value})
}

// setLevelProperty is the command of SetLevelProperty.
type setLevelProperty struct {
	level         *codec.Level
	levelIndex    int
	property      LevelProperty
	before, after int
}

// Do sets the new value.
func (c *setLevelProperty) Do() error { c.property.set(c.level, c.after); return nil }

// Undo puts the old value back.
func (c *setLevelProperty) Undo() error { c.property.set(c.level, c.before); return nil }

// Describe is the step's text.
func (c *setLevelProperty) Describe() string {
	return fmt.Sprintf("Set %s of level %d to %d", c.property, c.levelIndex, c.after)
}

// Changes names the level.
func (c *setLevelProperty) Changes() []undo.Change {
	return []undo.Change{{Level: c.levelIndex, Kind: KindLevel}}
}

// Size estimates the command's memory, for the history bound.
func (c *setLevelProperty) Size() int { return 48 }

// tilesFitTextureList refuses a level that is to leave cyberspace, whose
// tiles hold colours where other levels' hold slots of the texture list,
// when a tile's colour is past the list.
func tilesFitTextureList(l *codec.Level) error {
	wall, ceilingFloor := min(len(l.Textures), 64), min(len(l.Textures), 32)
	for i, t := range l.Tiles {
		if t.WallTexture() >= wall || t.CeilingTexture() >= ceilingFloor || t.FloorTexture() >= ceilingFloor {
			w := int(l.Info.Width)
			return fmt.Errorf("tile (%d, %d)'s textures %d, %d and %d are past the texture list's %d slots",
				i%w, i/w, t.WallTexture(), t.CeilingTexture(), t.FloorTexture(), len(l.Textures))
		}
	}
	return nil
}

// SetLevelTexture puts texture (a number of texture.res's textures) in
// slot of level's texture list, as one step.
func (d *Document) SetLevelTexture(level, slot, texture int) error {
	l, err := d.Level(level)
	if err != nil {
		return err
	}
	if slot < 0 || slot >= len(l.Textures) {
		return fmt.Errorf("texture slot %d is outside the level's list (0-%d)", slot, len(l.Textures)-1)
	}
	if texture < 0 || texture >= codec.MaxTextures {
		return fmt.Errorf("texture %d is outside 0-%d", texture, codec.MaxTextures-1)
	}
	if int(l.Textures[slot]) == texture {
		return nil
	}
	return d.Record(&setLevelTexture{level: l, levelIndex: level, slot: slot, before: l.Textures[slot], after: uint16(texture)})
}

// setLevelTexture is the command of SetLevelTexture.
type setLevelTexture struct {
	level         *codec.Level
	levelIndex    int
	slot          int
	before, after uint16
}

// Do puts the new texture in the slot.
func (c *setLevelTexture) Do() error { c.level.Textures[c.slot] = c.after; return nil }

// Undo puts the old one back.
func (c *setLevelTexture) Undo() error { c.level.Textures[c.slot] = c.before; return nil }

// Describe is the step's text.
func (c *setLevelTexture) Describe() string {
	return fmt.Sprintf("Set texture slot %d of level %d to texture %d", c.slot, c.levelIndex, c.after)
}

// Changes names the level, whose tiles show the slot's texture.
func (c *setLevelTexture) Changes() []undo.Change {
	return []undo.Change{{Level: c.levelIndex, Kind: KindLevel}}
}

// Size estimates the command's memory, for the history bound.
func (c *setLevelTexture) Size() int { return 40 }

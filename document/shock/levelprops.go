package shock

import (
	"bytes"
	"fmt"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
)

// The level's own properties as the change recorder sees them: its map
// information (chunk 4), its game system data (chunk 45) and its texture
// list (chunk 7). A change of any names the level as a whole.
var (
	infoValue = &document.Value[*codec.Level, codec.MapInfo]{Kind: KindLevel,
		Size: func(codec.MapInfo) int { return 58 }, Field: func(l *codec.Level) *codec.MapInfo { return &l.Info },
		Same: func(a, b codec.MapInfo) bool { return a == b }}
	levelDataValue = &document.Value[*codec.Level, []byte]{Kind: KindLevel,
		Size: func(b []byte) int { return len(b) }, Field: func(l *codec.Level) *[]byte { return &l.LevelData },
		Same: bytes.Equal, Clone: bytes.Clone}
	texturesValue = &document.Value[*codec.Level, []uint16]{Kind: KindLevel,
		Size: func(t []uint16) int { return 2 * len(t) }, Field: func(l *codec.Level) *[]uint16 { return &l.Textures },
		Same: slices.Equal[[]uint16], Clone: slices.Clone[[]uint16]}
)

// LevelProperty is one editable property of a whole level: the game
// system data of chunk 45 (the engine's LevelData: gravity, hazards) and
// the map information of chunk 4 (height shift, cyberspace).
type LevelProperty int

// The editable level properties.
const (
	Gravity            LevelProperty = iota // 0 normal, 1 low, 2 zero
	Radiation                               // exposure per level of a tile's radiation hazard
	Biohazard                               // exposure per level of a tile's biohazard, or the gravity there in quarters of the normal
	BiohazardIsGravity                      // 1: biohazard tiles have the gravity Biohazard says, not damage
	BiohazardHeight                         // eighths of a tile above the floor the biohazard reaches
	RadiationHeight                         // eighths of a tile above the floor the radiation reaches
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
	e, err := d.begin(level)
	if err != nil {
		return err
	}
	if p == HeightShift || p == Cyberspace {
		document.TouchValue(e.Edit, infoValue)
	} else {
		document.TouchValue(e.Edit, levelDataValue)
	}
	p.set(l, value)
	return e.Commit(fmt.Sprintf("Set %s of level %d to %d", p, level, value), "")
}

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
	e, err := d.begin(level)
	if err != nil {
		return err
	}
	document.TouchValue(e.Edit, texturesValue)
	l.Textures[slot] = uint16(texture)
	return e.Commit(fmt.Sprintf("Set texture slot %d of level %d to texture %d", slot, level, texture), "")
}

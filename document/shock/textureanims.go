package shock

import (
	"fmt"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/document"
)

// The level's texture animation groups (chunk 42) as the change recorder
// sees them: a change names the level as a whole.
var textureAnimsValue = &document.Value[*codec.Level, []codec.TextureAnim]{Kind: KindLevel,
	Size: func(a []codec.TextureAnim) int { return 7 * len(a) }, Field: func(l *codec.Level) *[]codec.TextureAnim { return &l.TextureAnims },
	Same: slices.Equal[[]codec.TextureAnim], Clone: slices.Clone[[]codec.TextureAnim]}

// TextureAnimField is one editable field of a level's texture animation
// group (chunk 42). The time left on the current frame is the game's
// running state and is not offered.
type TextureAnimField int

// The editable texture animation fields.
const (
	AnimSpeed        TextureAnimField = iota // time each frame shows
	AnimFrames                               // frames in the group, 0 for an unused group
	AnimCurrentFrame                         // frame the group shows first
	AnimFlags                                // flag bits, as stored
	NumTextureAnimFields
)

var textureAnimFieldNames = [NumTextureAnimFields]string{"speed", "frames", "current frame", "flags"}

// String names the field as the inspector shows it.
func (f TextureAnimField) String() string { return textureAnimFieldNames[f] }

// textureAnimFieldLimits are the largest value each field's bytes hold.
var textureAnimFieldLimits = [NumTextureAnimFields]int{0xffff, 0xff, 0xff, 0xff}

// Range is the values the field's bytes hold; AnimCurrentFrame is further
// bounded by the group's frames (see SetTextureAnim).
func (f TextureAnimField) Range() (lo, hi int) { return 0, textureAnimFieldLimits[f] }

func (f TextureAnimField) get(a codec.TextureAnim) int {
	switch f {
	case AnimSpeed:
		return int(a.Speed)
	case AnimFrames:
		return int(a.Frames)
	case AnimCurrentFrame:
		return int(a.CurrentFrame)
	}
	return int(a.Flags)
}

func (f TextureAnimField) set(a *codec.TextureAnim, v int) {
	switch f {
	case AnimSpeed:
		a.Speed = uint16(v)
	case AnimFrames:
		a.Frames = uint8(v)
	case AnimCurrentFrame:
		a.CurrentFrame = uint8(v)
	default:
		a.Flags = uint8(v)
	}
}

// textureAnim returns level's group, or an error naming what is missing.
func (d *Document) textureAnim(level, group int, f TextureAnimField) (*codec.Level, error) {
	l, err := d.Level(level)
	if err != nil {
		return nil, err
	}
	if group < 0 || group >= len(l.TextureAnims) {
		return nil, fmt.Errorf("texture animation group %d is outside level %d's %d groups", group, level, len(l.TextureAnims))
	}
	if f < 0 || f >= NumTextureAnimFields {
		return nil, fmt.Errorf("no texture animation field %d", f)
	}
	return l, nil
}

// TextureAnimValue returns field f of level's texture animation group.
func (d *Document) TextureAnimValue(level, group int, f TextureAnimField) (int, error) {
	l, err := d.textureAnim(level, group, f)
	if err != nil {
		return 0, err
	}
	return f.get(l.TextureAnims[group]), nil
}

// SetTextureAnim sets field f of level's texture animation group to value,
// as one step. A group's current frame stays below its frames: a frame
// past the group, or frames that leave the current frame outside, are
// refused.
func (d *Document) SetTextureAnim(level, group int, f TextureAnimField, value int) error {
	l, err := d.textureAnim(level, group, f)
	if err != nil {
		return err
	}
	if lo, hi := f.Range(); value < lo || value > hi {
		return fmt.Errorf("texture animation group %d's %s %d is outside %d-%d", group, f, value, lo, hi)
	}
	a := l.TextureAnims[group]
	switch {
	case f == AnimCurrentFrame && value > 0 && value >= int(a.Frames):
		return fmt.Errorf("texture animation group %d's current frame %d is outside its frames 0-%d", group, value, max(int(a.Frames)-1, 0))
	case f == AnimFrames && value > 0 && int(a.CurrentFrame) >= value:
		return fmt.Errorf("texture animation group %d's frames %d leave its current frame %d outside; set the frame first", group, value, a.CurrentFrame)
	}
	before := f.get(a)
	if before == value {
		return nil
	}
	e, err := d.begin(level)
	if err != nil {
		return err
	}
	document.TouchValue(e.Edit, textureAnimsValue)
	f.set(&l.TextureAnims[group], value)
	return e.Commit(fmt.Sprintf("Set %s of texture animation group %d of level %d to %d", f, group, level, value), "")
}

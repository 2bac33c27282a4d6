package shock

import (
	"encoding/binary"

	"github.com/levelwright/levelwright/codecs/bin"
)

// textprop.dat (shock-specs.txt, "The texture properties file") is a
// version, then a record of TexturePropSize bytes per texture number.
// The game's file holds more records than textures and a few bytes
// after the last whole record, kept as they are.
const (
	TexturePropsVersion = 9
	TexturePropSize     = 11
)

// TextureProp is one texture's record.
type TextureProp struct {
	Low       [2]byte // usually the texture number's low byte, twice
	Unknown   uint32  // nearly always 10
	Climbable uint8   // not 0: the wall can be climbed
	Unused    uint8
	Starfield uint8 // 0 a plain texture, 1 drawn as space, 2 space behind its transparent pixels
	AnimGroup uint8 // the texture animation the texture belongs to
	AnimIndex uint8 // its frame within the animation
}

// TextureProps is textprop.dat.
type TextureProps struct {
	Textures []TextureProp
	Tail     []byte // the bytes after the last whole record
}

// DecodeTextureProps reads textprop.dat; errors name the offset.
func DecodeTextureProps(b []byte) (*TextureProps, error) {
	if len(b) < 4 {
		return nil, bin.Errorf(int64(len(b)), "header", "a 4-byte version, got %d bytes", len(b))
	}
	if v := binary.LittleEndian.Uint32(b); v != TexturePropsVersion {
		return nil, bin.Errorf(0, "header", "version %d, got %d", TexturePropsVersion, v)
	}
	n := (len(b) - 4) / TexturePropSize
	p := &TextureProps{Textures: make([]TextureProp, n), Tail: append([]byte{}, b[4+n*TexturePropSize:]...)}
	for i := range p.Textures {
		d := b[4+i*TexturePropSize:]
		p.Textures[i] = TextureProp{Low: [2]byte{d[0], d[1]}, Unknown: le.Uint32(d[2:]), Climbable: d[6], Unused: d[7],
			Starfield: d[8], AnimGroup: d[9], AnimIndex: d[10]}
	}
	return p, nil
}

// Encode writes textprop.dat.
func (p *TextureProps) Encode() []byte {
	b := binary.LittleEndian.AppendUint32(make([]byte, 0, 4+len(p.Textures)*TexturePropSize+len(p.Tail)), TexturePropsVersion)
	for _, t := range p.Textures {
		b = append(b, t.Low[0], t.Low[1])
		b = le.AppendUint32(b, t.Unknown)
		b = append(b, t.Climbable, t.Unused, t.Starfield, t.AnimGroup, t.AnimIndex)
	}
	return append(b, p.Tail...)
}

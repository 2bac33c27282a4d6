package marathon

import (
	"bytes"
	"fmt"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/codecs/wad"
)

// Level is one map entry of a wad file, its chunks decoded. A slice is
// nil when the entry has no such chunk; chunks with other tags (physics,
// terminals, scripts, saved-game state) stay raw in the entry.
type Level struct {
	Endpoints    []Endpoint // EPNT, in preprocessed maps
	Points       []Point    // PNTS, in maps the engine preprocesses on load
	Lines        []Line
	Sides        []Side
	Polygons     []Polygon
	Objects      []Object
	Lights       []Light    // LITE, Marathon 2 and later
	OldLights    []OldLight // LITE, Marathon 1
	Notes        []Note
	Info         []MapInfo // Minf: one record
	Placements   []Placement
	Platforms    []StaticPlatform
	RunPlatforms []Platform // PLAT, in preprocessed maps and saved games
	Media        []Media
	Ambient      []AmbientSound
	Random       []RandomSound
	Exclusions   []int16 // iidx
	Name         []byte  // NAME, Marathon 1
	Terminals    []Terminal

	marathon1 bool
}

// record is a pointer to a record type that reads and writes itself.
type record[T any] interface {
	*T
	read(*reader)
	write(*writer)
}

func decodeRecords[T any, P record[T]](tag string, b []byte, size int) ([]T, error) {
	if len(b)%size != 0 {
		return nil, bin.Errorf(int64(len(b)-len(b)%size), "chunk "+tag, "records of %d bytes, %d bytes left over", size, len(b)%size)
	}
	out := make([]T, len(b)/size)
	r := reader{b: b}
	for i := range out {
		P(&out[i]).read(&r)
	}
	return out, nil
}

func encodeRecords[T any, P record[T]](items []T, size int) []byte {
	w := writer{b: make([]byte, 0, len(items)*size)}
	for i := range items {
		P(&items[i]).write(&w)
	}
	return w.b
}

// chunkCodec decodes one chunk into a level and encodes it back.
type chunkCodec struct {
	decode func(l *Level, b []byte) error
	encode func(l *Level) []byte
}

// recordChunk is the codec of a chunk of size-byte records held in the
// level's slice.
func recordChunk[T any, P record[T]](tag string, size int, slice func(*Level) *[]T) chunkCodec {
	return chunkCodec{
		decode: func(l *Level, b []byte) (err error) {
			*slice(l), err = decodeRecords[T, P](tag, b, size)
			return err
		},
		encode: func(l *Level) []byte { return encodeRecords[T, P](*slice(l), size) },
	}
}

// chunkCodecs are the codecs of the chunks a level models, by tag.
var chunkCodecs = map[string]chunkCodec{
	"EPNT": recordChunk[Endpoint]("EPNT", 16, func(l *Level) *[]Endpoint { return &l.Endpoints }),
	"PNTS": recordChunk[Point]("PNTS", 4, func(l *Level) *[]Point { return &l.Points }),
	"LINS": recordChunk[Line]("LINS", 32, func(l *Level) *[]Line { return &l.Lines }),
	"SIDS": recordChunk[Side]("SIDS", 64, func(l *Level) *[]Side { return &l.Sides }),
	"POLY": recordChunk[Polygon]("POLY", 128, func(l *Level) *[]Polygon { return &l.Polygons }),
	"OBJS": recordChunk[Object]("OBJS", 16, func(l *Level) *[]Object { return &l.Objects }),
	"NOTE": recordChunk[Note]("NOTE", 72, func(l *Level) *[]Note { return &l.Notes }),
	"Minf": recordChunk[MapInfo]("Minf", 88, func(l *Level) *[]MapInfo { return &l.Info }),
	"plac": recordChunk[Placement]("plac", 12, func(l *Level) *[]Placement { return &l.Placements }),
	"plat": recordChunk[StaticPlatform]("plat", 32, func(l *Level) *[]StaticPlatform { return &l.Platforms }),
	"PLAT": recordChunk[Platform]("PLAT", 140, func(l *Level) *[]Platform { return &l.RunPlatforms }),
	"medi": recordChunk[Media]("medi", 32, func(l *Level) *[]Media { return &l.Media }),
	"ambi": recordChunk[AmbientSound]("ambi", 16, func(l *Level) *[]AmbientSound { return &l.Ambient }),
	"bonk": recordChunk[RandomSound]("bonk", 32, func(l *Level) *[]RandomSound { return &l.Random }),
	"LITE": {
		// Marathon 1 (wad data version 0) has 32-byte lights, later
		// generations 100-byte ones.
		decode: func(l *Level, b []byte) error {
			if l.marathon1 {
				return oldLights.decode(l, b)
			}
			return lights.decode(l, b)
		},
		encode: func(l *Level) []byte {
			if l.marathon1 {
				return oldLights.encode(l)
			}
			return lights.encode(l)
		},
	},
	"iidx": {
		decode: func(l *Level, b []byte) error {
			if len(b)%2 != 0 {
				return bin.Errorf(int64(len(b)-1), "chunk iidx", "16-bit indexes, 1 byte left over")
			}
			l.Exclusions = make([]int16, len(b)/2)
			for i := range l.Exclusions {
				l.Exclusions[i] = int16(be.Uint16(b[2*i:]))
			}
			return nil
		},
		encode: func(l *Level) []byte {
			b := make([]byte, 2*len(l.Exclusions))
			for i, v := range l.Exclusions {
				be.PutUint16(b[2*i:], uint16(v))
			}
			return b
		},
	},
	"NAME": {
		decode: func(l *Level, b []byte) error { l.Name = append([]byte(nil), b...); return nil },
		encode: func(l *Level) []byte { return append([]byte(nil), l.Name...) },
	},
	"term": {
		decode: func(l *Level, b []byte) (err error) { l.Terminals, err = DecodeTerminals(b); return err },
		encode: func(l *Level) []byte { return EncodeTerminals(l.Terminals) },
	},
}

var (
	lights    = recordChunk[Light]("LITE", 100, func(l *Level) *[]Light { return &l.Lights })
	oldLights = recordChunk[OldLight]("LITE", 32, func(l *Level) *[]OldLight { return &l.OldLights })
)

// Decode decodes a map entry. marathon1 picks the 32-byte lights of
// Marathon 1 (wad data version 0) over the later 100-byte ones.
func Decode(e *wad.Entry, marathon1 bool) (*Level, error) {
	l := &Level{marathon1: marathon1}
	for _, c := range e.Chunks {
		if codec, ok := chunkCodecs[string(c.Tag[:])]; ok {
			if err := codec.decode(l, c.Data); err != nil {
				return nil, fmt.Errorf("entry %d: %w", e.Index, err)
			}
		}
	}
	return l, nil
}

// DecodeFile decodes every entry of a wad file, by directory order.
func DecodeFile(f *wad.File) ([]*Level, error) {
	levels := make([]*Level, len(f.Entries))
	for i, e := range f.Entries {
		var err error
		if levels[i], err = Decode(e, f.Header.DataVersion == 0); err != nil {
			return nil, err
		}
	}
	return levels, nil
}

// MapName is the level's name, from its map info (or NAME chunk), up to
// its first NUL.
func (l *Level) MapName() string {
	name := l.Name
	if len(l.Info) > 0 {
		name = l.Info[0].Name[:]
	}
	name, _, _ = bytes.Cut(name, []byte{0})
	return macRoman(name)
}

// macRomanHigh are the characters of Mac OS Roman bytes 0x80 to 0xFF,
// the encoding of the Mac-made Marathon files' text.
var macRomanHigh = []rune("ÄÅÇÉÑÖÜáàâäãåçéèêëíìîïñóòôöõúùûü" +
	"†°¢£§•¶ß®©™´¨≠ÆØ∞±≤≥¥µ∂∑∏π∫ªºΩæø" +
	"¿¡¬√ƒ≈∆«»…\u00a0ÀÃÕŒœ–—“”‘’÷◊ÿŸ⁄€‹›ﬁﬂ" +
	"‡·‚„‰ÂÊÁËÈÍÎÏÌÓÔ\uf8ffÒÚÛÙıˆ˜¯˘˙˚¸˝˛ˇ")

// macRoman decodes Mac OS Roman text.
func macRoman(b []byte) string {
	out := make([]rune, len(b))
	for i, c := range b {
		out[i] = rune(c)
		if c >= 0x80 {
			out[i] = macRomanHigh[c-0x80]
		}
	}
	return string(out)
}

// Encode writes the level's chunks back into the entry; a chunk whose
// bytes come out the same is left untouched.
func (l *Level) Encode(e *wad.Entry) {
	for _, c := range e.Chunks {
		tag := string(c.Tag[:])
		if data, ok := l.EncodeChunk(tag); ok {
			e.SetChunk(tag, data)
		}
	}
}

// EncodeChunk encodes the chunk with the tag; ok is false for tags the
// level keeps raw.
func (l *Level) EncodeChunk(tag string) (data []byte, ok bool) {
	codec, ok := chunkCodecs[tag]
	if !ok {
		return nil, false
	}
	return codec.encode(l), true
}

package marathon

import (
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

// Decode decodes a map entry. marathon1 picks the 32-byte lights of
// Marathon 1 (wad data version 0) over the later 100-byte ones.
func Decode(e *wad.Entry, marathon1 bool) (*Level, error) {
	l := &Level{marathon1: marathon1}
	for _, c := range e.Chunks {
		var err error
		switch tag := string(c.Tag[:]); tag {
		case "EPNT":
			l.Endpoints, err = decodeRecords[Endpoint](tag, c.Data, 16)
		case "PNTS":
			l.Points, err = decodeRecords[Point](tag, c.Data, 4)
		case "LINS":
			l.Lines, err = decodeRecords[Line](tag, c.Data, 32)
		case "SIDS":
			l.Sides, err = decodeRecords[Side](tag, c.Data, 64)
		case "POLY":
			l.Polygons, err = decodeRecords[Polygon](tag, c.Data, 128)
		case "OBJS":
			l.Objects, err = decodeRecords[Object](tag, c.Data, 16)
		case "LITE":
			if marathon1 {
				l.OldLights, err = decodeRecords[OldLight](tag, c.Data, 32)
			} else {
				l.Lights, err = decodeRecords[Light](tag, c.Data, 100)
			}
		case "NOTE":
			l.Notes, err = decodeRecords[Note](tag, c.Data, 72)
		case "Minf":
			l.Info, err = decodeRecords[MapInfo](tag, c.Data, 88)
		case "plac":
			l.Placements, err = decodeRecords[Placement](tag, c.Data, 12)
		case "plat":
			l.Platforms, err = decodeRecords[StaticPlatform](tag, c.Data, 32)
		case "PLAT":
			l.RunPlatforms, err = decodeRecords[Platform](tag, c.Data, 140)
		case "medi":
			l.Media, err = decodeRecords[Media](tag, c.Data, 32)
		case "ambi":
			l.Ambient, err = decodeRecords[AmbientSound](tag, c.Data, 16)
		case "bonk":
			l.Random, err = decodeRecords[RandomSound](tag, c.Data, 32)
		case "iidx":
			if len(c.Data)%2 != 0 {
				err = bin.Errorf(int64(len(c.Data)-1), "chunk iidx", "16-bit indexes, 1 byte left over")
				break
			}
			l.Exclusions = make([]int16, len(c.Data)/2)
			for i := range l.Exclusions {
				l.Exclusions[i] = int16(be.Uint16(c.Data[2*i:]))
			}
		case "NAME":
			l.Name = append([]byte(nil), c.Data...)
		case "term":
			l.Terminals, err = DecodeTerminals(c.Data)
		}
		if err != nil {
			return nil, fmt.Errorf("entry %d: %w", e.Index, err)
		}
	}
	return l, nil
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
	switch tag {
	case "EPNT":
		return encodeRecords(l.Endpoints, 16), true
	case "PNTS":
		return encodeRecords(l.Points, 4), true
	case "LINS":
		return encodeRecords(l.Lines, 32), true
	case "SIDS":
		return encodeRecords(l.Sides, 64), true
	case "POLY":
		return encodeRecords(l.Polygons, 128), true
	case "OBJS":
		return encodeRecords(l.Objects, 16), true
	case "LITE":
		if l.marathon1 {
			return encodeRecords(l.OldLights, 32), true
		}
		return encodeRecords(l.Lights, 100), true
	case "NOTE":
		return encodeRecords(l.Notes, 72), true
	case "Minf":
		return encodeRecords(l.Info, 88), true
	case "plac":
		return encodeRecords(l.Placements, 12), true
	case "plat":
		return encodeRecords(l.Platforms, 32), true
	case "PLAT":
		return encodeRecords(l.RunPlatforms, 140), true
	case "medi":
		return encodeRecords(l.Media, 32), true
	case "ambi":
		return encodeRecords(l.Ambient, 16), true
	case "bonk":
		return encodeRecords(l.Random, 32), true
	case "iidx":
		b := make([]byte, 2*len(l.Exclusions))
		for i, v := range l.Exclusions {
			be.PutUint16(b[2*i:], uint16(v))
		}
		return b, true
	case "NAME":
		return append([]byte(nil), l.Name...), true
	case "term":
		return EncodeTerminals(l.Terminals), true
	}
	return nil, false
}

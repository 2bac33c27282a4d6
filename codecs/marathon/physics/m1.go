package physics

import (
	"encoding/binary"

	"github.com/levelwright/levelwright/codecs/bin"
)

// m1HeaderSize is the size of a Marathon 1 physics section's header:
// tag, a 32-bit value the engine ignores, record count and record size.
const m1HeaderSize = 12

// M1File is Marathon 1's physics file: sections, each a header and its
// records. A section of a known tag and record size is decoded into the
// set; any other is kept as its bytes.
type M1File struct {
	Sections []M1Section
	Set      *Set
}

// M1Section is one section of a Marathon 1 physics file.
type M1Section struct {
	Tag   [4]byte
	Stamp uint32 // ignored by the engine, kept
	Count uint16
	Size  uint16
	Kind  Kind   // KindCount for a section kept raw
	Raw   []byte // the records of a section kept raw
}

// IsM1 reports whether data starts as a Marathon 1 physics file: with a
// known section tag.
func IsM1(data []byte) bool {
	if len(data) < 4 {
		return false
	}
	for _, tag := range M1Tags {
		if string(data[:4]) == tag {
			return true
		}
	}
	return false
}

// ParseM1 reads a Marathon 1 physics file.
func ParseM1(data []byte) (*M1File, error) {
	f := &M1File{Set: &Set{Marathon1: true}}
	for p := 0; p < len(data); {
		if len(data)-p < m1HeaderSize {
			return nil, bin.Errorf(int64(p), "physics section header", "%d bytes, %d left", m1HeaderSize, len(data)-p)
		}
		s := M1Section{Stamp: binary.BigEndian.Uint32(data[p+4:]), Count: binary.BigEndian.Uint16(data[p+8:]),
			Size: binary.BigEndian.Uint16(data[p+10:]), Kind: KindCount}
		copy(s.Tag[:], data[p:])
		body := p + m1HeaderSize
		n := int(s.Count) * int(s.Size)
		if n > len(data)-body {
			return nil, bin.Errorf(int64(body), "physics section "+string(s.Tag[:]), "%d records of %d bytes, %d bytes left", s.Count, s.Size, len(data)-body)
		}
		for k, tag := range M1Tags {
			if string(s.Tag[:]) == tag && int(s.Size) == RecordSize(Kind(k), true) && f.Set.Tables[k] == nil {
				s.Kind = Kind(k)
			}
		}
		if s.Kind == KindCount {
			s.Raw = append([]byte(nil), data[body:body+n]...)
		} else {
			t, err := decodeTable(s.Kind, true, data[body:body+n], "physics section "+string(s.Tag[:]), int64(body))
			if err != nil {
				return nil, err
			}
			f.Set.Tables[s.Kind] = t
		}
		f.Sections = append(f.Sections, s)
		p = body + n
	}
	return f, nil
}

// Bytes encodes the file, its sections in their order.
func (f *M1File) Bytes() []byte {
	var out []byte
	for _, s := range f.Sections {
		body := s.Raw
		if s.Kind != KindCount {
			body = f.Set.EncodeTable(s.Kind)
			s.Count = uint16(f.Set.Len(s.Kind))
		}
		out = append(out, s.Tag[:]...)
		out = binary.BigEndian.AppendUint32(out, s.Stamp)
		out = binary.BigEndian.AppendUint16(out, s.Count)
		out = binary.BigEndian.AppendUint16(out, s.Size)
		out = append(out, body...)
	}
	return out
}

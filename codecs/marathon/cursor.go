package marathon

import "encoding/binary"

var be = binary.BigEndian

// reader walks a record's bytes, big-endian.
type reader struct {
	b []byte
	p int
}

func (r *reader) u16() uint16 { v := be.Uint16(r.b[r.p:]); r.p += 2; return v }
func (r *reader) i16() int16  { return int16(r.u16()) }
func (r *reader) u32() uint32 { v := be.Uint32(r.b[r.p:]); r.p += 4; return v }
func (r *reader) i32() int32  { return int32(r.u32()) }
func (r *reader) point() Point {
	return Point{r.i16(), r.i16()}
}
func (r *reader) bytes(dst []byte) { r.p += copy(dst, r.b[r.p:]) }
func (r *reader) u16s(dst []uint16) {
	for i := range dst {
		dst[i] = r.u16()
	}
}

// writer appends a record's bytes, big-endian.
type writer struct{ b []byte }

func (w *writer) u16(v uint16)   { w.b = be.AppendUint16(w.b, v) }
func (w *writer) i16(v int16)    { w.u16(uint16(v)) }
func (w *writer) u32(v uint32)   { w.b = be.AppendUint32(w.b, v) }
func (w *writer) i32(v int32)    { w.u32(uint32(v)) }
func (w *writer) point(p Point)  { w.i16(p.X); w.i16(p.Y) }
func (w *writer) bytes(b []byte) { w.b = append(w.b, b...) }
func (w *writer) u16s(v []uint16) {
	for _, x := range v {
		w.u16(x)
	}
}

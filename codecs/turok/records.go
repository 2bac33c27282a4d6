package turok

import (
	"encoding/binary"
	"math"
)

var le = binary.LittleEndian

// Record sizes of the map's data sets.
const (
	vertexSize      = 16
	sectorSetSize   = 64
	shortSectorSize = 16 // the original editor's sectors
	longSectorSize  = 18 // the Kex editor's, with a draw order
	staticMeshSize  = 88
	actorSize       = 140
	gridBoundSize   = 8
)

// NoLink marks a sector edge that is a wall.
const NoLink = 0xFFFF

// Vec3 is a position or size; Z is up.
type Vec3 struct{ X, Y, Z float32 }

// Vertex is a sector corner and the ceiling height above it.
type Vertex struct {
	Position Vec3
	Height   float32
}

// SectorSet holds what many sectors share: flags, fog, water, sky, sound.
type SectorSet struct {
	Flags                   uint32
	FogColor, WaterColor    [4]uint8 // RGBA
	FogZFar, WaterZFar      float32
	FogStart, WaterStart    float32
	WaterHeight, SkyHeight  float32
	SkySpeed, BlendLength   float32
	Args                    [6]int16
	FloorImpact, WallImpact uint8
	Ambience, AutomapColor  uint8
	Music, CullBits         uint8
	Unused                  [2]byte
}

// Sector is a triangle of the floor. Edge j runs from vertex j to vertex
// (j+1)%3; Links[j] is the sector across it, or NoLink for a wall.
type Sector struct {
	Set       uint16
	Flags     uint16 // the low 16 bits of the set's flags
	Vertices  [3]uint16
	Links     [3]uint16
	DrawOrder int16 // 18-byte sectors only
}

// XY is a point of the grid bounds.
type XY struct{ X, Y float32 }

// StaticMesh is a placed model of a grid section.
type StaticMesh struct {
	Origin, Scale                  Vec3
	Rotation                       [4]float32 // quaternion x, y, z, w
	BoundsMin, BoundsMax           Vec3
	Texture                        int32
	Flags                          uint32
	Sector                         int32
	CollisionRadius, CollisionHigh float32
	CullBits                       int32
	Model                          string // the model's path
}

// Actor is a placed creature, item or trigger.
type Actor struct {
	Type                               int32
	Origin, Scale                      Vec3
	Yaw                                float32 // radians
	Sector                             int32
	BoundsMin, BoundsMax               Vec3
	SightRange, SightFOV               float32 // ranges are squared
	LoudRange, QuietRange              float32
	AttackRange, FlyHeight             float32
	CollisionWidth, CollisionWall      float32
	CollisionHeight, StepHeight        float32
	MeleeRange, LeashRadius            float32
	TriggerDelay                       float32
	SpeciesMask                        uint32
	SpawnFlags1, SpawnFlags2           uint32
	SpawnFlags3                        uint16
	Health, TID, TargetTID             int16
	MaxRegenerations                   int16
	AttackChance, TriggerAnim          uint8
	Variant, Texture, Params1, Params2 int8
	Model, Anim                        string // paths
}

// Same reports whether v and w hold the same bits. Comparing records
// with == would call a NaN different from itself and -0 equal to 0.
func (v Vertex) Same(w Vertex) bool { return sameBits(&v, &w, (*Vertex).write) }

// Same reports whether s and t hold the same bits.
func (s SectorSet) Same(t SectorSet) bool { return sameBits(&s, &t, (*SectorSet).write) }

// Same reports whether m and n hold the same bits and model.
func (m StaticMesh) Same(n StaticMesh) bool {
	return m.Model == n.Model && sameBits(&m, &n, (*StaticMesh).write)
}

// Same reports whether a and b hold the same bits, model and animation.
func (a Actor) Same(b Actor) bool {
	return a.Model == b.Model && a.Anim == b.Anim && sameBits(&a, &b, (*Actor).write)
}

// Same reports whether p and q hold the same bits.
func (p XY) Same(q XY) bool {
	return math.Float32bits(p.X) == math.Float32bits(q.X) && math.Float32bits(p.Y) == math.Float32bits(q.Y)
}

// sameBits reports whether a and b encode to the same bytes.
func sameBits[T any](a, b *T, write func(*T, *writer)) bool {
	var bufA, bufB [actorSize]byte // the largest record
	wa, wb := writer(bufA[:0]), writer(bufB[:0])
	write(a, &wa)
	write(b, &wb)
	return string(wa) == string(wb)
}

// reader and writer move through little-endian records.
type reader struct {
	b []byte
	i int
}

func (r *reader) u8() uint8 { v := r.b[r.i]; r.i++; return v }
func (r *reader) u16() uint16 {
	v := le.Uint16(r.b[r.i:])
	r.i += 2
	return v
}
func (r *reader) u32() uint32 {
	v := le.Uint32(r.b[r.i:])
	r.i += 4
	return v
}
func (r *reader) f32() float32 { return math.Float32frombits(r.u32()) }
func (r *reader) vec3() Vec3   { return Vec3{r.f32(), r.f32(), r.f32()} }

type writer []byte

func (w *writer) u16(v uint16)  { *w = le.AppendUint16(*w, v) }
func (w *writer) u32(v uint32)  { *w = le.AppendUint32(*w, v) }
func (w *writer) f32(v float32) { w.u32(math.Float32bits(v)) }
func (w *writer) vec3(v Vec3)   { w.f32(v.X); w.f32(v.Y); w.f32(v.Z) }

func (v *Vertex) read(r *reader)  { v.Position, v.Height = r.vec3(), r.f32() }
func (v *Vertex) write(w *writer) { w.vec3(v.Position); w.f32(v.Height) }

func (s *SectorSet) read(r *reader) {
	s.Flags = r.u32()
	for i := range s.FogColor {
		s.FogColor[i] = r.u8()
	}
	for i := range s.WaterColor {
		s.WaterColor[i] = r.u8()
	}
	s.FogZFar, s.WaterZFar, s.FogStart, s.WaterStart = r.f32(), r.f32(), r.f32(), r.f32()
	s.WaterHeight, s.SkyHeight, s.SkySpeed, s.BlendLength = r.f32(), r.f32(), r.f32(), r.f32()
	for i := range s.Args {
		s.Args[i] = int16(r.u16())
	}
	s.FloorImpact, s.WallImpact, s.Ambience, s.AutomapColor, s.Music, s.CullBits = r.u8(), r.u8(), r.u8(), r.u8(), r.u8(), r.u8()
	s.Unused[0], s.Unused[1] = r.u8(), r.u8()
}

func (s *SectorSet) write(w *writer) {
	w.u32(s.Flags)
	*w = append(append(*w, s.FogColor[:]...), s.WaterColor[:]...)
	for _, f := range []float32{s.FogZFar, s.WaterZFar, s.FogStart, s.WaterStart, s.WaterHeight, s.SkyHeight, s.SkySpeed, s.BlendLength} {
		w.f32(f)
	}
	for _, a := range s.Args {
		w.u16(uint16(a))
	}
	*w = append(*w, s.FloorImpact, s.WallImpact, s.Ambience, s.AutomapColor, s.Music, s.CullBits, s.Unused[0], s.Unused[1])
}

func (s *Sector) read(r *reader, long bool) {
	s.Set, s.Flags = r.u16(), r.u16()
	for i := range s.Vertices {
		s.Vertices[i] = r.u16()
	}
	for i := range s.Links {
		s.Links[i] = r.u16()
	}
	if long {
		s.DrawOrder = int16(r.u16())
	}
}

func (s *Sector) write(w *writer, long bool) {
	w.u16(s.Set)
	w.u16(s.Flags)
	for _, v := range s.Vertices {
		w.u16(v)
	}
	for _, l := range s.Links {
		w.u16(l)
	}
	if long {
		w.u16(uint16(s.DrawOrder))
	}
}

func (m *StaticMesh) read(r *reader) {
	m.Origin, m.Scale = r.vec3(), r.vec3()
	for i := range m.Rotation {
		m.Rotation[i] = r.f32()
	}
	m.BoundsMin, m.BoundsMax = r.vec3(), r.vec3()
	m.Texture, m.Flags, m.Sector = int32(r.u32()), r.u32(), int32(r.u32())
	m.CollisionRadius, m.CollisionHigh, m.CullBits = r.f32(), r.f32(), int32(r.u32())
}

func (m *StaticMesh) write(w *writer) {
	w.vec3(m.Origin)
	w.vec3(m.Scale)
	for _, q := range m.Rotation {
		w.f32(q)
	}
	w.vec3(m.BoundsMin)
	w.vec3(m.BoundsMax)
	w.u32(uint32(m.Texture))
	w.u32(m.Flags)
	w.u32(uint32(m.Sector))
	w.f32(m.CollisionRadius)
	w.f32(m.CollisionHigh)
	w.u32(uint32(m.CullBits))
}

// floats lists the actor's 13 consecutive float fields, in file order.
func (a *Actor) floats() []*float32 {
	return []*float32{&a.SightRange, &a.SightFOV, &a.LoudRange, &a.QuietRange, &a.AttackRange, &a.FlyHeight,
		&a.CollisionWidth, &a.CollisionWall, &a.CollisionHeight, &a.StepHeight, &a.MeleeRange, &a.LeashRadius, &a.TriggerDelay}
}

func (a *Actor) read(r *reader) {
	a.Type, a.Origin, a.Scale, a.Yaw, a.Sector = int32(r.u32()), r.vec3(), r.vec3(), r.f32(), int32(r.u32())
	a.BoundsMin, a.BoundsMax = r.vec3(), r.vec3()
	for _, f := range a.floats() {
		*f = r.f32()
	}
	a.SpeciesMask, a.SpawnFlags1, a.SpawnFlags2, a.SpawnFlags3 = r.u32(), r.u32(), r.u32(), r.u16()
	a.Health, a.TID, a.TargetTID, a.MaxRegenerations = int16(r.u16()), int16(r.u16()), int16(r.u16()), int16(r.u16())
	a.AttackChance, a.TriggerAnim = r.u8(), r.u8()
	a.Variant, a.Texture, a.Params1, a.Params2 = int8(r.u8()), int8(r.u8()), int8(r.u8()), int8(r.u8())
}

func (a *Actor) write(w *writer) {
	w.u32(uint32(a.Type))
	w.vec3(a.Origin)
	w.vec3(a.Scale)
	w.f32(a.Yaw)
	w.u32(uint32(a.Sector))
	w.vec3(a.BoundsMin)
	w.vec3(a.BoundsMax)
	for _, f := range a.floats() {
		w.f32(*f)
	}
	w.u32(a.SpeciesMask)
	w.u32(a.SpawnFlags1)
	w.u32(a.SpawnFlags2)
	w.u16(a.SpawnFlags3)
	for _, v := range []int16{a.Health, a.TID, a.TargetTID, a.MaxRegenerations} {
		w.u16(uint16(v))
	}
	*w = append(*w, a.AttackChance, a.TriggerAnim, uint8(a.Variant), uint8(a.Texture), uint8(a.Params1), uint8(a.Params2))
}

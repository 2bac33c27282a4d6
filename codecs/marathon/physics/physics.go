// Package physics reads and writes Marathon physics models: the monster,
// effect, projectile, player physics and weapon definitions of Marathon 2
// and Infinity (the MNpx, FXpx, PRpx, PXpx and WPpx chunks of a physics
// wad or of a map that embeds them) and Marathon 1's tagged physics file.
// Every byte is a field, so decoding and encoding again is byte-exact.
package physics

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"reflect"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/codecs/wad"
)

// TicksPerSecond is the engine's tick rate: times are stored in ticks.
const TicksPerSecond = 30

// Kind is a kind of physics record.
type Kind int

// The kinds, in the order the files hold them.
const (
	KindMonster Kind = iota
	KindEffect
	KindProjectile
	KindConstants
	KindWeapon
	KindCount
)

// KindNames name the kinds, as the JSON export keys them.
var KindNames = [KindCount]string{"monsters", "effects", "projectiles", "constants", "weapons"}

// Tags are the wad chunk tags of Marathon 2 and Infinity, by kind.
var Tags = [KindCount]string{"MNpx", "FXpx", "PRpx", "PXpx", "WPpx"}

// M1Tags are the section tags of Marathon 1's physics file, by kind.
var M1Tags = [KindCount]string{"mons", "effe", "proj", "phys", "weap"}

var (
	m2Types = [KindCount]reflect.Type{reflect.TypeFor[Monster](), reflect.TypeFor[Effect](),
		reflect.TypeFor[Projectile](), reflect.TypeFor[Constants](), reflect.TypeFor[Weapon]()}
	m1Types = [KindCount]reflect.Type{reflect.TypeFor[M1Monster](), reflect.TypeFor[M1Effect](),
		reflect.TypeFor[M1Projectile](), reflect.TypeFor[M1Constants](), reflect.TypeFor[M1Weapon]()}
)

// RecordType is the record type of a kind: Marathon 1's or the later one.
func RecordType(k Kind, marathon1 bool) reflect.Type {
	if marathon1 {
		return m1Types[k]
	}
	return m2Types[k]
}

// RecordSize is the size in bytes of a record of the kind.
func RecordSize(k Kind, marathon1 bool) int {
	return binary.Size(reflect.New(RecordType(k, marathon1)).Interface())
}

// Set is a physics model: each kind's records, as a slice of its record
// type (nil when the file has no such records).
type Set struct {
	Marathon1 bool
	Tables    [KindCount]any // []Monster ... or []M1Monster ...
}

// Len is the number of records of the kind.
func (s *Set) Len(k Kind) int {
	if s.Tables[k] == nil {
		return 0
	}
	return reflect.ValueOf(s.Tables[k]).Len()
}

// Record is record i of the kind, addressable: set its fields to edit it.
func (s *Set) Record(k Kind, i int) reflect.Value {
	return reflect.ValueOf(s.Tables[k]).Index(i)
}

// decodeTable decodes b as records of the kind; where names the bytes in
// an error, and offset is where b starts in the file.
func decodeTable(k Kind, marathon1 bool, b []byte, where string, offset int64) (any, error) {
	size := RecordSize(k, marathon1)
	if len(b)%size != 0 {
		return nil, bin.Errorf(offset+int64(len(b)-len(b)%size), where, "%s records of %d bytes, %d bytes left over", KindNames[k], size, len(b)%size)
	}
	records := reflect.MakeSlice(reflect.SliceOf(RecordType(k, marathon1)), len(b)/size, len(b)/size)
	if err := binary.Read(bytes.NewReader(b), binary.BigEndian, records.Interface()); err != nil {
		return nil, bin.Errorf(offset, where, "%s records: %v", KindNames[k], err)
	}
	return records.Interface(), nil
}

// EncodeTable is the bytes of the kind's records.
func (s *Set) EncodeTable(k Kind) []byte {
	b, err := binary.Append(nil, binary.BigEndian, s.Tables[k])
	if err != nil {
		panic(fmt.Sprintf("physics: %s records do not encode: %v", KindNames[k], err)) // fixed-size types: cannot happen
	}
	return b
}

// HasPhysics reports whether a wad entry holds physics chunks.
func HasPhysics(e *wad.Entry) bool {
	for _, tag := range Tags {
		if e.Chunk(tag) != nil {
			return true
		}
	}
	return false
}

// Decode decodes the physics chunks of a wad entry (a physics file's
// entry, or a map level that embeds physics).
func Decode(e *wad.Entry) (*Set, error) {
	s := &Set{}
	for k, tag := range Tags {
		c := e.Chunk(tag)
		if c == nil {
			continue
		}
		t, err := decodeTable(Kind(k), false, c.Data, "chunk "+tag, 0)
		if err != nil {
			return nil, fmt.Errorf("entry %d: %w", e.Index, err)
		}
		s.Tables[k] = t
	}
	return s, nil
}

// Encode writes the set's chunks back into the entry: those it was
// decoded from, so that an unchanged set leaves the entry as it was.
func (s *Set) Encode(e *wad.Entry) {
	for k, tag := range Tags {
		if s.Tables[k] != nil && e.Chunk(tag) != nil {
			e.SetChunk(tag, s.EncodeTable(Kind(k)))
		}
	}
}

package shock

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
)

// specTable is one table of objprop.dat as shock-specs.txt 4.0-4.14
// lays it out: a class's generic table (subclass -1) or a subclass's
// specific table, its entry size and its entry count.
type specTable struct {
	class, subclass int
	size, count     int
}

// specTables are the file's tables in file order, written out from the
// specification's text (entry sizes and counts; HackEd's for 12/1 and
// 14/0-14/2), not from the codec's tables.
var specTables = []specTable{
	{0, -1, 2, 16}, {0, 0, 1, 5}, {0, 1, 1, 2}, {0, 2, 16, 2}, {0, 3, 13, 2}, {0, 4, 13, 3}, {0, 5, 18, 2},
	{1, -1, 14, 15}, {1, 0, 1, 2}, {1, 1, 1, 2}, {1, 2, 1, 3}, {1, 3, 1, 2}, {1, 4, 1, 2}, {1, 5, 1, 2}, {1, 6, 1, 2},
	{2, -1, 1, 24}, {2, 0, 20, 6}, {2, 1, 6, 16}, {2, 2, 1, 2},
	{3, -1, 15, 8}, {3, 0, 1, 5}, {3, 1, 3, 3},
	{4, -1, 22, 7}, {4, 0, 1, 7},
	{5, -1, 9, 15}, {5, 0, 1, 5}, {5, 1, 1, 10},
	{6, -1, 5, 22}, {6, 0, 1, 7}, {6, 1, 1, 3}, {6, 2, 1, 4}, {6, 3, 1, 5}, {6, 4, 1, 3},
	{7, -1, 2, 77}, {7, 0, 1, 9}, {7, 1, 1, 10}, {7, 2, 1, 11}, {7, 3, 1, 4}, {7, 4, 1, 9}, {7, 5, 1, 8}, {7, 6, 1, 16}, {7, 7, 1, 10},
	{8, -1, 2, 80}, {8, 0, 1, 8}, {8, 1, 1, 10}, {8, 2, 1, 15}, {8, 3, 1, 6}, {8, 4, 1, 12}, {8, 5, 6, 12}, {8, 6, 1, 9}, {8, 7, 2, 8},
	{9, -1, 1, 35}, {9, 0, 1, 9}, {9, 1, 1, 7}, {9, 2, 1, 3}, {9, 3, 1, 11}, {9, 4, 0, 2}, {9, 5, 1, 3},
	{10, -1, 1, 41}, {10, 0, 1, 10}, {10, 1, 1, 9}, {10, 2, 1, 7}, {10, 3, 1, 5}, {10, 4, 1, 10},
	{11, -1, 2, 34}, {11, 0, 1, 9}, {11, 1, 1, 11}, {11, 2, 1, 14},
	{12, -1, 1, 19}, {12, 0, 1, 13}, {12, 1, 2, 1}, {12, 2, 1, 5},
	{13, -1, 3, 46}, {13, 0, 1, 3}, {13, 1, 1, 3}, {13, 2, 1, 4}, {13, 3, 1, 8}, {13, 4, 1, 13}, {13, 5, 1, 7}, {13, 6, 1, 8},
	{14, -1, 75, 37}, {14, 0, 3, 9}, {14, 1, 1, 12}, {14, 2, 1, 7}, {14, 3, 6, 7}, {14, 4, 1, 2},
}

// specStarts are the file offsets shock-specs.txt gives for the
// classes' generic tables, 4.0-4.12.
var specStarts = map[int]int{0: 0x0004, 1: 0x00b0, 2: 0x0191, 3: 0x0283, 4: 0x0309, 5: 0x03aa, 6: 0x0440,
	7: 0x04c4, 8: 0x05ab, 9: 0x06df, 10: 0x0723, 11: 0x0775, 12: 0x07db}

// specByte is the byte the test encoder puts at byte k of entry e of
// table t: different for neighbouring entries and tables.
func specByte(t, e, k int) byte { return byte(t*7 + e*3 + k + 1) }

// specFile is an objprop.dat written from specTables: each table's
// entries filled with specByte, then 476 common entries whose first
// byte is the type index's low byte and whose byte 11 (the radius) is
// 200 - that.
func specFile(t *testing.T) []byte {
	t.Helper()
	b := binary.LittleEndian.AppendUint32(nil, 45)
	for ti, st := range specTables {
		if at, ok := specStarts[st.class]; ok && st.subclass < 0 && len(b) != at {
			t.Fatalf("class %d's generic table at %#x, the spec says %#x", st.class, len(b), at)
		}
		for e := range st.count {
			for k := range st.size {
				b = append(b, specByte(ti, e, k))
			}
		}
	}
	for i := range NumObjectTypes {
		e := make([]byte, 27)
		e[0], e[11] = byte(i), byte(200-i)
		binary.LittleEndian.PutUint16(e[24:], uint16(i%8)<<12)
		b = append(b, e...)
	}
	return b
}

func TestObjPropsReadsEveryTableOfTheSpec(t *testing.T) {
	data := specFile(t)
	if len(data) != 17951 {
		t.Fatalf("the spec's tables make %d bytes, the game's file has 17951", len(data))
	}
	p, err := DecodeObjProps(data)
	if err != nil {
		t.Fatal(err)
	}
	for ti, st := range specTables {
		for e := range st.count {
			// Entry e of a generic table is the class's e-th type; of a
			// specific table, the subclass's.
			class, sub, typ := st.class, st.subclass, e
			if sub < 0 {
				sub = 0
				for typ >= Subclasses[class][sub].Types {
					typ -= Subclasses[class][sub].Types
					sub++
				}
			}
			i, ok := TypeIndex(class, sub, typ)
			if !ok {
				t.Fatalf("table %d entry %d: no type %d/%d/%d", ti, e, class, sub, typ)
			}
			got := p.Types[i].Specific
			if st.subclass < 0 {
				got = p.Types[i].Generic
			}
			if len(got) != st.size {
				t.Fatalf("%d/%d/%d table %d: %d bytes, want %d", class, sub, typ, ti, len(got), st.size)
			}
			for k, c := range got {
				if c != specByte(ti, e, k) {
					t.Fatalf("%d/%d/%d table %d byte %d: %d, want %d", class, sub, typ, ti, k, c, specByte(ti, e, k))
				}
			}
		}
	}
	for i, tp := range p.Types {
		if c := tp.Common; c.Mass != int32(byte(i)) || c.Radius != byte(200-i) || c.ExtraFrames() != i%8&7 {
			t.Fatalf("type %d: common %+v", i, c)
		}
	}
	if got := p.Encode(); !bytes.Equal(got, data) {
		t.Fatal("encodes differently from the bytes read")
	}
}

func TestCommonPropsFieldsAtTheSpecsOffsets(t *testing.T) {
	want := CommonProps{Mass: -70000, HitPoints: 300, Armour: 3, RenderType: 8, PhysicsModel: 1, Hardness: 2, Pep: 4,
		Radius: 96, PhysicsY: 5, PhysicsZ: 6, Resistances: 0x01020304, Defence: 7, Toughness: 9, Flags: 0x0201,
		MFDID: 11, Bitmap: 0x3000, DestroyEffect: 12}
	e := make([]byte, CommonPropSize)
	want.Encode(e)
	if got := DecodeCommonProps(e); got != want {
		t.Fatalf("decodes as %+v", got)
	}
	if n := (CommonProps{Bitmap: 0x8fff | 5<<12}).ExtraFrames(); n != 5 {
		t.Errorf("bitmap %#x: %d extra frames, want 5 whatever the other bits", 0x8fff|5<<12, n)
	}
	for _, c := range []struct {
		at   int
		want int64
		size int
	}{{0, -70000, 4}, {4, 300, 2}, {0x0b, 96, 1}, {0x0e, 4, 1}, {0x0f, 3, 1}, {0x14, 0x0201, 2}, {0x19, 0x30, 1}} {
		f := PropField{Offset: c.at, Size: c.size, Signed: c.want < 0}
		if got := f.Get(e); got != c.want {
			t.Errorf("offset %#x: %d, want %d", c.at, got, c.want)
		}
	}
}

func TestObjPropsErrorsNameTheOffset(t *testing.T) {
	good := NewObjPropBytes()
	wrongVersion := append([]byte{}, good...)
	wrongVersion[0] = 44
	for _, c := range []struct {
		name string
		data []byte
		at   int64
	}{
		{"empty", nil, 0},
		{"short", good[:len(good)-1], int64(len(good) - 1)},
		{"long", append(append([]byte{}, good...), 0), int64(len(good))},
		{"version", wrongVersion, 0},
	} {
		_, err := DecodeObjProps(c.data)
		var be *bin.Error
		if !errors.As(err, &be) || be.Offset != c.at {
			t.Errorf("%s: %v, want an error at %d", c.name, err, c.at)
		}
	}
}

func TestPropFieldsCoverEveryByteAndRefuseOutOfRange(t *testing.T) {
	for c := range NumClasses {
		for s := range Subclasses[c] {
			g, sp := PropFields(c, s)
			for _, x := range []struct {
				fields []PropField
				size   int
			}{{g, GenericPropSizes[c]}, {sp, SpecificPropSizes[c][s]}} {
				covered := make([]int, x.size)
				for _, f := range x.fields {
					for k := range f.Size {
						covered[f.Offset+k]++
					}
				}
				for k, n := range covered {
					if n != 1 {
						t.Fatalf("%d/%d: byte %d covered %d times", c, s, k, n)
					}
				}
			}
		}
	}
	d := []byte{0, 0}
	f := PropField{"speed", 0, 2, true}
	if err := f.Set(d, 40000); err == nil || d[0] != 0 || d[1] != 0 {
		t.Errorf("40000 in a signed 16-bit field: %v, bytes %v", err, d)
	}
	if err := f.Set(d, -2); err != nil || f.Get(d) != -2 {
		t.Errorf("-2: %v, reads %d", err, f.Get(d))
	}
}

func TestTexturePropsRoundTrip(t *testing.T) {
	// The game's file: 363 records and 7 bytes more.
	b := binary.LittleEndian.AppendUint32(nil, 9)
	for n := range 363 {
		b = append(b, byte(n), byte(n), 10, 0, 0, 0, byte(n%2), 0, byte(n%3), byte(n%5), byte(n%4))
	}
	b = append(b, 1, 2, 3, 4, 5, 6, 7)
	p, err := DecodeTextureProps(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Textures) != 363 || len(p.Tail) != 7 {
		t.Fatalf("%d records, %d bytes after", len(p.Textures), len(p.Tail))
	}
	if r := p.Textures[7]; r.Low != [2]byte{7, 7} || r.Unknown != 10 || r.Climbable != 1 || r.Starfield != 1 || r.AnimGroup != 2 || r.AnimIndex != 3 {
		t.Errorf("record 7: %+v", r)
	}
	if !bytes.Equal(p.Encode(), b) {
		t.Error("encodes differently")
	}
	for _, c := range []struct {
		data []byte
		at   int64
	}{{b[:3], 3}, {append([]byte{8}, b[1:]...), 0}} {
		_, err := DecodeTextureProps(c.data)
		var be *bin.Error
		if !errors.As(err, &be) || be.Offset != c.at {
			t.Errorf("%v, want an error at %d", err, c.at)
		}
	}
}

// FuzzObjprop: any bytes decode to an error or to properties that
// encode back to the same bytes.
func FuzzObjprop(f *testing.F) {
	f.Add(NewObjPropBytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := DecodeObjProps(data)
		if err != nil {
			return
		}
		if !bytes.Equal(p.Encode(), data) {
			t.Fatal("encodes differently")
		}
	})
}

// FuzzTextprop: any bytes decode to an error or to properties that
// encode back to the same bytes.
func FuzzTextprop(f *testing.F) {
	f.Add(binary.LittleEndian.AppendUint32(nil, 9))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := DecodeTextureProps(data)
		if err != nil {
			return
		}
		if !bytes.Equal(p.Encode(), data) {
			t.Fatal("encodes differently")
		}
	})
}

package shock

import (
	"encoding/hex"
	"fmt"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/internal/jsontest"
)

// largestImport is the largest text a new level takes: every tile
// changed, and as many new objects as the object table holds.
func largestImport(t testing.TB, d *Document) LevelJSON {
	return importText(t, d, len(d.Archive.Levels[1].Objects)-1)
}

// importText is text for a new level that changes every tile and adds
// objects new objects, spread over the classes as their tables allow,
// each with class data of its own.
func importText(t testing.TB, d *Document, objects int) LevelJSON {
	lj, err := d.Export(1)
	if err != nil {
		t.Fatal(err)
	}
	in := jsontest.RoundTrip(t, lj)
	for i := range in.Tiles {
		tj := &in.Tiles[i]
		tj.Shape, tj.FloorHeight, tj.CeilingHeight, tj.Music = int(codec.ShapeOpen), i%8, 16+i%8, i%8
		tj.WallTexture, tj.FloorTexture, tj.CeilingTexture = i%54, i%32, (i+1)%32
	}
	l := d.Archive.Levels[1]
	free := [codec.NumClasses]int{}
	for c := range free {
		free[c] = len(l.Classes[c]) - 1
	}
	for n := range objects {
		class := n % codec.NumClasses
		for free[class] == 0 {
			class = (class + 1) % codec.NumClasses
		}
		free[class]--
		data := make([]byte, len(l.Defaults[class].Data))
		typ := n % codec.Subclasses[class][0].Types
		if class != codec.ClassDoor && class != codec.ClassContainer && class != codec.ClassTrap && class != codec.ClassFixture {
			for i := range data {
				data[i] = byte(n + i)
			}
			// Fields naming objects (a critter's loot) name none.
			for _, f := range codec.ClassLayout(codec.Object{Class: uint8(class), Type: uint8(typ)}, data) {
				if f.Kind == codec.FieldObject {
					f.Set(data, 0)
				}
			}
		}
		in.Objects = append(in.Objects, ObjectJSON{Index: 1000 + n, Class: class, Type: typ,
			X: (n%64)<<8 | 0x80, Y: (n/64)<<8 | 0x40, Heading: n % 256, HP: n, Data: hex.EncodeToString(data)})
	}
	return jsontest.RoundTrip(t, in)
}

// TestLargestImport: the largest import a level takes (every tile and a
// full object table: no level holds 100,000 objects) lands whole, as one
// step. BenchmarkImport measures how long it takes.
func TestLargestImport(t *testing.T) {
	d := newDocument(t)
	in := largestImport(t, d)
	rep, err := d.Import(in)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Steps != 1 || len(rep.Created) != len(in.Objects) {
		t.Fatalf("%d steps, %d of %d objects created", rep.Steps, len(rep.Created), len(in.Objects))
	}
	if _, err := d.CreateObject(1, ObjectSpec{Class: codec.ClassDrug, X: 30 << 8, Y: 30 << 8, Z: 32}); err == nil {
		t.Fatal("an object was created past the full object table")
	}
	checkClean(t, d, 1, "the import")
}

// BenchmarkImport imports every tile and a quarter, half and all of a
// full object table into a new level: the time grows with the text.
func BenchmarkImport(b *testing.B) {
	for _, objects := range []int{217, 435, 871} {
		b.Run(fmt.Sprintf("objects=%d", objects), func(b *testing.B) {
			in := importText(b, newDocument(b), objects)
			for b.Loop() {
				b.StopTimer()
				d := newDocument(b)
				b.StartTimer()
				if _, err := d.Import(in); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

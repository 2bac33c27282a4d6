package model_test

import (
	"bytes"
	"flag"
	"testing"

	"github.com/levelwright/levelwright/codecs/turok/model"
	"github.com/levelwright/levelwright/internal/fuzzseed"
	"github.com/levelwright/levelwright/internal/kpftest"
)

var updateSeeds = flag.Bool("update-seeds", false, "rewrite the fuzz seeds from the generator")

// kmeshSeeds are the checked-in FuzzParseKMesh seeds: a triangle in the
// fewest entries, and kpftest's box, with a texture and without.
func kmeshSeeds() map[string][]byte {
	return map[string][]byte{
		"triangle": []byte(`model { numnodes = 1 nodes { { numsections = 1 sections { { material = "m@a" numtriangles = 1 ` +
			`triangles = { 0 1 2 } numvertices = 3 vertices = { xyz = { 0 0 0 1 0 0 0 1 0 } coords = { 0 0 1 0 0 1 } } } } } } }`),
		"box":      kpftest.Box("textures/crate.tga", [3]float32{-1, -2, 0}, [3]float32{1, 2, 3}),
		"plainbox": kpftest.Box("", [3]float32{0, 0, 0}, [3]float32{64, 64, 64}),
	}
}

// tgaSeeds are the checked-in FuzzDecodeTexture seeds: kpftest's 32-bit
// TGA and a run-length one.
func tgaSeeds() map[string][]byte {
	return map[string][]byte{
		"tga32": kpftest.TGA(checker()),
		"rle24": {0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0, 24, 0x20, 0x81, 0, 0, 255, 0x01, 0, 255, 0, 255, 0, 0},
	}
}

// TestFuzzSeeds keeps the checked-in seeds equal to the generators'.
func TestFuzzSeeds(t *testing.T) {
	fuzzseed.Check(t, "FuzzParseKMesh", kmeshSeeds(), *updateSeeds)
	fuzzseed.Check(t, "FuzzDecodeTexture", tgaSeeds(), *updateSeeds)
	fuzzseed.Check(t, "FuzzMaterialTexture", map[string][]byte{"materials": []byte(materials)}, *updateSeeds)
}

// FuzzParseKMesh: ParseKMesh never panics, and a model it accepts has
// every triangle's corners among its surface's vertices and texture
// coordinates for all of them or none.
func FuzzParseKMesh(f *testing.F) {
	for _, s := range kmeshSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := model.ParseKMesh(data)
		if err != nil {
			return
		}
		for i, s := range m.Surfaces {
			if s.UV != nil && len(s.UV) != len(s.Positions) {
				t.Fatalf("surface %d: %d coords for %d vertices", i, len(s.UV), len(s.Positions))
			}
			for _, tri := range s.Triangles {
				for _, v := range tri {
					if int(v) >= len(s.Positions) {
						t.Fatalf("surface %d: corner %d of %d vertices", i, v, len(s.Positions))
					}
				}
			}
		}
		m.Bounds()
	})
}

// FuzzDecodeTexture: DecodeTexture never panics, and a picture it
// accepts has a size within the header's limits.
func FuzzDecodeTexture(f *testing.F) {
	for _, s := range tgaSeeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		img, err := model.DecodeTexture(data)
		if err != nil {
			return
		}
		if b := img.Bounds(); b.Dx() < 1 || b.Dy() < 1 || len(img.Pix) != 4*b.Dx()*b.Dy() {
			t.Fatalf("picture of %v with %d bytes", b, len(img.Pix))
		}
	})
}

// FuzzMaterialTexture: MaterialTexture never panics, for the names of
// the seed's materials and one missing, and a texture it finds is one of
// the file's strings.
func FuzzMaterialTexture(f *testing.F) {
	f.Add([]byte(materials))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, name := range []string{"crate", "other", "plain", "bad", "short", "missing"} {
			tex, err := model.MaterialTexture(data, name)
			if err == nil && tex != "" && !bytes.Contains(data, []byte(`"`+tex+`"`)) {
				t.Fatalf("%s: texture %q is not a string of the file", name, tex)
			}
		}
	})
}

package model_test

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/codecs/turok/model"
	"github.com/levelwright/levelwright/internal/kpftest"
)

// The box kpftest writes reads as one surface of 24 corners and 12
// triangles, its bounds the box's, its texture named, every triangle
// turned outward.
func TestParseKMeshBox(t *testing.T) {
	lo, hi := [3]float32{-8, -4, 0}, [3]float32{8, 4, 32}
	m, err := model.ParseKMesh(kpftest.Box("textures/crate.tga", lo, hi))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Surfaces) != 1 {
		t.Fatalf("%d surfaces, want 1", len(m.Surfaces))
	}
	s := m.Surfaces[0]
	if s.Texture != "textures/crate.tga" || s.Material != "" || s.Color != (color.NRGBA{255, 255, 255, 255}) {
		t.Errorf("texture %q, material %q, colour %v", s.Texture, s.Material, s.Color)
	}
	if len(s.Positions) != 24 || len(s.UV) != 24 || len(s.Triangles) != 12 {
		t.Fatalf("%d positions, %d coords, %d triangles; want 24, 24, 12", len(s.Positions), len(s.UV), len(s.Triangles))
	}
	gotLo, gotHi, ok := m.Bounds()
	if !ok || gotLo != lo || gotHi != hi {
		t.Errorf("bounds %v..%v (%v), want %v..%v", gotLo, gotHi, ok, lo, hi)
	}
	centre := [3]float32{0, 0, 16}
	for i, tri := range s.Triangles {
		a, b, c := s.Positions[tri[0]], s.Positions[tri[1]], s.Positions[tri[2]]
		n := cross(sub(b, a), sub(c, a))
		if dot(n, sub(a, centre)) <= 0 {
			t.Errorf("triangle %d turns inward", i)
		}
	}
}

// A kmesh laid out as the Kex engine's own default model is (nodes of
// variants and groups, a texture, a colour, unordered fields, comments)
// reads the group of the node's first variant.
func TestParseKMeshGroups(t *testing.T) {
	src := `info { bbox = { 0 0 0 1 1 1 } types = { -1 } }
behaviors = { numbehaviors = 0 }
model
{
    numnodes = 1
    nodes
    {
        { // node 00
            numchildren = 0
            numvariants = 1
            variants = { 1 }
            numgroups = 2
            groups
            {
                { numsections = 1 sections { { numtriangles = 1 triangles = { 0 1 2 } numvertices = 3
                    vertices = { xyz = { 0 0 0 1 0 0 0 1 0 } } } } }
                { // group 01
                    numsections = 1
                    sections
                    {
                        { /* section 00 */
                            renderspecular = 1
                            nocullfaces = 1
                            texture = "textures/default.tga"
                            rgba = 10 20 30 255
                            numvertices = 4
                            vertices = { xyz = { 0 0 0  64 0 0  64 64 0  0 64 0 } coords = { 0 0 1 0 1 1 0 1 } normals = { 0 0 1 0 0 1 0 0 1 0 0 1 } }
                            numtriangles = 2
                            triangles = { 0 1 2 0 2 3 }
                        }
                    }
                }
            }
        }
    }
}
`
	m, err := model.ParseKMesh([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Surfaces) != 1 {
		t.Fatalf("%d surfaces, want 1", len(m.Surfaces))
	}
	s := m.Surfaces[0]
	if s.Texture != "textures/default.tga" || s.Color != (color.NRGBA{10, 20, 30, 255}) {
		t.Errorf("texture %q colour %v: not group 1's", s.Texture, s.Color)
	}
	if len(s.Triangles) != 2 || s.Triangles[1] != [3]uint16{0, 2, 3} || s.UV[2] != [2]float32{1, 1} || s.Positions[2] != [3]float32{64, 64, 0} {
		t.Errorf("triangles %v, coords %v, positions %v", s.Triangles, s.UV, s.Positions)
	}
}

// Bad models are errors that name the offset of what is wrong and what
// was expected there.
func TestParseKMeshErrors(t *testing.T) {
	good := string(kpftest.Box("", [3]float32{0, 0, 0}, [3]float32{1, 1, 1}))
	for _, c := range []struct {
		name, src, want string
		at              int
	}{
		{"no model", "info { }", `expected a "model" block`, 8},
		{"unclosed", "model { nodes {", "} to close the block opened at offset 14", 15},
		{"stray brace", "}", "an entry, not }", 0},
		{"unclosed string", `model { x = "abc` + "\n}", `a closing " on its line`, 12},
		{"index past the vertices", strings.Replace(good, "20 21 22 20 22 23", "20 21 22 20 22 24", 1), "from 0 to 23, found \"24\"", -1},
		{"triangle count", strings.Replace(good, "numtriangles = 12", "numtriangles = 11", 1), "numtriangles does not match", -1},
		{"vertex count", strings.Replace(good, "numvertices = 24", "numvertices = 25", 1), "numvertices does not match", -1},
		{"not a number", strings.Replace(good, "0 0 0\n", "0 zero 0\n", 1), `a number, found "zero"`, -1},
		{"deep", strings.Repeat("{", 40), "nested at most 32 deep", 32},
	} {
		_, err := model.ParseKMesh([]byte(c.src))
		var be *bin.Error
		if err == nil || !strings.Contains(err.Error(), c.want) || !errors.As(err, &be) {
			t.Errorf("%s: error %v, want one with %q", c.name, err, c.want)
			continue
		}
		if c.at >= 0 && be.Offset != int64(c.at) {
			t.Errorf("%s: offset %d, want %d", c.name, be.Offset, c.at)
		}
	}
}

// checker is a 2x2 picture of four colours, one half transparent.
func checker() *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	img.SetNRGBA(0, 0, color.NRGBA{255, 0, 0, 255})
	img.SetNRGBA(1, 0, color.NRGBA{0, 255, 0, 255})
	img.SetNRGBA(0, 1, color.NRGBA{0, 0, 255, 128})
	img.SetNRGBA(1, 1, color.NRGBA{255, 255, 255, 0})
	return img
}

// TGA files of each layout read: the 32-bit top-down file kpftest writes,
// bottom-up 24-bit and run-length files written here byte by byte, grey;
// PNG reads too.
func TestDecodeTexture(t *testing.T) {
	want := checker()
	same := func(name string, data []byte, want *image.NRGBA) {
		t.Helper()
		got, err := model.DecodeTexture(data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got.Bounds() != want.Bounds() || !bytes.Equal(got.Pix, want.Pix) {
			t.Errorf("%s: pixels %v, want %v", name, got.Pix, want.Pix)
		}
	}
	same("32-bit", kpftest.TGA(want), want)
	header := func(kind, depth, desc byte) []byte {
		return []byte{0, 0, kind, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 0, depth, desc}
	}
	opaque := checker()
	for i := 3; i < len(opaque.Pix); i += 4 {
		opaque.Pix[i] = 255
	}
	// Bottom row first: blue, white; then red, green; blue first in each pixel.
	bottomUp := append(header(2, 24, 0), 255, 0, 0, 255, 255, 255, 0, 0, 255, 0, 255, 0)
	same("24-bit bottom-up", bottomUp, opaque)
	same("32-bit without alpha bits", append(header(2, 32, 0x00), 255, 0, 0, 9, 255, 255, 255, 9, 0, 0, 255, 9, 0, 255, 0, 9), opaque)
	// A run of two red pixels, then a raw packet of two.
	run := append(header(10, 24, 0x20), 0x81, 0, 0, 255, 0x01, 0, 255, 0, 255, 0, 0)
	wantRun := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	for i, c := range []color.NRGBA{{255, 0, 0, 255}, {255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}} {
		wantRun.SetNRGBA(i%2, i/2, c)
	}
	same("run-length", run, wantRun)
	grey := append(header(3, 8, 0x20), 0, 85, 170, 255)
	wantGrey := image.NewNRGBA(image.Rect(0, 0, 2, 2))
	for i, v := range []uint8{0, 85, 170, 255} {
		wantGrey.SetNRGBA(i%2, i/2, color.NRGBA{v, v, v, 255})
	}
	same("grey", grey, wantGrey)
	var p bytes.Buffer
	if err := png.Encode(&p, want); err != nil {
		t.Fatal(err)
	}
	same("png", p.Bytes(), want)
}

// Bad textures are errors naming the offset and what was expected.
func TestDecodeTGAErrors(t *testing.T) {
	good := kpftest.TGA(checker())
	for _, c := range []struct {
		name string
		data []byte
		want string
		at   int64
	}{
		{"short header", good[:10], "expected 18 bytes", 10},
		{"colour map", append([]byte{0, 1}, good[2:]...), "no colour map", 1},
		{"image type", append([]byte{0, 0, 1}, good[3:]...), "image type 2, 3, 10 or 11", 2},
		{"depth", append(append([]byte{}, good[:16]...), append([]byte{16}, good[17:]...)...), "24 or 32 bits", 16},
		{"short pixels", good[:len(good)-1], "16 bytes of pixels from offset 18", int64(len(good) - 1)},
		{"run too long", []byte{0, 0, 10, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 24, 0, 0x81, 1, 2, 3}, "a run within the image's 1 pixels", 18},
	} {
		_, err := model.DecodeTGA(c.data)
		var be *bin.Error
		if err == nil || !strings.Contains(err.Error(), c.want) || !errors.As(err, &be) || be.Offset != c.at {
			t.Errorf("%s: error %v, want %q at offset %d", c.name, err, c.want, c.at)
		}
	}
}

// The archive finds files by path whatever their case and separators,
// reads models and textures, and refuses what it cannot read by name.
func TestData(t *testing.T) {
	box := kpftest.Box("Textures/Crate.TGA", [3]float32{0, 0, 0}, [3]float32{1, 2, 3})
	archive := kpftest.Archive(map[string][]byte{
		"models/mapstatic/crate.kmesh": box,
		"textures/crate.tga":           kpftest.TGA(checker()),
		"models/broken.kmesh":          []byte("model {"),
	})
	d, err := model.ReadData(bytes.NewReader(archive), int64(len(archive)))
	if err != nil {
		t.Fatal(err)
	}
	if d.Len() != 3 {
		t.Errorf("%d files, want 3", d.Len())
	}
	m, err := d.Model(`Models\MapStatic\crate.kmesh`)
	if err != nil {
		t.Fatal(err)
	}
	tex, err := d.Texture(m.Surfaces[0].Texture)
	if err != nil || !bytes.Equal(tex.Pix, checker().Pix) {
		t.Errorf("texture %v: %v", m.Surfaces[0].Texture, err)
	}
	for p, want := range map[string]string{
		"models/actors/a0000.bin": `models/actors/a0000.bin: a model of format ".bin", which is not read`,
		"models/missing.kmesh":    "models/missing.kmesh: not in game.kpf",
		"models/broken.kmesh":     "models/broken.kmesh: block: offset 7: expected } to close",
	} {
		if _, err := d.Model(p); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", p, err, want)
		}
	}
	if _, err := model.ReadData(bytes.NewReader(box), int64(len(box))); err == nil {
		t.Error("a kmesh read as an archive")
	}
	if _, err := model.OpenData(t.TempDir()); err == nil {
		t.Error("a folder without game.kpf opened")
	}
	dir := kpftest.Folder(t, map[string][]byte{"a.kmesh": box})
	d, err = model.OpenData(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.Model("A.KMESH"); err != nil {
		t.Error(err)
	}
}

func sub(a, b [3]float32) [3]float32 { return [3]float32{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func dot(a, b [3]float32) float32    { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func cross(a, b [3]float32) [3]float32 {
	return [3]float32{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

// materials is a material file written here by the grammar of the Kex
// engine's materials (material.cpp): named blocks of samplers and
// settings.
const materials = `// stand-in materials
crate
{
    shader "progs/default.fp"
    sort masked
    sampler "detail" 1 "textures/detail.tga" { filter linear wrap repeat }
    sampler "diffuse" 0 "textures/crate.tga"
    {
        filter nearest
    }
    color_diffuse "1 1 1 1"
}
other { sampler "diffuse" 2 "textures/two.tga" { } }
plain { fullbright }
bad { sampler "diffuse" x "textures/x.tga" { } }
short { sampler "diffuse" 0 }
`

// A material's texture is its sampler of unit 0's, else its first
// sampler's, else none; a material missing or a sampler malformed is an
// error naming the offset.
func TestMaterialTexture(t *testing.T) {
	for name, want := range map[string]string{"crate": "textures/crate.tga", "other": "textures/two.tga", "plain": ""} {
		if got, err := model.MaterialTexture([]byte(materials), name); err != nil || got != want {
			t.Errorf("%s: %q, %v; want %q", name, got, err, want)
		}
	}
	for name, want := range map[string]string{
		"bad":     fmt.Sprintf(`offset %d: expected a number, found "x"`, strings.Index(materials, `x "textures/x`)),
		"short":   fmt.Sprintf(`short: offset %d: expected sampler "PARAM" UNIT "TEXTURE"`, strings.Index(materials, "short {")+8),
		"missing": fmt.Sprintf(`material file: offset %d: expected a block "missing"`, len(materials)),
	} {
		if _, err := model.MaterialTexture([]byte(materials), name); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", name, err, want)
		}
	}
	archive := kpftest.Archive(map[string][]byte{"materials/stand-in.kmat": []byte(materials)})
	d, err := model.ReadData(bytes.NewReader(archive), int64(len(archive)))
	if err != nil {
		t.Fatal(err)
	}
	if got, err := d.Material("Materials/stand-in.kmat@crate"); err != nil || got != "textures/crate.tga" {
		t.Errorf("the archive's crate material: %q, %v", got, err)
	}
	for ref, want := range map[string]string{
		"materials/stand-in.kmat":   "expected FILE@NAME",
		"materials/none.kmat@crate": "materials/none.kmat: not in game.kpf",
		"materials/stand-in.kmat@x": fmt.Sprintf(`materials/stand-in.kmat: material file: offset %d: expected a block "x"`, len(materials)),
	} {
		if _, err := d.Material(ref); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", ref, err, want)
		}
	}
}

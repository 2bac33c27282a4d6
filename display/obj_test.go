package display

import (
	"bufio"
	"bytes"
	"image"
	"image/color"
	"strconv"
	"strings"
	"testing"
)

// readOBJ is a second reader of the .obj text: each face's corners and
// texture coordinates, with its material's name.
func readOBJ(t *testing.T, text []byte) (faces [][3]Vec3, uvs [][3]Vec2, materials []string) {
	t.Helper()
	var vs []Vec3
	var vts []Vec2
	current := ""
	num := func(s string) float64 {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		return f
	}
	index := func(s string, n int) int {
		i, err := strconv.Atoi(s)
		if err != nil || i < 1 || i > n {
			t.Fatalf("index %q of %d", s, n)
		}
		return i - 1
	}
	sc := bufio.NewScanner(bytes.NewReader(text))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		switch f[0] {
		case "v":
			vs = append(vs, Vec3{num(f[1]), num(f[2]), num(f[3])})
		case "vt":
			vts = append(vts, Vec2{num(f[1]), num(f[2])})
		case "usemtl":
			current = f[1]
		case "f":
			var face [3]Vec3
			var uv [3]Vec2
			for k, corner := range f[1:4] {
				parts := strings.Split(corner, "/")
				face[k] = vs[index(parts[0], len(vs))]
				if len(parts) > 1 {
					uv[k] = vts[index(parts[1], len(vts))]
				}
			}
			faces, uvs, materials = append(faces, face), append(uvs, uv), append(materials, current)
		}
	}
	return faces, uvs, materials
}

// TestOBJ: the faces come back from the .obj as they were, in order of
// corners, with texture coordinates scaled to the picture (v up); the
// .mtl gives a textured material its picture and a translucent one its
// dissolve; sprites are left out.
func TestOBJ(t *testing.T) {
	pic := image.NewNRGBA(image.Rect(0, 0, 4, 2))
	l := &List{Textures: []*image.NRGBA{pic},
		Triangles: []Triangle3{
			{A: Vec3{0, 0, 0}, B: Vec3{1, 0, 0}, C: Vec3{0, 1, 0}, Color: color.NRGBA{255, 255, 255, 255}, Texture: 1,
				UV: [3]Vec2{{0, 0}, {4, 0}, {0, 2}}},
			{A: Vec3{1, 0, 0}, B: Vec3{1, 1, 0.5}, C: Vec3{0, 1, 0}, Color: color.NRGBA{0, 0, 255, 128}},
			{A: Vec3{1, 0, 0}, B: Vec3{1, 1, 0.5}, C: Vec3{0, 1, 0}, Color: color.NRGBA{0, 0, 255, 128}, Texture: 9}, // no such picture
		},
		Sprites: []Sprite3{{At: Vec3{5, 5, 5}, Width: 1, Height: 1}}}
	m := l.OBJ("level0")
	faces, uvs, materials := readOBJ(t, m.OBJ)
	if len(faces) != 3 {
		t.Fatalf("%d faces", len(faces))
	}
	for i, f := range faces {
		if want := [3]Vec3{l.Triangles[i].A, l.Triangles[i].B, l.Triangles[i].C}; f != want {
			t.Errorf("face %d: %v, want %v", i, f, want)
		}
	}
	if want := [3]Vec2{{0, 1}, {1, 1}, {0, 0}}; uvs[0] != want {
		t.Errorf("texture coordinates %v, want %v", uvs[0], want)
	}
	if materials[1] != materials[2] || materials[0] == materials[1] {
		t.Errorf("materials %q: the faces of one colour without a picture share one", materials)
	}
	mtl := string(m.MTL)
	if !strings.Contains(mtl, "map_Kd level0_texture1.png") || !strings.Contains(mtl, "d 0.50196") || m.Pictures["level0_texture1.png"] != pic {
		t.Errorf("mtl:\n%s\npictures %v", mtl, m.PictureNames())
	}
	if !bytes.Contains(m.OBJ, []byte("mtllib level0.mtl")) || strings.Count(string(m.OBJ), "\nv ") != 4 {
		t.Errorf("obj:\n%s", m.OBJ)
	}
}

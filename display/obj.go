package display

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"slices"
)

// A Model is a display list's 3D faces as Wavefront files: the .obj
// text, the .mtl text it names, and the pictures of its textured
// materials by the file name the .mtl gives them.
type Model struct {
	OBJ, MTL []byte
	Pictures map[string]*image.NRGBA
}

// material is what the faces of one .obj material share: a texture (0
// for none) and a colour.
type material struct {
	texture TextureID
	color   color.NRGBA
}

// name is the material's name in the files.
func (m material) name() string {
	if m.texture > 0 {
		return fmt.Sprintf("texture%d_%02x%02x%02x%02x", m.texture, m.color.R, m.color.G, m.color.B, m.color.A)
	}
	return fmt.Sprintf("colour_%02x%02x%02x%02x", m.color.R, m.color.G, m.color.B, m.color.A)
}

// OBJ is l's triangles as a Model named name (the .mtl is name.mtl and
// the pictures name_textureN.png), in the 3D view's coordinates (Z up).
// Faces keep their order of corners, so that a one-sided face's front is
// the side the .obj's counterclockwise order shows. A face's material
// is its texture and colour (the game's light on it); a colour's alpha
// below 255 is the material's dissolve. Sprites are left out: they turn
// to face the eye, which a model cannot.
func (l *List) OBJ(name string) Model {
	var obj, mtl bytes.Buffer
	fmt.Fprintf(&obj, "# %d faces\nmtllib %s.mtl\n", len(l.Triangles), name)
	vertex := map[Vec3]int{}
	uv := map[Vec2]int{}
	byMaterial := map[material][]int{}
	var order []material
	for i, t := range l.Triangles {
		for _, p := range []Vec3{t.A, t.B, t.C} {
			if _, ok := vertex[p]; !ok {
				vertex[p] = len(vertex) + 1
				fmt.Fprintf(&obj, "v %g %g %g\n", p.X, p.Y, p.Z)
			}
		}
		m := material{t.Texture, t.Color}
		if l.Texture(t.Texture) == nil {
			m.texture = 0
		}
		if _, ok := byMaterial[m]; !ok {
			order = append(order, m)
		}
		byMaterial[m] = append(byMaterial[m], i)
	}
	for _, m := range order {
		pic := l.Texture(m.texture)
		if pic == nil {
			continue
		}
		w, h := float64(pic.Bounds().Dx()), float64(pic.Bounds().Dy())
		for _, i := range byMaterial[m] {
			for _, c := range l.Triangles[i].UV {
				k := Vec2{c.X / w, 1 - c.Y/h}
				if _, ok := uv[k]; !ok {
					uv[k] = len(uv) + 1
					fmt.Fprintf(&obj, "vt %g %g\n", k.X, k.Y)
				}
			}
		}
	}
	pictures := map[string]*image.NRGBA{}
	for _, m := range order {
		fmt.Fprintf(&obj, "usemtl %s\n", m.name())
		pic := l.Texture(m.texture)
		for _, i := range byMaterial[m] {
			t := l.Triangles[i]
			obj.WriteString("f")
			for k, p := range []Vec3{t.A, t.B, t.C} {
				if pic == nil {
					fmt.Fprintf(&obj, " %d", vertex[p])
					continue
				}
				w, h := float64(pic.Bounds().Dx()), float64(pic.Bounds().Dy())
				fmt.Fprintf(&obj, " %d/%d", vertex[p], uv[Vec2{t.UV[k].X / w, 1 - t.UV[k].Y/h}])
			}
			obj.WriteString("\n")
		}
		c := m.color
		fmt.Fprintf(&mtl, "newmtl %s\nKd %g %g %g\n", m.name(), float64(c.R)/255, float64(c.G)/255, float64(c.B)/255)
		if c.A < 255 {
			fmt.Fprintf(&mtl, "d %g\n", float64(c.A)/255)
		}
		if pic != nil {
			file := fmt.Sprintf("%s_texture%d.png", name, m.texture)
			pictures[file] = pic
			fmt.Fprintf(&mtl, "map_Kd %s\n", file)
		}
		mtl.WriteString("\n")
	}
	return Model{OBJ: obj.Bytes(), MTL: mtl.Bytes(), Pictures: pictures}
}

// PictureNames are m's pictures' file names, sorted.
func (m Model) PictureNames() []string {
	var out []string
	for name := range m.Pictures {
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

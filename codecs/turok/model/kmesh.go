// Package model reads what a Turok EX map's static meshes and actors are
// drawn with from the game's data: kmesh models, the text format of the
// Kex engine's models (svkaiser/TurokEX, renderModel.cpp), their
// textures (TGA or PNG), and the game's data archive game.kpf, a zip
// that holds them by the paths the map names.
package model

import (
	"errors"
	"fmt"
	"image/color"
	"strconv"

	"github.com/levelwright/levelwright/codecs/bin"
)

// Model is a model's geometry: the surfaces of its nodes, each of the
// first variant's group, in model units.
type Model struct {
	Surfaces []Surface
}

// Surface is one section of a model: triangles over its own vertices,
// drawn with a texture, or in Color where it has none.
type Surface struct {
	// Texture is the path of its texture in the game data, "" for none;
	// Material the path of its material, which names its textures, ""
	// for none.
	Texture, Material string
	// Color is the section's rgba, white when it gives none.
	Color     color.NRGBA
	Positions [][3]float32
	// UV are the texture coordinates of the vertices (1 is the
	// texture's width or height), nil when the section gives none.
	UV        [][2]float32
	Triangles [][3]uint16
}

// Bounds is the box of the model's vertices; ok is false for a model
// without any.
func (m *Model) Bounds() (lo, hi [3]float32, ok bool) {
	for _, s := range m.Surfaces {
		for _, p := range s.Positions {
			if !ok {
				lo, hi, ok = p, p, true
				continue
			}
			for k := range p {
				lo[k], hi[k] = min(lo[k], p[k]), max(hi[k], p[k])
			}
		}
	}
	return lo, hi, ok
}

// ParseKMesh reads a kmesh model. Its "model" block holds "nodes", each
// a block of "sections" (directly, or in "groups" chosen by "variants":
// the first variant's group is read); a section gives "texture" or
// "material", "rgba", "numtriangles" and "triangles" (three vertex
// indexes each), and "numvertices" and "vertices" with "xyz" (three
// floats a vertex) and "coords" (two). Other entries are passed over.
// Errors name the byte offset and what was expected there.
func ParseKMesh(data []byte) (*Model, error) {
	top, err := parseText(data)
	if err != nil {
		return nil, err
	}
	model := top.find("model")
	if model == nil || model.block == nil {
		return nil, bin.Errorf(int64(len(data)), "kmesh", `a "model" block`)
	}
	nodes := model.block.find("nodes")
	if nodes == nil || nodes.block == nil {
		return nil, bin.Errorf(int64(model.at), "model", `a "nodes" block`)
	}
	m := &Model{}
	for i, node := range nodes.block.anonymous() {
		sections, err := nodeSections(node)
		if err != nil {
			return nil, fmt.Errorf("node %d: %w", i, err)
		}
		for j, sec := range sections.anonymous() {
			s, err := readSurface(sec)
			if err != nil {
				return nil, fmt.Errorf("node %d: section %d: %w", i, j, err)
			}
			m.Surfaces = append(m.Surfaces, s)
		}
	}
	return m, nil
}

// nodeSections is the block of sections a node draws: its own, or those
// of the group its first variant names (the first group without one).
func nodeSections(node *entry) (*block, error) {
	if s := node.block.find("sections"); s != nil && s.block != nil {
		return s.block, nil
	}
	groups := node.block.find("groups")
	if groups == nil || groups.block == nil {
		return nil, bin.Errorf(int64(node.at), "node", `a "sections" or "groups" block`)
	}
	list := groups.block.anonymous()
	pick := 0
	if v := node.block.find("variants"); v != nil && v.block != nil && len(v.block.entries) > 0 {
		n, err := v.block.entries[0].integer(0, len(list)-1)
		if err != nil {
			return nil, err
		}
		pick = n
	}
	if pick >= len(list) {
		return nil, bin.Errorf(int64(groups.at), "groups", "a group")
	}
	s := list[pick].block.find("sections")
	if s == nil || s.block == nil {
		return nil, bin.Errorf(int64(list[pick].at), "group", `a "sections" block`)
	}
	return s.block, nil
}

// readSurface reads one section.
func readSurface(sec *entry) (Surface, error) {
	s := Surface{Color: color.NRGBA{255, 255, 255, 255}}
	b := sec.block
	var err error
	if s.Texture, err = b.text("texture"); err != nil {
		return s, err
	}
	if s.Material, err = b.text("material"); err != nil {
		return s, err
	}
	if rgba := b.find("rgba"); rgba != nil {
		if len(rgba.values) != 4 {
			return s, bin.Errorf(int64(rgba.at), "rgba", "4 numbers, found %d", len(rgba.values))
		}
		var c [4]uint8
		for k, v := range rgba.values {
			n, err := v.integer(0, 255)
			if err != nil {
				return s, err
			}
			c[k] = uint8(n)
		}
		s.Color = color.NRGBA{c[0], c[1], c[2], c[3]}
	}
	verts := b.find("vertices")
	if verts == nil || verts.block == nil {
		return s, bin.Errorf(int64(sec.at), "section", `a "vertices" block`)
	}
	xyz, err := verts.block.floats("xyz", 3)
	if err != nil {
		return s, err
	}
	nv, err := b.count("numvertices", len(xyz)/3)
	if err != nil {
		return s, err
	}
	for k := 0; k < nv; k++ {
		s.Positions = append(s.Positions, [3]float32{xyz[3*k], xyz[3*k+1], xyz[3*k+2]})
	}
	if verts.block.find("coords") != nil {
		coords, err := verts.block.floats("coords", 2)
		if err != nil {
			return s, err
		}
		if len(coords) != 2*nv {
			return s, bin.Errorf(int64(verts.at), "coords", "%d numbers, 2 for each of %d vertices, found %d", 2*nv, nv, len(coords))
		}
		for k := 0; k < nv; k++ {
			s.UV = append(s.UV, [2]float32{coords[2*k], coords[2*k+1]})
		}
	}
	tris := b.find("triangles")
	if tris == nil || tris.block == nil {
		return s, bin.Errorf(int64(sec.at), "section", `a "triangles" block`)
	}
	if len(tris.block.entries)%3 != 0 {
		return s, bin.Errorf(int64(tris.at), "triangles", "vertex indexes in threes, found %d", len(tris.block.entries))
	}
	if _, err := b.count("numtriangles", len(tris.block.entries)/3); err != nil {
		return s, err
	}
	for k := 0; k+2 < len(tris.block.entries); k += 3 {
		var t [3]uint16
		for j := range t {
			n, err := tris.block.entries[k+j].integer(0, nv-1)
			if err != nil {
				return s, err
			}
			t[j] = uint16(n)
		}
		s.Triangles = append(s.Triangles, t)
	}
	return s, nil
}

// text is the string of the entry key, "" when the block has none.
func (b *block) text(key string) (string, error) {
	e := b.find(key)
	if e == nil {
		return "", nil
	}
	if len(e.values) != 1 || !e.values[0].quoted {
		return "", bin.Errorf(int64(e.at), key, "one quoted path")
	}
	return e.values[0].text, nil
}

// count checks the number the entry key gives against found, what the
// data that follows holds.
func (b *block) count(key string, found int) (int, error) {
	e := b.find(key)
	if e == nil {
		return 0, bin.Errorf(int64(b.at), key, "%q, the number of items", key)
	}
	if len(e.values) != 1 {
		return 0, bin.Errorf(int64(e.at), key, "one number")
	}
	n, err := e.values[0].integer(found, found)
	if err != nil {
		return 0, fmt.Errorf("%s does not match the data: %w", key, err)
	}
	return n, nil
}

// floats are the numbers of the block key, in groups of per.
func (b *block) floats(key string, per int) ([]float32, error) {
	e := b.find(key)
	if e == nil || e.block == nil {
		return nil, bin.Errorf(int64(b.at), key, "a %q block", key)
	}
	out := make([]float32, 0, len(e.block.entries))
	for _, v := range e.block.entries {
		var f float64
		err := errors.New("not a bare value")
		if v.block == nil && v.key == "" && len(v.values) == 1 && !v.values[0].quoted {
			f, err = strconv.ParseFloat(v.values[0].text, 32)
		}
		if err != nil {
			return nil, bin.Errorf(int64(v.at), key, "a number, found %s", v.describe())
		}
		out = append(out, float32(f))
	}
	if len(out)%per != 0 {
		return nil, bin.Errorf(int64(e.at), key, "numbers in groups of %d, found %d", per, len(out))
	}
	return out, nil
}

package model

import (
	"fmt"
	"strings"

	"github.com/levelwright/levelwright/codecs/bin"
)

// MaterialTexture is the texture that the material name of a material
// file draws with, as the Kex engine's materials (material.cpp) give it:
// the file's block name holds samplers, `sampler "PARAM" UNIT "TEXTURE"
// { ... }`, and the texture is that of unit 0 (of the first sampler
// without one); "" for a material without samplers.
func MaterialTexture(data []byte, name string) (string, error) {
	top, err := parseText(data)
	if err != nil {
		return "", err
	}
	mat := top.find(name)
	if mat == nil || mat.block == nil {
		return "", bin.Errorf(int64(len(data)), "material file", "a block %q", name)
	}
	first := ""
	list := mat.block.entries
	for i, e := range list {
		if e.key != "sampler" || e.block != nil || len(e.values) != 0 {
			continue
		}
		if i+3 >= len(list) || !list[i+1].isString() || !list[i+3].isString() {
			return "", bin.Errorf(int64(e.at), name, `sampler "PARAM" UNIT "TEXTURE"`)
		}
		unit, err := list[i+2].integer(0, 255)
		if err != nil {
			return "", err
		}
		texture := list[i+3].values[0].text
		if unit == 0 {
			return texture, nil
		}
		if first == "" {
			first = texture
		}
	}
	return first, nil
}

// isString reports whether e is a bare quoted string.
func (e *entry) isString() bool {
	return e.key == "" && e.block == nil && len(e.values) == 1 && e.values[0].quoted
}

// Material is the texture of the material ref, "FILE@NAME" (a kmesh
// section's material): the texture of material NAME of the material
// file at FILE.
func (d *Data) Material(ref string) (string, error) {
	file, name, ok := strings.Cut(ref, "@")
	if !ok || file == "" || name == "" {
		return "", fmt.Errorf("material %q: expected FILE@NAME", ref)
	}
	return decode(d, file, func(data []byte) (string, error) { return MaterialTexture(data, name) })
}

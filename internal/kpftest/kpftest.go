// Package kpftest makes stand-in Turok EX game data for tests: kmesh
// models and TGA textures written here, by the layouts that
// codecs/turok/model reads, zipped as a game.kpf. None of it is the
// game's own data.
package kpftest

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Box is a kmesh model of one node and one section: the box lo..hi, its
// six faces turned outward, each face's texture coordinates its whole
// texture; texture "" writes none, and one with an @ (FILE@NAME) is
// written as the section's material.
func Box(texture string, lo, hi [3]float32) []byte {
	// The corners: bit 0 picks X, bit 1 Y, bit 2 Z of hi over lo.
	corner := func(i int) [3]float32 {
		c := lo
		for k := range c {
			if i&(1<<k) != 0 {
				c[k] = hi[k]
			}
		}
		return c
	}
	// Each face's corners, counterclockwise seen from outside.
	faces := [6][4]int{{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}}
	var xyz, coords, tris strings.Builder
	for f, face := range faces {
		for k, c := range face {
			p := corner(c)
			fmt.Fprintf(&xyz, "                %g %g %g\n", p[0], p[1], p[2])
			fmt.Fprintf(&coords, "                %d %d\n", k/2, (k+1)/2%2)
		}
		b := 4 * f
		fmt.Fprintf(&tris, "                %d %d %d %d %d %d\n", b, b+1, b+2, b, b+2, b+3)
	}
	tex := ""
	switch {
	case strings.Contains(texture, "@"):
		tex = fmt.Sprintf("                    material = %q\n", texture)
	case texture != "":
		tex = fmt.Sprintf("                    texture = %q\n", texture)
	}
	return fmt.Appendf(nil, `info
{
    bbox = { %g %g %g %g %g %g }
}

model
{
    numnodes = 1
    nodes
    {
        { // node 00
            numchildren = 0
            numsections = 1
            sections
            {
                { // section 00
%s                    rgba = 255 255 255 255
                    numtriangles = 12
                    triangles =
                    {
%s                    }
                    numvertices = 24
                    vertices =
                    {
                        xyz =
                        {
%s                        }
                        coords =
                        {
%s                        }
                    }
                }
            }
        }
    }
}
`, lo[0], lo[1], lo[2], hi[0], hi[1], hi[2], tex, tris.String(), xyz.String(), coords.String())
}

// TGA is img as an uncompressed 32-bit TGA file, rows from the top,
// with 8 alpha bits.
func TGA(img *image.NRGBA) []byte {
	b := img.Bounds()
	head := make([]byte, 18)
	head[2] = 2
	binary.LittleEndian.PutUint16(head[12:], uint16(b.Dx()))
	binary.LittleEndian.PutUint16(head[14:], uint16(b.Dy()))
	head[16], head[17] = 32, 0x28
	out := bytes.NewBuffer(head)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := img.NRGBAAt(x, y)
			out.Write([]byte{c.B, c.G, c.R, c.A})
		}
	}
	return out.Bytes()
}

// Archive is a zip of files, path to content, in the order of their
// paths.
func Archive(files map[string][]byte) []byte {
	var buf bytes.Buffer
	z := zip.NewWriter(&buf)
	for _, p := range slices.Sorted(maps.Keys(files)) {
		w, err := z.Create(p)
		if err == nil {
			_, err = w.Write(files[p])
		}
		if err != nil {
			panic(err) // writing to memory does not fail
		}
	}
	if err := z.Close(); err != nil {
		panic(err)
	}
	return buf.Bytes()
}

// Folder is a new temporary game folder holding game.kpf, the archive
// of files.
func Folder(t testing.TB, files map[string][]byte) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "game.kpf"), Archive(files), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

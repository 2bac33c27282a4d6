package marathon

import (
	"fmt"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
)

// PaletteTextures are every texture of the level's collections in the
// Shapes file, used or not, grouped by collection: its environment's
// walls, its landscape, then any other collection its surfaces use; each
// is a shape descriptor (colour table 0) named by collection and shape
// ("Water 12"). None without a Shapes file.
func (f *session) PaletteTextures(level int) []game.PaletteTexture {
	if f.gfx == nil || level < 0 || level >= len(f.d.Levels) || f.d.Levels[level] == nil {
		return nil
	}
	var out []game.PaletteTexture
	for _, c := range paletteCollections(f.d.Levels[level]) {
		col := f.gfx.file.Collections[c]
		if col == nil {
			continue
		}
		for shape := range min(len(col.Frames), 1<<shapeBits) {
			d := uint16(c<<shapeBits | shape)
			if p := f.gfx.picture(d); p != nil {
				out = append(out, game.PaletteTexture{Key: int(d), Name: textureName(d), Group: collectionName(c), Picture: p})
			}
		}
	}
	return out
}

// paletteCollections are the collections of l's environment
// (levelCollections), then the other collections of the textures its
// polygons and sides show, in order of number.
func paletteCollections(l *codec.Level) []int {
	out := levelCollections(l)
	var used []int
	l.SurfaceTextures(func(d uint16) {
		if c, _, _ := descriptor(d); d != codec.None && !slices.Contains(out, c) {
			used = append(used, c)
		}
	})
	slices.Sort(used)
	return append(out, slices.Compact(used)...)
}

// ApplyTexture sets texture key on a surface of r, as one undo step: on
// a polygon its floor, or its ceiling when the map shows ceiling
// textures or (in 3D) the point hit is nearer the ceiling; on a side the
// surface whose heights hold the point hit (the primary one in the map).
// A landscape texture sets the surface's landscape transfer mode, and a
// wall texture on a landscape surface sets it back to normal. A key that
// is not a texture of the Shapes file is refused.
func (f *session) ApplyTexture(h game.Host, r document.Ref, hit *display.Vec3, key int) error {
	d, err := f.paintable(key)
	if err != nil {
		return err
	}
	if r.Level < 0 || r.Level >= len(f.d.Levels) || f.d.Levels[r.Level] == nil {
		return fmt.Errorf("level %d: no such level", r.Level)
	}
	l := f.d.Levels[r.Level]
	switch r.Kind {
	case mdoc.KindPolygon:
		if r.Index < 0 || r.Index >= len(l.Polygons) {
			return fmt.Errorf("polygon %d: the level has %d", r.Index, len(l.Polygons))
		}
		p := l.Polygons[r.Index]
		ceiling := hit == nil && h.Scene() != nil && h.Scene().ModeName() == ceilingMode ||
			hit != nil && abs(hit.Z-float64(p.CeilingHeight)) < abs(hit.Z-float64(p.FloorHeight))
		return f.d.EditPolygons(r.Level, []int{r.Index}, func(p *codec.Polygon) {
			if ceiling {
				p.CeilingTexture, p.CeilingTransfer = d, transferFor(d, p.CeilingTransfer)
			} else {
				p.FloorTexture, p.FloorTransfer = d, transferFor(d, p.FloorTransfer)
			}
		})
	case mdoc.KindSide:
		if r.Index < 0 || r.Index >= len(l.Sides) {
			return fmt.Errorf("side %d: the level has %d", r.Index, len(l.Sides))
		}
		which := f.surfaceAt(l, r.Index, hit)
		return f.d.EditSides(r.Level, []int{r.Index}, func(s *codec.Side) {
			texture, transfer := &s.Primary.Texture, &s.PrimaryTransfer
			switch which {
			case secondarySurface:
				texture, transfer = &s.Secondary.Texture, &s.SecondaryTransfer
			case transparentSurface:
				texture, transfer = &s.Transparent.Texture, &s.TransparentTransfer
			}
			*texture, *transfer = d, transferFor(d, *transfer)
		})
	}
	return fmt.Errorf("a %s has no texture: choose a polygon or a side", r.Kind)
}

// paintable is palette key as a texture of the Shapes file, or why it
// cannot paint a surface.
func (f *session) paintable(key int) (uint16, error) {
	if err := descriptorKey(key); err != nil {
		return 0, err
	}
	d := uint16(key)
	if _, ok := f.gfx.bitmapOf(d); !ok {
		return 0, fmt.Errorf("%s is not a texture of the Shapes file; set one in Settings", textureName(d))
	}
	return d, nil
}

// descriptorKey reports a palette key that is no shape descriptor.
func descriptorKey(key int) error {
	if key < 0 || key > 0xffff || !codec.ValidTexture(uint16(key)) || uint16(key) == codec.None {
		return fmt.Errorf("texture %d is not a shape descriptor (collection 0 to %d, shape 0 to 255)", key, codec.Collections-1)
	}
	return nil
}

// surfaceAt is the surface of side i that holds the point hit: the first
// of its surfaces (primary, secondary, transparent) whose heights hold
// hit's; the primary one without a point or when none does.
func (f *session) surfaceAt(l *codec.Level, i int, hit *display.Vec3) surfaceName {
	w, ok := sideEdge(l, i)
	if hit == nil || !ok {
		return primarySurface
	}
	for _, part := range sideParts(l.Sides[i], l.Lines[w.line], l.Polygons[w.polygon]) {
		if hit.Z >= part.bottom && hit.Z <= part.top {
			return part.which
		}
	}
	return primarySurface
}

// transferFor is the transfer mode a surface drawn with transfer mode t
// takes with texture d: landscape for a landscape collection's texture,
// normal for another texture on a landscape surface, else t.
func transferFor(d uint16, t int16) int16 {
	c, _, _ := descriptor(d)
	switch {
	case c >= firstLandscapeCollection && c < firstLandscapeCollection+len(landscapeNames):
		return xferLandscape
	case landscape(t):
		return 0
	}
	return t
}

func abs(v float64) float64 { return max(v, -v) }

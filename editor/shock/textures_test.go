package shock

import (
	"bytes"
	"fmt"
	"image"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	sdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/scenetest"
	"github.com/levelwright/levelwright/internal/shockdata"
)

// derelictWithData opens the Derelict's archive, with the stand-in game data and
// the mission's own strings and textures beside it.
func derelictWithData(t *testing.T) (*sdoc.Document, *sdoc.GameData) {
	path := corpus.Path(t, "shock", "derelict", "archive.dat")
	d, err := sdoc.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := sdoc.LoadGameData(shockdata.Dir(), filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	return d, g
}

// TestTextureThroughLevelList: a tile's texture slot is drawn with the
// texture its level's list names, at each size the game has, the
// largest there is for a size a texture lacks; a slot past the list,
// or in cyberspace, has no picture.
func TestTextureThroughLevelList(t *testing.T) {
	_, g := derelictWithData(t)
	// 187 and 29 are the mission's, at every size; 30 is the stand-in's,
	// at 32x32 only.
	l := &codec.Level{Textures: []uint16{30, 187, 29}}
	for _, size := range codec.TextureSizes {
		for slot, n := range l.Textures {
			got, ok := slotTexture(g, l, slot, size)
			want, _ := g.TextureAt(int(n), size)
			if !ok || got != want {
				t.Errorf("slot %d at %d: %v, want texture %d's picture", slot, size, got, n)
			}
			wantSize := size
			if n == 30 {
				wantSize = 32
			}
			if got.Bounds() != image.Rect(0, 0, wantSize, wantSize) {
				t.Errorf("slot %d (texture %d) at %d is %v, want %dx%[4]d", slot, n, size, got.Bounds(), wantSize)
			}
		}
	}
	if img, ok := slotTexture(g, l, 3, 32); ok {
		t.Errorf("a slot past the list has the picture %v", img.Bounds())
	}
	cyber := &codec.Level{Textures: l.Textures, Info: codec.MapInfo{Cyberspace: 1}}
	if _, ok := slotTexture(g, cyber, 1, 32); ok {
		t.Error("a cyberspace tile's colour was taken for a texture slot")
	}
}

// TestShadeLight: a shade keeps (16 - shade)/16 of a texel's colour, from
// full light at 0 to a sixteenth at 15.
func TestShadeLight(t *testing.T) {
	for _, tt := range []struct{ shade, want int }{{0, 255}, {1, 239}, {8, 128}, {15, 16}, {-1, 255}, {16, 16}} {
		c := shadeLight(tt.shade)
		if int(c.R) != tt.want || c.G != c.R || c.B != c.R || c.A != 255 {
			t.Errorf("shade %d: %v, want grey %d", tt.shade, c, tt.want)
		}
	}
}

// TestFloorUV: each corner of a tile gets the texture corner the game
// gives it at each rotation (its table of floor points' texture
// coordinates, pt_uv, for the corner points), one texture to the tile.
func TestFloorUV(t *testing.T) {
	const x, y, size = 5, 7, 64
	// SW, NW, NE, SE; then by rotation, the texture corner at each.
	corners := []display.Vec2{{X: x, Y: y}, {X: x, Y: y + 1}, {X: x + 1, Y: y + 1}, {X: x + 1, Y: y}}
	want := [4][4]display.Vec2{
		{{X: 0, Y: 1}, {X: 0, Y: 0}, {X: 1, Y: 0}, {X: 1, Y: 1}},
		{{X: 1, Y: 1}, {X: 0, Y: 1}, {X: 0, Y: 0}, {X: 1, Y: 0}},
		{{X: 1, Y: 0}, {X: 1, Y: 1}, {X: 0, Y: 1}, {X: 0, Y: 0}},
		{{X: 0, Y: 0}, {X: 1, Y: 0}, {X: 1, Y: 1}, {X: 0, Y: 1}},
	}
	for rot := range 4 {
		uv := floorUV(x, y, rot, size)
		for k, p := range corners {
			if got, w := uv.Map(p), (display.Vec2{X: want[rot][k].X * size, Y: want[rot][k].Y * size}); got != w {
				t.Errorf("rotation %d corner %d: texel %v, want %v", rot, k, got, w)
			}
		}
	}
}

// TestSpriteSize: an object's picture stands at the object's position
// and height, a tile for each 96 of its pixels; an object without a
// picture is a triangle of its class colour.
func TestSpriteSize(t *testing.T) {
	if w, h := spriteSize(96, 48); w != 1 || h != 0.5 {
		t.Errorf("a 96x48 picture is %gx%g tiles, want 1x0.5", w, h)
	}
	d, g := derelictWithData(t)
	l := d.Archive.Levels[1]
	s := levelScene(l, 1, g)
	unit := heightUnit(l)
	sprites, markers := 0, 0
	for _, sp := range s.List.Sprites {
		r, ok := s.Ref(sp.ID)
		if !ok || r.Kind != sdoc.KindObject {
			t.Fatalf("a sprite of %v", r)
		}
		o := l.Objects[r.Index]
		i, _ := codec.TypeIndex(int(o.Class), int(o.Subclass), int(o.Type))
		w, h := shockdata.ObjectFrameSize(i, 0)
		at := display.Vec3{X: float64(o.X) / 256, Y: float64(o.Y) / 256, Z: float64(o.Z) / 8 * unit}
		if sp.Width != float64(w)/96 || sp.Height != float64(h)/96 || sp.At != at || s.List.Texture(sp.Texture) == nil {
			t.Errorf("object %d: sprite %gx%g at %v, texture %d; want %gx%g at %v", r.Index, sp.Width, sp.Height, sp.At,
				sp.Texture, float64(w)/96, float64(h)/96, at)
		}
		sprites++
	}
	for _, tri := range s.List.Triangles {
		if r, ok := s.Ref(tri.ID); ok && r.Kind == sdoc.KindObject {
			o := l.Objects[r.Index]
			i, _ := codec.TypeIndex(int(o.Class), int(o.Subclass), int(o.Type))
			if !shockdata.EmptyPicture(i) || tri.Color != shockClassColors[o.Class] {
				t.Errorf("object %d (type %d) is a triangle of %v", r.Index, i, tri.Color)
			}
			markers++
		}
	}
	if sprites == 0 || markers == 0 {
		t.Errorf("%d sprites and %d triangles of objects, want some of each", sprites, markers)
	}
}

// TestTextureModes: with the game's data the texture modes draw each
// open tile's floor (or ceiling) texture through the level's list,
// turned by its rotation and in the light of its shade, and texture the
// floors, ceilings and walls in 3D; without it they colour tiles by
// texture number, and their legend says to set the data folder.
func TestTextureModes(t *testing.T) {
	d, g := derelictWithData(t)
	l := d.Archive.Levels[1]
	for _, data := range []*sdoc.GameData{g, nil} {
		s := levelScene(l, 1, data)
		for _, m := range []struct {
			name string
			sf   surface
		}{{"Texture", floorSurface}, {ceilingTextureMode, ceilingSurface}} {
			if err := s.SetMode(m.name); err != nil {
				t.Fatal(err)
			}
			legend := s.Mode().Legend
			if says := strings.Contains(legend.Title, "set the data folder in Settings"); says != (data == nil) {
				t.Errorf("%s, data %v: legend %q", m.name, data != nil, legend.Title)
			}
			for _, p := range s.List.Polygons {
				r, _ := s.Ref(p.ID)
				tile := l.Tiles[r.Index]
				x, y := r.Index%int(l.Info.Width), r.Index/int(l.Info.Width)
				n := int(l.Textures[m.sf.slot(tile)])
				if data == nil {
					if p.Texture != 0 || p.Fill != scene.PaletteColor(n) {
						t.Fatalf("%s without data: tile %d drawn %v, texture %d; want texture %d's colour", m.name, r.Index, p.Fill, p.Texture, n)
					}
					continue
				}
				want, _ := g.TextureAt(n, 0)
				img := s.List.Texture(p.Texture)
				if img == nil || !bytes.Equal(img.Pix, toNRGBA(want).Pix) || p.Fill != shadeLight(m.sf.shade(tile)) ||
					p.UV != floorUV(x, y, m.sf.rotation(tile), float64(want.Bounds().Dx())) {
					t.Fatalf("%s: tile %d drawn with texture %d, fill %v, uv %+v; want texture %d", m.name, r.Index, p.Texture, p.Fill, p.UV, n)
				}
			}
			textured := 0
			for _, tri := range s.List.Triangles {
				if tri.Texture != 0 {
					textured++
				}
			}
			if (textured > 0) != (data != nil) {
				t.Errorf("%s, data %v: %d textured faces in 3D", m.name, data != nil, textured)
			}
		}
	}
}

// toNRGBA is img as the scene keeps it.
func toNRGBA(img image.Image) *image.NRGBA {
	s := scene.New(&shockLevel{l: &codec.Level{}}, false)
	return s.List.Texture(s.Texture(0, func() image.Image { return img }))
}

// TestTexturedGolden draws the Derelict's level 1 textured, in 2D and
// 3D, with the stand-in palette and pictures and the mission's own
// textures.
func TestTexturedGolden(t *testing.T) {
	d, g := derelictWithData(t)
	s := levelScene(d.Archive.Levels[1], 1, g)
	if err := s.SetMode("Texture"); err != nil {
		t.Fatal(err)
	}
	scenetest.Renders(t, "shock-derelict-level1-textured", s)
}

// modeHost is a host whose map shows a scene, for ApplyTexture.
type modeHost struct {
	game.Host
	s *scene.Scene
}

func (h modeHost) Scene() *scene.Scene { return h.s }

// TestApplyTexture: the palette offers the level's list with the
// pictures, and applying a texture sets one surface of one tile as one
// step: the floor in the map, the ceiling in the Ceiling texture mode,
// and in 3D the surface hit; a slot the surface cannot name makes no
// step and changes no byte.
func TestApplyTexture(t *testing.T) {
	d, g := derelictWithData(t)
	f := &session{d: d, data: g}
	l := d.Archive.Levels[1]
	textures := f.PaletteTextures(1)
	if len(textures) != len(l.Textures) {
		t.Fatalf("the palette has %d textures, want the level's %d", len(textures), len(l.Textures))
	}
	for i, p := range textures {
		n := int(l.Textures[i])
		want, _ := g.TextureAt(n, 0)
		if p.Key != i || p.Picture != want || p.Group != fmt.Sprintf("%dx%d", want.Bounds().Dx(), want.Bounds().Dy()) ||
			p.Name != g.TextureName(n) && p.Name != fmt.Sprintf("Texture %d (id %d)", i, n) {
			t.Errorf("palette entry %d: %+v, want slot %d, texture %d", i, p, i, n)
		}
	}
	if got := (&session{d: d}).PaletteTextures(1); got != nil {
		t.Errorf("without game data the palette has %d textures", len(got))
	}

	w := int(l.Info.Width)
	tile := -1
	for i, tl := range l.Tiles {
		if tl.Shape == codec.ShapeOpen && 32-tl.CeilingHeight()-tl.FloorHeight() >= 4 && tl.Flags&codec.FlagUseAdjacent == 0 {
			tile = i
			break
		}
	}
	x, y := float64(tile%w), float64(tile/w)
	floor, ceiling := l.Tiles[tile].CornerHeights()
	unit := heightUnit(l)
	r := document.Ref{Level: 1, Kind: sdoc.KindTile, Index: tile}
	map3D := levelScene(l, 1, g)
	ceilings := levelScene(l, 1, g)
	if err := ceilings.SetMode(ceilingTextureMode); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name  string
		s     *scene.Scene
		hit   *display.Vec3
		field sdoc.TileField
	}{
		{"map", map3D, nil, sdoc.FloorTexture},
		{"map of ceilings", ceilings, nil, sdoc.CeilingTexture},
		{"floor hit", map3D, &display.Vec3{X: x + 0.3, Y: y + 0.6, Z: floor[0] * unit}, sdoc.FloorTexture},
		{"ceiling hit", map3D, &display.Vec3{X: x + 0.5, Y: y + 0.5, Z: ceiling[0] * unit}, sdoc.CeilingTexture},
		{"wall hit", map3D, &display.Vec3{X: x + 1, Y: y + 0.5, Z: (floor[0] + 2) * unit}, sdoc.WallTexture},
	} {
		key := (tt.field.Get(l.Tiles[tile]) + 1) % 8
		before, _ := d.History.Steps()
		if err := f.ApplyTexture(modeHost{s: tt.s}, r, tt.hit, key); err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		after, _ := d.History.Steps()
		if got := tt.field.Get(l.Tiles[tile]); got != key || after != before+1 {
			t.Errorf("%s: %s is %d after %d steps, want %d after one", tt.name, tt.field, got, after-before, key)
		}
		for _, other := range []sdoc.TileField{sdoc.FloorTexture, sdoc.CeilingTexture, sdoc.WallTexture} {
			if other == tt.field {
				continue
			}
			if _, err := d.History.Undo(); err != nil {
				t.Fatal(err)
			}
			was := other.Get(l.Tiles[tile])
			if _, err := d.History.Redo(); err != nil {
				t.Fatal(err)
			}
			if other.Get(l.Tiles[tile]) != was {
				t.Errorf("%s: %s changed too", tt.name, other)
			}
		}
	}

	bytesBefore, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	before, _ := d.History.Steps()
	if err := f.ApplyTexture(modeHost{s: map3D}, r, nil, 32); err == nil || !strings.Contains(err.Error(), "floor texture") {
		t.Errorf("floor slot 32: %v, want a refusal naming the floor texture", err)
	}
	const onObject = "textures go on tiles, not on the object clicked"
	if err := f.ApplyTexture(modeHost{s: map3D}, document.Ref{Level: 1, Kind: sdoc.KindObject, Index: 1}, nil, 1); err == nil || err.Error() != onObject {
		t.Errorf("a texture applied to an object: %v, want %q", err, onObject)
	}
	after, _ := d.History.Steps()
	bytesAfter, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if after != before || !bytes.Equal(bytesBefore, bytesAfter) {
		t.Errorf("refused textures made %d steps, changed bytes %v", after-before, !bytes.Equal(bytesBefore, bytesAfter))
	}
}

// TestGameDataSummary: the Settings say what each file of the data
// folder gave, and with files missing, what goes without each and what
// to point at.
func TestGameDataSummary(t *testing.T) {
	g, err := sdoc.LoadGameData(shockdata.Dir())
	full := gameDataSummary(g, err)
	for _, want := range []string{
		fmt.Sprintf("CYBSTRNG.RES: %d object names, %d texture names", codec.NumObjectTypes, shockdata.NumTextures),
		"gamepal.res: the palette",
		fmt.Sprintf("texture.res: %d textures (%[1]d at 32x32)", shockdata.NumTextures),
		"textprop.dat: the properties of",
		"objart.res: ",
		" object pictures",
	} {
		if !strings.Contains(full, want) {
			t.Errorf("the stand-in folder's summary %q does not say %q", full, want)
		}
	}
	if strings.Contains(full, "no ") || strings.Contains(full, "Point at") {
		t.Errorf("the stand-in folder's summary %q says files are missing", full)
	}
	g, err = sdoc.LoadGameData(t.TempDir())
	empty := gameDataSummary(g, err)
	for _, f := range dataFiles {
		if !strings.Contains(empty, "no "+f.name+": "+f.without) {
			t.Errorf("the empty folder's summary %q does not say what goes without %s", empty, f.name)
		}
	}
	if !strings.HasSuffix(empty, "Point at the game's DATA folder, which holds all of these files.") {
		t.Errorf("the empty folder's summary %q does not say what to point at", empty)
	}
}

// TestValleyMeetsItsNeighbours: on the Derelict's level 3, the valley SW
// at (22,22) (floor 15, slope 1, floor only) meets its neighbours' floors
// at both corners of its south, east and north sides, as the level's
// builder laid it out: a slope rising east to the south, flat floors at
// 16 to the east and north (its west side is a step up to 20).
func TestValleyMeetsItsNeighbours(t *testing.T) {
	d, _ := derelictWithData(t)
	l := d.Archive.Levels[3]
	if l == nil {
		t.Fatal("the Derelict has no level 3")
	}
	const x, y = 22, 22
	if tile := l.Tile(x, y); tile.Shape != codec.ShapeValleySW || tile.Slope != 1 {
		t.Fatalf("tile (%d,%d) is a %s sloping %d, want the valley SW sloping 1", x, y, codec.ShapeNames[tile.Shape], tile.Slope)
	}
	floor, _ := l.Tile(x, y).CornerHeights()
	for side, n := range neighbours[:3] {
		other, _ := l.Tile(x+n[0], y+n[1]).CornerHeights()
		for _, c := range []int{side, (side + 1) % 4} {
			facing := 3 - c // across a south or north side
			if side%2 == 1 {
				facing = c ^ 1 // across an east or west side
			}
			if floor[c] != other[facing] {
				t.Errorf("side %d: the valley's corner %d is at %v, its neighbour's at %v", side, c, floor[c], other[facing])
			}
		}
	}
}

// TestWallUV: a wall shows its tile's wall texture once across, its left
// edge at the wall's left as seen from inside the tile unless the flip
// bits turn it, a tile high, counted down from the level's top and moved
// down by the texture offset, in the mean light of the floor and ceiling
// shades.
func TestWallUV(t *testing.T) {
	g, err := sdoc.LoadGameData(shockdata.Dir())
	if err != nil {
		t.Fatal(err)
	}
	const x, y, offset = 28, 28, 3 // the new room's south-west corner: walls south and west
	for _, tt := range []struct {
		flags               uint32
		southFlip, westFlip bool
	}{
		{0, false, false},
		{flagWallFlip, true, true},
		{flagWallParity, false, true}, // south is wall code 2, west 3: 28+28+3 is odd
	} {
		l := codec.NewLevel(1)
		tile := l.Tile(x, y)
		tile.Flags = tt.flags
		tile.SetFlagField(codec.FlagOffsetMask, offset)
		tile.SetFlagField(codec.FlagFloorShade, 4)
		tile.SetFlagField(codec.FlagCeilingShade, 8)
		s := levelScene(l, 1, g)
		if err := s.SetMode("Texture"); err != nil {
			t.Fatal(err)
		}
		const size = 32 // texture 1's stand-in
		// floor 4, ceiling 32-16: v = (32 - h + offset) * size / 8
		vFloor, vCeiling := float64(32-4+offset)*size/8, float64(32-16+offset)*size/8
		light := uint8((int(shadeLight(4).R) + int(shadeLight(8).R)) / 2)
		for _, wall := range []struct {
			name string
			a, b display.Vec2 // the wall's right and left ends, seen from inside
			flip bool
		}{
			{"south", display.Vec2{X: x, Y: y}, display.Vec2{X: x + 1, Y: y}, tt.southFlip},
			{"west", display.Vec2{X: x, Y: y + 1}, display.Vec2{X: x, Y: y}, tt.westFlip},
		} {
			ua, ub := float64(size), 0.0
			if wall.flip {
				ua, ub = ub, ua
			}
			want := map[display.Vec3]display.Vec2{
				{X: wall.a.X, Y: wall.a.Y, Z: 0.5}: {X: ua, Y: vFloor}, {X: wall.b.X, Y: wall.b.Y, Z: 0.5}: {X: ub, Y: vFloor},
				{X: wall.a.X, Y: wall.a.Y, Z: 2}: {X: ua, Y: vCeiling}, {X: wall.b.X, Y: wall.b.Y, Z: 2}: {X: ub, Y: vCeiling},
			}
			faces := 0
			for _, tri := range s.List.Triangles {
				pts := [3]display.Vec3{tri.A, tri.B, tri.C}
				if tri.Texture == 0 || !slices.ContainsFunc(pts[:], func(p display.Vec3) bool { return p.Z != pts[0].Z }) {
					continue
				}
				if _, ok := want[pts[0]]; !ok {
					continue
				}
				if _, ok := want[pts[1]]; !ok {
					continue
				}
				faces++
				for i, p := range pts {
					if tri.UV[i] != want[p] || tri.Color.R != light {
						t.Errorf("flags %#x %s wall: %v at texel %v in light %d, want %v in %d", tt.flags, wall.name, p, tri.UV[i], tri.Color.R, want[p], light)
					}
				}
			}
			if faces != 2 {
				t.Errorf("flags %#x: %d textured faces of the %s wall, want 2", tt.flags, faces, wall.name)
			}
		}
	}
}

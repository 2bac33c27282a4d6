package shock

import (
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/codecs/lgres"
	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/shockdata"
)

// TestGameDataCorpusTextures: every texture chunk of the Derelict's
// texture.res, at each size it has, loads at its stated size with the
// file's own pixels, and replaces the game's texture at every size.
func TestGameDataCorpusTextures(t *testing.T) {
	path := corpus.Path(t, "shock", "derelict", "texture.res")
	g, err := LoadGameData(shockdata.Dir(), filepath.Dir(path))
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	res, err := lgres.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int]int{} // size → pictures checked
	mission := map[int]bool{}
	for _, c := range res.Chunks {
		size, n, ok := codec.TextureChunk(c.ID)
		if !ok {
			continue
		}
		blocks, err := c.Blocks()
		if err != nil {
			t.Fatal(err)
		}
		for i, b := range blocks {
			if len(b) == 0 {
				continue
			}
			num := n
			if n < 0 {
				num = i
			}
			want, err := codec.DecodeBitmap(b, nil)
			if err != nil {
				t.Fatalf("chunk %d block %d: %v", c.ID, i, err)
			}
			img, ok := g.TextureAt(num, size)
			p, paletted := img.(*image.Paletted)
			if !ok || !paletted || p.Rect != image.Rect(0, 0, size, size) || string(p.Pix) != string(want.Pix) {
				t.Errorf("chunk %d block %d: texture %d at %d is %v, want the file's %dx%[4]d picture", c.ID, i, num, size, img, size)
				continue
			}
			seen[size]++
			mission[num] = true
		}
	}
	for _, size := range codec.TextureSizes {
		if seen[size] == 0 {
			t.Errorf("no %dx%[1]d texture in %s", size, path)
		}
	}
	for n := range mission {
		if img, ok := g.TextureAt(n, 0); !ok || img.Bounds().Dx() != 128 {
			t.Errorf("texture %d's largest picture is %v, want the mission's 128x128", n, img)
		}
	}
	// A texture only the game has comes at its one size whatever the size asked.
	for _, size := range []int{0, 16, 32, 128} {
		if img, ok := g.TextureAt(30, size); !ok || img.Bounds().Dx() != 32 {
			t.Errorf("texture 30 asked at %d is %v, want the game's 32x32", size, img)
		}
	}
	var report FileReport
	for _, r := range g.Summary() {
		if r.Path == path {
			report = r
		}
	}
	wantGave := fmt.Sprintf("%d textures (%d at 128x128, %d at 64x64, %d at 32x32, %d at 16x16)", len(mission), seen[128], seen[64], seen[32], seen[16])
	if report.Gave != wantGave || report.Err != nil {
		t.Errorf("the mission's texture.res reports %q, %v; want %q", report.Gave, report.Err, wantGave)
	}
}

// TestGameDataObjectPictures: each type's picture is its first world
// frame, found past the frames of the types before it, whatever their
// frame counts; without objprop.dat there are no pictures, and the
// summary says why.
func TestGameDataObjectPictures(t *testing.T) {
	g, err := LoadGameData(shockdata.Dir())
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ class, subclass, typ int }{
		{codec.ClassGun, 0, 0},
		{codec.ClassGun, 0, 3},
		{codec.ClassSmallStuff, 7, 2},
		{codec.ClassDoor, 4, 9},
		{codec.ClassCritter, 4, 1}, // the last type
	} {
		i, _ := codec.TypeIndex(tt.class, tt.subclass, tt.typ)
		img, ok := g.ObjectPicture(tt.class, tt.subclass, tt.typ)
		p, paletted := img.(*image.Paletted)
		w, h := shockdata.ObjectFrameSize(i, 0)
		if !ok || !paletted || p.Rect != image.Rect(0, 0, w, h) {
			t.Errorf("type %d (%v) has picture %v, want its %dx%d world frame", i, tt, img, w, h)
			continue
		}
		for _, c := range p.Pix {
			if c != shockdata.ObjectColour(i) {
				t.Errorf("type %d's picture has colour %d, want %d", i, c, shockdata.ObjectColour(i))
				break
			}
		}
	}
	if shockdata.ExtraFrames(3) == 0 {
		t.Fatal("the stand-in gives type 3 no extra frames, so this test proves nothing about frame counts")
	}
	if i, _ := codec.TypeIndex(codec.ClassPhysics, 1, 12); !shockdata.EmptyPicture(i) {
		t.Fatalf("the stand-in draws type %d", i)
	}
	if img, ok := g.ObjectPicture(codec.ClassPhysics, 1, 12); ok {
		t.Errorf("a transparent frame is picture %v", img)
	}
	if _, ok := g.ObjectPicture(codec.ClassGun, 9, 0); ok {
		t.Error("a type the game lacks has a picture")
	}

	game := gameFolder(t)
	if err := os.Remove(filepath.Join(game, "objprop.dat")); err != nil {
		t.Fatal(err)
	}
	g, err = LoadGameData(game)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := g.ObjectPicture(codec.ClassGun, 0, 0); ok {
		t.Error("a picture without objprop.dat's frame counts")
	}
	want := fmt.Sprintf("objart.res: %d object pictures; without objprop.dat, which picture is whose is not known", artBlocks())
	if r := g.Summary()[len(g.Summary())-1]; r.String() != want {
		t.Errorf("objart.res alone reports %q, want %q", r, want)
	}
}

// TestGameDataDamagedArt: a damaged picture or texture, damaged frame
// counts, or frame counts that do not fit the pictures are reported
// with the file and the offset, and the rest still loads.
func TestGameDataDamagedArt(t *testing.T) {
	gun0, _ := codec.TypeIndex(codec.ClassGun, 0, 0)
	for _, tt := range []struct {
		name   string
		file   string // the file damaged
		blamed string // the file the error names, when not the one damaged
		damage func(t *testing.T, data []byte) []byte
		want   func(data []byte) string // the error expected, after the path
		// what still works
		gun0Picture, gun1Picture, texture5 bool
	}{
		{
			name: "bitmap type of gun 0's world frame", file: "objart.res",
			damage: func(t *testing.T, data []byte) []byte {
				data[blockAt(t, data, codec.ObjectArtID, 2)+4] = 9
				return data
			},
			want: func(data []byte) string {
				return fmt.Sprintf("chunk 1350 block 2: bitmap: offset %d: expected type 2 (flat) or 4 (run-length), got 9", blockAt(nil, data, codec.ObjectArtID, 2)+4)
			},
			gun1Picture: true, texture5: true,
		},
		{
			name: "bitmap type of texture 5", file: "texture.res",
			damage: func(t *testing.T, data []byte) []byte {
				data[blockAt(t, data, codec.Textures32ID, 5)+4] = 9
				return data
			},
			want: func(data []byte) string {
				return fmt.Sprintf("chunk 77 block 5: bitmap: offset %d: expected type 2 (flat) or 4 (run-length), got 9", blockAt(nil, data, codec.Textures32ID, 5)+4)
			},
			gun0Picture: true, gun1Picture: true,
		},
		{
			name: "texture 5 at the wrong size", file: "texture.res",
			damage: func(t *testing.T, data []byte) []byte {
				at := blockAt(t, data, codec.Textures32ID, 5)
				binary.LittleEndian.PutUint16(data[at+8:], 16)
				return data
			},
			want: func(data []byte) string {
				return fmt.Sprintf("chunk 77 block 5: bitmap: offset %d: expected a 32x32 texture, got 16x32", blockAt(nil, data, codec.Textures32ID, 5)+8)
			},
			gun0Picture: true, gun1Picture: true,
		},
		{
			name: "bitmap type of texture 5, compressed", file: "texture.res",
			damage: func(t *testing.T, data []byte) []byte {
				blocks := textureBlocks(t, data)
				blocks[5][4] = 9
				res := lgres.New()
				if _, err := res.Add(codec.Textures32ID, lgres.TypeImage, lgres.FlagCompound|lgres.FlagLZW, lgres.JoinBlocks(blocks)); err != nil {
					t.Fatal(err)
				}
				return res.Bytes()
			},
			want: func([]byte) string {
				// The block table, then five 32x32 textures before texture 5.
				at := 2 + 4*(shockdata.NumTextures+1) + 5*(28+32*32) + 4
				return fmt.Sprintf("chunk 77 block 5 (offset in the unpacked chunk): bitmap: offset %d: expected type 2 (flat) or 4 (run-length), got 9", at)
			},
			gun0Picture: true, gun1Picture: true,
		},
		{
			name: "short objprop.dat", file: "objprop.dat",
			damage: func(t *testing.T, data []byte) []byte { return data[:100] },
			want: func([]byte) string {
				return "tables: offset 100: expected 17951 bytes (the version, the class tables and 476 common entries), got 100"
			},
			texture5: true,
		},
		{
			name: "objprop.dat giving gun 0 more frames", file: "objprop.dat", blamed: "objart.res",
			damage: func(t *testing.T, data []byte) []byte {
				p, err := codec.DecodeObjProps(data)
				if err != nil {
					t.Fatal(err)
				}
				p.Types[gun0].Common.Bitmap |= 7 << 12
				return p.Encode()
			},
			want: func([]byte) string {
				return fmt.Sprintf("chunk 1350: offset %d: expected %d pictures for objprop.dat's frame counts, got %d",
					artChunkAt(t), artBlocks()+7-shockdata.ExtraFrames(gun0), artBlocks())
			},
			texture5: true,
		},
	} {
		t.Run(tt.name, func(t *testing.T) {
			game := gameFolder(t)
			bad := filepath.Join(game, tt.file)
			data, err := os.ReadFile(bad)
			if err != nil {
				t.Fatal(err)
			}
			data = tt.damage(t, data)
			if err := os.WriteFile(bad, data, 0o644); err != nil {
				t.Fatal(err)
			}
			g, err := LoadGameData(game)
			blamed := bad
			if tt.blamed != "" {
				blamed = filepath.Join(game, tt.blamed)
			}
			want := blamed + ": " + tt.want(data)
			if err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("error %v, want %s", err, want)
			}
			reported := false
			for _, r := range g.Summary() {
				if r.Err != nil && strings.Contains(r.Err.Error(), tt.want(data)) {
					reported = true
				}
			}
			if !reported {
				t.Errorf("the summary %v does not report %s", g.Summary(), tt.want(data))
			}
			if tt.file == "objart.res" {
				want := fmt.Sprintf("objart.res: %d object pictures: ", artBlocks()-1)
				if r := g.Summary()[len(g.Summary())-1]; !strings.HasPrefix(r.String(), want) {
					t.Errorf("objart.res reports %q, want it to start %q", r, want)
				}
			}
			var be *bin.Error
			if !errors.As(err, &be) {
				t.Errorf("error %v has no offset", err)
			}
			if g.ObjectName(codec.ClassGun, 0, 0) != "type 0" || !g.HasPalette() {
				t.Error("the names or the palette did not load")
			}
			for _, c := range []struct {
				what      string
				got, want bool
			}{
				{"gun 0's picture", has(g.ObjectPicture(codec.ClassGun, 0, 0)), tt.gun0Picture},
				{"gun 1's picture", has(g.ObjectPicture(codec.ClassGun, 0, 1)), tt.gun1Picture},
				{"texture 5", has(g.TextureAt(5, 32)), tt.texture5},
				{"texture 6", has(g.TextureAt(6, 32)), true},
			} {
				if c.got != c.want {
					t.Errorf("%s loaded: %v, want %v", c.what, c.got, c.want)
				}
			}
		})
	}
}

// has is whether a picture was found.
func has(_ image.Image, ok bool) bool { return ok }

// artBlocks is how many blocks the stand-in's object art chunk has.
func artBlocks() int {
	n := 1
	for i := range codec.NumObjectTypes {
		n += 3 + shockdata.ExtraFrames(i)
	}
	return n
}

// textureBlocks is the blocks of the 32x32 textures chunk of a
// texture.res.
func textureBlocks(t *testing.T, data []byte) [][]byte {
	res, err := lgres.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	blocks, err := res.Chunk(codec.Textures32ID).Blocks()
	if err != nil {
		t.Fatal(err)
	}
	return blocks
}

// artChunkAt is where the stand-in's object art chunk starts.
func artChunkAt(t *testing.T) int {
	data, err := os.ReadFile(filepath.Join(shockdata.Dir(), "objart.res"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := lgres.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	return int(res.Chunk(codec.ObjectArtID).Offset())
}

// blockAt is the file offset of block i of chunk id in a resource file
// stored raw, or -1 when t is nil and the file does not have it.
func blockAt(t *testing.T, data []byte, id uint16, i int) int {
	res, err := lgres.Parse(data)
	c := (*lgres.Chunk)(nil)
	if err == nil {
		c = res.Chunk(id)
	}
	if c == nil || c.Compressed() {
		if t != nil {
			t.Fatalf("no raw chunk %d: %v", id, err)
		}
		return -1
	}
	return int(c.Offset()) + int(binary.LittleEndian.Uint32(c.Stored()[2+4*i:]))
}

package shock

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/codecs/lgres"
	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/internal/corpus"
)

// writeRes writes an LG resource file of compound string or raw chunks.
func writeRes(t *testing.T, path string, chunks map[uint16][][]byte) {
	t.Helper()
	f := lgres.New()
	for id, blocks := range chunks {
		typ, flags, data := uint8(lgres.TypeString), uint8(lgres.FlagCompound), lgres.JoinBlocks(blocks)
		if id == codec.PaletteID {
			typ, flags, data = lgres.TypePalette, 0, blocks[0]
		}
		if _, err := f.Add(id, typ, flags, data); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(path, f.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// gameFolder makes a stand-in for the game's data folder: every object
// type named "type N", and a palette of greys.
func gameFolder(t *testing.T) string {
	dir := t.TempDir()
	names := make([][]byte, codec.NumObjectTypes)
	for i := range names {
		names[i] = []byte(fmt.Sprintf("type %d\x00", i))
	}
	writeRes(t, filepath.Join(dir, "CYBSTRNG.RES"), map[uint16][][]byte{chunkObjectNames: names})
	pal := make([]byte, 768)
	for i := range pal {
		pal[i] = byte(i / 3)
	}
	writeRes(t, filepath.Join(dir, "gamepal.res"), map[uint16][][]byte{codec.PaletteID: {pal}})
	return dir
}

func TestGameDataLayers(t *testing.T) {
	mission := filepath.Dir(corpus.Path(t, "shock", "derelict", "archive.dat"))
	game := gameFolder(t)

	g, err := LoadGameData(game, mission)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Files) != 4 {
		t.Errorf("read %v, want the game's strings and palette and the mission's strings and textures", g.Files)
	}
	if got := g.ObjectName(codec.ClassGun, 0, 0); got != "type 0" {
		t.Errorf("first gun is %q, want the game's name", got)
	}
	// Derelict renames one plot item, type index 258.
	if got := g.ObjectName(codec.ClassSmallStuff, 7, 2); got != "AUXILIARY STARTER BATTERY" {
		t.Errorf("plot item 2 is %q, want the mission's name", got)
	}
	if g.ObjectName(codec.ClassGun, 9, 0) != "" {
		t.Error("a subclass the game lacks has a name")
	}
	img := g.Texture(29) // one of the mission's own textures
	if img == nil || img.Bounds().Dx() != 32 {
		t.Fatalf("texture 29 is %v, want a 32x32 image", img)
	}
	if g.Texture(30) != nil {
		t.Error("texture 30, which no file holds, has an image")
	}

	// Without the game's palette, the textures load but cannot be drawn.
	alone, err := LoadGameData(mission)
	if err != nil {
		t.Fatal(err)
	}
	if alone.HasPalette() || alone.Texture(29) != nil || alone.NumTextures() != 2 {
		t.Errorf("mission alone: palette %v, texture %v, %d textures; want no palette, no image, 2 textures",
			alone.HasPalette(), alone.Texture(29), alone.NumTextures())
	}
	if alone.ObjectName(codec.ClassGun, 0, 0) != "" {
		t.Error("a name the mission does not have")
	}
}

func TestGameDataBadFile(t *testing.T) {
	game := gameFolder(t)
	bad := filepath.Join(game, "gamepal.res")
	if err := os.WriteFile(bad, []byte("not a resource file"), 0o644); err != nil {
		t.Fatal(err)
	}
	g, err := LoadGameData(game)
	if err == nil || !strings.Contains(err.Error(), bad) {
		t.Fatalf("error %v, want one naming %s", err, bad)
	}
	if g.ObjectName(codec.ClassGun, 0, 0) != "type 0" || g.HasPalette() {
		t.Error("the good file did not load, or the bad one did")
	}
}

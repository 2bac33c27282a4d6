package shock

import (
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

// gameFolder makes a stand-in for the game's data folder that a test
// may change.
func gameFolder(t *testing.T) string {
	dir := t.TempDir()
	if err := shockdata.Write(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestGameDataLayers(t *testing.T) {
	mission := filepath.Dir(corpus.Path(t, "shock", "derelict", "archive.dat"))
	game := shockdata.Dir()

	g, err := LoadGameData(game, mission)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Files) != 8 {
		t.Errorf("read %v, want the game's six files and the mission's strings and textures", g.Files)
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
	// The mission's texture 29 replaces the game's; 30 is the game's.
	for n, mission := range map[int]bool{29: true, 30: false} {
		img, ok := g.Texture(n).(*image.Paletted)
		if !ok || img.Bounds().Dx() != 32 {
			t.Fatalf("texture %d is %v, want a 32x32 image", n, g.Texture(n))
		}
		if game := img.Pix[0] == shockdata.TextureColour(n) && img.Pix[1000] == shockdata.TextureColour(n); game == mission {
			t.Errorf("texture %d: game's %v, want mission's %v", n, game, mission)
		}
	}
	if g.Texture(shockdata.NumTextures) != nil {
		t.Error("a texture that no file holds has an image")
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
	var none *GameData // no game data at all
	for _, g := range []*GameData{alone, none} {
		if got := g.TypeName(codec.ClassGun, 1, 1); got != "automatic gun 1" {
			t.Errorf("unnamed type is %q, want its subclass, class and number", got)
		}
	}
}

// TestGameDataTextureProperties: texture names come from cybstrng.res
// and starfields from textprop.dat, each file saying what it gave; a
// textprop.dat of another version gives nothing and names the version.
func TestGameDataTextureProperties(t *testing.T) {
	game := gameFolder(t)
	g, err := LoadGameData(game)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 39, 40, 79, shockdata.NumTextures - 1} {
		if got := g.TextureName(n); got != shockdata.TextureName(n) {
			t.Errorf("texture %d is named %q, want %q", n, got, shockdata.TextureName(n))
		}
		if got := g.Starfield(n); got != shockdata.Starfield(n) {
			t.Errorf("texture %d: starfield %v, want %v", n, got, shockdata.Starfield(n))
		}
	}
	for n := range shockdata.NumMessages {
		if got := g.Text(codec.TrapText, n); got != shockdata.TrapMessage(n) {
			t.Errorf("trap message %d is %q, want %q", n, got, shockdata.TrapMessage(n))
		}
		if got := g.Text(codec.DoorText, n); got != shockdata.DoorMessage(n) {
			t.Errorf("locked door message %d is %q, want %q", n, got, shockdata.DoorMessage(n))
		}
	}
	if g.Text(codec.TrapText, shockdata.NumMessages) != "" || (*GameData)(nil).Text(codec.DoorText, 0) != "" {
		t.Error("a message that no file holds has a text")
	}
	stars := 0
	for n := range shockdata.NumTextures {
		if shockdata.Starfield(n) {
			stars++
		}
	}
	gave := map[string]string{}
	for _, r := range g.Summary() {
		gave[filepath.Base(r.Path)] = r.Gave
	}
	for file, want := range map[string]string{
		"CYBSTRNG.RES": fmt.Sprintf("%d object names, %d texture names, %d messages", codec.NumObjectTypes, shockdata.NumTextures,
			2*shockdata.NumMessages),
		"textprop.dat": fmt.Sprintf("the properties of %d textures (%d starfields)", shockdata.NumTextures, stars),
	} {
		if gave[file] != want {
			t.Errorf("%s gave %q, want %q", file, gave[file], want)
		}
	}

	bad := filepath.Join(game, "textprop.dat")
	if err := os.WriteFile(bad, []byte{8, 0, 0, 0}, 0o644); err != nil {
		t.Fatal(err)
	}
	g, err = LoadGameData(game)
	if want := bad + ": header: offset 0: expected version 9, got 8"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("error %v, want %q", err, want)
	}
	if g.Starfield(39) {
		t.Error("a textprop.dat of another version gave starfields")
	}
}

// TestGameDataBadFile: a palette file that cannot be used is reported
// with its name, the offset and what was expected there, and the good
// files still load.
func TestGameDataBadFile(t *testing.T) {
	noPalette := lgres.New()
	shortPalette := lgres.New()
	if _, err := shortPalette.Add(codec.PaletteID, lgres.TypePalette, 0, make([]byte, 3)); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		data []byte
		want string
	}{
		{"not a resource file", []byte("not a resource file"), "header: offset 19: expected a 128-byte header"},
		{"no palette chunk", noPalette.Bytes(), "directory: offset 128: expected the palette, chunk 700"},
		{"short palette", shortPalette.Bytes(), "chunk 700: palette: offset 3: expected 768 bytes, got 3"},
	} {
		game := gameFolder(t)
		bad := filepath.Join(game, "gamepal.res")
		if err := os.WriteFile(bad, tt.data, 0o644); err != nil {
			t.Fatal(err)
		}
		g, err := LoadGameData(game)
		var be *bin.Error
		if !errors.As(err, &be) || !strings.Contains(err.Error(), bad+": "+tt.want) {
			t.Errorf("%s: error %v, want one naming %s: %s", tt.name, err, bad, tt.want)
		}
		if g.ObjectName(codec.ClassGun, 0, 0) != "type 0" || g.HasPalette() {
			t.Errorf("%s: the good file did not load, or the bad one did", tt.name)
		}
	}
}

// BenchmarkLoadGameData times reading the game data that opening an
// archive reads, from a stand-in game folder and the Derelict's own.
//
//	go test ./document/shock -run XXX -bench LoadGameData -count 5
func BenchmarkLoadGameData(b *testing.B) {
	mission := filepath.Dir(corpus.Path(b, "shock", "derelict", "archive.dat"))
	game := shockdata.Dir()
	for range b.N {
		if _, err := LoadGameData(game, mission); err != nil {
			b.Fatal(err)
		}
	}
}

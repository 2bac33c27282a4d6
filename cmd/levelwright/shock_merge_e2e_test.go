package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/codecs/lgres"
	codec "github.com/levelwright/levelwright/codecs/shock"
	shockdoc "github.com/levelwright/levelwright/document/shock"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/e2e"
)

// mergeLevel is the Derelict level the test edits.
const mergeLevel = 1

// runBinary runs the binary and returns its exit status and output.
func runBinary(t *testing.T, bin string, args ...string) (int, string) {
	t.Helper()
	out, err := exec.Command(bin, args...).CombinedOutput()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), string(out)
	} else if err != nil {
		t.Fatal(err)
	}
	return 0, string(out)
}

// shockLevel exports mergeLevel of path with the binary.
func shockLevel(t *testing.T, bin, path string) shockdoc.LevelJSON {
	t.Helper()
	out := filepath.Join(t.TempDir(), "level.json")
	if code, text := runBinary(t, bin, "export", path, "--level", "1", "--out", out); code != 0 {
		t.Fatalf("export of %s: exit %d\n%s", path, code, text)
	}
	var lj shockdoc.LevelJSON
	if err := json.Unmarshal(mustReadFile(t, out), &lj); err != nil {
		t.Fatal(err)
	}
	return lj
}

// importShock writes path with mergeLevel edited by edit, through the
// binary's import, and returns the new file's path.
func importShock(t *testing.T, bin, path, name string, edit func(*shockdoc.LevelJSON)) string {
	t.Helper()
	lj := shockLevel(t, bin, path)
	edit(&lj)
	text, err := json.Marshal(lj)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	jsonPath, out := filepath.Join(dir, name+".json"), filepath.Join(dir, name+".dat")
	if err := os.WriteFile(jsonPath, text, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, text := runBinary(t, bin, "import", jsonPath, "--into", path, "--out", out); code != 0 {
		t.Fatalf("import %s: exit %d\n%s", name, code, text)
	}
	return out
}

// noteOf is the text of map note object id in lj.
func noteOf(t *testing.T, lj shockdoc.LevelJSON, id int) string {
	for _, n := range lj.MapNotes {
		if n.Object == id {
			return n.Text
		}
	}
	t.Fatalf("no map note of object %d in %+v", id, lj.MapNotes)
	return ""
}

// TestShockLevelTablesMerge, with the real binary on a copy of the
// Derelict archive: a map note added, level properties, a camera, a
// texture animation and a texture slot edited through `import`; `diff`
// shows each; a three-way merge with changes on both sides carries every
// one, as its re-export shows; merge BASE BASE THEIRS gives THEIRS; and a
// side whose change the export does not carry is refused, naming its
// chunk, with nothing written.
func TestShockLevelTablesMerge(t *testing.T) {
	archive := corpus.Path(t, "shock", "derelict", "archive.dat")
	bin := e2e.Build(t)
	lj := shockLevel(t, bin, archive)
	var trap, camera int
	used := map[int]bool{}
	for _, o := range lj.Objects {
		used[o.Index] = true
		if o.Class == codec.ClassTrap && trap == 0 {
			trap = o.Index
		}
		if o.Class == codec.ClassBigStuff && camera == 0 {
			camera = o.Index
		}
	}
	free := 1
	for used[free] {
		free++
	}
	// BASE: the archive with a map note, added through import.
	base := importShock(t, bin, archive, "base", func(lj *shockdoc.LevelJSON) {
		i := slices.IndexFunc(lj.Objects, func(o shockdoc.ObjectJSON) bool { return o.Index == trap })
		note := lj.Objects[i]
		note.Index, note.Subclass, note.Type, note.X, note.Y, note.Properties = free, 2, 3, 30<<8|128, 33<<8|128, nil
		lj.Objects = append(lj.Objects, note)
		lj.MapNotes = append(lj.MapNotes, shockdoc.MapNoteJSON{Object: free, Text: "STORAGE"})
	})
	baseLevel := shockLevel(t, bin, base)
	noteID := baseLevel.MapNotes[0].Object
	if len(baseLevel.MapNotes) != 1 || noteOf(t, baseLevel, noteID) != "STORAGE" {
		t.Fatalf("base's map notes %+v", baseLevel.MapNotes)
	}

	ours := importShock(t, bin, base, "ours", func(lj *shockdoc.LevelJSON) {
		lj.Properties["gravity"], lj.Properties["radiation_height"] = 1, 9
		lj.Cameras[2].Object = camera
		lj.MapNotes[0].Text = "STORAGE ROOM"
	})
	theirs := importShock(t, bin, base, "theirs", func(lj *shockdoc.LevelJSON) {
		lj.TextureAnims[1].Speed = 321
		lj.Textures[3].Texture = baseLevel.Textures[3].Texture + 1
		lj.Properties["biohazard"] = 7
	})
	for _, c := range []struct {
		side string
		want []string
	}{
		{ours, []string{"level_properties.gravity 0 -> 1", "level_properties.radiation_height 2 -> 9", "cameras 2 changed: object 0 -> ",
			`map_notes 0 changed: text "STORAGE" -> "STORAGE ROOM"`}},
		{theirs, []string{"texture_animations 1 changed: speed", "-> 321", "textures 3 changed: texture " + strconv.Itoa(baseLevel.Textures[3].Texture), "level_properties.biohazard 255 -> 7"}},
	} {
		code, out := runBinary(t, bin, "diff", base, c.side)
		for _, w := range c.want {
			if code != 1 || !strings.Contains(out, w) {
				t.Errorf("diff BASE %s: exit %d, no %q in\n%s", filepath.Base(c.side), code, w, out)
			}
		}
	}

	merged := filepath.Join(t.TempDir(), "merged.dat")
	if code, out := runBinary(t, bin, "merge", base, ours, theirs, "--out", merged); code != 0 {
		t.Fatalf("merge: exit %d\n%s", code, out)
	}
	m := shockLevel(t, bin, merged)
	got := []int{m.Properties["gravity"], m.Properties["radiation_height"], m.Properties["biohazard"], m.Cameras[2].Object,
		m.TextureAnims[1].Speed, m.Textures[3].Texture}
	if want := []int{1, 9, 7, camera, 321, baseLevel.Textures[3].Texture + 1}; !slices.Equal(got, want) || noteOf(t, m, noteID) != "STORAGE ROOM" {
		t.Errorf("merged: gravity, radiation height, biohazard, camera, anim speed, texture %v, want %v; note %q", got, want, noteOf(t, m, noteID))
	}
	if code, out := runBinary(t, bin, "check", merged); code != 0 {
		t.Errorf("check of the merge: exit %d\n%s", code, out)
	}

	same := filepath.Join(t.TempDir(), "same.dat")
	if code, out := runBinary(t, bin, "merge", base, base, theirs, "--out", same); code != 0 || !bytes.Equal(mustReadFile(t, same), mustReadFile(t, theirs)) {
		t.Errorf("merge BASE BASE THEIRS: exit %d, the file is not THEIRS\n%s", code, out)
	}

	// THEIRS with a texture animation's running time changed, which the
	// export shows but does not import.
	f, err := lgres.Parse(mustReadFile(t, theirs))
	if err != nil {
		t.Fatal(err)
	}
	id := codec.ChunkID(mergeLevel, codec.ChunkTextureAnims)
	c := f.Chunk(id)
	data, err := c.Data()
	if err != nil {
		t.Fatal(err)
	}
	data = bytes.Clone(data)
	data[2]++
	if err := c.SetData(data); err != nil {
		t.Fatal(err)
	}
	stale := filepath.Join(t.TempDir(), "stale.dat")
	if err := os.WriteFile(stale, f.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	refused := filepath.Join(t.TempDir(), "refused.dat")
	code, out := runBinary(t, bin, "merge", base, ours, stale, "--out", refused)
	if code != 2 || !strings.Contains(out, "chunk "+strconv.Itoa(int(id))) || !strings.Contains(out, "nothing written") {
		t.Errorf("a change the export does not carry: exit %d\n%s", code, out)
	}
	if _, err := os.Stat(refused); !os.IsNotExist(err) {
		t.Error("a refused merge wrote its file")
	}
}

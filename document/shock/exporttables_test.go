package shock

import (
	"bytes"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/internal/jsontest"
)

// TestImportRefusesLevelTablesThatDoNotFit: text whose level tables do
// not fit the level is refused with a message naming what, and changes
// nothing; tables left out keep the level's.
func TestImportRefusesLevelTablesThatDoNotFit(t *testing.T) {
	d := corpusDocument(t)
	before := mustBytes(t, d)
	lj, err := d.Export(reachLevel)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, want string
		edit       func(*LevelJSON)
	}{
		{"unknown property", `level_properties has no "gravitas"`, func(l *LevelJSON) { l.Properties["gravitas"] = 1 }},
		{"property out of range", "gravity 3 is outside 0-2", func(l *LevelJSON) { l.Properties["gravity"] = 3 }},
		{"texture slot missing", "textures lists 53 entries; the level has 54", func(l *LevelJSON) { l.Textures = l.Textures[1:] }},
		{"texture slot twice", "textures entry 0 appears twice", func(l *LevelJSON) { l.Textures[1].Index = 0 }},
		{"camera not in use", "surveillance screen 0's camera", func(l *LevelJSON) { l.Cameras[0].Object = 870 }},
		{"frame past frames", "current frame", func(l *LevelJSON) { l.TextureAnims[0].CurrentFrame = l.TextureAnims[0].Frames + 1 }},
		{"note of no map note", "names object 1, which objects does not list as a map note",
			func(l *LevelJSON) { l.MapNotes = append(l.MapNotes, MapNoteJSON{Object: 1, Text: "X"}) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			edited := jsontest.RoundTrip(t, lj)
			c.edit(&edited)
			if _, err := d.Import(edited); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("got %v, want %q", err, c.want)
			}
			if !bytes.Equal(mustBytes(t, d), before) {
				t.Error("a refused import changed the file")
			}
		})
	}
	bare := jsontest.RoundTrip(t, lj)
	bare.Properties, bare.Textures, bare.TextureAnims, bare.Cameras, bare.MapNotes = nil, nil, nil, nil, nil
	if rep, err := d.Import(bare); err != nil || rep.Steps != 0 || !bytes.Equal(mustBytes(t, d), before) {
		t.Errorf("text without the level tables: %+v, %v", rep, err)
	}
}

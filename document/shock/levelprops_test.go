package shock

import (
	"bytes"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// levelPropertyBytes are the chunk and byte offsets each property is
// stored at, from the engine's LevelData and FullMap layouts.
var levelPropertyBytes = map[LevelProperty]struct{ chunk, at, size int }{
	Gravity: {codec.ChunkLevelData, 3, 1}, Radiation: {codec.ChunkLevelData, 4, 1}, Biohazard: {codec.ChunkLevelData, 5, 1},
	BiohazardIsGravity: {codec.ChunkLevelData, 6, 1}, BiohazardHeight: {codec.ChunkLevelData, 7, 1},
	RadiationHeight: {codec.ChunkLevelData, 8, 1}, HeightShift: {codec.ChunkMapInfo, 16, 4}, Cyberspace: {codec.ChunkMapInfo, 24, 1},
}

// TestLevelPropertyEditChangesOnlyItsBytes: each property set on each
// corpus level (and a new one) changes its own bytes of its chunk and no
// other byte of the level; undo gives back the chunk.
func TestLevelPropertyEditChangesOnlyItsBytes(t *testing.T) {
	for name, d := range map[string]*Document{"new": newDocument(t), "corpus": corpusDocument(t)} {
		for level, l := range d.Archive.Levels {
			if l == nil {
				continue
			}
			for p := range NumLevelProperties {
				where := levelPropertyBytes[p]
				var before [codec.LastLevelChunk + 1][]byte
				for k := codec.FirstLevelChunk; k <= codec.LastLevelChunk; k++ {
					before[k] = l.EncodeChunk(k)
				}
				_, hi := p.Range()
				value := hi
				if was, _ := d.LevelPropertyValue(level, p); was == hi {
					value = 0
				}
				if p == Cyberspace && value == 0 && tilesFitTextureList(l) != nil {
					// Its colours are past the texture list (TestLeavingCyberspaceNeedsTexturesInTheList).
					if err := d.SetLevelProperty(level, p, value); err == nil {
						t.Errorf("%s level %d left cyberspace with colours past its texture list", name, level)
					}
					continue
				}
				if err := d.SetLevelProperty(level, p, value); err != nil {
					t.Fatalf("%s level %d: %s %d: %v", name, level, p, value, err)
				}
				if got, _ := d.LevelPropertyValue(level, p); got != value {
					t.Errorf("%s level %d: %s is %d after setting %d", name, level, p, got, value)
				}
				for k := codec.FirstLevelChunk; k <= codec.LastLevelChunk; k++ {
					after := l.EncodeChunk(k)
					for i := range max(len(after), len(before[k])) {
						own := k == where.chunk && i >= where.at && i < where.at+where.size
						if !own && (i >= len(after) || i >= len(before[k]) || after[i] != before[k][i]) {
							t.Fatalf("%s level %d: setting %s changed byte %d of chunk %d", name, level, p, i, k)
						}
					}
				}
				if bytes.Equal(l.EncodeChunk(where.chunk), before[where.chunk]) {
					t.Errorf("%s level %d: setting %s to %d changed nothing", name, level, p, value)
				}
				if _, err := d.History.Undo(); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(l.EncodeChunk(where.chunk), before[where.chunk]) {
					t.Errorf("%s level %d: undoing %s does not give back chunk %d", name, level, p, where.chunk)
				}
			}
		}
	}
}

func TestSetLevelPropertyRefusesBadValues(t *testing.T) {
	d := newDocument(t)
	level := firstLevel(d)
	before := mustBytes(t, d)
	short := newDocument(t)
	short.Archive.Levels[firstLevel(short)].LevelData = short.Archive.Levels[firstLevel(short)].LevelData[:5]
	for _, c := range []struct {
		d     *Document
		level int
		p     LevelProperty
		value int
	}{
		{d, level, Gravity, 3}, {d, level, Radiation, 256}, {d, level, Biohazard, -1}, {d, level, BiohazardIsGravity, 2},
		{d, level, HeightShift, 4}, {d, level, Cyberspace, 2}, {d, level, NumLevelProperties, 0}, {d, level + 1, Gravity, 1},
		{short, level, RadiationHeight, 1},
	} {
		if err := c.d.SetLevelProperty(c.level, c.p, c.value); err == nil {
			t.Errorf("level %d %s %d accepted", c.level, c.p, c.value)
		}
	}
	if steps, _ := d.History.Steps(); steps != 0 || !bytes.Equal(mustBytes(t, d), before) {
		t.Errorf("refused edits left %d steps or changed bytes", steps)
	}
	if steps, _ := short.History.Steps(); steps != 0 {
		t.Errorf("a refused edit of a short chunk left %d steps", steps)
	}
}

// TestSetLevelTextureChangesOnlyItsSlot: a slot of the texture list set
// changes its two bytes of chunk 7 and nothing else of the level; bad
// slots and texture numbers are refused with no step.
func TestSetLevelTextureChangesOnlyItsSlot(t *testing.T) {
	d := corpusDocument(t)
	level := firstLevel(d)
	l := d.Archive.Levels[level]
	slot := len(l.Textures) - 1
	var before [codec.LastLevelChunk + 1][]byte
	for k := codec.FirstLevelChunk; k <= codec.LastLevelChunk; k++ {
		before[k] = l.EncodeChunk(k)
	}
	texture := (int(l.Textures[slot]) + 1) % codec.MaxTextures
	if err := d.SetLevelTexture(level, slot, texture); err != nil {
		t.Fatal(err)
	}
	for k := codec.FirstLevelChunk; k <= codec.LastLevelChunk; k++ {
		after := l.EncodeChunk(k)
		for i := range max(len(after), len(before[k])) {
			own := k == codec.ChunkTextures && i/2 == slot
			if changed := i >= len(after) || i >= len(before[k]) || after[i] != before[k][i]; changed && !own {
				t.Fatalf("setting slot %d changed byte %d of chunk %d", slot, i, k)
			}
		}
	}
	if bytes.Equal(l.EncodeChunk(codec.ChunkTextures), before[codec.ChunkTextures]) || int(l.Textures[slot]) != texture {
		t.Errorf("slot %d holds %d, want %d", slot, l.Textures[slot], texture)
	}
	steps, _ := d.History.Steps()
	edited := mustBytes(t, d)
	for _, err := range []error{
		d.SetLevelTexture(level, len(l.Textures), 1),
		d.SetLevelTexture(level, -1, 1),
		d.SetLevelTexture(level, 0, codec.MaxTextures),
		d.SetLevelTexture(level, 0, -1),
	} {
		if err == nil {
			t.Error("a bad texture slot or number was accepted")
		}
	}
	if s, _ := d.History.Steps(); s != steps || !bytes.Equal(mustBytes(t, d), edited) {
		t.Error("refused texture edits left a step or changed bytes")
	}
}

// TestLeavingCyberspaceNeedsTexturesInTheList: a cyberspace level whose
// tiles hold colours past the texture list cannot become a normal one.
func TestLeavingCyberspaceNeedsTexturesInTheList(t *testing.T) {
	d := newDocument(t)
	level := firstLevel(d)
	l := d.Archive.Levels[level]
	if len(l.Textures) >= 64 {
		t.Fatalf("the new level's texture list has %d slots; the test needs fewer than 64", len(l.Textures))
	}
	if err := d.SetLevelProperty(level, Cyberspace, 1); err != nil {
		t.Fatal(err)
	}
	if err := d.SetTiles(level, []Point{{5, 6}}, WallTexture, 63); err != nil {
		t.Fatal(err)
	}
	steps, _ := d.History.Steps()
	if err := d.SetLevelProperty(level, Cyberspace, 0); err == nil {
		t.Fatal("leaving cyberspace with a colour past the texture list was accepted")
	}
	if s, _ := d.History.Steps(); s != steps || l.Info.Cyberspace != 1 {
		t.Error("the refused edit left a step or changed the level")
	}
	if err := d.SetTiles(level, []Point{{5, 6}}, WallTexture, 0); err != nil {
		t.Fatal(err)
	}
	if err := d.SetLevelProperty(level, Cyberspace, 0); err != nil {
		t.Errorf("leaving cyberspace with every texture in the list: %v", err)
	}
}

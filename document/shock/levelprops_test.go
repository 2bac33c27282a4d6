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

package shock

import (
	"bytes"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// textureAnimFieldBytes are each field's bytes within its 7-byte entry.
var textureAnimFieldBytes = [NumTextureAnimFields]struct{ at, size int }{
	AnimSpeed: {0, 2}, AnimCurrentFrame: {4, 1}, AnimFrames: {5, 1}, AnimFlags: {6, 1},
}

// TestTextureAnimEditChangesOnlyItsBytes: each field of each group of the
// corpus's first level, set and undone, changes its own bytes of chunk 42
// and no other byte of the level, in one step.
func TestTextureAnimEditChangesOnlyItsBytes(t *testing.T) {
	d := corpusDocument(t)
	level := firstLevel(d)
	l := d.Archive.Levels[level]
	for group := range l.TextureAnims {
		for f := range NumTextureAnimFields {
			var before [codec.LastLevelChunk + 1][]byte
			for k := codec.FirstLevelChunk; k <= codec.LastLevelChunk; k++ {
				before[k] = l.EncodeChunk(k)
			}
			_, hi := f.Range()
			value := hi
			if f == AnimCurrentFrame {
				if err := d.SetTextureAnim(level, group, AnimFrames, 8); err != nil {
					t.Fatal(err)
				}
				before[codec.ChunkTextureAnims] = l.EncodeChunk(codec.ChunkTextureAnims)
				value = 5
			}
			steps, _ := d.History.Steps()
			if err := d.SetTextureAnim(level, group, f, value); err != nil {
				t.Fatalf("group %d %s %d: %v", group, f, value, err)
			}
			if after, _ := d.History.Steps(); after != steps+1 {
				t.Errorf("group %d %s: %d steps, want %d", group, f, after, steps+1)
			}
			if got, _ := d.TextureAnimValue(level, group, f); got != value {
				t.Errorf("group %d %s is %d after setting %d", group, f, got, value)
			}
			own := textureAnimFieldBytes[f]
			for k := codec.FirstLevelChunk; k <= codec.LastLevelChunk; k++ {
				after := l.EncodeChunk(k)
				for i := range max(len(after), len(before[k])) {
					mine := k == codec.ChunkTextureAnims && i >= group*7+own.at && i < group*7+own.at+own.size
					if !mine && (i >= len(after) || i >= len(before[k]) || after[i] != before[k][i]) {
						t.Fatalf("group %d %s changed byte %d of chunk %d", group, f, i, k)
					}
				}
			}
			if bytes.Equal(l.EncodeChunk(codec.ChunkTextureAnims), before[codec.ChunkTextureAnims]) {
				t.Errorf("group %d %s %d changed nothing", group, f, value)
			}
			if _, err := d.History.Undo(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(l.EncodeChunk(codec.ChunkTextureAnims), before[codec.ChunkTextureAnims]) {
				t.Errorf("undoing group %d %s does not give back chunk 42", group, f)
			}
		}
	}
}

func TestSetTextureAnimRefusesBadValues(t *testing.T) {
	d := corpusDocument(t)
	level := firstLevel(d)
	// Group 1 of the first corpus level runs 4 frames from frame 0.
	if frames, _ := d.TextureAnimValue(level, 1, AnimFrames); frames != 4 {
		t.Fatalf("group 1 has %d frames, want the corpus's 4", frames)
	}
	before := mustBytes(t, d)
	for _, c := range []struct {
		level, group int
		f            TextureAnimField
		value        int
	}{
		{level, 1, AnimSpeed, 0x10000}, {level, 1, AnimSpeed, -1}, {level, 1, AnimFrames, 256}, {level, 1, AnimFlags, 256},
		{level, 1, AnimCurrentFrame, 4}, {level, 0, AnimCurrentFrame, 1}, {level, 4, AnimSpeed, 1}, {level, -1, AnimSpeed, 1},
		{level, 1, NumTextureAnimFields, 0}, {4, 1, AnimSpeed, 1}, // Derelict has no level 4
	} {
		if err := d.SetTextureAnim(c.level, c.group, c.f, c.value); err == nil {
			t.Errorf("level %d group %d %d = %d accepted", c.level, c.group, c.f, c.value)
		}
	}
	if err := d.SetTextureAnim(level, 1, AnimCurrentFrame, 3); err != nil {
		t.Fatal(err)
	}
	steps, _ := d.History.Steps()
	if err := d.SetTextureAnim(level, 1, AnimFrames, 3); err == nil {
		t.Error("frames 3 accepted with the current frame at 3")
	}
	if after, _ := d.History.Steps(); after != steps {
		t.Errorf("a refused frames edit left %d steps, want %d", after, steps)
	}
	if _, err := d.History.Undo(); err != nil {
		t.Fatal(err)
	}
	if steps, _ := d.History.Steps(); steps != 0 || !bytes.Equal(mustBytes(t, d), before) {
		t.Errorf("refused edits left %d steps or changed bytes", steps)
	}
}

package shock

import (
	"bytes"
	"slices"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// TestSetCameraChangesOnlyItsEntries: a screen's camera and surrogate set
// change their two bytes of chunks 43 and 44 and nothing else of the
// level; missing objects and screens are refused with no step.
func TestSetCameraChangesOnlyItsEntries(t *testing.T) {
	d := newDocument(t)
	level := firstLevel(d)
	l := d.Archive.Levels[level]
	camera, err := d.CreateObject(level, ObjectSpec{Class: codec.ClassBigStuff, X: 30 << 8, Y: 30 << 8, Z: 32})
	if err != nil {
		t.Fatal(err)
	}
	surrogate, err := d.CreateObject(level, ObjectSpec{Class: codec.ClassBigStuff, X: 32 << 8, Y: 30 << 8, Z: 32})
	if err != nil {
		t.Fatal(err)
	}
	const screen = 3
	var before [codec.LastLevelChunk + 1][]byte
	for k := codec.FirstLevelChunk; k <= codec.LastLevelChunk; k++ {
		before[k] = l.EncodeChunk(k)
	}
	if err := d.SetCamera(level, screen, Camera{camera, surrogate}); err != nil {
		t.Fatal(err)
	}
	for k := codec.FirstLevelChunk; k <= codec.LastLevelChunk; k++ {
		after := l.EncodeChunk(k)
		for i := range max(len(after), len(before[k])) {
			own := (k == codec.ChunkSurveillance || k == codec.ChunkSurveillance+1) && i/2 == screen
			if changed := i >= len(after) || i >= len(before[k]) || after[i] != before[k][i]; changed && !own {
				t.Fatalf("setting screen %d changed byte %d of chunk %d", screen, i, k)
			}
		}
	}
	cams, err := d.Cameras(level)
	if err != nil || cams[screen] != (Camera{camera, surrogate}) {
		t.Fatalf("screen %d is %+v (%v), want %d and %d", screen, cams[screen], err, camera, surrogate)
	}
	steps, _ := d.History.Steps()
	edited := mustBytes(t, d)
	free := int(l.Objects[0].Next)
	for _, err := range []error{
		d.SetCamera(level, len(cams), Camera{camera, 0}),
		d.SetCamera(level, -1, Camera{camera, 0}),
		d.SetCamera(level, 0, Camera{len(l.Objects), 0}),
		d.SetCamera(level, 0, Camera{camera, free}),
	} {
		if err == nil {
			t.Error("a bad screen or object was accepted")
		}
	}
	if s, _ := d.History.Steps(); s != steps || !bytes.Equal(mustBytes(t, d), edited) {
		t.Error("refused camera edits left a step or changed bytes")
	}
	if _, err := d.History.Undo(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(l.EncodeChunk(codec.ChunkSurveillance), before[codec.ChunkSurveillance]) {
		t.Error("undo does not give back chunk 43")
	}
}

// TestDeleteObjectClearsCameras: deleting the object a screen shows, or
// its surrogate, sets that screen's entry to none in the same step, and
// undo puts the object and the screen back.
func TestDeleteObjectClearsCameras(t *testing.T) {
	d := newDocument(t)
	level := firstLevel(d)
	l := d.Archive.Levels[level]
	var ids [2]int
	for k := range ids {
		id, err := d.CreateObject(level, ObjectSpec{Class: codec.ClassBigStuff, X: uint16(30+2*k) << 8, Y: 30 << 8, Z: 32})
		if err != nil {
			t.Fatal(err)
		}
		ids[k] = id
	}
	for screen := range 2 {
		if err := d.SetCamera(level, screen, Camera{ids[0], ids[1]}); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		deleted int
		want    Camera
	}{{ids[0], Camera{0, ids[1]}}, {ids[1], Camera{ids[0], 0}}} {
		steps, _ := d.History.Steps()
		before := mustBytes(t, d)
		if err := d.DeleteObject(level, c.deleted); err != nil {
			t.Fatal(err)
		}
		cams, _ := d.Cameras(level)
		if cams[0] != c.want || cams[1] != c.want {
			t.Errorf("deleting %d leaves screens %+v and %+v, want %+v", c.deleted, cams[0], cams[1], c.want)
		}
		if s, _ := d.History.Steps(); s != steps+1 {
			t.Errorf("deleting %d made %d steps", c.deleted, s-steps)
		}
		if got, _ := d.Problems(level); hasCode(got, codec.CodeCameraMissing) {
			t.Errorf("after deleting %d, check reports a missing camera: %v", c.deleted, got)
		}
		if _, err := d.History.Undo(); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(mustBytes(t, d), before) || l.Objects[c.deleted].Active == 0 {
			t.Errorf("undoing the delete of %d does not give back the object and its screens", c.deleted)
		}
	}
}

// hasCode reports whether problems has one with code.
func hasCode(problems []codec.Problem, code string) bool {
	return slices.ContainsFunc(problems, func(p codec.Problem) bool { return p.Code == code })
}

package display_test

import (
	"bytes"
	"testing"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/internal/displaytest"
	"github.com/levelwright/levelwright/internal/e2e"
)

// TestCulledFramesInSoftware: a software view of a few squares of a
// large map draws a small share of its items, and the same picture as
// the items near the view alone. The OpenGL renderer's half is
// viewport's TestCulledFrames.
func TestCulledFramesInSoftware(t *testing.T) {
	const n, w, h = 150, 320, 200
	l, cam, alone := displaytest.CulledMap(n, w, h)

	img, drawn := display.Render2DDrawn(l, cam, w, h)
	items := len(l.Polygons) + len(l.Lines) + len(l.Markers) + len(l.Labels)
	if drawn == 0 || drawn > items/100 {
		t.Errorf("software: drew %d of %d items", drawn, items)
	}
	if !bytes.Equal(img.Pix, alone.Pix) {
		t.Errorf("software: the culled frame differs from the frame of the items near the view (%.4f)", e2e.ChangedFraction(img, alone, img.Rect))
	}

}

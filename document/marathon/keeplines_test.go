package marathon

import (
	"testing"

	codec "github.com/levelwright/levelwright/codecs/marathon"
)

// TestDeletePolygonKeepingLines deletes room 1 of the new map keeping
// its lines: its objects go, the line it shared with room 0 becomes room
// 0's solid wall, its other lines stay bare, and filling the outline
// again makes a polygon there.
func TestDeletePolygonKeepingLines(t *testing.T) {
	d := newTestMap(t)
	l := d.Levels[0]
	for _, x := range []int{newRoom + 100, newRoom + 900} {
		if _, err := d.PlaceObject(0, codec.Object{Type: 2, X: int16(x), Y: newRoom / 2}); err != nil {
			t.Fatal(err)
		}
	}
	lines, endpoints, objects := len(l.Lines), len(l.Points), len(l.Objects)
	room := l.Polygons[1]
	oneStep(t, d, "deleting room 1 keeping its lines", func() error { return d.DeletePolygonsKeepingLines(0, []int{1}) })
	if got := d.History.UndoLabel(); got != "Undo Delete polygon 1, keep lines: 2 objects" {
		t.Errorf("the step is %q", got)
	}
	if len(l.Polygons) != 1 || len(l.Lines) != lines || len(l.Points) != endpoints || len(l.Objects) != objects-2 {
		t.Fatalf("%d polygons, %d lines, %d endpoints, %d objects; want 1, %d, %d, %d",
			len(l.Polygons), len(l.Lines), len(l.Points), len(l.Objects), lines, endpoints, objects-2)
	}
	for _, li := range room.Lines[:room.VertexCount] {
		line := l.Lines[li]
		if line.Flags&codec.LineSolid == 0 || line.Flags&codec.LineTransparent != 0 {
			t.Errorf("line %d has flags %#x, want a solid wall", li, line.Flags)
		}
		if int(li) == sharedLine {
			if line.ClockwisePoly != 0 || line.CCWPoly != codec.None || line.ClockwiseSide == codec.None || line.CCWSide != codec.None {
				t.Errorf("the shared line is %+v, want room 0's wall with its side", line)
			}
			continue
		}
		if line.ClockwisePoly != codec.None || line.CCWPoly != codec.None || line.ClockwiseSide != codec.None || line.CCWSide != codec.None {
			t.Errorf("line %d is %+v, want a bare line", li, line)
		}
	}
	var made []int
	oneStep(t, d, "filling the outline again", func() (err error) {
		made, err = d.Fill(0, pt(newRoom+newRoom/2, newRoom/2))
		return err
	})
	if len(made) != 1 || l.Polygons[made[0]].VertexCount != 4 || len(l.Lines) != lines {
		t.Errorf("filling made polygons %v with %d lines, want one square on the %d lines", made, len(l.Lines), lines)
	}
	refused(t, d, "deleting polygon 9", "no polygon 9", func() error { return d.DeletePolygonsKeepingLines(0, []int{9}) })
}

package marathon

import (
	"slices"
	"testing"
)

func TestPointToSegmentDistanceSquared(t *testing.T) {
	a, b := Point{0, 0}, Point{1000, 0}
	for _, c := range []struct {
		p    Point
		want int32
	}{
		{Point{500, 300}, 300 * 300},     // beside the segment
		{Point{-300, 400}, 500 * 500},    // past a
		{Point{1003, -4}, 25},            // past b
		{Point{500, 0}, 0},               // on it
		{Point{0, 30000}, 30000 * 30000}, // the cross product needs scaling down
	} {
		if got := pointToSegmentDistanceSquared(c.p, a, b); got != c.want {
			t.Errorf("distance² from %v = %d, want %d", c.p, got, c.want)
		}
	}
	// A degenerate segment measures to its point.
	if got := pointToSegmentDistanceSquared(Point{3, 4}, Point{0, 0}, Point{0, 0}); got != 25 {
		t.Errorf("distance² to a point segment = %d, want 25", got)
	}
}

func TestGuessDistance(t *testing.T) {
	if got := guessDistance(Point{0, 0}, Point{400, -100}); got != 450 {
		t.Errorf("guessDistance = %d, want 450", got)
	}
	if got := guessDistance(Point{-32000, -32000}, Point{32000, 32000}); got != 32767 {
		t.Errorf("guessDistance = %d, want the 32767 cap", got)
	}
}

// TestMapIndexesOfNewLevel checks the lists of the two-room level that
// `new marathon` writes: each room's walls keep walkers out, and each
// room neighbours the other.
func TestMapIndexesOfNewLevel(t *testing.T) {
	l := NewLevel("Two Rooms")
	indexes, per, err := l.MapIndexes(AlephOneRules)
	if err != nil {
		t.Fatal(err)
	}
	for i := range l.Polygons {
		p := per[i]
		if p.LineExclusionZones == 0 || p.PointExclusionZones == 0 {
			t.Errorf("polygon %d: %d line and %d point exclusion zones", i, p.LineExclusionZones, p.PointExclusionZones)
		}
		neighbours := indexes[p.FirstNeighbor : p.FirstNeighbor+p.NeighborCount]
		if !slices.Contains(neighbours, int16(i)) || !slices.Contains(neighbours, int16(1-i)) {
			t.Errorf("polygon %d neighbours %v, want both rooms", i, neighbours)
		}
		if end := indexes[p.SoundSources]; end != -1 {
			t.Errorf("polygon %d: sound-source list starts with %d, want the -1 end", i, end)
		}
	}
}

// TestStoredIndexListsOfLongAndDamagedRanges reads ranges that end past
// 32,767 in a long array, and reads ranges with negative starts or
// counts as empty lists, never past the array.
func TestStoredIndexListsOfLongAndDamagedRanges(t *testing.T) {
	l := NewLevel("Damaged")
	l.Exclusions = make([]int16, 40000)
	for _, c := range []struct {
		x                 PolygonIndexes
		lines, neighbours int
	}{
		{PolygonIndexes{FirstExclusionZone: 32000, LineExclusionZones: 700, PointExclusionZones: 100, FirstNeighbor: 32700, NeighborCount: 100}, 700, 100},
		{PolygonIndexes{FirstExclusionZone: 0, LineExclusionZones: 10, PointExclusionZones: -5, FirstNeighbor: -3, NeighborCount: 2}, 0, 0},
		{PolygonIndexes{FirstExclusionZone: -1, LineExclusionZones: 20, FirstNeighbor: 0, NeighborCount: -1}, 0, 0},
	} {
		l.Polygons[0].SetIndexes(c.x)
		if got := l.StoredIndexLists()[0]; len(got.Lines) != c.lines || len(got.Neighbours) != c.neighbours {
			t.Errorf("%+v: %d lines and %d neighbours, want %d and %d", c.x, len(got.Lines), len(got.Neighbours), c.lines, c.neighbours)
		}
	}
}

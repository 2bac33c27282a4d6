package marathon

import (
	"testing"

	codec "github.com/levelwright/levelwright/codecs/marathon"
)

// benchmarkMove moves one endpoint of a level back and forth, derived
// data and map indexes included, each move its own undo step.
func benchmarkMove(b *testing.B, d *Document, level int) {
	l := d.Levels[level]
	v := int(l.Lines[len(l.Lines)/2].Endpoints[0])
	home, _ := l.Vertex(uint16(v))
	offsets := []codec.Point{{X: 8, Y: 0}, {X: 0, Y: 8}}
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		off := offsets[n%2]
		if n%4 >= 2 {
			off = codec.Point{}
		}
		n++
		if err := d.MoveEndpoint(level, v, codec.Point{X: home.X + off.X, Y: home.Y + off.Y}); err != nil {
			b.Fatal(err)
		}
		d.History.BreakMerge()
	}
}

// BenchmarkMoveEndpointLargest moves an endpoint of the largest corpus
// level, Cracks in the Pleasuredome (1,509 polygons, 4,596 lines; PNTS).
func BenchmarkMoveEndpointLargest(b *testing.B) {
	benchmarkMove(b, openCorpus(b, "marathon", "jp", "Apotheosis", "Cracks-in-the-Pleasuredome.sceA"), 0)
}

// BenchmarkMoveEndpointPreprocessed moves an endpoint of the largest
// corpus level that carries EPNT and iidx, Ain't My Bitch (1,010
// polygons, 3,382 lines), so the map indexes are recomputed too.
func BenchmarkMoveEndpointPreprocessed(b *testing.B) {
	benchmarkMove(b, openCorpus(b, "marathon", "jp", "tempus", "Ain-t-My-Bitch.sceA"), 0)
}

// BenchmarkFullMapIndexes is the baseline: recomputing the whole iidx of
// the same level, as an editor without incremental recomputation would.
func BenchmarkFullMapIndexes(b *testing.B) {
	l := openCorpus(b, "marathon", "jp", "tempus", "Ain-t-My-Bitch.sceA").Levels[0]
	for b.Loop() {
		indexes, _, err := l.MapIndexes(l.Rules())
		if err != nil {
			b.Fatal(err)
		}
		if _, _, err := l.PlatformOwners(indexes); err != nil {
			b.Fatal(err)
		}
	}
}

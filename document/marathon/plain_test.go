package marathon

import (
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/codecs/wad"
)

// crowd makes every line of level 0 solid and then draws count squares
// of 256 units side by side, in a row of 20, west of the map: edits that
// lengthen the map indexes of a preprocessed map. It returns the first
// refusal and how many squares were drawn.
func crowd(d *Document, count int) (int, error) {
	l := d.Levels[0]
	all := make([]int, len(l.Lines))
	for i := range all {
		all[i] = i
	}
	if err := d.EditLines(0, all, func(line *codec.Line) { line.Flags |= codec.LineSolid }); err != nil {
		return 0, err
	}
	west, north := int16(32767), int16(32767)
	for i := range l.Lines {
		for _, v := range l.Lines[i].Endpoints {
			p, _ := l.Vertex(v)
			west, north = min(west, p.X), min(north, p.Y)
		}
	}
	x0, y0 := int(west)-6000, int(north)
	for k := range count {
		x, y := x0+(k%20)*256, y0+(k/20)*256
		if _, err := d.DrawPolygon(0, []codec.Point{pt(x, y), pt(x+256, y), pt(x+256, y+256), pt(x, y+256)}); err != nil {
			return k, err
		}
	}
	return count, nil
}

// TestPlainMapHasNoIndexLimit crowds the largest preprocessed map of the
// corpus until its map indexes would pass the 32,767 entries the engine
// can address, which refuses the edit; made plain (MakePlainFile), the
// same map takes the same edits and more, and checks clean.
func TestPlainMapHasNoIndexLimit(t *testing.T) {
	path := []string{"marathon", "jp", "tempus", "Ain-t-My-Bitch.sceA"}
	d := openCorpus(t, path...)
	const squares = 120
	drawn, err := crowd(d, squares)
	if err == nil || !strings.Contains(err.Error(), "map indexes (iidx) would need") {
		t.Fatalf("the preprocessed map took %d squares (%v); want a refusal for its map indexes", drawn, err)
	}
	t.Logf("preprocessed: refused after %d squares: %v", drawn, err)

	f, err := wad.Parse(readCorpus(t, path...))
	if err != nil {
		t.Fatal(err)
	}
	if converted, err := codec.MakePlainFile(f); err != nil || len(converted) != 1 {
		t.Fatalf("converted levels %v: %v", converted, err)
	}
	plain, err := Load("plain.sceA", f.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if n, err := crowd(plain, squares); err != nil {
		t.Fatalf("plain: refused after %d squares: %v", n, err)
	}
	if errs := plain.Errors(); len(errs) > 0 {
		t.Fatalf("plain, crowded: %d errors, the first %s", len(errs), errs[0].Message)
	}
	if l := plain.Levels[0]; !l.Plain() || len(l.Polygons) != len(d.Levels[0].Polygons)-drawn+squares {
		t.Fatalf("plain, crowded: %d polygons, plain %v", len(l.Polygons), l.Plain())
	}
	saveAndReload(t, plain, 0)
}

package shock

import (
	"slices"
	"strings"
	"testing"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/editor/tool"
)

// statusHost is testHost with a status bar.
type statusHost struct {
	testHost
	status string
}

func (h *statusHost) Status(text string) { h.status = text }

// TestRegionToolClickPastesTheBox: a box dragged with the Copy region
// tool is what the next click pastes, even though the click's own press
// and release reach the tool as a drag that never moved; a click before
// any box asks for one and changes nothing.
func TestRegionToolClickPastesTheBox(t *testing.T) {
	f, th := derelict(t)
	h := &statusHost{testHost: *th}
	tl := f.regionTool(h)
	at := func(x, y float64) tool.Pointer { return tool.Pointer{At: display.Vec2{X: x, Y: y}} }
	l := f.d.Archive.Levels[h.level]
	steps, _ := f.d.History.Steps()

	tl.Click(at(1, 1))
	if now, _ := f.d.History.Steps(); now != steps || h.status == "" {
		t.Fatalf("a click before any box made %d steps and said %q", now-steps, h.status)
	}

	// Copy a 3x2 box of tiles at the map's corner, where no object stands.
	box := tl.Press(at(1.5, 1.5))
	box.To(display.Vec2{X: 3.5, Y: 2.5})
	box.Release()
	want := [][2]int{}
	for y := 1; y <= 2; y++ {
		for x := 1; x <= 3; x++ {
			want = append(want, [2]int{x, y})
		}
	}
	w := int(l.Info.Width)
	before := slices.Clone(l.Tiles)
	// The paste click: its press and release come first, unmoved.
	dest := at(31.5, 31.5)
	click := tl.Press(dest)
	click.Release()
	tl.Click(dest)
	if now, _ := f.d.History.Steps(); now != steps+1 {
		t.Fatalf("the paste made %d steps (%s)", now-steps, h.status)
	}
	if slices.Equal(before, l.Tiles) {
		t.Fatal("the paste changed no tile: it pasted the click's own tile, not the box")
	}
	for _, p := range want {
		src, dst := l.Tiles[p[1]*w+p[0]], l.Tiles[(p[1]+30)*w+p[0]+30]
		if src != dst {
			t.Errorf("tile %v pasted at (%d, %d) as %+v, want %+v", p, p[0]+30, p[1]+30, dst, src)
		}
	}
}

// TestRegionToolClearsLinksOut: pasting a region whose object names one
// outside it clears that link by default, and the status bar counts it.
func TestRegionToolClearsLinksOut(t *testing.T) {
	f, th := derelict(t)
	h := &statusHost{testHost: *th}
	tl := f.regionTool(h)
	l := f.d.Archive.Levels[h.level]
	tile := func(id int) [2]int { return [2]int{int(l.Objects[id].X >> 8), int(l.Objects[id].Y >> 8)} }
	from := -1
	for _, k := range l.Links() {
		if tile(k.From) != tile(k.To) && len(l.LinksFrom(k.From)) == 1 && l.Objects[k.From].Class == scodec.ClassTrap {
			from = k.From
			break
		}
	}
	if from < 0 {
		t.Fatal("no trap of the level names one object on another tile")
	}
	at := func(x, y float64) tool.Pointer { return tool.Pointer{At: display.Vec2{X: x, Y: y}} }
	p := tile(from)
	box := tl.Press(at(float64(p[0])+0.2, float64(p[1])+0.2))
	box.To(display.Vec2{X: float64(p[0]) + 0.8, Y: float64(p[1]) + 0.8})
	box.Release()
	before := len(l.Objects)
	used := map[int]bool{}
	for id, o := range l.Objects {
		used[id] = o.Active != 0
	}
	dest := at(float64(p[0]^8)+0.5, float64(p[1]^8)+0.5)
	tl.Click(dest)
	if !strings.Contains(h.status, "1 link out of the region cleared") {
		t.Fatalf("the paste said %q, want it to count the link it cleared", h.status)
	}
	for id, o := range l.Objects {
		if o.Active != 0 && !used[id] && o.Class == scodec.ClassTrap {
			if links := l.LinksFrom(id); len(links) != 0 {
				t.Fatalf("the copy %d of trap %d keeps links %v", id, from, links)
			}
			return
		}
	}
	t.Fatalf("no copy of trap %d among %d objects", from, len(l.Objects)-before)
}

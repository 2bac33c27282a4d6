package main

import (
	"image"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/levelwright/levelwright"
	"github.com/levelwright/levelwright/internal/e2e"
	"github.com/levelwright/levelwright/internal/turokmap"
)

// BenchmarkHandFeel times what the hand feels on the 51,200-sector Turok
// map with the hold-out map's 4,267 meshes (turokmap.Wooded(160)), in
// the built editor under Xvfb: from the input sent (by xdotool, whose
// start counts too) until the map view has drawn a new frame for it, as
// the program reports. Each input changes what is drawn, so each gets a
// frame: the pointer moved between two sectors (hover), an arrow key
// (pan), a wheel click (zoom), a press and release on a sector
// (click-select), and a move of a Brush stroke under way (height drag).
// open is from launch to the map's first frame with nothing left under
// way.
//
//	go test ./cmd/levelwright -run XXX -bench HandFeel -benchtime 20x -count 3
func BenchmarkHandFeel(b *testing.B) {
	path := filepath.Join(b.TempDir(), "wooded.map")
	if err := os.WriteFile(path, turokmap.Wooded(160).Encode(), 0o644); err != nil {
		b.Fatal(err)
	}
	bin := e2e.Build(b)
	d := e2e.NewDisplay(b)
	const title = `^wooded\.map — Levelwright$`
	b.Run("open", func(b *testing.B) {
		for b.Loop() {
			p := e2e.Start(b, d, bin, title, path)
			p.WaitFor("the map drawn", func(s levelwright.State) bool { return s.Loaded && !s.Busy && s.Frames > 0 })
			b.StopTimer()
			p.Key("ctrl+q")
			if err := p.WaitExit(20 * time.Second); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
		}
	})
	p := e2e.Start(b, d, bin, title, path)
	p.WaitFor("the map drawn", func(s levelwright.State) bool { return s.Loaded && !s.Busy && s.Frames > 0 })
	_, _, view, _, _ := regions(p.Screenshot("opened").Bounds())
	mid := image.Pt((view.Min.X+view.Max.X)/2, (view.Min.Y+view.Max.Y)/2)
	// Two points a fifth of the view apart: on the fitted map, some 25
	// sectors apart, and a frame apart after every input below.
	at := func(i int) image.Point { return mid.Add(image.Pt((i%2*2-1)*view.Dx()/10, 0)) }
	for _, c := range []struct {
		name  string
		input func(i int)
	}{
		{"hover", func(i int) { p.Move(at(i).X, at(i).Y) }},
		{"click-select", func(i int) {
			p.Press(at(i).X, at(i).Y)
			p.Release()
		}},
		{"pan", func(i int) { p.Key([]string{"Right", "Left"}[i%2]) }}, // the map has the keys since the clicks
		{"zoom", func(i int) { p.Wheel(mid.X, mid.Y, i%2 == 0, 1) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; b.Loop(); i++ {
				before := p.State().Frames
				c.input(i)
				waitFrame(b, p, before)
			}
		})
	}
	b.Run("height-drag", func(b *testing.B) {
		p.Key("b") // the Brush: a drag raises the terrain under it
		p.Press(mid.X, mid.Y)
		defer p.Release()
		for i := 0; b.Loop(); i++ {
			before := p.State().Frames
			p.Move(mid.X+(i%2*2-1)*24, mid.Y) // far enough from the last dab for another
			waitFrame(b, p, before)
		}
	})
}

// waitFrame waits until the program has drawn a frame after the first
// before of them, asking as fast as it answers.
func waitFrame(b *testing.B, p *e2e.Program, before int) {
	deadline := time.Now().Add(20 * time.Second)
	for st := p.State(); st.Frames <= before; st = p.State() {
		if time.Now().After(deadline) {
			b.Fatalf("no frame drawn in 20 s after frame %d; the status: %q", before, st.Status)
		}
	}
}

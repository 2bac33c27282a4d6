package main

import (
	"fmt"
	"image"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/levelwright/levelwright"
	"github.com/levelwright/levelwright/internal/e2e"
	"github.com/levelwright/levelwright/internal/turokmap"
)

// BenchmarkHandFeel times what the hand feels on the 51,200-sector Turok
// map with the hold-out map's 4,267 meshes (turokmap.Wooded(160)), in
// the built editor under Xvfb: from the input given to an xdotool that
// is already running (e2e.Program.Inject; an xdotool started for each
// input spends 25-40 ms connecting before it sends it) until Fyne has
// painted the window with the map view's new frame for it, as the
// program reports (ms-to-pixels, the median, and its slowest). The
// harness sends each input and asks for the frames painted, nothing
// more, until one comes (a full state request after an input costs
// frames of its own). Each input changes what is drawn, so each gets a
// frame: the pointer moved between two sectors (hover), an arrow key
// (pan), a wheel click (zoom), a click on a sector (click-select: its
// press and release), a move of a Brush stroke under way (height
// drag), and the release that ends a stroke (stroke-end). open is from launch to the map's first frame with nothing left
// under way.
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
	xy := func(pt image.Point) []string {
		return []string{"--window", p.Window, fmt.Sprint(pt.X), fmt.Sprint(pt.Y)}
	}
	for _, c := range []struct {
		name  string
		ready func(i int)       // what comes before the input, waited for
		input func(i int) error // the input timed, not waited for
	}{
		{"hover", nil, func(i int) error { return p.Inject(append([]string{"mousemove"}, xy(at(i))...)...) }},
		{"click-select", func(i int) { p.Move(at(i).X, at(i).Y) }, func(int) error { return p.Inject("click", "1") }},
		// The map has the keys since the clicks.
		{"pan", nil, func(i int) error { return p.Inject("key", []string{"Right", "Left"}[i%2]) }},
		{"zoom", func(int) { p.Move(mid.X, mid.Y) }, func(i int) error { return p.Inject("click", []string{"4", "5"}[i%2]) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			var felt toPixels
			for i := 0; b.Loop(); i++ {
				if c.ready != nil {
					c.ready(i)
				}
				before := p.State().Shown
				if err := c.input(i); err != nil {
					b.Fatal(err)
				}
				felt.add(waitShown(b, p, before))
			}
			felt.report(b)
		})
	}
	b.Run("height-drag", func(b *testing.B) {
		p.Key("b") // the Brush: a drag raises the terrain under it
		p.Press(mid.X, mid.Y)
		defer p.Release()
		var felt toPixels
		for i := 0; b.Loop(); i++ {
			before := p.State().Shown
			// Far enough from the last dab for another.
			if err := p.Inject(append([]string{"mousemove"}, xy(mid.Add(image.Pt((i%2*2-1)*24, 0)))...)...); err != nil {
				b.Fatal(err)
			}
			felt.add(waitShown(b, p, before))
		}
		felt.report(b)
	})
	// The end of a stroke of three dabs, each raising the hill further:
	// from the button let go until the program has handled it and
	// painted the window after it (a stroke that raised the floors past
	// the colours' span draws the map again in a new span; one that did
	// not draws nothing, so the harness asks for the state, which costs
	// a frame or two of its own: an upper bound).
	b.Run("stroke-end", func(b *testing.B) {
		var felt toPixels
		for b.Loop() {
			p.Press(mid.X, mid.Y)
			for i := range 3 {
				p.Move(mid.X+(i%2*2-1)*24, mid.Y)
			}
			if err := p.Send("mouseup", "1"); err != nil { // xdotool has exited: the server has the release
				b.Fatal(err)
			}
			let := time.Now()
			p.State()
			felt.add(time.Since(let))
		}
		felt.report(b)
	})
}

// waitShown waits until the program has painted a frame of the map
// view on its window after the first before of them, asking (Shown) as
// fast as it answers, and returns how long after the last input was sent the
// last frame painted by then was: the input's every frame, a click's
// for its press and its release both.
func waitShown(b *testing.B, p *e2e.Program, before int) time.Duration {
	deadline := time.Now().Add(20 * time.Second)
	for {
		n, at := p.Shown()
		if n > before {
			return at.Sub(p.Sent)
		}
		if time.Now().After(deadline) {
			b.Fatalf("no frame painted in 20 s after frame %d; the status: %q", before, p.State().Status)
		}
	}
}

// toPixels gathers the times from inputs to their frames on the window.
type toPixels []time.Duration

func (t *toPixels) add(d time.Duration) { *t = append(*t, d) }

// report adds the median and the slowest of them to the benchmark's
// figures. Its ns/op is longer than the hand feels: each input also
// waits for the program to answer that it has painted, several frames
// of Fyne's main loop.
func (t toPixels) report(b *testing.B) {
	if len(t) == 0 {
		return
	}
	slices.Sort(t)
	b.ReportMetric(float64(t[len(t)/2])/1e6, "ms-to-pixels")
	b.ReportMetric(float64(t[len(t)-1])/1e6, "max-ms-to-pixels")
}

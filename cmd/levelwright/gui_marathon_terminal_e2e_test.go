package main

import (
	"encoding/json"
	"image"
	"image/color"
	"math"
	"os/exec"
	"slices"
	"strings"
	"testing"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/internal/doctest"
	"github.com/levelwright/levelwright/internal/e2e"
)

// mapping takes world points to the window's pixels: the map's scale
// and the pixel of the world's origin. Marathon's world grows southwards
// as the screen does.
type mapping struct {
	scale  float64
	origin [2]float64
}

func (m mapping) at(p mcodec.Point) image.Point {
	return image.Pt(int(math.Round(m.origin[0]+m.scale*float64(p.X))), int(math.Round(m.origin[1]+m.scale*float64(p.Y))))
}

// calibrate finds the mapping from two objects' world positions and
// their markers' middles.
func calibrate(w0, w1 mcodec.Point, s0, s1 image.Point) mapping {
	dw := math.Hypot(float64(w1.X-w0.X), float64(w1.Y-w0.Y))
	ds := math.Hypot(float64(s1.X-s0.X), float64(s1.Y-s0.Y))
	scale := ds / dw
	return mapping{scale, [2]float64{float64(s0.X) - scale*float64(w0.X), float64(s0.Y) - scale*float64(w0.Y)}}
}

// nearest is the point of ps nearest to p.
func nearest(ps []image.Point, p image.Point) image.Point {
	return slices.MinFunc(ps, func(a, b image.Point) int {
		da, db := a.Sub(p), b.Sub(p)
		return (da.X*da.X + da.Y*da.Y) - (db.X*db.X + db.Y*db.Y)
	})
}

// buttonAt finds the first button in r, from the top: a block of one
// colour, not r's background, at least 40 pixels wide and 12 high.
func buttonAt(img image.Image, r image.Rectangle) (image.Point, bool) {
	bg := img.At(r.Min.X+2, r.Min.Y+2)
	same := func(a, b color.Color) bool { return near(a, b, 6) }
	for y := r.Min.Y; y < r.Max.Y-12; y++ {
		for x := r.Min.X; x < r.Max.X-40; x++ {
			c := img.At(x, y)
			if same(c, bg) {
				continue
			}
			run := 0
			for x+run < r.Max.X && same(img.At(x+run, y), c) {
				run++
			}
			// The edges stay the colour 12 pixels down, where a label's
			// text would not.
			if run >= 40 && same(img.At(x+2, y+12), c) && same(img.At(x+run-3, y+12), c) {
				return image.Pt(x+run/2, y+10), true
			}
			x += run
		}
	}
	return image.Point{}, false
}

// TestGUIMarathonTerminalEdit: a map with terminals; the line of the
// wall whose control panel shows terminal 0 is clicked (found by the
// player start's and the goals' markers, zoomed in so that the objects
// beside the panel are not picked instead), its inspector's button opens
// the terminal editor on the first information group, whose text is
// replaced by keys and applied with Ctrl+Return; the file is saved,
// passes check and roundtrip, and its export shows the new text where
// the group's was, the rest of the file unchanged.
func TestGUIMarathonTerminalEdit(t *testing.T) {
	path, original := corpusCopy(t, "marathon", "eternal", "Genie-In-A-Bottle.sceA")
	d, err := mdoc.Load(path, original)
	if err != nil {
		t.Fatal(err)
	}
	l := d.Levels[0]
	var player mcodec.Point
	var goals []mcodec.Point
	for _, o := range l.Objects {
		switch o.Type {
		case mcodec.ObjectPlayer:
			player = mcodec.Point{X: o.X, Y: o.Y}
		case mcodec.ObjectGoal:
			goals = append(goals, mcodec.Point{X: o.X, Y: o.Y})
		}
	}
	side := -1
	for i, s := range l.Sides {
		if c, ok := mcodec.ControlPanel(s); ok && c == mcodec.PanelTerminal && s.ControlPanelPermutation == 0 {
			side = i
			break
		}
	}
	if side < 0 || len(goals) < 2 {
		t.Fatalf("Genie-In-A-Bottle's level 0 has no panel of terminal 0 (side %d) or fewer than 2 goals", side)
	}
	line := l.Lines[l.Sides[side].Line]
	a, _ := l.Vertex(line.Endpoints[0])
	b, _ := l.Vertex(line.Endpoints[1])
	// The point of the line farthest from every object, so that a click
	// there, zoomed in, picks the line and no object's marker.
	var target mcodec.Point
	best := -1
	for k := 1; k < 10; k++ {
		q := mcodec.Point{X: a.X + int16(int(b.X-a.X)*k/10), Y: a.Y + int16(int(b.Y-a.Y)*k/10)}
		clear := math.MaxInt
		for _, o := range l.Objects {
			clear = min(clear, dist2(q, mcodec.Point{X: o.X, Y: o.Y}))
		}
		if clear > best {
			target, best = q, clear
		}
	}
	bin := e2e.Build(t)
	p := e2e.Start(t, e2e.NewDisplay(t), bin, `^Genie-In-A-Bottle\.sceA — Levelwright$`, path)
	p.WaitLoaded(path)
	find := func(name string) mapping {
		shot := p.Screenshot(name)
		_, _, view, _, _ := regions(shot.Bounds())
		area := mapArea(view)
		players := markers(shot, area, marathonObjectColours[3:4])
		goalMarks := markers(shot, area, marathonObjectColours[4:5])
		if len(players) != 1 || len(goalMarks) == 0 {
			t.Fatalf("%s: %d player markers and %d goal markers in the map", name, len(players), len(goalMarks))
		}
		// The goal nearest the player on screen is the one nearest it in the world.
		g := slices.MinFunc(goals, func(g, h mcodec.Point) int { return dist2(g, player) - dist2(h, player) })
		return calibrate(player, g, players[0], nearest(goalMarks, players[0]))
	}
	m := find("opened")
	at := m.at(target)
	p.Wheel(at.X, at.Y, false, 12)
	m = find("zoomed")
	at = m.at(target)
	if gap := m.scale * math.Sqrt(float64(best)); gap < 15 {
		t.Fatalf("zoomed in, an object's marker is still %.0f pixels from the point clicked on the panel's line", gap)
	}
	p.Click(at.X, at.Y, 1)
	shot := p.Screenshot("line-selected")
	button, ok := buttonAt(shot, inspectorPanel(shot.Bounds()))
	if !ok {
		t.Fatal("no button in the inspector of the panel's line")
	}
	p.Click(button.X, button.Y, 1)
	w := p.Other(`^Terminal 0, level 0$`)
	w.Screenshot("terminal-editor")
	const text = "Levelwright typed this terminal text."
	w.Key("ctrl+a")
	w.Type(text)
	w.Key("ctrl+Return")
	w.Screenshot("applied")

	saved := saveAndQuit(t, bin, p, path)
	out, err := exec.Command(bin, "export", path, "--level", "0").Output()
	if err != nil {
		t.Fatalf("export: %v", err)
	}
	var lj mdoc.LevelJSON
	if err := json.Unmarshal(out, &lj); err != nil {
		t.Fatalf("export: %v\n%.300s", err, out)
	}
	term := lj.Terminals[0]
	if !term.Scrambled || term.Form != mdoc.TerminalStyled {
		t.Errorf("the saved terminal's export is %s, scrambled %v; want styled and scrambled", term.Form, term.Scrambled)
	}
	if len(term.Groups) <= 4 {
		t.Fatalf("the saved terminal's export has %d groups, want 5 or more", len(term.Groups))
	}
	var got strings.Builder
	for _, r := range term.Groups[4].Text {
		got.WriteString(r.Text)
	}
	if got.String() != text {
		t.Errorf("the export's information group 4 reads %q, want %q", got.String(), text)
	}

	// The intended edit, made through the document, gives the same file.
	was, _ := beforeAndAfter(t, path, original, saved)
	wst, _ := was.StyledTerminal(0, 0)
	if err := was.SetTerminalGroupText(0, 0, 4, []mcodec.TextRun{{Text: []byte(text), Style: styleAt(wst.Groups[4])}}); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(doctest.Bytes(t, was), saved) {
		t.Error("the saved map differs from the original with only the terminal's text replaced")
	}
}

// styleAt is the style text typed over a whole group takes: the style
// of its first character, where the editor's cursor starts.
func styleAt(g mcodec.StyledGroup) mcodec.TextStyle {
	for _, r := range mdoc.GroupText(g) {
		if len(r.Text) > 0 {
			return r.Style
		}
	}
	return mcodec.TextStyle{}
}

func dist2(a, b mcodec.Point) int {
	dx, dy := int(a.X)-int(b.X), int(a.Y)-int(b.Y)
	return dx*dx + dy*dy
}

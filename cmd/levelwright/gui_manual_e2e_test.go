package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"testing"
	"time"

	xdraw "golang.org/x/image/draw"

	"github.com/levelwright/levelwright"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/e2e"
)

// picturesVariable, set to anything, makes TestGUIManualTutorials write
// the manual's pictures and their manifest (`make manual-pictures`).
const picturesVariable = "LEVELWRIGHT_MANUAL_PICTURES"

// pictureSize is the size the manual's pictures are scaled to.
var pictureSize = image.Pt(1024, 640)

// imageAndView is a screenshot and where the viewport is in it.
type imageAndView struct {
	img  image.Image
	view image.Rectangle
}

// A screenFrame takes map points to the window's pixels: pixels per map
// unit and the pixel of the map's origin; flipY when the map's y grows
// up the screen.
type screenFrame struct {
	scale  float64
	origin [2]float64
	flipY  bool
}

// at is the pixel of map point (x, y).
func (f screenFrame) at(x, y float64) image.Point {
	if f.flipY {
		y = -y
	}
	return image.Pt(int(math.Round(f.origin[0]+f.scale*x)), int(math.Round(f.origin[1]+f.scale*y)))
}

// brightBox is the box of the near-white pixels of the viewport in s,
// the outer walls of a new map, outside the draw mode's legend (legend,
// the size of its panel at the viewport's top left) and the tool's
// help; it fails the test unless the box is aspect times as wide as
// high, give or take a tenth.
func brightBox(t *testing.T, s imageAndView, legend image.Point, aspect float64) image.Rectangle {
	t.Helper()
	hidden := image.Rectangle{Min: s.view.Min.Sub(image.Pt(20, 0)), Max: s.view.Min.Add(legend)}
	box := image.Rectangle{Min: s.view.Max, Max: s.view.Min}
	for y := s.view.Min.Y + 72; y < s.view.Max.Y; y++ {
		for x := s.view.Min.X; x < s.view.Max.X; x++ {
			if bright(s.img, x, y) && !image.Pt(x, y).In(hidden) {
				box.Min.X, box.Min.Y = min(box.Min.X, x), min(box.Min.Y, y)
				box.Max.X, box.Max.Y = max(box.Max.X, x), max(box.Max.Y, y)
			}
		}
	}
	if ratio := float64(box.Dx()) / float64(box.Dy()); box.Dx() < 100 || box.Dy() < 50 || math.Abs(ratio/aspect-1) > 0.1 {
		t.Fatalf("the outline of a new map (%g times as wide as high) is not on screen: found %v", aspect, box)
	}
	return box
}

// TestGUIManualTutorials drives the real editor through each tutorial
// of the manual, step by step with keys and mouse as the manual tells
// them, takes its pictures on the way and asserts its outcome on the
// saved file. With $LEVELWRIGHT_MANUAL_PICTURES set it writes the
// pictures to docs/manual/pictures and their digests to the manifest.
func TestGUIManualTutorials(t *testing.T) {
	bin := e2e.Build(t)
	d := e2e.NewDisplay(t)
	write := os.Getenv(picturesVariable) != ""
	for _, tu := range tutorials {
		t.Run(tu.Name, func(t *testing.T) {
			start := time.Now()
			r := &tutorialRun{t: t, bin: bin, display: d, dir: t.TempDir(), tu: tu}
			pictures := r.run(write)
			t.Logf("%s: %d steps in %v", tu.Name, len(tu.Steps), time.Since(start).Round(100*time.Millisecond))
			if write {
				writePictures(t, tu, pictures)
			}
		})
	}
}

// A tutorialRun is one tutorial being driven through the editor.
type tutorialRun struct {
	t       *testing.T
	bin     string
	display *e2e.Display
	dir     string // the tutorial's folder, where its files are
	tu      tutorial
	p       *e2e.Program
	path    string // the open file
	bounds  image.Rectangle
	frame   screenFrame
}

// run runs the steps, then quits the editor and checks the outcome,
// and returns the pictures taken, by file name.
func (r *tutorialRun) run(keep bool) map[string]image.Image {
	t := r.t
	pictures := map[string]image.Image{}
	for i, s := range r.tu.Steps {
		began := time.Now()
		for _, c := range s.Do {
			cmd, err := parseCommand(c)
			if err != nil {
				t.Fatalf("step %d: %v", i+1, err)
			}
			r.do(cmd)
		}
		if s.Shot != "" {
			r.p.WaitIdle()
			img := r.p.Screenshot(s.Shot)
			if keep {
				pictures[s.Shot+".png"] = img
			}
		}
		t.Logf("step %d: %v", i+1, time.Since(began).Round(10*time.Millisecond))
	}
	if r.p == nil {
		t.Fatal("the tutorial opens no file")
	}
	if st := r.p.State(); st.Dirty {
		t.Fatalf("the tutorial ends with unsaved changes: %q", st.Title)
	}
	r.p.Key("ctrl+q")
	if err := r.p.WaitExit(10 * time.Second); err != nil {
		t.Fatalf("quit: %v", err)
	}
	if out, err := exec.Command(r.bin, "check", r.path).CombinedOutput(); err != nil {
		t.Errorf("check of the saved file: %v\n%s", err, out)
	}
	if out, err := exec.Command(r.bin, "roundtrip", r.path, "--through-document").CombinedOutput(); err != nil {
		t.Errorf("roundtrip of the saved file: %v\n%s", err, out)
	}
	r.tu.check(t, r.bin, r.path)
	return pictures
}

// do runs one command (see tutorialStep).
func (r *tutorialRun) do(c stepCommand) {
	t := r.t
	t.Helper()
	if r.p == nil && !slices.Contains([]string{"new", "corpus", "open"}, c.verb) {
		t.Fatalf("%s before a file is open", c.verb)
	}
	switch c.verb {
	case "new":
		out := filepath.Join(r.dir, c.words[1])
		if b, err := exec.Command(r.bin, "new", c.words[0], "--out", out).CombinedOutput(); err != nil {
			t.Fatalf("new %s: %v\n%s", c.words[0], err, b)
		}
	case "corpus":
		b, err := os.ReadFile(corpus.Path(t, filepath.FromSlash(c.words[0])))
		if err == nil {
			err = os.WriteFile(filepath.Join(r.dir, c.words[1]), b, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	case "open":
		r.path = filepath.Join(r.dir, c.words[0])
		r.p = e2e.Start(t, r.display, r.bin, "^"+regexp.QuoteMeta(c.words[0])+" — Levelwright$", r.path)
		r.p.WaitLoaded(r.path)
		r.findFrame("opened")
	case "key":
		r.p.Key(c.words...)
	case "type":
		r.p.Type(c.value)
	case "window":
		r.p.Click(int(c.nums[0]), int(c.nums[1]), 1)
		r.p.WaitIdle()
	case "frame":
		r.findFrame("frame")
	case "zoom":
		at := r.frame.at(c.nums[1], c.nums[2])
		r.p.Wheel(at.X, at.Y, c.nums[0] > 0, int(math.Abs(c.nums[0])))
	case "click":
		at := r.frame.at(c.nums[0], c.nums[1])
		r.p.Click(at.X, at.Y, 1)
	case "shift-click":
		at := r.frame.at(c.nums[0], c.nums[1])
		r.p.ClickWith("shift", at.X, at.Y)
	case "drag":
		a, b := r.frame.at(c.nums[0], c.nums[1]), r.frame.at(c.nums[2], c.nums[3])
		r.p.Drag(a.X, a.Y, b.X, b.Y)
	case "button":
		at := inspectorField(r.t, r.p, r.bounds, "button", c.label, buttons)
		r.p.Click(at.X, at.Y, 1)
	case "choose":
		at := inspectorField(r.t, r.p, r.bounds, "list", c.label, func(s levelwright.State) map[string]levelwright.Point { return s.Choices })
		r.p.Click(at.X, at.Y, 1)
		// The list's pop-up is an overlay without labels (its items
		// are none); choosing may open a dialog, which has them.
		popUp := func(s levelwright.State) bool {
			return slices.ContainsFunc(s.Windows[0].Overlays, func(o []string) bool { return len(o) == 0 })
		}
		r.p.WaitFor("the list "+c.label+" open", popUp)
		keys := slices.Repeat([]string{"Down"}, c.index+1)
		r.p.Key(append(keys, "Return")...)
		r.p.WaitFor("the list "+c.label+" closed", func(s levelwright.State) bool { return !popUp(s) })
	case "entry":
		at := inspectorField(r.t, r.p, r.bounds, "entry", c.label, func(s levelwright.State) map[string]levelwright.Point { return s.Entries })
		r.p.Click(at.X, at.Y, 1)
		r.p.Key("ctrl+a")
		r.p.Type(c.value)
		r.p.Key("Return")
	case "tick":
		at := inspectorField(r.t, r.p, r.bounds, "check box", c.label, func(s levelwright.State) map[string]levelwright.Point { return s.Checks })
		r.p.Click(at.X, at.Y, 1)
	case "save":
		r.p.Key("ctrl+s")
		r.p.WaitSaved()
	}
}

// findFrame takes a screenshot and finds the map's place on screen in
// it with the tutorial's frame.
func (r *tutorialRun) findFrame(name string) {
	img := r.p.Screenshot(name)
	r.bounds = img.Bounds()
	_, _, view, _, _ := regions(r.bounds)
	r.frame = r.tu.frame(r.t, imageAndView{img, view})
}

// buttons are the inspector's buttons in a state, for inspectorField.
func buttons(s levelwright.State) map[string]levelwright.Point { return s.Buttons }

// inspectorField is where the inspector's field label of kind (its
// button, list, entry or flag's check box, as pick gives them from the
// state) is in the main window, whose bounds are window: the inspector
// scrolled down from where it is until the
// field is in sight, or until it scrolls no further, then again from
// its top.
func inspectorField(t *testing.T, p *e2e.Program, window image.Rectangle, kind, label string, pick func(levelwright.State) map[string]levelwright.Point) levelwright.Point {
	t.Helper()
	_, _, _, inspector, _ := regions(window)
	x, y := (inspector.Min.X+inspector.Max.X)/2, inspector.Max.Y+120
	for pass := range 2 {
		if pass == 1 {
			p.Wheel(x, y, false, 100) // back to the top
		}
		last := ""
		for range 40 {
			st := p.State()
			if at, ok := pick(st)[label]; ok {
				return at
			}
			// At the end the wheel moves nothing: the same fields stay in
			// sight.
			inSight := fmt.Sprint(st.Buttons, st.Entries, st.Choices, st.Checks)
			if inSight == last && len(st.Buttons)+len(st.Entries)+len(st.Choices)+len(st.Checks) > 0 {
				break
			}
			last = inSight
			p.Wheel(x, y, true, 8) // less than the inspector's height: no field is skipped
		}
	}
	t.Fatalf("the inspector's %s %q never came into sight; in sight: %v", kind, label, slices.Sorted(maps.Keys(pick(p.State()))))
	return levelwright.Point{}
}

// writePictures writes a tutorial's pictures, scaled to pictureSize in
// colours of their own, and their digests to the manifest.
func writePictures(t *testing.T, tu tutorial, pictures map[string]image.Image) {
	dir := filepath.Join(e2e.RepoRoot(t), manualDir, "pictures")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	manifest := map[string]string{}
	if b, err := os.ReadFile(filepath.Join(dir, manifestName)); err == nil {
		if err := json.Unmarshal(b, &manifest); err != nil {
			t.Fatalf("%s: %v", manifestName, err)
		}
	}
	for name, digest := range tu.pictureDigests() {
		img, ok := pictures[name]
		if !ok {
			t.Fatalf("picture %s was not taken", name)
		}
		var buf bytes.Buffer
		enc := png.Encoder{CompressionLevel: png.BestCompression}
		if err := enc.Encode(&buf, shrink(img)); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		manifest[name] = digest
		t.Logf("wrote %s (%d bytes)", name, buf.Len())
	}
	b, err := json.MarshalIndent(manifest, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, manifestName), append(b, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
}

// shrink is img scaled to pictureSize, in a palette of its 256 most
// common colours (a window's few flat colours keep; the smoothing of
// text takes the nearest), which keeps the PNG small.
func shrink(img image.Image) image.Image {
	scaled := image.NewRGBA(image.Rectangle{Max: pictureSize})
	xdraw.CatmullRom.Scale(scaled, scaled.Bounds(), img, img.Bounds(), xdraw.Src, nil)
	counts := map[color.RGBA]int{}
	for i := 0; i < len(scaled.Pix); i += 4 {
		counts[color.RGBA{scaled.Pix[i], scaled.Pix[i+1], scaled.Pix[i+2], 255}]++
	}
	common := slices.SortedFunc(maps.Keys(counts), func(a, b color.RGBA) int {
		if counts[a] != counts[b] {
			return counts[b] - counts[a]
		}
		return int(a.R)<<16 | int(a.G)<<8 | int(a.B) - (int(b.R)<<16 | int(b.G)<<8 | int(b.B))
	})
	palette := make(color.Palette, 0, 256)
	for _, c := range common[:min(256, len(common))] {
		palette = append(palette, c)
	}
	out := image.NewPaletted(scaled.Bounds(), palette)
	draw.Draw(out, out.Bounds(), scaled, image.Point{}, draw.Src)
	return out
}

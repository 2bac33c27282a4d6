package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/internal/e2e"
)

// The manual's tutorials (docs/manual/tutorials) are step lists that a
// test drives through the real editor (gui_manual_e2e_test.go), and
// their pictures (docs/manual/pictures) are screenshots it takes on the
// way. The manifest beside the pictures holds, for each picture, the
// digest of the steps that made it, so that this file's tests, which
// need no display, catch a picture older than its steps: regenerate
// them with `make manual-pictures`.

// manualDir is the manual's folder in the repository.
const manualDir = "docs/manual"

// manifestName is the pictures' manifest: picture file to step digest.
const manifestName = "manifest.json"

// A tutorialStep is one step of a tutorial: what the manual says, word
// for word, and the input that does it in the editor, as commands that
// gui_manual_e2e_test.go runs in order:
//
//	new GAME FILE            levelwright new GAME --out FILE, in the tutorial's folder
//	corpus PATH FILE         copy the corpus file PATH (skipping the test when it is absent) to FILE
//	open FILE                start the editor on FILE and wait until it is loaded
//	key K...                 press keys (xdotool names: "k", "ctrl+s", "Return")
//	type TEXT                type TEXT into the widget that has the keys
//	window X Y               click the window's pixel (X, Y): a tool's option or a dialog's button
//	zoom N X Y               turn the mouse wheel N notches (out when N > 0) over map point (X, Y)
//	frame                    find where the map is on screen (after a zoom), from a screenshot
//	click X Y                click map point (X, Y), in the game's map units
//	shift-click X Y          the same with Shift held
//	drag X0 Y0 X1 Y1         drag from one map point to another
//	button LABEL             click the inspector's button beside the field LABEL
//	choose LABEL = N (NAME)  open the inspector's list LABEL and choose its option N, NAME
//	entry LABEL = TEXT       type TEXT into the inspector's entry LABEL and press Enter
//	tick LABEL: NAME         click the inspector's check box of the flag NAME in the field LABEL
//	save                     Ctrl+S, and wait until the file is saved
//
// Shot names the picture taken after the step, "" for none.
type tutorialStep struct {
	Say  string   `json:"say"`
	Do   []string `json:"do"`
	Shot string   `json:"shot,omitempty"`
}

// A tutorial is a chapter of docs/manual/tutorials and its steps.
type tutorial struct {
	Name  string // the chapter's file name, without .md
	Steps []tutorialStep
	// frame finds the map's place on screen, for the frame command.
	frame func(t *testing.T, shot imageAndView) screenFrame
	// check asserts the outcome of the steps on the saved file at path.
	check func(t *testing.T, bin, path string)
}

// tutorials are the manual's tutorials.
var tutorials = []tutorial{marathonFirstRoom, shockPuzzleDoor, turokAmbush}

// pictureDigests are the digests of the pictures of tu: for each step
// with a shot, the SHA-256 of the steps up to it, as JSON.
func (tu tutorial) pictureDigests() map[string]string {
	out := map[string]string{}
	for i, s := range tu.Steps {
		if s.Shot == "" {
			continue
		}
		b, err := json.Marshal(tu.Steps[:i+1])
		if err != nil {
			panic(err) // strings only: cannot fail
		}
		sum := sha256.Sum256(b)
		out[s.Shot+".png"] = hex.EncodeToString(sum[:])
	}
	return out
}

// readManifest reads the pictures' manifest.
func readManifest(t *testing.T) map[string]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(e2e.RepoRoot(t), manualDir, "pictures", manifestName))
	if err != nil {
		t.Fatalf("the manual's pictures have no manifest: %v (run `make manual-pictures`)", err)
	}
	m := map[string]string{}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%s: %v", manifestName, err)
	}
	return m
}

// TestManualPicturesCurrent: every tutorial's picture is in the
// manifest with the digest of the steps that make it now, and is there;
// the manifest names no other picture, and every picture in the folder
// is in it. Each is a PNG of pictureSize.
func TestManualPicturesCurrent(t *testing.T) {
	manifest := readManifest(t)
	want := map[string]string{}
	for _, tu := range tutorials {
		for name, digest := range tu.pictureDigests() {
			if _, dup := want[name]; dup {
				t.Errorf("two steps take the picture %s", name)
			}
			want[name] = digest
		}
	}
	dir := filepath.Join(e2e.RepoRoot(t), manualDir, "pictures")
	for name, digest := range want {
		switch got, ok := manifest[name]; {
		case !ok:
			t.Errorf("picture %s is not in %s: run `make manual-pictures`", name, manifestName)
		case got != digest:
			t.Errorf("picture %s is older than its steps (digest %.12s, the steps' %.12s): run `make manual-pictures`", name, got, digest)
		}
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			t.Errorf("picture %s is missing: run `make manual-pictures`", name)
			continue
		}
		config, err := png.DecodeConfig(f)
		f.Close()
		if err != nil || config.Width != pictureSize.X || config.Height != pictureSize.Y {
			t.Errorf("picture %s is not a PNG of %v: %+v, %v", name, pictureSize, config, err)
		}
	}
	for name := range manifest {
		if _, ok := want[name]; !ok {
			t.Errorf("%s names %s, which no tutorial step takes", manifestName, name)
		}
	}
	files, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.Name() != manifestName {
			if _, ok := want[f.Name()]; !ok {
				t.Errorf("%s is in the pictures folder, but no tutorial step takes it", f.Name())
			}
		}
	}
}

// pictureLink is a Markdown image: ![text](path).
var pictureLink = regexp.MustCompile(`!\[[^\]]*\]\(([^)\s]+)\)`)

// TestManualPictureLinks: every picture a page of the manual shows is
// a file, at the path the page gives, in the pictures folder.
func TestManualPictureLinks(t *testing.T) {
	root := filepath.Join(e2e.RepoRoot(t), manualDir)
	pictures := filepath.Join(root, "pictures")
	pages := 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".md") {
			return err
		}
		pages++
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range pictureLink.FindAllStringSubmatch(string(b), -1) {
			target := filepath.Join(filepath.Dir(path), filepath.FromSlash(m[1]))
			if filepath.Dir(target) != pictures {
				t.Errorf("%s shows %s, which is not in %s", path, m[1], pictures)
			}
			if _, err := os.Stat(target); err != nil {
				t.Errorf("%s shows %s, which is missing", path, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if pages == 0 {
		t.Fatalf("no page in %s", root)
	}
}

// TestManualTutorialSteps: each tutorial's page tells its steps, in
// order, word for word, and shows each of its pictures after the step
// that takes it, before the next step; and every command is one the
// runner knows.
func TestManualTutorialSteps(t *testing.T) {
	for _, tu := range tutorials {
		path := filepath.Join(e2e.RepoRoot(t), manualDir, "tutorials", tu.Name+".md")
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		page := string(b)
		at := 0
		for i, s := range tu.Steps {
			k := strings.Index(page[at:], s.Say)
			if k < 0 {
				t.Errorf("%s: step %d, %q, is not in the page after step %d", tu.Name, i+1, s.Say, i)
				continue
			}
			at += k + len(s.Say)
			if s.Shot != "" {
				link := fmt.Sprintf("(../pictures/%s.png)", s.Shot)
				k := strings.Index(page[at:], link)
				next := len(page)
				if i+1 < len(tu.Steps) {
					if n := strings.Index(page[at:], tu.Steps[i+1].Say); n >= 0 {
						next = n
					}
				}
				if k < 0 || k > next {
					t.Errorf("%s: the page does not show %s.png after step %d", tu.Name, s.Shot, i+1)
				}
			}
			for _, c := range s.Do {
				if _, err := parseCommand(c); err != nil {
					t.Errorf("%s: step %d: %v", tu.Name, i+1, err)
				}
			}
		}
	}
}

// A stepCommand is one parsed command of a step (see tutorialStep).
type stepCommand struct {
	verb  string
	words []string  // the words after the verb
	nums  []float64 // the numbers of zoom, click, shift-click, drag and window
	label string    // the inspector field of button, choose and entry; the check box of tick
	value string    // after " = " in choose and entry; the text of type
	index int       // the option of choose
}

// commandNumbers is how many numbers each verb that takes numbers takes.
var commandNumbers = map[string]int{"zoom": 3, "click": 2, "shift-click": 2, "drag": 4, "window": 2}

// parseCommand parses a step's command, saying what is wrong with one
// the runner would not know.
func parseCommand(s string) (stepCommand, error) {
	verb, rest, _ := strings.Cut(s, " ")
	c := stepCommand{verb: verb, words: strings.Fields(rest)}
	switch verb {
	case "new", "corpus", "open", "key", "frame", "save":
		want := map[string]int{"new": 2, "corpus": 2, "open": 1, "frame": 0, "save": 0}
		if n, ok := want[verb]; ok && len(c.words) != n || verb == "key" && len(c.words) == 0 {
			return c, fmt.Errorf("%q: %s takes %d words", s, verb, want[verb])
		}
	case "type":
		if c.value = rest; rest == "" {
			return c, fmt.Errorf("%q: type takes a text", s)
		}
	case "zoom", "click", "shift-click", "drag", "window":
		if len(c.words) != commandNumbers[verb] {
			return c, fmt.Errorf("%q: %s takes %d numbers", s, verb, commandNumbers[verb])
		}
		for _, w := range c.words {
			var v float64
			if _, err := fmt.Sscan(w, &v); err != nil {
				return c, fmt.Errorf("%q: %q is not a number", s, w)
			}
			c.nums = append(c.nums, v)
		}
	case "button", "tick":
		c.label = rest
	case "choose", "entry":
		var ok bool
		if c.label, c.value, ok = strings.Cut(rest, " = "); !ok {
			return c, fmt.Errorf("%q: %s takes LABEL = VALUE", s, verb)
		}
		if verb == "choose" {
			if _, err := fmt.Sscanf(c.value, "%d (", &c.index); err != nil || !strings.HasSuffix(c.value, ")") {
				return c, fmt.Errorf("%q: choose takes LABEL = N (NAME)", s)
			}
		}
	default:
		return c, fmt.Errorf("%q: no such command", s)
	}
	if slices.Contains([]string{"button", "choose", "entry", "tick"}, verb) && c.label == "" {
		return c, fmt.Errorf("%q: %s takes a field's label", s, verb)
	}
	return c, nil
}

//go:build linux

package main

// The Windows build, run under Wine: its command line on a real file of
// each game, compared with this build's own results, and its GUI under
// Xvfb. The build is scripts/build-windows.sh's, as `make dist` ships it.
// Without Wine or mingw-w64 these skip, except in CI (.ci/run sets
// e2e.RequireWineVariable, which makes that a failure).

import (
	"bytes"
	"debug/pe"
	"encoding/json"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/levelwright/levelwright"
	"github.com/levelwright/levelwright/internal/e2e"
)

// A windowsSample is a real file of a game, with a script of
// docs/scripts for it and the arguments after the script's path, and the
// keys that choose the kind of entity TestWineGUI deletes in Edit > Go to
// (none for the first kind offered).
type windowsSample struct {
	corpus []string
	script string
	run    []string
	kind   []string
}

// read returns the name the tests give their copy of the sample, and its
// bytes; the test skips when the corpus is absent.
func (s windowsSample) read(t *testing.T) (name string, data []byte) {
	t.Helper()
	src := filepath.Join(append([]string{e2e.RepoRoot(t), "..", "shared", "corpus"}, s.corpus...)...)
	data, err := os.ReadFile(src)
	if err != nil {
		t.Skip("corpus folder ../shared/corpus is absent")
	}
	return "my " + filepath.Base(src), data
}

// windowsSamples are a file of each game.
var windowsSamples = []windowsSample{
	{[]string{"shock", "derelict", "archive.dat"}, "missing-trap-targets.lua", []string{"--check"}, []string{"shift+Tab", "Right", "Tab"}},
	{[]string{"marathon", "m1", "Map.scen"}, "dim-lights.lua", []string{"--level", "0", "--out", "{out}"}, nil},
	{[]string{"turok", "plain16.map"}, "actors-over-no-sector.lua", []string{"--check"}, nil},
}

// result is what one run of the command line gave.
type result struct {
	stdout, stderr string
	code           int
}

// native runs the command line in this process, as the Linux build.
func native(args ...string) result {
	var out, errOut bytes.Buffer
	code := run(args, nil, &out, &errOut)
	return result{out.String(), errOut.String(), code}
}

// windows runs a Windows program of the build under w.
func windows(t *testing.T, w *e2e.Wine, exe string, args ...string) result {
	t.Helper()
	cmd := w.Command(exe, args...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("wine %s: %v", strings.Join(args, " "), err)
	}
	// Wine writes Windows line ends where the program writes \n to a
	// console; the program itself writes \n.
	return result{strings.ReplaceAll(out.String(), "\r\n", "\n"), strings.ReplaceAll(errOut.String(), "\r\n", "\n"), code}
}

// sameRun fails the test unless the Windows run gave what the native one
// did, the file names in its messages aside.
func sameRun(t *testing.T, what string, win, nat result, winPath, natPath string) {
	t.Helper()
	fix := func(s string) string { return strings.ReplaceAll(s, winPath, natPath) }
	if win.code != nat.code || fix(win.stdout) != nat.stdout || fix(win.stderr) != nat.stderr {
		t.Errorf("%s: Windows gave exit %d\n%s%s\nLinux gave exit %d\n%s%s", what, win.code, win.stdout, win.stderr, nat.code, nat.stdout, nat.stderr)
	}
}

// sameFiles fails the test unless the files hold the same bytes.
func sameFiles(t *testing.T, what, a, b string) {
	t.Helper()
	if !bytes.Equal(mustReadFile(t, a), mustReadFile(t, b)) {
		t.Errorf("%s: %s and %s differ", what, a, b)
	}
}

// TestWineCommandLine runs levelwright.exe and levelwright.com under Wine
// on a copy of a real file of each game, in a folder with spaces and
// letters outside ASCII reached through drive L:, and checks each
// subcommand against this build's own results: roundtrip (with and
// without --through-document), check, export and import back to the same
// bytes, render, diff and script.
func TestWineCommandLine(t *testing.T) {
	w := e2e.NewWine(t)
	build := e2e.BuildWindows(t)
	exe, com := filepath.Join(build, "levelwright.exe"), filepath.Join(build, "levelwright.com")

	wantVersion := regexp.MustCompile(`^Levelwright ` + regexp.QuoteMeta(levelwright.AppMetadata().Version) + ` \(commit [0-9a-f]{40}(-modified)?\)\n$`)
	for _, program := range []string{exe, com} {
		if r := windows(t, w, program, "--version"); r.code != 0 || !wantVersion.MatchString(r.stdout) {
			t.Errorf("%s --version: exit %d, %q", filepath.Base(program), r.code, r.stdout)
		}
	}

	windowsDir := filepath.Join(t.TempDir(), "Mod levels ü 日本")
	linuxDir := t.TempDir()
	for _, dir := range []string{windowsDir, linuxDir} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	drive := w.Drive(t, "L", windowsDir)
	scripts := filepath.Join(e2e.RepoRoot(t), "docs", "scripts")

	for _, sample := range windowsSamples {
		name, original := sample.read(t)
		t.Run(name, func(t *testing.T) {
			natPath := filepath.Join(linuxDir, name)
			winFile := filepath.Join(windowsDir, name)
			for _, p := range []string{natPath, winFile} {
				if err := os.WriteFile(p, original, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			win := wineSide{drive + name, w.Path(scripts) + `\`}
			nat := wineSide{natPath, scripts + "/"}
			// same runs args (of the file names on each side) through
			// program and in this process.
			same := func(what, program string, args func(wineSide) []string) {
				t.Helper()
				sameRun(t, what, windows(t, w, program, args(win)...), native(args(nat)...), win.file, nat.file)
			}

			same("roundtrip", exe, func(s wineSide) []string { return []string{"roundtrip", s.file} })
			same("roundtrip --through-document", exe, func(s wineSide) []string { return []string{"roundtrip", s.file, "--through-document"} })
			same("check", exe, func(s wineSide) []string { return []string{"check", s.file} })
			same("check through levelwright.com", com, func(s wineSide) []string { return []string{"check", s.file} })
			if r := windows(t, w, com, "check", win.file+".missing"); r.code != 2 || !strings.Contains(r.stderr, win.file+".missing") {
				t.Errorf("levelwright.com check of a missing file: exit %d, stderr %q", r.code, r.stderr)
			}

			same("export", exe, func(s wineSide) []string { return []string{"export", s.file, "--out", s.file + ".json"} })
			sameFiles(t, "export", winFile+".json", natPath+".json")
			same("import", exe, func(s wineSide) []string {
				return []string{"import", s.file + ".json", "--into", s.file, "--out", s.file + ".rebuilt"}
			})
			if !bytes.Equal(mustReadFile(t, winFile+".rebuilt"), original) {
				t.Error("the unchanged export did not import to the identical file")
			}
			same("diff of the same bytes", exe, func(s wineSide) []string { return []string{"diff", s.file, s.file + ".rebuilt"} })

			same("render", exe, func(s wineSide) []string {
				return []string{"render", s.file, "--size", "320x240", "--out", s.file + " ü.png"}
			})
			sameFiles(t, "render", winFile+" ü.png", natPath+" ü.png")
			if img, err := png.Decode(bytes.NewReader(mustReadFile(t, winFile+" ü.png"))); err != nil || img.Bounds().Dx() != 320 {
				t.Errorf("render: %v", err)
			}

			same("script "+sample.script, exe, func(s wineSide) []string {
				args := []string{"script", s.file, s.scripts + sample.script}
				for _, a := range sample.run {
					args = append(args, strings.ReplaceAll(a, "{out}", s.file+".scripted"))
				}
				return args
			})
			if slices.Contains(sample.run, "{out}") {
				sameFiles(t, "script", winFile+".scripted", natPath+".scripted")
				same("diff of the scripted file", exe, func(s wineSide) []string { return []string{"diff", s.file, s.file + ".scripted"} })
			}
		})
	}
}

// wineSide names the files of a TestWineCommandLine run on one system.
type wineSide struct {
	file    string // the sample's copy
	scripts string // docs/scripts, with the separator after it
}

// TestWindowsBuildResources: levelwright.exe is a GUI program, so that
// no console window opens with it, and levelwright.com a console one;
// both carry the icon and the version resource of FyneApp.toml.
func TestWindowsBuildResources(t *testing.T) {
	build := e2e.BuildWindows(t)
	meta := levelwright.AppMetadata()
	utf16 := func(s string) []byte {
		var b []byte
		for _, r := range s {
			b = append(b, byte(r), byte(r>>8))
		}
		return b
	}
	for name, subsystem := range map[string]uint16{"levelwright.exe": pe.IMAGE_SUBSYSTEM_WINDOWS_GUI, "levelwright.com": pe.IMAGE_SUBSYSTEM_WINDOWS_CUI} {
		f, err := pe.Open(filepath.Join(build, name))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if h, ok := f.OptionalHeader.(*pe.OptionalHeader64); !ok || h.Subsystem != subsystem {
			t.Errorf("%s: not a 64-bit program of subsystem %d", name, subsystem)
		}
		rsrc := f.Section(".rsrc")
		if rsrc == nil {
			t.Fatalf("%s has no resources", name)
		}
		data, err := rsrc.Data()
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{"ProductVersion", meta.Version, meta.Name + " level editor", "OriginalFilename", name} {
			if !bytes.Contains(data, utf16(want)) {
				t.Errorf("%s: the version resource lacks %q", name, want)
			}
		}
		// The icon's 256-pixel picture is stored as PNG.
		if !bytes.Contains(data, []byte("\x89PNG\r\n\x1a\n")) {
			t.Errorf("%s: no icon", name)
		}
	}
}

// TestWineDocumentSaves cross-compiles the document package's tests and
// runs those of saving on Windows under Wine: over a file another
// program holds open, over a read-only one, and by every form of path.
func TestWineDocumentSaves(t *testing.T) {
	w := e2e.NewWine(t)
	bin := filepath.Join(t.TempDir(), "document.test.exe")
	build := exec.Command("go", "test", "-c", "-o", bin, "./document")
	build.Dir = e2e.RepoRoot(t)
	build.Env = append(os.Environ(), "GOOS=windows", "GOARCH=amd64", "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go test -c ./document for Windows: %v\n%s", err, out)
	}
	r := windows(t, w, bin, "-test.run", "^TestWindows", "-test.v")
	t.Log(r.stdout)
	if r.code != 0 {
		t.Fatalf("exit %d\n%s", r.code, r.stderr)
	}
	for _, name := range []string{"TestWindowsSaveOverFileHeldOpen", "TestWindowsSaveOverReadOnlyFile", "TestWindowsSavePathForms"} {
		if !strings.Contains(r.stdout, "--- PASS: "+name+" ") {
			t.Errorf("%s did not pass", name)
		}
	}
}

// TestWineGUI opens a real file of each game in levelwright.exe under
// Wine and Xvfb, by its Windows path, as a double click would; goes to
// entity 3 of a kind with Edit > Go to and deletes it
// with keys; saves with Ctrl+S, saves a copy with Save As to a path on
// drive L: typed into the dialog, and quits with Ctrl+Q. The saved file
// checks as the original did and differs from it, the copy has its
// bytes, the original is the .bak, and the preferences (an autosave every second), recent files and
// the autosave's recovery folder are in the user's %APPDATA%.
func TestWineGUI(t *testing.T) {
	w := e2e.NewWine(t)
	exe := filepath.Join(e2e.BuildWindows(t), "levelwright.exe")
	d := e2e.NewDisplay(t)
	dir := filepath.Join(t.TempDir(), "Mod levels ü")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	drive := w.Drive(t, "L", dir)
	appData := filepath.Join(w.AppData(t), "fyne", levelwright.AppMetadata().ID)
	var recent []string
	for i, s := range windowsSamples {
		name, original := s.read(t)
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, original, 0o644); err != nil {
			t.Fatal(err)
		}
		winPath := w.Path(path)
		recent = append([]string{winPath}, recent...)

		var prefs map[string]any // the first start's, kept by the next ones
		if i == 0 {
			prefs = map[string]any{"autosaveSeconds": 1}
		}
		p := w.Start(t, d, exe, prefs, "^"+regexp.QuoteMeta(name)+" — Levelwright$", winPath)
		p.WaitLoaded(winPath)
		opened := p.Screenshot("opened")
		_, _, view, _, _ := regions(opened.Bounds())
		if n := e2e.DistinctColours(opened, view); n < 20 {
			t.Errorf("%s: the viewport shows %d colours: no level drawn", name, n)
		}
		p.Key("ctrl+g")
		p.WaitDialog("Go to")
		if len(s.kind) > 0 {
			p.Key(s.kind...)
		}
		p.Key("3", "Return")
		p.Key("Delete")
		p.WaitDirty()
		edited := p.Screenshot("deleted")
		if f := e2e.ChangedFraction(opened, edited, view); f == 0 {
			t.Errorf("%s: the viewport did not change after the delete", name)
		}
		// The autosave, every second, is written off the main thread.
		e2e.Eventually(t, "an autosave in "+filepath.Join(appData, "recovery"), func() bool {
			records, _ := filepath.Glob(filepath.Join(appData, "recovery", "*.json"))
			return len(records) > 0
		})
		p.Key("ctrl+s")
		p.WaitSaved()
		if title := p.Title(); strings.Contains(title, "*") {
			t.Errorf("%s: title %q still marks a change after Ctrl+S", name, title)
		}

		// Save As, with a path on drive L: typed into the dialog (in
		// letters xdotool can type into Wine: it cannot type ü there).
		copyName := "copy of " + name
		p.Key("ctrl+shift+s")
		p.WaitDialog("Save As")
		p.Key("ctrl+a")
		p.Type(drive + copyName)
		p.Key("Return")
		p.WaitTitle("^" + regexp.QuoteMeta(copyName) + " — ")
		p.WaitSaved()
		p.Screenshot("saved-as")
		recent = append([]string{drive + copyName}, recent...)
		p.Key("ctrl+q")
		if err := p.WaitExit(20 * time.Second); err != nil {
			t.Fatalf("%s: quit: %v", name, err)
		}

		saved := mustReadFile(t, path)
		if !bytes.Equal(mustReadFile(t, filepath.Join(dir, copyName)), saved) {
			t.Errorf("%s: Save As wrote other bytes than Save", name)
		}
		if bytes.Equal(saved, original) {
			t.Errorf("%s: the save changed nothing", name)
		}
		if !bytes.Equal(mustReadFile(t, path+".bak"), original) {
			t.Errorf("%s: the .bak is not the original", name)
		}
		os.WriteFile(path+".original", original, 0o644)
		if was, now := native("check", path+".original"), native("check", path); now.code != was.code {
			t.Errorf("%s: check of the saved file: exit %d, the original's %d\n%s", name, now.code, was.code, now.stdout)
		}
		if r := native("roundtrip", path, "--through-document"); r.code != 0 {
			t.Errorf("%s: roundtrip of the saved file: %s%s", name, r.stdout, r.stderr)
		}
		if r := native("diff", path+".original", path); r.code != 1 {
			t.Errorf("%s: diff with the original: exit %d\n%s", name, r.code, r.stdout)
		}
	}

	var prefs struct {
		Recent []string `json:"recentFiles"`
	}
	data, err := os.ReadFile(filepath.Join(appData, "preferences.json"))
	if err == nil {
		err = json.Unmarshal(data, &prefs)
	}
	if err != nil || strings.Join(prefs.Recent, "\n") != strings.Join(recent, "\n") {
		t.Errorf("recent files in %%APPDATA%%: %q (%v), want %q", prefs.Recent, err, recent)
	}
}

package editor

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/game"
	tcol "github.com/levelwright/levelwright/editor/turok"
	"github.com/levelwright/levelwright/internal/corpus"
)

func TestPlaytestArgs(t *testing.T) {
	scratch := filepath.Join("/tmp", "pt", "my map.map")
	tests := []struct {
		template string
		want     []string
		err      string
	}{
		{"engine {file}", []string{"engine", scratch}, ""},
		{`"/opt/Aleph One/alephone" -w '{dir}' --level={level1}`, []string{"/opt/Aleph One/alephone", "-w", "/tmp/pt", "--level=3"}, ""},
		{`run "say \"hi\"" {file} {level}`, []string{"run", `say "hi"`, scratch, "2"}, ""},
		{`engine ""  {file}`, []string{"engine", "", scratch}, ""},
		{"engine --map level.map", nil, "names neither {file} nor {dir}"},
		{`engine "{file}`, nil, "quote is not closed"},
		{"   ", nil, "names no engine"},
	}
	for _, tt := range tests {
		got, err := playtestArgs(tt.template, scratch, 2)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%q: error %v, want %q", tt.template, err, tt.err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("%q: %q, %v; want %q", tt.template, got, err, tt.want)
		}
	}
}

// TestSplitWindowsWords: a playtest command on Windows is split as
// Windows programs split their command line, so a path with backslashes
// (a UNC one too) and an apostrophe comes through as typed.
func TestSplitWindowsWords(t *testing.T) {
	tests := []struct {
		line string
		want []string
	}{
		{`"C:\Program Files\Aleph One\Aleph One.exe" "{file}"`, []string{`C:\Program Files\Aleph One\Aleph One.exe`, "{file}"}},
		{`\\server\games\O'Brien's\sshock.exe -dir "{dir}\\" --level={level}`, []string{`\\server\games\O'Brien's\sshock.exe`, "-dir", `{dir}\`, "--level={level}"}},
		{`run "say \"hi\"" a\\\"b c\\\\"d e"`, []string{"run", `say "hi"`, `a\"b`, `c\\d e`}},
		{`run "a ""quoted"" word" '{file}'`, []string{"run", `a "quoted" word`, "'{file}'"}},
		{"engine \t \"\"  {file} ", []string{"engine", "", "{file}"}},
		{`trailing\\`, []string{`trailing\\`}},
	}
	for _, tt := range tests {
		got, err := splitWindowsWords(tt.line)
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q, %v; want %q", tt.line, got, err, tt.want)
		}
	}
	// A backslash before the closing quote makes it a letter, as
	// Windows reads "C:\Games\".
	for _, open := range []string{`"C:\Games\engine.exe {file}`, `engine -dir "{dir}\"`} {
		if _, err := splitWindowsWords(open); err == nil || !strings.Contains(err.Error(), "not closed") {
			t.Errorf("%s: error %v, want the open quote named", open, err)
		}
	}
}

// TestPlaytestSetting: each game has a Settings row for its playtest
// command, which the preferences keep.
func TestPlaytestSetting(t *testing.T) {
	e := newTestEditor(t)
	e.ShowSettings()
	var rows []*widget.Entry
	for _, o := range test.LaidOutObjects(e.Window().Canvas().Overlays().Top()) {
		if en, ok := o.(*widget.Entry); ok && strings.Contains(en.PlaceHolder, "{file}") {
			rows = append(rows, en)
		}
	}
	if len(rows) != len(games) {
		t.Fatalf("%d playtest rows for %d games", len(rows), len(games))
	}
	rows[len(rows)-1].SetText("engine {file}")
	if got := e.app.Preferences().String(prefPlaytest(games[len(games)-1])); got != "engine {file}" {
		t.Errorf("the last game's playtest command is %q", got)
	}
}

// playtestEditor opens a copy of a corpus Turok map with an unsaved
// edit, its game's playtest command set to the stand-in engine with
// arguments, and returns the editor, the copy's path and its bytes.
func playtestEditor(t *testing.T, args string) (*Editor, string, []byte) {
	t.Helper()
	e, path, orig := playtestMap(t, args)
	e.SetSelection([]document.Ref{{Kind: tdoc.KindActor, Index: 0}})
	e.typedKey(&fyne.KeyEvent{Name: fyne.KeyDelete})
	if !e.file.History().Dirty() {
		t.Fatal("deleting an actor left the map unchanged")
	}
	return e, path, orig
}

// playtestMap opens a copy of a corpus Turok map, with other files of
// the game beside it, its game's playtest command set to the stand-in
// engine with arguments, and returns the editor, the copy's path and its
// bytes.
func playtestMap(t *testing.T, args string) (*Editor, string, []byte) {
	t.Helper()
	orig, err := os.ReadFile(corpus.Path(t, "turok", "plain16.map"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "plain16.map")
	if err := os.WriteFile(path, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	// The game's other files beside the map, which {dir} must hold too.
	if err := os.WriteFile(filepath.Join(filepath.Dir(path), "texture.res"), []byte("textures"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(filepath.Dir(path), "saves"), 0o755); err != nil {
		t.Fatal(err)
	}
	engine, err := filepath.Abs(filepath.Join("testdata", "playtest-engine.sh"))
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("TMPDIR", t.TempDir()) // the scratch copies go there
	e := newTestEditor(t)
	e.Open(path)
	e.jobs.wait()
	e.app.Preferences().SetString(prefPlaytest(e.game), engine+" "+args)
	return e, path, orig
}

// TestPlaytest: F5 over the map writes the edited level to a scratch
// copy, in a folder that links to the files beside the user's, starts
// the engine with it and the level, and leaves the user's file and its
// unsaved state alone.
func TestPlaytest(t *testing.T) {
	record := filepath.Join(t.TempDir(), "args")
	t.Setenv("PLAYTEST_RECORD", record)
	e, path, orig := playtestEditor(t, "--map '{file}' --level {level}")
	typeInView(e, fyne.KeyF5)
	e.jobs.wait()
	if e.dialogs.top != nil {
		t.Fatalf("playtest showed %q", texts(e.Window().Canvas().Overlays().Top()))
	}
	text, err := os.ReadFile(record)
	if err != nil {
		t.Fatalf("the engine did not run: %v", err)
	}
	args := strings.Split(strings.TrimSuffix(string(text), "\n"), "\n")
	if len(args) != 4 || args[0] != "--map" || args[2] != "--level" || args[3] != "0" {
		t.Fatalf("engine arguments %q", args)
	}
	scratch := args[1]
	if scratch == path || filepath.Base(scratch) != "plain16.map" {
		t.Errorf("scratch copy %s for %s", scratch, path)
	}
	want, _ := e.file.Bytes()
	if got, err := os.ReadFile(scratch); err != nil || !bytes.Equal(got, want) {
		t.Errorf("the scratch copy is not the edited map (%v)", err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, orig) {
		t.Error("playtest wrote the user's file")
	}
	if !e.file.History().Dirty() {
		t.Error("playtest marked the edit saved")
	}
	if info, err := os.Lstat(scratch); err != nil || !info.Mode().IsRegular() {
		t.Errorf("the scratch copy is not a file of its own: %v", err)
	}
	for _, sibling := range []string{"texture.res", "saves"} {
		got, err := filepath.EvalSymlinks(filepath.Join(filepath.Dir(scratch), sibling))
		if want, _ := filepath.EvalSymlinks(filepath.Join(filepath.Dir(path), sibling)); err != nil || got != want {
			t.Errorf("the scratch folder's %s is %q (%v), want the link to %s beside the user's file", sibling, got, err, want)
		}
	}

	// The next playtest, the first engine having ended, removes its
	// scratch folder and keeps its own; quitting removes that one too.
	typeInView(e, fyne.KeyF5)
	e.jobs.wait()
	if _, err := os.Stat(filepath.Dir(scratch)); !os.IsNotExist(err) {
		t.Errorf("the ended playtest's scratch folder is still there (%v)", err)
	}
	if len(e.playtests.runs) != 1 {
		t.Fatalf("%d playtests kept, want the last one", len(e.playtests.runs))
	}
	last := e.playtests.runs[0].dir
	if _, err := os.Stat(last); err != nil {
		t.Errorf("the new playtest's scratch folder: %v", err)
	}
	e.quit()
	if _, err := os.Stat(last); !os.IsNotExist(err) {
		t.Errorf("quitting left the ended playtest's scratch folder (%v)", err)
	}
}

// TestPlaytestFailures: a missing command, a missing engine and an
// engine that fails at once are each reported in a dialog, with what the
// engine said.
func TestPlaytestFailures(t *testing.T) {
	t.Setenv("PLAYTEST_RECORD", filepath.Join(t.TempDir(), "args"))
	t.Setenv("PLAYTEST_EXIT", "3")
	t.Setenv("PLAYTEST_SAY", "no such level")
	e, _, _ := playtestEditor(t, "{file}")
	typeInView(e, fyne.KeyF5)
	e.jobs.wait()
	if msg := texts(e.Window().Canvas().Overlays().Top()); e.dialogs.top == nil || !strings.Contains(msg, "The engine playtest-engine.sh stopped: exit status 3") || !strings.Contains(msg, "no such level") {
		t.Errorf("failing engine: dialog %q", msg)
	}
	e.dialogs.top.Hide()

	scratches := func() map[string]bool {
		entries, err := os.ReadDir(os.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		names := map[string]bool{}
		for _, entry := range entries {
			names[entry.Name()] = true
		}
		return names
	}
	before := scratches()
	e.app.Preferences().SetString(prefPlaytest(e.game), filepath.Join(t.TempDir(), "missing-engine")+" {file}")
	typeInView(e, fyne.KeyF5)
	if msg := texts(e.Window().Canvas().Overlays().Top()); e.dialogs.top == nil || !strings.Contains(msg, "Cannot start the Turok EX engine") {
		t.Errorf("missing engine: dialog %q", msg)
	}
	for name := range scratches() {
		if !before[name] {
			t.Errorf("an engine that did not start left its scratch folder %s", name)
		}
	}
	e.dialogs.top.Hide()

	e.app.Preferences().SetString(prefPlaytest(e.game), "")
	e.typedKey(&fyne.KeyEvent{Name: fyne.KeyF5})
	if msg := texts(e.Window().Canvas().Overlays().Top()); e.dialogs.top == nil || !strings.Contains(msg, "File > Settings") {
		t.Errorf("no command: dialog %q", msg)
	}
}

// TestPlaytestFromHere: F6 starts the engine on a scratch copy whose
// player start stands at the map point under the pointer; the open map
// and the user's file keep it where it was.
func TestPlaytestFromHere(t *testing.T) {
	record := filepath.Join(t.TempDir(), "args")
	t.Setenv("PLAYTEST_RECORD", record)
	e, path, orig := playtestMap(t, "'{file}'")
	start, ok := e.file.(game.PlayerStarter).PlayerStart(0)
	if !ok {
		t.Fatal("the map has no player start")
	}
	m := tcol.Document(e.file).Map
	was := m.Actors[start.Index].Origin
	// The pointer over the middle of sector 3.
	var at display.Vec2
	for _, v := range m.Sectors[3].Vertices {
		at.X, at.Y = at.X+float64(m.Vertices[v].Position.X)/3, at.Y+float64(m.Vertices[v].Position.Y)/3
	}
	e.clipboard.pointer, e.clipboard.pointed = at, true
	typeInView(e, fyne.KeyF6)
	e.jobs.wait()
	if e.dialogs.top != nil {
		t.Fatalf("playtest from here showed %q", texts(e.Window().Canvas().Overlays().Top()))
	}
	text, err := os.ReadFile(record)
	if err != nil {
		t.Fatalf("the engine did not run: %v", err)
	}
	scratch, err := tdoc.Open(strings.TrimSpace(string(text)))
	if err != nil {
		t.Fatal(err)
	}
	if got := scratch.Map.Actors[start.Index].Origin; math.Abs(float64(got.X)-at.X) > 0.01 || math.Abs(float64(got.Y)-at.Y) > 0.01 {
		t.Errorf("the scratch copy's player start is at %v, want (%v, %v)", got, at.X, at.Y)
	}
	if m.Actors[start.Index].Origin != was || e.file.History().Dirty() {
		t.Error("playtest from here moved the open map's player start")
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, orig) {
		t.Error("playtest from here wrote the user's file")
	}
}

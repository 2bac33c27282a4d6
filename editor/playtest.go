package editor

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/editor/game"
)

// playtestHelp says what a playtest command may name, for the Settings
// rows.
const playtestHelp = "{file} the scratch copy, {dir} its folder, {level} the level shown (from 0), {level1} (from 1)"

// playtestFailWindow is how long after its start an engine's exit with
// an error is reported: later exits are the player quitting.
const playtestFailWindow = 10 * time.Second

// prefPlaytest is the preference key of the command that starts g's
// engine on a level.
func prefPlaytest(g game.Game) string { return "playtest." + g.Format().Key() }

// playtests start the games' engines on scratch copies of cur's file,
// with the commands prefs give, each one of jobs; an engine that fails
// soon after its start is reported over dialogs.
type playtests struct {
	prefs   fyne.Preferences
	cur     *current
	jobs    *jobs
	dialogs *dialogs
	status  *widget.Label
	runs    []*engineRun // the engines started, whose scratch folders go once they end
}

// setting is the Settings row of g's playtest command.
func (pt *playtests) setting(g game.Game) game.Setting {
	prefs := pt.prefs
	entry := widget.NewEntry()
	entry.SetPlaceHolder("engine and arguments, with " + playtestHelp)
	entry.SetText(prefs.String(prefPlaytest(g)))
	entry.OnChanged = func(s string) { prefs.SetString(prefPlaytest(g), s) }
	return game.Setting{Label: g.Format().Name() + " playtest command", Widget: entry}
}

// Run writes the shown level's file to a scratch copy, leaving the
// user's file as it is, and starts the game's engine on it with the
// command the settings give for the game. An engine that cannot start,
// or that fails soon after it started, is reported in a dialog.
func (pt *playtests) Run() {
	if pt.cur.file == nil {
		pt.status.SetText("Open a level to playtest")
		return
	}
	data, err := pt.cur.file.Bytes()
	if err != nil {
		pt.dialogs.showError(fmt.Errorf("cannot playtest: %w", err))
		return
	}
	pt.run(data)
}

// RunFrom starts the engine as Run does, with the level's player start
// moved to the map point at in the scratch copy only: the open file is
// left as it is. A game whose column names no player start
// (game.PlayerStarter) starts where its level does.
func (pt *playtests) RunFrom(at display.Vec2) {
	if pt.cur.file == nil {
		pt.status.SetText("Open a level to playtest")
		return
	}
	ps, ok := pt.cur.file.(game.PlayerStarter)
	if !ok {
		pt.status.SetText(fmt.Sprintf("%s starts a level where the level says: Playtest from Here moves no player start", pt.cur.game.Format().Name()))
		return
	}
	data, err := pt.cur.file.Bytes()
	if err == nil {
		data, err = startMoved(pt.cur.game, pt.cur.path, data, pt.cur.level, ps, at)
	}
	if err != nil {
		pt.dialogs.showError(fmt.Errorf("cannot playtest from here: %w", err))
		return
	}
	pt.run(data)
}

// startMoved is data, a file of g at path, with level's player start (as
// ps names it) moved to at, through a session of its own.
func startMoved(g game.Game, path string, data []byte, level int, ps game.PlayerStarter, at display.Vec2) ([]byte, error) {
	start, ok := ps.PlayerStart(level)
	if !ok {
		return nil, fmt.Errorf("level %d has no player start", level)
	}
	copied, err := g.Open(path, data)
	if err != nil {
		return nil, err
	}
	if err := copied.Move(start, at); err != nil {
		return nil, fmt.Errorf("moving the player start: %w", err)
	}
	return copied.Bytes()
}

// run starts the engine of the open file's game on a scratch copy of
// data, as Run says.
func (pt *playtests) run(data []byte) {
	template := strings.TrimSpace(pt.prefs.String(prefPlaytest(pt.cur.game)))
	if template == "" {
		pt.dialogs.showError(fmt.Errorf("no command starts %s: set its playtest command in File > Settings (%s)",
			pt.cur.game.Format().Name(), playtestHelp))
		return
	}
	scratch, err := writeScratch(pt.cur.path, data)
	if err != nil {
		pt.dialogs.showError(fmt.Errorf("cannot playtest: %w", err))
		return
	}
	args, err := playtestArgs(template, scratch, pt.cur.level)
	if err != nil {
		os.RemoveAll(filepath.Dir(scratch))
		pt.dialogs.showError(fmt.Errorf("playtest command %q: %w", template, err))
		return
	}
	pt.sweep()
	run, err := startEngine(args, filepath.Dir(scratch))
	if err != nil {
		os.RemoveAll(filepath.Dir(scratch))
		pt.dialogs.showError(fmt.Errorf("cannot start the %s engine: %w", pt.cur.game.Format().Name(), err))
		return
	}
	pt.runs = append(pt.runs, run)
	pt.status.SetText(fmt.Sprintf("Playtesting %s (level %d) with %s", filepath.Base(scratch), pt.cur.level, filepath.Base(args[0])))
	pt.jobs.group.Add(1)
	go func() {
		defer pt.jobs.group.Done()
		err := run.wait()
		if err == nil || time.Since(run.started) > playtestFailWindow {
			return
		}
		fyne.Do(func() {
			pt.dialogs.showError(fmt.Errorf("the engine %s stopped: %w%s", filepath.Base(args[0]), err, run.output()))
		})
	}()
}

// sweep removes the scratch folders of the playtests whose engines
// have ended. It runs before each playtest and when the editor quits, not
// when an engine ends: an engine's launcher may end at once and leave
// the game reading the folder.
func (pt *playtests) sweep() {
	running := pt.runs[:0]
	for _, r := range pt.runs {
		select {
		case <-r.ended:
			os.RemoveAll(r.dir)
		default:
			running = append(running, r)
		}
	}
	pt.runs = running
}

// writeScratch writes data to a new scratch folder under the file's own
// name (or "untitled"), and returns the copy's path. The folder also
// links to every other file and folder beside the user's file, so that
// {dir} is a whole data or scenario folder to an engine that reads one
// (a System Shock port's data folder, say). On an error it leaves no
// folder.
func writeScratch(path string, data []byte) (scratch string, err error) {
	dir, err := os.MkdirTemp("", "levelwright-playtest-")
	if err != nil {
		return "", err
	}
	defer func() {
		if err != nil {
			os.RemoveAll(dir)
		}
	}()
	name := filepath.Base(path)
	if path == "" {
		name = "untitled"
	}
	scratch = filepath.Join(dir, name)
	if err := os.WriteFile(scratch, data, 0o644); err != nil {
		return "", err
	}
	if path == "" {
		return scratch, nil
	}
	if err := linkSiblings(filepath.Dir(absolute(path)), dir, name); err != nil {
		return "", fmt.Errorf("linking the files beside %s into the scratch folder: %w", name, err)
	}
	return scratch, nil
}

// linkSiblings makes in dir a symbolic link to each entry of from but
// the one named skip.
func linkSiblings(from, dir, skip string) error {
	entries, err := os.ReadDir(from)
	if err != nil {
		return err
	}
	for _, entry := range entries {
		if entry.Name() == skip {
			continue
		}
		if err := os.Symlink(filepath.Join(from, entry.Name()), filepath.Join(dir, entry.Name())); err != nil {
			return err
		}
	}
	return nil
}

// playtestArgs splits template into words, as this system's command
// line would (a POSIX shell's quotes, or on Windows its own rules) but
// without running a shell, and fills in each word's fields: {file},
// {dir}, {level} and {level1}.
func playtestArgs(template, scratch string, level int) ([]string, error) {
	split := splitWords
	if runtime.GOOS == "windows" {
		split = splitWindowsWords
	}
	words, err := split(template)
	if err != nil {
		return nil, err
	}
	if len(words) == 0 {
		return nil, errors.New("names no engine")
	}
	fill := strings.NewReplacer("{file}", scratch, "{dir}", filepath.Dir(scratch),
		"{level}", strconv.Itoa(level), "{level1}", strconv.Itoa(level+1))
	named := false
	for i, w := range words {
		named = named || strings.Contains(w, "{file}") || strings.Contains(w, "{dir}")
		words[i] = fill.Replace(w)
	}
	if !named {
		return nil, errors.New("names neither {file} nor {dir}, so the engine would not get the level")
	}
	return words, nil
}

// splitWords splits s at spaces outside quotes; single quotes keep
// everything, double quotes keep all but a backslash before " or \.
func splitWords(s string) ([]string, error) {
	var words []string
	var word strings.Builder
	inWord := false
	var quote rune
	runes := []rune(s)
	for i := 0; i < len(runes); i++ {
		r := runes[i]
		switch {
		case quote == '\'' && r == '\'', quote == '"' && r == '"':
			quote = 0
		case quote == '"' && r == '\\' && i+1 < len(runes) && (runes[i+1] == '"' || runes[i+1] == '\\'):
			i++
			word.WriteRune(runes[i])
		case quote != 0:
			word.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
		default:
			word.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("a %c quote is not closed", quote)
	}
	if inWord {
		words = append(words, word.String())
	}
	return words, nil
}

// splitWindowsWords splits s as Windows programs split their command
// line (CommandLineToArgvW and the C runtime): at spaces and tabs outside
// double quotes; backslashes are kept as they are, but before a double
// quote each pair is one backslash and an odd one out makes the quote
// literal; "" inside quotes is a literal quote. A single quote is an
// ordinary letter.
func splitWindowsWords(s string) ([]string, error) {
	var words []string
	var word strings.Builder
	inWord, quoted := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\\':
			n := 1
			for i+n < len(s) && s[i+n] == '\\' {
				n++
			}
			inWord = true
			if i+n < len(s) && s[i+n] == '"' {
				word.WriteString(strings.Repeat(`\`, n/2))
				if n%2 == 1 {
					word.WriteByte('"')
					i += n
					continue
				}
			} else {
				word.WriteString(strings.Repeat(`\`, n))
			}
			i += n - 1
		case c == '"' && quoted && i+1 < len(s) && s[i+1] == '"':
			word.WriteByte('"')
			i++
		case c == '"':
			quoted, inWord = !quoted, true
		case (c == ' ' || c == '\t') && !quoted:
			if inWord {
				words = append(words, word.String())
				word.Reset()
				inWord = false
			}
		default:
			word.WriteByte(c)
			inWord = true
		}
	}
	if quoted {
		return nil, errors.New(`a " quote is not closed`)
	}
	if inWord {
		words = append(words, word.String())
	}
	return words, nil
}

// engineRun is an engine started on a scratch copy.
type engineRun struct {
	cmd     *exec.Cmd
	dir     string // the scratch folder
	started time.Time
	out     *tailBuffer
	ended   chan struct{} // closed once the engine has ended
}

// startEngine starts args[0] with the rest as its arguments on the
// scratch folder dir, keeping the end of what it prints.
func startEngine(args []string, dir string) (*engineRun, error) {
	out := &tailBuffer{limit: 2048}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	return &engineRun{cmd: cmd, dir: dir, started: time.Now(), out: out, ended: make(chan struct{})}, nil
}

// wait waits for the engine to end.
func (r *engineRun) wait() error {
	defer close(r.ended)
	return r.cmd.Wait()
}

// output is the end of what the engine printed, as lines to append to
// a message, "" when it printed nothing.
func (r *engineRun) output() string {
	text := strings.TrimSpace(r.out.String())
	if text == "" {
		return ""
	}
	return "\n\n" + text
}

// tailBuffer keeps the last limit bytes written to it.
type tailBuffer struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	limit int
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf.Write(p)
	if extra := t.buf.Len() - t.limit; extra > 0 {
		t.buf.Next(extra)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.buf.String()
}

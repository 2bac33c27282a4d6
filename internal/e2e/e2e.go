// Package e2e runs the real levelwright binary in an X display for
// end-to-end tests: it builds the binary, starts Xvfb when no display is
// there, waits for the main window, takes screenshots, sends keys and clicks
// with xdotool, and stops the program and everything it started. It never
// waits for a still screen: the program reports its state through a
// channel (state.go), and after each input the harness waits until the
// program has handled it, then for the state a test needs.
//
// It needs Xvfb, xdotool, xwininfo and ImageMagick's import; `make test`
// installs them. Screenshots go to build/e2e/<test name>/ and stay there.
package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/levelwright/levelwright"
)

// tools the harness calls; Require skips with their names when one is missing.
var tools = []string{"xdotool", "xwininfo", "import"}

// Build compiles ./cmd/levelwright once per test binary and returns its path.
func Build(t testing.TB) string {
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "levelwright-e2e-")
		if err != nil {
			buildErr = err
			return
		}
		binPath = filepath.Join(dir, "levelwright")
		cmd := exec.Command("go", "build", "-o", binPath, "./cmd/levelwright")
		cmd.Dir = RepoRoot(t)
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binPath
}

var (
	buildOnce sync.Once
	binPath   string
	buildErr  error
)

// RepoRoot is the folder holding go.mod.
func RepoRoot(t testing.TB) string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// Display is an X display for a test: the one in $DISPLAY, or an Xvfb the
// harness started and stops when the test ends.
type Display struct {
	Name string
}

// NewDisplay returns the display to run on, starting Xvfb when $DISPLAY is
// unset. It fails the test when a tool the harness needs is missing, and
// skips it under -short: an end-to-end run is no short test.
func NewDisplay(t testing.TB) *Display {
	if testing.Short() {
		t.Skip("an end-to-end run in an X display: not under -short")
	}
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is not installed: run `make test`, which installs the GUI test tools", tool)
		}
	}
	if d := os.Getenv("DISPLAY"); d != "" {
		return &Display{Name: d}
	}
	d, stop, err := StartXvfb()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(stop)
	t.Logf("started Xvfb on %s", d.Name)
	return d
}

// InDisplay runs a package's tests (from TestMain) with $DISPLAY set,
// starting an Xvfb for them all when it is unset, and returns m.Run's
// exit code. OpenGL initialises once per process, so the tests of a
// package that draws with it share one display. Under -short it starts
// none: with $DISPLAY unset, the tests that need one skip (NeedDisplay).
func InDisplay(m *testing.M) int {
	flag.Parse()
	if os.Getenv("DISPLAY") == "" && !testing.Short() {
		d, stop, err := StartXvfb()
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		defer stop()
		os.Setenv("DISPLAY", d.Name)
	}
	return m.Run()
}

// NeedDisplay skips t when there is no X display to draw in with
// OpenGL: when $DISPLAY is unset, as under -short (see InDisplay).
func NeedDisplay(t testing.TB) {
	t.Helper()
	if os.Getenv("DISPLAY") == "" {
		t.Skip("no X display for OpenGL: $DISPLAY is unset")
	}
}

// StartXvfb starts a private Xvfb on a free display number, trying three
// times, and waits until it answers; stop stops it.
func StartXvfb() (d *Display, stop func(), err error) {
	if _, err := exec.LookPath("Xvfb"); err != nil {
		return nil, nil, fmt.Errorf("no $DISPLAY and Xvfb is not installed: run `make test`")
	}
	var failures []string
	for range 3 {
		d, stop, err := startXvfb()
		if err == nil {
			return d, stop, nil
		}
		failures = append(failures, err.Error())
	}
	return nil, nil, fmt.Errorf("Xvfb did not start:\n%s", strings.Join(failures, "\n"))
}

func startXvfb() (*Display, func(), error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	defer r.Close()
	var stderr bytes.Buffer
	// -noreset: a server that resets when its last client leaves refuses
	// the clients that connect meanwhile, such as the next program started.
	xvfb := exec.Command("Xvfb", "-displayfd", "3", "-noreset", "-screen", "0", "1600x1000x24", "-nolisten", "tcp")
	xvfb.ExtraFiles = []*os.File{w}
	xvfb.Stderr = &stderr
	xvfb.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	err = xvfb.Start()
	w.Close()
	if err != nil {
		return nil, nil, err
	}
	exited := make(chan struct{})
	go func() {
		xvfb.Wait()
		close(exited)
	}()
	stop := func() {
		xvfb.Process.Signal(syscall.SIGTERM)
		<-exited
	}

	number := make(chan string, 1)
	go func() {
		buf := make([]byte, 32)
		n, _ := r.Read(buf)
		number <- strings.TrimSpace(string(buf[:n]))
	}()
	var d *Display
	select {
	case n := <-number:
		d = &Display{Name: ":" + n}
	case <-time.After(20 * time.Second):
		stop()
		return nil, nil, fmt.Errorf("no display number within 20s: %s", stderr.String())
	}
	for range 100 {
		select {
		case <-exited:
			return nil, nil, fmt.Errorf("Xvfb on %s exited: %s", d.Name, stderr.String())
		default:
		}
		probe := exec.Command("xwininfo", "-root")
		probe.Env = append(os.Environ(), "DISPLAY="+d.Name)
		if probe.Run() == nil {
			return d, stop, nil
		}
		time.Sleep(100 * time.Millisecond)
	}
	stop()
	return nil, nil, fmt.Errorf("Xvfb on %s does not answer: %s", d.Name, stderr.String())
}

// Program is the levelwright binary running in a display.
type Program struct {
	t       testing.TB
	display *Display
	cmd     *exec.Cmd
	done    chan struct{}
	exitErr error
	Window  string     // X window id
	link    *stateLink // the program's state channel
	Stderr  bytes.Buffer
	artDir  string
	start   int // which start of the program in this test, from 1
	shots   int
	// Sent is when the xdotool that sent the last input (a key, a click,
	// a press or release, a move, a wheel) was started, or when the last
	// input was written to the injector (Inject).
	Sent time.Time
	// inject is the input of an xdotool that reads commands from it,
	// started by the first Inject.
	inject io.WriteCloser
}

// starts counts the programs each test has started, to name screenshots.
var (
	startsMu sync.Mutex
	starts   = map[string]int{}
)

// Start runs bin with args in d, with a fresh preferences folder, and
// waits up to 30s for a window whose title matches titlePattern.
func Start(t testing.TB, d *Display, bin string, titlePattern string, args ...string) *Program {
	return StartWithPreferences(t, d, bin, nil, titlePattern, args...)
}

// StartWithPreferences is Start with prefs (key to value) in the fresh
// preferences folder, as a user's earlier Settings would have left them.
func StartWithPreferences(t testing.TB, d *Display, bin string, prefs map[string]any, titlePattern string, args ...string) *Program {
	home := t.TempDir()
	if len(prefs) > 0 {
		writePreferences(t, filepath.Join(home, ".config"), prefs)
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(),
		"HOME="+home, // preferences of a first start, or prefs
		"XDG_CONFIG_HOME="+filepath.Join(home, ".config"),
	)
	return launch(t, d, cmd, titlePattern)
}

// launch starts cmd in d, in a process group of its own that ends with
// the test, and waits up to 30s for a window whose title matches
// titlePattern, then until no load, save or job is under way (the file
// given, if any, loaded or refused).
func launch(t testing.TB, d *Display, cmd *exec.Cmd, titlePattern string) *Program {
	t.Helper()
	link, err := listenState()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(link.close)
	// Wait returns once the program has ended even when a process it
	// started (Wine's server) still holds its output open.
	cmd.WaitDelay = 5 * time.Second
	p := &Program{t: t, display: d, done: make(chan struct{}), cmd: cmd, link: link}
	p.artDir = filepath.Join(RepoRoot(t), "build", "e2e", sanitize(t.Name()))
	startsMu.Lock()
	starts[t.Name()]++
	p.start = starts[t.Name()]
	startsMu.Unlock()
	if p.start == 1 {
		os.RemoveAll(p.artDir) // screenshots of an earlier run
	}
	if err := os.MkdirAll(p.artDir, 0o755); err != nil {
		t.Fatal(err)
	}
	p.cmd.Env = append(p.cmd.Env, "DISPLAY="+d.Name, "LIBGL_ALWAYS_SOFTWARE=1", link.env())
	p.cmd.Stdout = &p.Stderr
	p.cmd.Stderr = &p.Stderr
	p.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		p.exitErr = p.cmd.Wait()
		close(p.done)
	}()
	t.Cleanup(p.kill)
	connected := make(chan error, 1)
	go func() { connected <- link.accept(30 * time.Second) }()

	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if p.Exited() {
			t.Fatalf("levelwright exited before showing a window: %v\n%s", p.exitErr, p.Stderr.String())
		}
		out, err := p.x("xdotool", "search", "--onlyvisible", "--name", titlePattern)
		if err == nil {
			if ids := strings.Fields(out); len(ids) > 0 {
				p.Window = ids[0]
				if err := <-connected; err != nil {
					t.Fatalf("%v\n%s", err, p.Stderr.String())
				}
				p.WaitIdle()
				return p
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatalf("no window titled %q within 30s\n%s", titlePattern, p.Stderr.String())
	return nil
}

// writePreferences writes prefs where Fyne reads the program's
// preferences under config, the user's configuration folder.
func writePreferences(t testing.TB, config string, prefs map[string]any) {
	dir := filepath.Join(config, "fyne", levelwright.AppMetadata().ID)
	data, err := json.Marshal(prefs)
	if err == nil {
		err = os.MkdirAll(dir, 0o755)
	}
	if err == nil {
		err = os.WriteFile(filepath.Join(dir, "preferences.json"), data, 0o644)
	}
	if err != nil {
		t.Fatalf("preferences: %v", err)
	}
}

// x runs an X tool against the program's display.
func (p *Program) x(name string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+p.display.Name)
	out, err := cmd.Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			return string(out), fmt.Errorf("%s %v: %v: %s", name, args, err, ee.Stderr)
		}
		return string(out), fmt.Errorf("%s %v: %v", name, args, err)
	}
	return string(out), nil
}

// Send runs xdotool with args, an input to the program, noting when in
// Sent. Unlike Key, Click and the others, it does not wait for the
// program to handle the input.
func (p *Program) Send(args ...string) error {
	p.Sent = time.Now()
	_, err := p.x("xdotool", args...)
	return err
}

// Inject gives xdotool's command args to an xdotool that reads commands
// from a pipe and has been running since the first Inject, noting in
// Sent when it was written. An xdotool started for each input takes
// 25-40 ms on these machines to connect before it sends anything; the
// injector sends the input as it reads it, so a benchmark times the
// program from about when the input reaches the X server. Unlike Send,
// it does not see the command's errors, and Sent may precede the input
// by the time xdotool takes to read it.
func (p *Program) Inject(args ...string) error {
	if p.inject == nil {
		cmd := exec.Command("xdotool", "-")
		cmd.Env = append(os.Environ(), "DISPLAY="+p.display.Name)
		in, err := cmd.StdinPipe()
		if err != nil {
			return err
		}
		if err := cmd.Start(); err != nil {
			return fmt.Errorf("starting an xdotool that reads commands: %v", err)
		}
		p.inject = in
		p.t.Cleanup(func() {
			in.Close() // xdotool ends at the end of its input
			cmd.Wait()
		})
	}
	for _, a := range args {
		if strings.ContainsAny(a, " \t\n\"'") {
			return fmt.Errorf("injecting %q: an argument with spaces or quotes", args)
		}
	}
	p.Sent = time.Now()
	_, err := io.WriteString(p.inject, strings.Join(args, " ")+"\n")
	return err
}

// Mapped reports whether the main window is mapped and viewable.
func (p *Program) Mapped() bool {
	out, err := p.x("xwininfo", "-id", p.Window)
	return err == nil && strings.Contains(out, "Map State: IsViewable")
}

// Title is the main window's current title.
func (p *Program) Title() string {
	out, err := p.x("xdotool", "getwindowname", p.Window)
	if err != nil {
		p.t.Fatal(err)
	}
	return strings.TrimSpace(out)
}

// Screenshot captures the main window, saves it in build/e2e/<test>/
// and returns it.
func (p *Program) Screenshot(name string) image.Image {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, "import", "-window", p.Window, "png:-")
	cmd.Env = append(os.Environ(), "DISPLAY="+p.display.Name)
	out, err := cmd.Output()
	if err != nil {
		p.t.Fatalf("screenshot: %v", err)
	}
	img, err := png.Decode(bytes.NewReader(out))
	if err != nil {
		p.t.Fatalf("screenshot: %v", err)
	}
	p.shots++
	path := filepath.Join(p.artDir, fmt.Sprintf("%d-%02d-%s.png", p.start, p.shots, name))
	if err := os.WriteFile(path, out, 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.t.Logf("screenshot %s", path)
	return img
}

// Key sends key presses (xdotool names: "ctrl+q", "F1", "Escape") to the
// focused main window, then waits until the program has handled them.
func (p *Program) Key(keys ...string) {
	p.t.Helper()
	p.focus()
	if err := p.Send(append([]string{"key", "--delay", "50"}, keys...)...); err != nil {
		p.t.Fatal(err)
	}
	p.handled(false)
}

// Type types text into the focused widget of the main window, as the
// keyboard would, then waits until the program has handled it.
func (p *Program) Type(text string) {
	p.t.Helper()
	p.focus()
	if _, err := p.x("xdotool", "type", "--delay", "30", text); err != nil {
		p.t.Fatal(err)
	}
	p.handled(false)
}

// Drag presses the left button at (x0, y0) of the window, moves the
// pointer to (x1, y1) in steps, and lets go, then waits until the
// program has handled it.
func (p *Program) Drag(x0, y0, x1, y1 int) {
	p.t.Helper()
	p.focus()
	steps := [][]string{{"mousemove", "--window", p.Window, fmt.Sprint(x0), fmt.Sprint(y0)}, {"mousedown", "1"}}
	for k := 1; k <= 8; k++ {
		steps = append(steps, []string{"mousemove", "--window", p.Window, fmt.Sprint(x0 + (x1-x0)*k/8), fmt.Sprint(y0 + (y1-y0)*k/8)})
	}
	steps = append(steps, []string{"mouseup", "1"})
	for _, args := range steps {
		if _, err := p.x("xdotool", args...); err != nil {
			p.t.Fatal(err)
		}
		p.handled(false) // each step a pointer event of its own
	}
}

// Click moves the pointer to (x, y) in window coordinates and clicks the
// given button (1 left, 2 middle, 3 right), then waits until the
// program has handled the click (see handled).
func (p *Program) Click(x, y, button int) {
	p.t.Helper()
	p.focus()
	if _, err := p.x("xdotool", "mousemove", "--window", p.Window, fmt.Sprint(x), fmt.Sprint(y)); err != nil {
		p.t.Fatal(err)
	}
	p.handled(false) // the pointer is there: the click goes where it is
	if err := p.Send("click", fmt.Sprint(button)); err != nil {
		p.t.Fatal(err)
	}
	p.handled(button == 1)
}

// ClickWith clicks the left button at (x, y) of the window with a
// modifier key ("shift", "ctrl") held down, then waits until the
// program has handled the click.
func (p *Program) ClickWith(modifier string, x, y int) {
	p.t.Helper()
	p.focus()
	if _, err := p.x("xdotool", "mousemove", "--window", p.Window, fmt.Sprint(x), fmt.Sprint(y)); err != nil {
		p.t.Fatal(err)
	}
	p.handled(false)
	if _, err := p.x("xdotool", "keydown", modifier, "click", "1", "keyup", modifier); err != nil {
		p.t.Fatal(err)
	}
	p.handled(true)
}

func (p *Program) focus() {
	p.x("xdotool", "windowfocus", "--sync", p.Window)
}

// Exited reports whether the program has ended.
func (p *Program) Exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// WaitExit waits for the program to end by itself and returns its error.
func (p *Program) WaitExit(timeout time.Duration) error {
	select {
	case <-p.done:
		return p.exitErr
	case <-time.After(timeout):
		return fmt.Errorf("levelwright still running after %v", timeout)
	}
}

// Leftovers lists the processes still in the program's process group.
func (p *Program) Leftovers() []string {
	out, _ := exec.Command("pgrep", "-g", fmt.Sprint(p.cmd.Process.Pid)).Output()
	return strings.Fields(string(out))
}

// kill ends the program's whole process group if it is still running.
func (p *Program) kill() {
	if !p.Exited() {
		syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
		<-p.done
	}
	if p.t.Failed() {
		p.t.Logf("levelwright output:\n%s", p.Stderr.String())
	}
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)

func sanitize(name string) string { return unsafeName.ReplaceAllString(name, "_") }

// Wheel turns the mouse wheel over (x, y) of the window: clicks of
// button 4 (up) or 5 (down), n of them, then waits until the program
// has handled them.
func (p *Program) Wheel(x, y int, down bool, n int) {
	p.t.Helper()
	p.focus()
	if _, err := p.x("xdotool", "mousemove", "--window", p.Window, fmt.Sprint(x), fmt.Sprint(y)); err != nil {
		p.t.Fatal(err)
	}
	button := "4"
	if down {
		button = "5"
	}
	if err := p.Send("click", "--repeat", fmt.Sprint(n), "--delay", "10", button); err != nil {
		p.t.Fatal(err)
	}
	p.handled(false)
}

// Press moves the pointer to (x, y) of the window and presses the left
// button, without letting go (Move then drags), then waits until the
// program has handled it.
func (p *Program) Press(x, y int) {
	p.t.Helper()
	p.focus()
	if err := p.Send("mousemove", "--window", p.Window, fmt.Sprint(x), fmt.Sprint(y), "mousedown", "1"); err != nil {
		p.t.Fatal(err)
	}
	p.handled(false)
}

// Release lets go of the left button, then waits until the program has
// handled it.
func (p *Program) Release() {
	p.t.Helper()
	if err := p.Send("mouseup", "1"); err != nil {
		p.t.Fatal(err)
	}
	p.handled(false)
}

// Move moves the pointer to (x, y) of the window without pressing a
// button, as a hover (or with it pressed, a drag), then waits until the
// program has handled it.
func (p *Program) Move(x, y int) {
	p.t.Helper()
	p.focus()
	if err := p.Send("mousemove", "--window", p.Window, fmt.Sprint(x), fmt.Sprint(y)); err != nil {
		p.t.Fatal(err)
	}
	p.handled(false)
}

package e2e

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/levelwright/levelwright"
)

// stateVariable is the environment variable through which the program
// connects to the harness's state channel (cmd/levelwright/state.go).
const stateVariable = "LEVELWRIGHT_E2E_STATE"

// waitTimeout is how long a wait for a state lasts before the test
// fails.
const waitTimeout = 30 * time.Second

// A stateLink is the harness's end of a program's state channel: it
// asks for the program's state and reads the answers, one at a time.
type stateLink struct {
	listener net.Listener
	mu       sync.Mutex
	conn     net.Conn
	answers  *bufio.Reader
	last     levelwright.State // the last state answered
	closed   bool              // the program closed the channel: it ended
}

// listenState opens a state channel for a program to connect to; its
// address goes to the program in stateVariable.
func listenState() (*stateLink, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("state channel: %w", err)
	}
	return &stateLink{listener: l}, nil
}

// env is the program's environment entry that names the channel.
func (s *stateLink) env() string { return stateVariable + "=" + s.listener.Addr().String() }

// accept waits up to timeout for the program to connect.
func (s *stateLink) accept(timeout time.Duration) error {
	s.listener.(*net.TCPListener).SetDeadline(time.Now().Add(timeout))
	conn, err := s.listener.Accept()
	s.listener.Close()
	if err != nil {
		return fmt.Errorf("the program did not connect to the state channel: %w", err)
	}
	s.conn, s.answers = conn, bufio.NewReader(conn)
	return nil
}

// close closes the channel.
func (s *stateLink) close() {
	s.listener.Close()
	if s.conn != nil {
		s.conn.Close()
	}
}

// ask sends request ("sync" or "tap") and returns the state answered.
// A program that has ended answers nothing: ask returns the last state
// and ended set.
func (s *stateLink) ask(request string) (st levelwright.State, ended bool, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return s.last, true, nil
	}
	s.conn.SetDeadline(time.Now().Add(waitTimeout))
	if _, err := fmt.Fprintln(s.conn, request); err != nil {
		s.closed = true
		return s.last, true, nil
	}
	line, err := s.answers.ReadBytes('\n')
	if err != nil {
		if ne, ok := err.(net.Error); ok && ne.Timeout() {
			return s.last, false, fmt.Errorf("no state within %v after %q", waitTimeout, request)
		}
		s.closed = true
		return s.last, true, nil
	}
	var next levelwright.State
	if err := json.Unmarshal(line, &next); err != nil {
		return s.last, false, fmt.Errorf("state channel: %v in %q", err, line)
	}
	s.last = next
	return next, false, nil
}

// handled waits until the program has handled the input sent to it
// before (see cmd/levelwright/state.go), after a click when tap is set,
// and returns its state then. It returns at once when the program has
// ended (after a quit key, say).
func (p *Program) handled(tap bool) levelwright.State {
	p.t.Helper()
	request := "sync"
	if tap {
		request = "tap"
	}
	st, _, err := p.link.ask(request)
	if err != nil {
		p.t.Fatal(err)
	}
	return st
}

// State is the program's state once it has handled the input sent to
// it before.
func (p *Program) State() levelwright.State {
	p.t.Helper()
	return p.handled(false)
}

// Shown is how many frames of the map view the program has painted on
// its window, and when it painted the last; unlike State, it answers at
// once, not after the input sent before has been handled.
func (p *Program) Shown() (frames int, at time.Time) {
	p.t.Helper()
	st, _, err := p.link.ask("shown")
	if err != nil {
		p.t.Fatal(err)
	}
	return st.Shown, time.Unix(0, st.ShownAt)
}

// WaitFor waits up to 30s until the program's state satisfies cond and
// returns that state; else it fails the test, naming what, what it
// waited for, and the last state seen.
func (p *Program) WaitFor(what string, cond func(levelwright.State) bool) levelwright.State {
	p.t.Helper()
	deadline := time.Now().Add(waitTimeout)
	for {
		st, ended, err := p.link.ask("sync")
		if err != nil {
			p.t.Fatalf("waiting for %s: %v", what, err)
		}
		if cond(st) {
			return st
		}
		if ended {
			p.t.Fatalf("waiting for %s: the program ended; its last state:\n%s", what, describe(st))
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("waited %v for %s; the last state:\n%s", waitTimeout, what, describe(st))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// describe is st as indented JSON, for a failure message.
func describe(st levelwright.State) string {
	b, _ := json.MarshalIndent(st, "", "  ")
	return string(b)
}

// WaitIdle waits until no load, save, comparison or background job is
// under way.
func (p *Program) WaitIdle() levelwright.State {
	p.t.Helper()
	return p.WaitFor("no load, save or job under way", func(s levelwright.State) bool { return !s.Busy })
}

// WaitLoaded waits until the file at path is open, loaded, and nothing
// else is under way.
func (p *Program) WaitLoaded(path string) levelwright.State {
	p.t.Helper()
	return p.WaitFor("the file "+path+" loaded", func(s levelwright.State) bool {
		return s.Loaded && !s.Busy && samePath(s.Path, path)
	})
}

// samePath reports whether a and b name the same file, either of them
// relative to the working folder.
func samePath(a, b string) bool {
	if a == b {
		return true
	}
	absA, errA := filepath.Abs(a)
	absB, errB := filepath.Abs(b)
	return errA == nil && errB == nil && absA == absB
}

// WaitSaved waits until the open file has no unsaved changes and no
// save is under way.
func (p *Program) WaitSaved() levelwright.State {
	p.t.Helper()
	return p.WaitFor("the file saved", func(s levelwright.State) bool { return s.Loaded && !s.Dirty && !s.Busy })
}

// WaitDirty waits until the open file has unsaved changes.
func (p *Program) WaitDirty() levelwright.State {
	p.t.Helper()
	return p.WaitFor("unsaved changes", func(s levelwright.State) bool { return s.Dirty })
}

// WaitSteps waits until the open file's history has n steps done.
func (p *Program) WaitSteps(n int) levelwright.State {
	p.t.Helper()
	return p.WaitFor(fmt.Sprintf("%d steps done", n), func(s levelwright.State) bool { return s.Loaded && s.Steps == n })
}

// WaitTitle waits until the main window's title matches pattern.
func (p *Program) WaitTitle(pattern string) levelwright.State {
	p.t.Helper()
	re := regexp.MustCompile(pattern)
	return p.WaitFor(fmt.Sprintf("a title matching %q", pattern), func(s levelwright.State) bool { return re.MatchString(s.Title) })
}

// WaitStatus waits until the status bar's text contains text.
func (p *Program) WaitStatus(text string) levelwright.State {
	p.t.Helper()
	return p.WaitFor(fmt.Sprintf("%q in the status bar", text), func(s levelwright.State) bool { return strings.Contains(s.Status, text) })
}

// WaitDialog waits until a dialog (or another overlay) showing text,
// its title say, is over one of the program's windows.
func (p *Program) WaitDialog(text string) levelwright.State {
	p.t.Helper()
	return p.WaitFor(fmt.Sprintf("a dialog showing %q", text), func(s levelwright.State) bool { return HasDialog(s, text) })
}

// WaitNoDialog waits until no dialog showing text is over the program's
// windows.
func (p *Program) WaitNoDialog(text string) levelwright.State {
	p.t.Helper()
	return p.WaitFor(fmt.Sprintf("no dialog showing %q", text), func(s levelwright.State) bool { return !HasDialog(s, text) })
}

// HasDialog reports whether an overlay of a window in s shows text.
func HasDialog(s levelwright.State, text string) bool {
	for _, w := range s.Windows {
		for _, o := range w.Overlays {
			if slices.Contains(o, text) {
				return true
			}
		}
	}
	return false
}

// HasWindow reports whether the program has a window in s whose title
// matches re.
func HasWindow(s levelwright.State, re *regexp.Regexp) bool {
	return slices.ContainsFunc(s.Windows, func(w levelwright.WindowState) bool { return re.MatchString(w.Title) })
}

// Eventually waits up to 30s for done, a condition outside the program's
// state (a file that a program it started writes, say), and fails the
// test naming what it waited for when done never holds.
func Eventually(t testing.TB, what string, done func() bool) {
	t.Helper()
	deadline := time.Now().Add(waitTimeout)
	for !done() {
		if time.Now().After(deadline) {
			t.Fatalf("waited %v for %s", waitTimeout, what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

package e2e

import (
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/levelwright/levelwright"
)

// Other waits up to 30s for another window of the program, one whose
// title matches titlePattern, to be open and mapped, and returns the
// program seen through that window: its keys, clicks and screenshots go
// there.
func (p *Program) Other(titlePattern string) *Program {
	p.t.Helper()
	re := regexp.MustCompile(titlePattern)
	p.WaitFor(fmt.Sprintf("a window titled %q", titlePattern), func(s levelwright.State) bool { return HasWindow(s, re) })
	// GLFW maps a window before Show returns; the X server may list it
	// a moment after the program's state does.
	deadline := time.Now().Add(waitTimeout)
	for time.Now().Before(deadline) {
		out, err := p.x("xdotool", "search", "--onlyvisible", "--name", titlePattern)
		if ids := strings.Fields(out); err == nil && len(ids) > 0 && ids[0] != p.Window {
			return &Program{t: p.t, display: p.display, cmd: p.cmd, done: p.done, link: p.link, Window: ids[0], artDir: p.artDir, start: p.start, shots: 50}
		}
		time.Sleep(50 * time.Millisecond)
	}
	p.t.Fatalf("the program has a window titled %q, but X shows none within %v", titlePattern, waitTimeout)
	return nil
}

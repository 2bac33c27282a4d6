package e2e

import (
	"strings"
	"time"
)

// Other waits up to 10s for another window of the program, one whose
// title matches titlePattern, and returns the program seen through that
// window: its keys, clicks and screenshots go there.
func (p *Program) Other(titlePattern string) *Program {
	p.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		out, err := p.x("xdotool", "search", "--onlyvisible", "--name", titlePattern)
		if ids := strings.Fields(out); err == nil && len(ids) > 0 && ids[0] != p.Window {
			o := &Program{t: p.t, display: p.display, cmd: p.cmd, done: p.done, Window: ids[0], artDir: p.artDir, start: p.start, shots: 50}
			o.waitStill()
			return o
		}
		time.Sleep(200 * time.Millisecond)
	}
	p.t.Fatalf("no window titled %q within 10s", titlePattern)
	return nil
}

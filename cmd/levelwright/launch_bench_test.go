package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/levelwright/levelwright/internal/e2e"
)

// BenchmarkLaunchToFirstFrame runs the built editor on the Derelict's
// archive under Xvfb and times it from launch to a screen grab whose
// viewport shows the level. Grabs take some 50-100 ms each, so the time
// is up to one grab late.
//
//	go test ./cmd/levelwright -run XXX -bench LaunchToFirstFrame -benchtime 5x -count 3
func BenchmarkLaunchToFirstFrame(b *testing.B) {
	path := filepath.Join(e2e.RepoRoot(b), "..", "shared", "corpus", "shock", "derelict", "archive.dat")
	if _, err := os.Stat(path); err != nil {
		b.Skip("corpus folder ../shared/corpus is absent")
	}
	bin := e2e.Build(b)
	d := e2e.NewDisplay(b)
	home := b.TempDir()
	b.ResetTimer()
	for range b.N {
		cmd := exec.Command(bin, path)
		cmd.Env = append(os.Environ(), "DISPLAY="+d.Name, "HOME="+home, "LIBGL_ALWAYS_SOFTWARE=1")
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		if err := cmd.Start(); err != nil {
			b.Fatal(err)
		}
		if err := waitForLevel(d, 20*time.Second); err != nil {
			b.Fatal(err)
		}
		b.StopTimer()
		syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		cmd.Wait()
		b.StartTimer()
	}
}

// waitForLevel waits until the editor's window shows a drawn level: a
// grab of its viewport with more than the background's colours.
func waitForLevel(d *e2e.Display, timeout time.Duration) error {
	x := func(name string, args ...string) ([]byte, error) {
		cmd := exec.Command(name, args...)
		cmd.Env = append(os.Environ(), "DISPLAY="+d.Name)
		return cmd.Output()
	}
	deadline := time.Now().Add(timeout)
	for time.Now().Before(deadline) {
		out, err := x("xdotool", "search", "--onlyvisible", "--name", "^archive.dat — Levelwright$")
		ids := strings.Fields(string(out))
		if err != nil || len(ids) == 0 {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		// The middle of the top cluster of level 0: walls and objects.
		grab, err := x("import", "-window", ids[0], "-crop", "200x100+560+130", "rgb:-")
		if err == nil && distinctTriples(grab) > 8 {
			return nil
		}
	}
	return os.ErrDeadlineExceeded
}

// distinctTriples counts the distinct RGB pixels of raw rgb bytes.
func distinctTriples(raw []byte) int {
	seen := map[[3]byte]bool{}
	for i := 0; i+3 <= len(raw); i += 3 {
		seen[[3]byte(raw[i:i+3])] = true
	}
	return len(seen)
}

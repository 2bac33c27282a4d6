package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestProgramIsTheExeBeside(t *testing.T) {
	for self, want := range map[string]string{
		`C:\Program Files\Levelwright\levelwright.com`: `C:\Program Files\Levelwright\levelwright.exe`,
		"/opt/lw/levelwright.com":                      "/opt/lw/levelwright.exe",
		"/opt/lw/levelwright":                          "/opt/lw/levelwright.exe",
	} {
		if got := program(self); got != want {
			t.Errorf("program(%q) = %q, want %q", self, got, want)
		}
	}
}

// TestRunPassesOutputAndStatus runs a shell script standing in for the
// GUI program: its output and exit status come back unchanged.
func TestRunPassesOutputAndStatus(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the stand-in is a shell script; the Wine tests run the real pair")
	}
	target := filepath.Join(t.TempDir(), "levelwright.exe")
	script := "#!/bin/sh\necho \"out:$1|$2\"\necho err >&2\nexit 3\n"
	if err := os.WriteFile(target, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := run(target, []string{"a b", "ü"}, nil, &out, &errOut); code != 3 {
		t.Errorf("exit %d, want 3", code)
	}
	if out.String() != "out:a b|ü\n" || errOut.String() != "err\n" {
		t.Errorf("stdout %q, stderr %q", out.String(), errOut.String())
	}
}

func TestRunReportsAMissingProgram(t *testing.T) {
	var out, errOut bytes.Buffer
	missing := filepath.Join(t.TempDir(), "levelwright.exe")
	if code := run(missing, nil, nil, &out, &errOut); code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	if !strings.Contains(errOut.String(), "cannot run "+missing) {
		t.Errorf("stderr %q", errOut.String())
	}
}

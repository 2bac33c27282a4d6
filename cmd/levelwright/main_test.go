package main

import (
	"bytes"
	"io/fs"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/levelwright/levelwright"
	"github.com/levelwright/levelwright/docs"
)

func TestVersion(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"--version"}, nil, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	// A test binary carries no commit.
	want := "Levelwright " + levelwright.AppMetadata().Version + " (commit unknown)\n"
	if out.String() != want {
		t.Fatalf("got %q, want %q", out.String(), want)
	}
}

func TestVersionLineNamesTheCommit(t *testing.T) {
	meta := levelwright.Metadata{Name: "Levelwright", Version: "1.2.3"}
	rev := debug.BuildSetting{Key: "vcs.revision", Value: "0123abcd"}
	for _, c := range []struct {
		stamped  string
		settings []debug.BuildSetting
		want     string
	}{
		{"", []debug.BuildSetting{rev, {Key: "vcs.modified", Value: "false"}}, "Levelwright 1.2.3 (commit 0123abcd)"},
		{"", []debug.BuildSetting{{Key: "vcs.modified", Value: "true"}, rev}, "Levelwright 1.2.3 (commit 0123abcd-modified)"},
		{"", nil, "Levelwright 1.2.3 (commit unknown)"},
		{"fedcba98", nil, "Levelwright 1.2.3 (commit fedcba98)"},
		{"fedcba98-modified", []debug.BuildSetting{rev}, "Levelwright 1.2.3 (commit fedcba98-modified)"},
	} {
		if got := versionLine(meta, c.stamped, &debug.BuildInfo{Settings: c.settings}); got != c.want {
			t.Errorf("stamped %q, settings %v: got %q, want %q", c.stamped, c.settings, got, c.want)
		}
	}
	if got := versionLine(meta, "", nil); got != "Levelwright 1.2.3 (commit unknown)" {
		t.Errorf("no build info: got %q", got)
	}
}

func TestUnknownCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"frobnicate", "x"}, nil, &out, &errOut); code != 2 {
		t.Fatalf("exit %d, want 2", code)
	}
	if !strings.Contains(errOut.String(), `unknown command "frobnicate"`) {
		t.Fatalf("stderr %q", errOut.String())
	}
}

func TestNoDisplayIsAnErrorNotACrash(t *testing.T) {
	t.Setenv("DISPLAY", "")
	t.Setenv("WAYLAND_DISPLAY", "")
	if hasDisplay() {
		t.Skip("this system opens windows without DISPLAY")
	}
	var out, errOut bytes.Buffer
	if code := run(nil, nil, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "no display") {
		t.Fatalf("exit %d, stderr %q", code, errOut.String())
	}
}

// commandLineChapter is the manual's chapter on the command line.
const commandLineChapter = "manual/command-line.md"

// TestManualFollowsUsage: the command table of the manual's chapter on
// the command line lists exactly the commands of `levelwright --help`,
// synopsis for synopsis, so that the one usage text (made from the
// commands' own lines, the games' among them) is not written again to
// drift.
func TestManualFollowsUsage(t *testing.T) {
	readme, err := fs.ReadFile(docs.FS, commandLineChapter)
	if err != nil {
		t.Fatal(err)
	}
	var documented []string
	for _, line := range strings.Split(string(readme), "\n") {
		if rest, ok := strings.CutPrefix(line, "| `levelwright"); ok {
			synopsis, _, _ := strings.Cut(rest, "` |")
			documented = append(documented, "levelwright"+strings.ReplaceAll(synopsis, `\|`, "|"))
		}
	}
	var help []string
	for _, line := range strings.Split(usage(), "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "levelwright"); ok {
			synopsis, _, _ := strings.Cut(rest, "  ")
			help = append(help, "levelwright"+synopsis)
		}
	}
	for _, c := range commands() {
		if !slices.ContainsFunc(help, func(s string) bool { return strings.HasPrefix(s, "levelwright "+c.Name+" ") }) {
			t.Errorf("--help has no line for %q", c.Name)
		}
	}
	slices.Sort(documented)
	slices.Sort(help)
	if !slices.Equal(documented, help) {
		t.Errorf("%s's command table lists\n%s\n--help lists\n%s", commandLineChapter, strings.Join(documented, "\n"), strings.Join(help, "\n"))
	}
}

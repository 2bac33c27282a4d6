package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/levelwright/levelwright"
)

func TestVersion(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"--version"}, nil, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	want := "Levelwright " + levelwright.AppMetadata().Version + "\n"
	if out.String() != want {
		t.Fatalf("got %q, want %q", out.String(), want)
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

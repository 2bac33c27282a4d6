package game

import (
	"slices"
	"testing"
)

// TestParseArgsDoubleDash: "--" ends the flags, so that a file name
// beginning with a dash (even two) is a positional argument, wherever
// the flags stand.
func TestParseArgsDoubleDash(t *testing.T) {
	for _, tt := range []struct {
		raw        []string
		positional []string
		json       bool
	}{
		{[]string{"--json", "--", "-file.dat"}, []string{"-file.dat"}, true},
		{[]string{"--", "--json"}, []string{"--json"}, false},
		{[]string{"a", "--", "-b", "--out"}, []string{"a", "-b", "--out"}, false},
		{[]string{"-a", "--json"}, []string{"-a"}, true},
	} {
		a, err := ParseArgs(tt.raw, []string{"json"}, []string{"out"})
		if err != nil || !slices.Equal(a.Positional, tt.positional) || a.Bool("json") != tt.json {
			t.Errorf("%q: positional %q json %v (%v), want %q json %v", tt.raw, a.Positional, a.Bool("json"), err, tt.positional, tt.json)
		}
	}
	if _, err := ParseArgs([]string{"--out"}, nil, []string{"out"}); err == nil {
		t.Error("--out without a value is accepted")
	}
}

package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/internal/corpus"
)

// TestFind: for a file of every game, find lists the entities a query
// matches, as lines with a count and as JSON, exit 0; a query nothing
// matches exits 1, and one that does not parse exits 2 saying why.
func TestFind(t *testing.T) {
	for _, c := range []struct {
		path  []string
		query string
		level int
	}{
		{[]string{"marathon", "eternal", "Genie-In-A-Bottle.sceA"}, "polygons Type=5", 0},
		{[]string{"turok", "kex18-vis.map"}, "actors TID>0", 0},
		{[]string{"shock", "derelict", "archive.dat"}, "objects class=12", 1},
	} {
		path := corpus.Path(t, c.path...)
		level := fmt.Sprint(c.level)
		code, out, stderr := runCLI(t, nil, "find", path, c.query, "--level", level)
		lines := strings.Split(strings.TrimSpace(out), "\n")
		if code != 0 || len(lines) < 2 || lines[len(lines)-1] != fmt.Sprintf("%d matches of %s", len(lines)-1, c.query) {
			t.Fatalf("%s %q: exit %d, %q %s", c.path, c.query, code, out, stderr)
		}
		_, text, _ := runCLI(t, nil, "find", "--json", path, c.query, "--level", level)
		var matches []struct {
			Level int    `json:"level"`
			List  string `json:"list"`
			Index int    `json:"index"`
		}
		if err := json.Unmarshal([]byte(text), &matches); err != nil || len(matches) != len(lines)-1 {
			t.Fatalf("--json: %d matches, %d lines (%v)", len(matches), len(lines)-1, err)
		}
		for i, m := range matches {
			if want := fmt.Sprintf("level %d: %s %d", m.Level, m.List, m.Index); m.Level != c.level || lines[i] != want {
				t.Errorf("match %d: %q in text, %+v in JSON", i, lines[i], m)
			}
		}
		if code, out, _ := runCLI(t, nil, "find", path, c.query+" and index<0"); code != 1 || !strings.HasPrefix(out, "0 matches") {
			t.Errorf("a query matching nothing: exit %d, %q", code, out)
		}
	}
	if code, _, stderr := runCLI(t, nil, "find", "x.map", "objects Type"); code != 2 || !strings.Contains(stderr, "FIELD OP VALUE") {
		t.Errorf("a bad query: exit %d, %q", code, stderr)
	}
}

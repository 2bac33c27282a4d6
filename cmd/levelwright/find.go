package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/levelwright/levelwright/diff"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/query"
)

// levelMatch is one entity find found: its level, list and index.
type levelMatch struct {
	Level int `json:"level"`
	query.Match
}

// findCommand lists the entities of a file that a query matches (the
// query package's language): `find FILE QUERY [--level N] [--json]`.
// Exit status 0 when something matches, 1 when nothing does, 2 on an
// error.
func findCommand(raw []string, _ io.Reader, stdout, stderr io.Writer) int {
	a, err := game.ParseArgs(raw, []string{"json"}, []string{"level"})
	if err != nil || len(a.Positional) != 2 {
		fmt.Fprintln(stderr, "usage: levelwright find FILE QUERY [--level N] [--json]")
		return 2
	}
	q, err := query.Parse(a.Positional[1])
	if err != nil {
		fmt.Fprintln(stderr, "levelwright find:", err)
		return 2
	}
	only := -1
	if _, set := a.Flags["level"]; set {
		if only, err = a.Int("level", 0); err != nil {
			fmt.Fprintln(stderr, "levelwright find:", err)
			return 2
		}
	}
	_, d, _, ok := openDoc(a.Positional[0], stderr)
	if !ok {
		return 2
	}
	file, err := diff.Read(d)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", a.Positional[0], err)
		return 2
	}
	matches := []levelMatch{}
	for place, l := range file.Levels {
		if n := l.Number(place); only < 0 || n == only {
			for _, m := range q.Find(l) {
				matches = append(matches, levelMatch{n, m})
			}
		}
	}
	if a.Bool("json") {
		text, err := json.MarshalIndent(matches, "", " ")
		if err != nil {
			fmt.Fprintln(stderr, "levelwright:", err)
			return 2
		}
		fmt.Fprintf(stdout, "%s\n", text)
	} else {
		for _, m := range matches {
			fmt.Fprintf(stdout, "level %d: %s %d\n", m.Level, m.List, m.Index)
		}
		fmt.Fprintf(stdout, "%d matches of %s\n", len(matches), q)
	}
	if len(matches) == 0 {
		return 1
	}
	return 0
}

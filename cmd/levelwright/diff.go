package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/levelwright/levelwright/diff"
	"github.com/levelwright/levelwright/document"
)

// openDoc reads path as a file of its game and opens its document; ok
// is false when the command must stop with exit status 2.
func openDoc(path string, stderr io.Writer) (document.Doc, document.Format, bool) {
	data, format, ok := readGameFile(path, stderr)
	if !ok {
		return nil, nil, false
	}
	d, err := format.Open(path, data)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return nil, nil, false
	}
	return d, format, true
}

// readLevels opens each path as a file of one game and exports its
// levels; ok is false when the command must stop with exit status 2.
func readLevels(paths []string, stderr io.Writer) (docs []document.Doc, files []diff.File, ok bool) {
	var game document.Format
	for _, path := range paths {
		d, format, ok := openDoc(path, stderr)
		if !ok {
			return nil, nil, false
		}
		if game != nil && format.Key() != game.Key() {
			fmt.Fprintf(stderr, "%s: a %s file, not %s like %s\n", path, format.Name(), game.Name(), paths[0])
			return nil, nil, false
		}
		game = format
		f, err := diff.Read(d)
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", path, err)
			return nil, nil, false
		}
		docs, files = append(docs, d), append(files, f)
	}
	return docs, files, true
}

// diffCommand lists what differs between two files of a game, entity by
// entity: `diff A B [--json]`. Exit status 0 when nothing differs, 1 when
// something does.
func diffCommand(raw []string, _ io.Reader, stdout, stderr io.Writer) int {
	a, err := parseArgs(raw, []string{"json"}, nil)
	if err != nil || len(a.positional) != 2 {
		fmt.Fprintln(stderr, "usage: levelwright diff A B [--json]")
		return 2
	}
	_, files, ok := readLevels(a.positional, stderr)
	if !ok {
		return 2
	}
	changes := diff.Compare(files[0], files[1])
	if a.bool("json") {
		if changes == nil {
			changes = []diff.Change{}
		}
		text, err := json.MarshalIndent(changes, "", " ")
		if err != nil {
			fmt.Fprintln(stderr, "levelwright:", err)
			return 2
		}
		fmt.Fprintf(stdout, "%s\n", text)
	} else {
		for _, c := range changes {
			fmt.Fprintln(stdout, c)
		}
	}
	if len(changes) > 0 {
		return 1
	}
	return 0
}

// mergeCommand applies both OURS' and THEIRS' changes to BASE onto OURS,
// through its document's commands, and writes NEW: `merge BASE OURS
// THEIRS --out NEW`. Conflicts are listed and nothing is written (exit
// status 1).
func mergeCommand(raw []string, _ io.Reader, stdout, stderr io.Writer) int {
	a, err := parseArgs(raw, nil, []string{"out"})
	if err != nil || len(a.positional) != 3 || a.flags["out"] == "" {
		fmt.Fprintln(stderr, "usage: levelwright merge BASE OURS THEIRS --out NEW")
		return 2
	}
	docs, files, ok := readLevels(a.positional, stderr)
	if !ok {
		return 2
	}
	merged, conflicts := diff.Merge(files[0], files[1], files[2])
	if len(conflicts) > 0 {
		fmt.Fprintf(stdout, "%d conflicts; nothing written:\n", len(conflicts))
		for _, c := range conflicts {
			fmt.Fprintln(stdout, c)
		}
		return 1
	}
	text, err := merged.Text()
	if err == nil {
		var report strings.Builder
		if err = docs[1].Import("merge of "+a.positional[2], text, &report); err == nil {
			fmt.Fprint(stdout, report.String())
		}
	}
	var out []byte
	if err == nil {
		out, err = docs[1].Bytes()
	}
	if err != nil {
		fmt.Fprintf(stderr, "cannot merge %s into %s: %v\n", a.positional[2], a.positional[1], err)
		return 2
	}
	if err := document.WriteFile(a.flags["out"], out); err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	fmt.Fprintf(stdout, "merged %d changes of %s into %s: %s\n",
		len(diff.Compare(files[1], merged)), a.positional[2], a.positional[1], a.flags["out"])
	return 0
}

package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/levelwright/levelwright/diff"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/game"
)

// openDoc reads path as a file of its game and opens its document; ok
// is false when the command must stop with exit status 2.
func openDoc(path string, stderr io.Writer) ([]byte, document.Doc, document.Format, bool) {
	data, format, ok := readGameFile(path, stderr)
	if !ok {
		return nil, nil, nil, false
	}
	d, err := format.Open(path, data)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return nil, nil, nil, false
	}
	return data, d, format, true
}

// side is one file of a diff or merge: its bytes, document and levels.
type side struct {
	path  string
	data  []byte
	doc   document.Doc
	level diff.File
}

// openDocs opens each path as a file of one game; ok is false when the
// command must stop with exit status 2.
func openDocs(paths []string, stderr io.Writer) (sides []side, game document.Format, ok bool) {
	for _, path := range paths {
		data, d, format, ok := openDoc(path, stderr)
		if !ok {
			return nil, nil, false
		}
		if game != nil && format.Key() != game.Key() {
			fmt.Fprintf(stderr, "%s: a %s file, not %s like %s\n", path, format.Name(), game.Name(), paths[0])
			return nil, nil, false
		}
		game = format
		sides = append(sides, side{path: path, data: data, doc: d})
	}
	return sides, game, true
}

// readLevels opens each path as a file of one game and exports its
// levels; ok is false when the command must stop with exit status 2.
func readLevels(paths []string, stderr io.Writer) (sides []side, game document.Format, ok bool) {
	sides, game, ok = openDocs(paths, stderr)
	for i := range sides {
		if !ok {
			break
		}
		f, err := diff.Read(sides[i].doc)
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", sides[i].path, err)
			return nil, nil, false
		}
		sides[i].level = f
	}
	return sides, game, ok
}

// diffCommand lists what differs between two files of a game, entity by
// entity: `diff A B [--json]`. Exit status 0 when nothing differs, 1 when
// something does.
func diffCommand(raw []string, _ io.Reader, stdout, stderr io.Writer) int {
	a, err := game.ParseArgs(raw, []string{"json"}, nil)
	if err != nil || len(a.Positional) != 2 {
		fmt.Fprintln(stderr, "usage: levelwright diff A B [--json]")
		return 2
	}
	sides, _, ok := openDocs(a.Positional, stderr)
	if !ok {
		return 2
	}
	changes, err := diff.CompareDocs(sides[0].doc, sides[1].doc)
	if err != nil {
		fmt.Fprintln(stderr, "levelwright diff:", err)
		return 2
	}
	if a.Bool("json") {
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

// mergeCommand merges OURS' and THEIRS' changes to BASE through its
// document's commands, and writes NEW: `merge BASE OURS THEIRS --out
// NEW`; the file is the same with OURS and THEIRS swapped. Conflicts are
// listed and nothing is written (exit status 1). A change of a side that
// the export does not carry, or that the merged file does not hold, is
// refused, naming its part of the file, and nothing is written (exit
// status 2).
func mergeCommand(raw []string, _ io.Reader, stdout, stderr io.Writer) int {
	a, err := game.ParseArgs(raw, nil, []string{"out"})
	if err != nil || len(a.Positional) != 3 || a.Flags["out"] == "" {
		fmt.Fprintln(stderr, "usage: levelwright merge BASE OURS THEIRS --out NEW")
		return 2
	}
	sides, game, ok := readLevels(a.Positional, stderr)
	if !ok {
		return 2
	}
	var v [3]diff.Version
	for i, s := range sides {
		v[i] = diff.Version{Path: s.path, Data: s.data, Levels: s.level}
	}
	out, report, conflicts, err := diff.MergeFiles(game, v[0], v[1], v[2])
	switch {
	case err != nil:
		fmt.Fprintf(stderr, "cannot merge: %v; nothing written\n", err)
		return 2
	case len(conflicts) > 0:
		fmt.Fprintf(stdout, "%d conflicts; nothing written:\n", len(conflicts))
		for _, c := range conflicts {
			fmt.Fprintln(stdout, c)
		}
		return 1
	}
	fmt.Fprint(stdout, report)
	if err := document.WriteFile(a.Flags["out"], out); err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	fmt.Fprintf(stdout, "merged the changes of %s and %s to %s: %s\n", v[1].Path, v[2].Path, v[0].Path, a.Flags["out"])
	return 0
}

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

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

// mergeCommand applies both OURS' and THEIRS' changes to BASE onto OURS,
// through its document's commands, and writes NEW: `merge BASE OURS
// THEIRS --out NEW`. Conflicts are listed and nothing is written (exit
// status 1). A change of a side that the export does not carry, or that
// the merged file does not hold, is refused, naming its part of the file,
// and nothing is written (exit status 2).
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
	base, ours, theirs := sides[0], sides[1], sides[2]
	for _, s := range sides[1:] {
		if err := diff.Carried(game, base.path, base.data, s.path, s.data, s.level); err != nil {
			fmt.Fprintf(stderr, "cannot merge: %v; nothing written\n", err)
			return 2
		}
	}
	merged, conflicts := diff.Merge(base.level, ours.level, theirs.level)
	if len(conflicts) > 0 {
		fmt.Fprintf(stdout, "%d conflicts; nothing written:\n", len(conflicts))
		for _, c := range conflicts {
			fmt.Fprintln(stdout, c)
		}
		return 1
	}
	var report strings.Builder
	out, err := diff.Apply(ours.doc, "merge of "+theirs.path, merged, &report)
	if err == nil {
		err = holdsChanges(game, base, ours, theirs, out)
	}
	if err != nil {
		fmt.Fprintf(stderr, "cannot merge %s into %s: %v; nothing written\n", theirs.path, ours.path, err)
		return 2
	}
	fmt.Fprint(stdout, report.String())
	if err := document.WriteFile(a.Flags["out"], out); err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	fmt.Fprintf(stdout, "merged %d changes of %s into %s: %s\n",
		len(diff.Compare(ours.level, merged)), theirs.path, ours.path, a.Flags["out"])
	return 0
}

// holdsChanges checks that merged holds each part that only one side
// changed from base as that side has it.
func holdsChanges(game document.Format, base, ours, theirs side, merged []byte) error {
	changed := [2][]string{}
	for i, s := range []side{ours, theirs} {
		var err error
		if changed[i], err = document.ChangedParts(game, base.data, s.data); err != nil {
			return err
		}
	}
	for i, s := range []side{ours, theirs} {
		differs, err := document.ChangedParts(game, merged, s.data)
		if err != nil {
			return err
		}
		for _, part := range changed[i] {
			if part != document.OutsideParts && !slices.Contains(changed[1-i], part) && slices.Contains(differs, part) {
				return fmt.Errorf("the merge leaves out %s's change to %s", s.path, part)
			}
		}
	}
	return nil
}

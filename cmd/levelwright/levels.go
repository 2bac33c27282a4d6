package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/game"
)

// levelsUsage are the usage lines of `levelwright levels`.
var levelsUsage = []game.Usage{
	{Synopsis: "levels FILE [--json]", Help: "a file's levels: index, name and size"},
	{Synopsis: "levels FILE OPERATION [ARGS] [--out NEW] [--json]",
		Help: "add, duplicate, delete, move, rename or copy levels, one undo step; writes FILE, or NEW (`levels FILE help` lists them)"},
}

// levelsCommand is `levelwright levels FILE [OPERATION ARGS...]`: exit
// 0 listed or done, 1 the operation refused (nothing written), 2 a
// usage or file error.
func levelsCommand(raw []string, _ io.Reader, stdout, stderr io.Writer) int {
	a, err := game.ParseArgs(raw, []string{"json"}, []string{"out"})
	if err != nil || len(a.Positional) < 1 {
		for _, u := range levelsUsage {
			fmt.Fprintf(stderr, "usage: levelwright %s\n", u.Synopsis)
		}
		return 2
	}
	path := a.Positional[0]
	data, format, ok := readGameFile(path, stderr)
	if !ok {
		return 2
	}
	doc, err := format.Open(path, data)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", path, err)
		return 2
	}
	m, ok := doc.(document.LevelManager)
	if !ok {
		fmt.Fprintf(stderr, "%s: this %s file holds no levels to list\n", path, format.Name())
		return 2
	}
	if len(a.Positional) == 1 {
		return listLevels(path, m, a.Bool("json"), stdout, stderr)
	}
	ops := m.LevelOperations()
	name, args := a.Positional[1], a.Positional[2:]
	if len(ops) == 0 {
		fmt.Fprintf(stderr, "%s: a %s file holds one level: it has no level operations\n", path, format.Name())
		return 2
	}
	var op *document.LevelOperation
	names := make([]string, len(ops))
	for i := range ops {
		names[i] = ops[i].Name
		if ops[i].Name == name {
			op = &ops[i]
		}
	}
	if name == "help" {
		for _, o := range ops {
			fmt.Fprintf(stdout, "levelwright levels FILE %s %s\n    %s\n", o.Name, o.Args, o.Help)
		}
		return 0
	}
	if op == nil {
		fmt.Fprintf(stderr, "%s: a level operation of a %s file (%s), got %q\n", path, format.Name(), strings.Join(names, ", "), name)
		return 2
	}
	if len(args) < op.Count[0] || len(args) > op.Count[1] {
		fmt.Fprintf(stderr, "usage: levelwright levels FILE %s %s\n", op.Name, op.Args)
		return 2
	}
	done, err := op.Do(args)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %s: %v\n", path, op.Name, err)
		return 1
	}
	out := path
	if o, given := a.Flags["out"]; given {
		out = o
	}
	edited, err := doc.Bytes()
	if err == nil {
		err = document.WriteFile(out, edited)
	}
	if err != nil {
		fmt.Fprintln(stderr, "levelwright levels:", err)
		return 2
	}
	if a.Bool("json") {
		return listLevels(out, m, true, stdout, stderr)
	}
	fmt.Fprintf(stdout, "%s: %s\n", out, done)
	return 0
}

// listLevels prints m's levels, one a line or as a JSON array.
func listLevels(path string, m document.LevelManager, asJSON bool, stdout, stderr io.Writer) int {
	levels, err := m.LevelList()
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", path, err)
		return 2
	}
	if asJSON {
		if levels == nil {
			levels = []document.LevelInfo{}
		}
		if err := game.PrintJSON(stdout, levels); err != nil {
			fmt.Fprintln(stderr, "levelwright:", err)
			return 2
		}
		return 0
	}
	for _, l := range levels {
		fmt.Fprintf(stdout, "%d\t%q\t%d bytes\n", l.Index, l.Name, l.Size)
	}
	fmt.Fprintf(stdout, "%s: %d levels\n", path, len(levels))
	return 0
}

package main

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/game"
)

// exportCommand writes levels as JSON: `export FILE [--level N] [--out
// JSON]`. With --level, one level's object; without, an array of all
// (a file of one map: its one object).
func exportCommand(raw []string, _ io.Reader, stdout, stderr io.Writer) int {
	a, err := game.ParseArgs(raw, nil, []string{"level", "out"})
	if err != nil || len(a.Positional) != 1 {
		fmt.Fprintln(stderr, "usage: levelwright export FILE [--level N] [--out JSON]")
		return 2
	}
	path := a.Positional[0]
	data, format, ok := readGameFile(path, stderr)
	if !ok {
		return 2
	}
	one := -1
	if _, set := a.Flags["level"]; set {
		if one, err = a.Int("level", 0); err != nil {
			fmt.Fprintln(stderr, "levelwright export:", err)
			return 2
		}
	}
	d, err := format.Open(path, data)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	out, err := d.Export(one)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", path, err)
		return 2
	}
	text, err := json.MarshalIndent(out, "", " ")
	if err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	text = append(text, '\n')
	if name := a.Flags["out"]; name != "" {
		err = document.ReplaceFile(name, text)
	} else {
		_, err = stdout.Write(text)
	}
	if err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	return 0
}

// importCommand applies exported JSON to a file through undo commands:
// `import JSON --into FILE --out NEW`.
func importCommand(raw []string, _ io.Reader, stdout, stderr io.Writer) int {
	a, err := game.ParseArgs(raw, nil, []string{"into", "out"})
	if err != nil || len(a.Positional) != 1 || a.Flags["into"] == "" || a.Flags["out"] == "" {
		fmt.Fprintln(stderr, "usage: levelwright import JSON --into FILE --out NEW")
		return 2
	}
	textPath, into := a.Positional[0], a.Flags["into"]
	data, format, ok := readGameFile(into, stderr)
	if !ok {
		return 2
	}
	text, err := document.ReadText(textPath, format, into, data)
	if err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	if err := document.CheckDecodable(format, data); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", into, err)
		return 2
	}
	d, err := format.Open(into, data)
	if err == nil {
		err = d.Import(textPath, text, stdout)
	}
	var out []byte
	if err == nil {
		out, err = d.Bytes()
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if err := document.WriteFile(a.Flags["out"], out); err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	return 0
}

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/levelwright/levelwright/document"
	docshock "github.com/levelwright/levelwright/document/shock"
)

// openShockDocument loads the System Shock archive at path for command;
// ok is false once it has said on stderr why it cannot.
func openShockDocument(command, path string, stderr io.Writer) (d *docshock.Document, ok bool) {
	data, game, ok := readGameFile(path, stderr)
	if !ok {
		return nil, false
	}
	if game != document.GameShock {
		notYet(command, path, game, stderr)
		return nil, false
	}
	d, err := docshock.Load(path, data)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return nil, false
	}
	return d, true
}

// exportCommand writes levels as JSON: `export FILE [--level N] [--out
// JSON]`. With --level, one level's object; without, an array of all.
func exportCommand(raw []string, _ io.Reader, stdout, stderr io.Writer) int {
	a, err := parseArgs(raw, nil, []string{"level", "out"})
	if err != nil || len(a.positional) != 1 {
		fmt.Fprintln(stderr, "usage: levelwright export FILE [--level N] [--out JSON]")
		return 2
	}
	path := a.positional[0]
	d, ok := openShockDocument("export", path, stderr)
	if !ok {
		return 2
	}
	var out any
	if _, set := a.flags["level"]; set {
		level, err := a.int("level", 0)
		if err != nil {
			fmt.Fprintln(stderr, "levelwright export:", err)
			return 2
		}
		if out, err = d.Export(level); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", path, err)
			return 2
		}
	} else {
		var levels []docshock.LevelJSON
		for i, l := range d.Archive.Levels {
			if l != nil {
				lj, _ := d.Export(i)
				levels = append(levels, lj)
			}
		}
		out = levels
	}
	w := stdout
	if name := a.flags["out"]; name != "" {
		f, err := os.Create(name)
		if err != nil {
			fmt.Fprintln(stderr, "levelwright:", err)
			return 2
		}
		defer f.Close()
		w = f
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	if err := enc.Encode(out); err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	return 0
}

// importCommand applies exported JSON to a file through undo commands:
// `import JSON --into FILE --out NEW`.
func importCommand(raw []string, _ io.Reader, stdout, stderr io.Writer) int {
	a, err := parseArgs(raw, nil, []string{"into", "out"})
	if err != nil || len(a.positional) != 1 || a.flags["into"] == "" || a.flags["out"] == "" {
		fmt.Fprintln(stderr, "usage: levelwright import JSON --into FILE --out NEW")
		return 2
	}
	text, err := os.ReadFile(a.positional[0])
	if err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	levels, err := decodeLevels(text)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", a.positional[0], err)
		return 2
	}
	d, ok := openShockDocument("import", a.flags["into"], stderr)
	if !ok {
		return 2
	}
	for _, lj := range levels {
		rep, err := d.Import(lj)
		if err != nil {
			fmt.Fprintf(stderr, "%s: level %d: %v\n", a.positional[0], lj.Level, err)
			return 2
		}
		fmt.Fprintf(stdout, "level %d: %d steps", lj.Level, rep.Steps)
		for from, to := range rep.Created {
			fmt.Fprintf(stdout, "; object %d created as %d", from, to)
		}
		if len(rep.Deleted) > 0 {
			fmt.Fprintf(stdout, "; deleted %v", rep.Deleted)
		}
		fmt.Fprintln(stdout)
	}
	out, err := d.Bytes()
	if err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	if err := document.WriteFile(a.flags["out"], out); err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	return 0
}

// decodeLevels reads one level's object or an array of them.
func decodeLevels(text []byte) ([]docshock.LevelJSON, error) {
	var levels []docshock.LevelJSON
	if err := json.Unmarshal(text, &levels); err == nil {
		return levels, nil
	}
	var one docshock.LevelJSON
	if err := json.Unmarshal(text, &one); err != nil {
		if se, ok := err.(*json.SyntaxError); ok {
			return nil, fmt.Errorf("offset %d: %v", se.Offset, err)
		}
		return nil, err
	}
	return []docshock.LevelJSON{one}, nil
}

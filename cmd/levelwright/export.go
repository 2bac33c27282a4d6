package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/levelwright/levelwright/document"
	docmarathon "github.com/levelwright/levelwright/document/marathon"
	docshock "github.com/levelwright/levelwright/document/shock"
	docturok "github.com/levelwright/levelwright/document/turok"
)

// exportCommand writes levels as JSON: `export FILE [--level N] [--out
// JSON]`. With --level, one level's object; without, an array of all.
func exportCommand(raw []string, _ io.Reader, stdout, stderr io.Writer) int {
	a, err := parseArgs(raw, nil, []string{"level", "out"})
	if err != nil || len(a.positional) != 1 {
		fmt.Fprintln(stderr, "usage: levelwright export FILE [--level N] [--out JSON]")
		return 2
	}
	path := a.positional[0]
	data, game, ok := readGameFile(path, stderr)
	if !ok {
		return 2
	}
	one := -1
	if _, set := a.flags["level"]; set {
		if one, err = a.int("level", 0); err != nil {
			fmt.Fprintln(stderr, "levelwright export:", err)
			return 2
		}
	}
	var out any
	switch game {
	case document.GameShock:
		out, err = exportShock(path, data, one)
	case document.GameMarathon:
		out, err = exportMarathon(path, data, one)
	case document.GameTurok:
		out, err = exportTurok(path, data, one)
	default:
		return notYet("export", path, game, stderr)
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	text, err := json.MarshalIndent(out, "", " ")
	if err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	text = append(text, '\n')
	if name := a.flags["out"]; name != "" {
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

// exportShock is level one of a System Shock archive (every level when
// one is -1) as text.
func exportShock(path string, data []byte, one int) (any, error) {
	d, err := docshock.Load(path, data)
	if err != nil {
		return nil, err
	}
	return exportLevels(path, len(d.Archive.Levels), one, d.Export)
}

// exportMarathon is level one of a Marathon map file (every map level
// when one is -1) as text.
func exportMarathon(path string, data []byte, one int) (any, error) {
	d, err := docmarathon.Load(path, data)
	if err != nil {
		return nil, err
	}
	return exportLevels(path, len(d.Levels), one, d.Export)
}

// exportTurok is a Turok map as text: a map is one level, 0, written as
// one object with or without --level.
func exportTurok(path string, data []byte, one int) (any, error) {
	if one > 0 {
		return nil, fmt.Errorf("%s: a Turok map has one level, 0", path)
	}
	d, err := docturok.Load(path, data)
	if err != nil {
		return nil, err
	}
	return d.Export(), nil
}

// exportLevels exports level one, or when one is -1 every level of the
// count that export accepts.
func exportLevels[L any](path string, count, one int, export func(int) (L, error)) (any, error) {
	if one >= 0 {
		lj, err := export(one)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		return lj, nil
	}
	var levels []L
	for i := range count {
		if lj, err := export(i); err == nil {
			levels = append(levels, lj)
		}
	}
	return levels, nil
}

// importCommand applies exported JSON to a file through undo commands:
// `import JSON --into FILE --out NEW`.
func importCommand(raw []string, _ io.Reader, stdout, stderr io.Writer) int {
	a, err := parseArgs(raw, nil, []string{"into", "out"})
	if err != nil || len(a.positional) != 1 || a.flags["into"] == "" || a.flags["out"] == "" {
		fmt.Fprintln(stderr, "usage: levelwright import JSON --into FILE --out NEW")
		return 2
	}
	textPath, into := a.positional[0], a.flags["into"]
	text, err := os.ReadFile(textPath)
	if err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	data, game, ok := readGameFile(into, stderr)
	if !ok {
		return 2
	}
	var out []byte
	switch game {
	case document.GameShock:
		out, err = importShock(into, data, textPath, text, stdout)
	case document.GameMarathon:
		out, err = importMarathon(into, data, textPath, text, stdout)
	case document.GameTurok:
		out, err = importTurok(into, data, textPath, text, stdout)
	default:
		return notYet("import", into, game, stderr)
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	if err := document.WriteFile(a.flags["out"], out); err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	return 0
}

// importShock applies System Shock level text to an archive and returns
// the new archive's bytes.
func importShock(into string, data []byte, textPath string, text []byte, stdout io.Writer) ([]byte, error) {
	levels, err := decodeLevels[docshock.LevelJSON](text)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", textPath, err)
	}
	d, err := docshock.Load(into, data)
	if err != nil {
		return nil, err
	}
	for _, lj := range levels {
		rep, err := d.Import(lj)
		if err != nil {
			return nil, fmt.Errorf("%s: level %d: %w", textPath, lj.Level, err)
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
	return d.Bytes()
}

// importMarathon applies Marathon level text to a map file and returns
// the new file's bytes.
func importMarathon(into string, data []byte, textPath string, text []byte, stdout io.Writer) ([]byte, error) {
	levels, err := decodeLevels[docmarathon.LevelJSON](text)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", textPath, err)
	}
	d, err := docmarathon.Load(into, data)
	if err != nil {
		return nil, err
	}
	for _, lj := range levels {
		edits, err := d.Import(lj)
		if err != nil {
			return nil, fmt.Errorf("%s: level %d: %w", textPath, lj.Level, err)
		}
		fmt.Fprintf(stdout, "level %d: %d edits\n", lj.Level, edits)
	}
	return d.Bytes(), nil
}

// importTurok applies Turok map text to a map and returns the new map's
// bytes.
func importTurok(into string, data []byte, textPath string, text []byte, stdout io.Writer) ([]byte, error) {
	maps, err := decodeLevels[docturok.MapJSON](text)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", textPath, err)
	}
	if len(maps) != 1 {
		return nil, fmt.Errorf("%s: %d maps, want one", textPath, len(maps))
	}
	d, err := docturok.Load(into, data)
	if err != nil {
		return nil, err
	}
	edits, err := d.Import(maps[0])
	if err != nil {
		return nil, fmt.Errorf("%s: %w", textPath, err)
	}
	fmt.Fprintf(stdout, "map: %d edits\n", edits)
	return d.Bytes(), nil
}

// decodeLevels reads one level's object or an array of them.
func decodeLevels[L any](text []byte) ([]L, error) {
	var levels []L
	if err := json.Unmarshal(text, &levels); err == nil {
		return levels, nil
	}
	var one L
	if err := json.Unmarshal(text, &one); err != nil {
		if se, ok := err.(*json.SyntaxError); ok {
			return nil, fmt.Errorf("offset %d: %v", se.Offset, err)
		}
		return nil, err
	}
	return []L{one}, nil
}

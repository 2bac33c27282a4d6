package main

import (
	"bytes"
	"encoding/json"
	"errors"
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
	levels, err := decodeLevels(text, func(l docshock.LevelJSON) int { return l.Level })
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
	levels, err := decodeLevels(text, func(l docmarathon.LevelJSON) int { return l.Level })
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
	maps, err := decodeLevels[docturok.MapJSON](text, nil)
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

// decodeLevels reads one level's object or an array of them, strictly:
// a field the schema does not have, a null (no list or value in the
// schema may be null), text after the value, or a level given twice
// (levelOf numbers a level; nil for a file of one map) is refused with
// its offset.
func decodeLevels[L any](text []byte, levelOf func(L) int) ([]L, error) {
	if err := refuseNulls(text); err != nil {
		return nil, err
	}
	var levels []L
	var err error
	if trimmed := bytes.TrimLeft(text, " \t\r\n"); len(trimmed) > 0 && trimmed[0] == '[' {
		err = decodeStrict(text, &levels)
	} else {
		var one L
		err = decodeStrict(text, &one)
		levels = []L{one}
	}
	if err != nil {
		return nil, err
	}
	if levelOf != nil {
		seen := map[int]bool{}
		for _, l := range levels {
			n := levelOf(l)
			if seen[n] {
				return nil, fmt.Errorf("level %d is given twice", n)
			}
			seen[n] = true
		}
	}
	return levels, nil
}

// decodeStrict decodes text, one JSON value, into v, refusing fields v
// does not have and anything after the value.
func decodeStrict(text []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			return fmt.Errorf("offset %d: %v", se.Offset, err)
		case errors.As(err, &te):
			return fmt.Errorf("offset %d: field %s: expected %s, found %s", te.Offset, te.Field, te.Type, te.Value)
		}
		return fmt.Errorf("offset %d: %w", dec.InputOffset(), err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return fmt.Errorf("offset %d: expected the end of the text after one JSON value", dec.InputOffset())
	}
	return nil
}

// refuseNulls reports the first null in text with its offset.
func refuseNulls(text []byte) error {
	dec := json.NewDecoder(bytes.NewReader(text))
	for {
		before := dec.InputOffset()
		tok, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return nil // decodeStrict reports the syntax error with its offset
		}
		if tok == nil {
			return fmt.Errorf("offset %d: expected a value or a list, found null", before)
		}
	}
}

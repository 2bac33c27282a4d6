package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sort"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
)

// readGameFile reads a file and names its game, reporting failures on
// stderr; ok is false when the file cannot be used.
func readGameFile(path string, stderr io.Writer) (data []byte, game document.Game, ok bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return nil, 0, false
	}
	game, err = document.Sniff(data)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", path, err)
		return nil, 0, false
	}
	return data, game, true
}

// decodeShock parses and decodes a System Shock archive.
func decodeShock(path string, data []byte, stderr io.Writer) (*shock.Archive, bool) {
	a, err := shock.Parse(data)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", path, err)
		return nil, false
	}
	return a, true
}

// notYet reports a command the file's game does not have yet.
func notYet(command, path string, game document.Game, stderr io.Writer) int {
	fmt.Fprintf(stderr, "%s: %s of %s files is not implemented yet\n", path, command, game)
	return 2
}

// gameFile is the file a `COMMAND FILE [--json]` command works on.
type gameFile struct {
	args
	path string
	data []byte
	game document.Game
}

// openFile parses `COMMAND FILE [--json]` and reads FILE; ok is false
// when the command must stop with exit status 2.
func openFile(command string, raw []string, stderr io.Writer) (f gameFile, ok bool) {
	a, err := parseArgs(raw, []string{"json"}, nil)
	if err != nil || len(a.positional) != 1 {
		fmt.Fprintf(stderr, "usage: levelwright %s FILE [--json]\n", command)
		return f, false
	}
	f.args, f.path = a, a.positional[0]
	f.data, f.game, ok = readGameFile(f.path, stderr)
	return f, ok
}

// printJSON writes v indented, for --json.
func printJSON(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.Encode(v)
}

// infoCommand is `levelwright info FILE [--json]`.
func infoCommand(raw []string, _ io.Reader, stdout, stderr io.Writer) int {
	file, ok := openFile("info", raw, stderr)
	if !ok {
		return 2
	}
	a, path := file.args, file.path
	switch file.game {
	case document.GameMarathon:
		return marathonInfo(file, stdout, stderr)
	case document.GameTurok:
		return turokInfo(file, stdout, stderr)
	}
	archive, ok := decodeShock(path, file.data, stderr)
	if !ok {
		return 2
	}
	info := struct {
		File   string          `json:"file"`
		Game   string          `json:"game"`
		Format string          `json:"format"`
		Name   string          `json:"name"`
		Chunks int             `json:"chunks"`
		Levels []shock.Summary `json:"levels"`
	}{path, document.GameShock.String(), "LG resource file v2", archive.Name(), len(archive.Res.Chunks), []shock.Summary{}}
	for _, l := range archive.Levels {
		if l != nil {
			info.Levels = append(info.Levels, l.Summarize())
		}
	}
	if a.bool("json") {
		printJSON(stdout, info)
		return 0
	}
	fmt.Fprintf(stdout, "%s: %s, %s, %q, %d chunks, %d levels\n", path, info.Game, info.Format, info.Name, info.Chunks, len(info.Levels))
	for _, s := range info.Levels {
		kind := "map"
		if s.Cyberspace {
			kind = "cyberspace"
		}
		fmt.Fprintf(stdout, "level %d: %dx%d %s, %d objects, %d wire and %d block puzzles\n", s.Index, s.Width, s.Height, kind, s.Objects, s.WirePuzzles, s.BlockPuzzles)
		printCounts(stdout, "objects", s.ObjectsByClass)
		printCounts(stdout, "triggers", s.TriggersByType)
		printCounts(stdout, "traps by action", s.TrapsByAction)
	}
	return 0
}

// printCounts prints "  title: a 3, b 1" in descending count order.
func printCounts(w io.Writer, title string, counts map[string]int) {
	if len(counts) == 0 {
		return
	}
	names := make([]string, 0, len(counts))
	for n := range counts {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		if counts[names[i]] != counts[names[j]] {
			return counts[names[i]] > counts[names[j]]
		}
		return names[i] < names[j]
	})
	fmt.Fprintf(w, "  %s:", title)
	for i, n := range names {
		sep := ","
		if i == 0 {
			sep = ""
		}
		fmt.Fprintf(w, "%s %s %d", sep, n, counts[n])
	}
	fmt.Fprintln(w)
}

// checkCommand is `levelwright check FILE [--json]`: exit 0 without
// errors (warnings allowed), 1 with errors, 2 unreadable.
func checkCommand(raw []string, _ io.Reader, stdout, stderr io.Writer) int {
	file, ok := openFile("check", raw, stderr)
	if !ok {
		return 2
	}
	var problems []bin.Problem
	switch file.game {
	case document.GameShock:
		archive, ok := decodeShock(file.path, file.data, stderr)
		if !ok {
			return 2
		}
		for i, l := range archive.Levels {
			if l != nil {
				problems = append(problems, bin.Guard(i, "level", l.Check)...)
			}
		}
	case document.GameMarathon:
		if problems, ok = checkMarathon(file, stderr); !ok {
			return 2
		}
	case document.GameTurok:
		m, ok := decodeTurok(file.path, file.data, stderr)
		if !ok {
			return 2
		}
		problems = bin.Guard(0, "map", m.Check)
	default:
		return notYet("check", file.path, file.game, stderr)
	}
	return reportProblems(file, problems, stdout)
}

// reportProblems prints problems as text or JSON and returns the exit
// status: 1 when any is an error.
func reportProblems(file gameFile, problems []bin.Problem, stdout io.Writer) int {
	a, path := file.args, file.path
	if problems == nil {
		problems = []bin.Problem{}
	}
	errors := len(bin.Errors(problems))
	if a.bool("json") {
		printJSON(stdout, problems)
	} else {
		for _, p := range problems {
			fmt.Fprintf(stdout, "%s: level %d %s %d: %s (%s)\n", p.Severity, p.Level, p.Kind, p.Index, p.Message, p.Code)
		}
		fmt.Fprintf(stdout, "%s: %d problems, %d errors\n", path, len(problems), errors)
	}
	if errors > 0 {
		return 1
	}
	return 0
}

// newCommand is `levelwright new shock|marathon|turok --out FILE`.
func newCommand(raw []string, _ io.Reader, stdout, stderr io.Writer) int {
	a, err := parseArgs(raw, nil, []string{"out"})
	out := a.flags["out"]
	if err != nil || len(a.positional) != 1 || out == "" {
		fmt.Fprintln(stderr, "usage: levelwright new shock|marathon|turok --out FILE")
		return 2
	}
	var data []byte
	var what string
	switch a.positional[0] {
	case "shock":
		f, err := shock.NewArchive(1)
		if err != nil {
			fmt.Fprintln(stderr, "levelwright new:", err)
			return 2
		}
		data, what = f.Bytes(), "a new System Shock archive with level 1"
	case "marathon":
		data, what = marathon.NewFile("Levelwright Room").Bytes(), "a new Marathon 2 map with one level"
	case "turok":
		data, what = turok.NewMap().Encode(), "a new Turok EX map: a small terrain and a player start"
	default:
		fmt.Fprintf(stderr, "levelwright new: %q is not a game (shock, marathon, turok)\n", a.positional[0])
		return 2
	}
	if err := document.WriteFile(out, data); err != nil {
		fmt.Fprintln(stderr, "levelwright new:", err)
		return 2
	}
	fmt.Fprintf(stdout, "%s: %s\n", out, what)
	return 0
}

package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor"
	"github.com/levelwright/levelwright/editor/game"
)

// readGameFile reads a file and finds its game's format, reporting
// failures on stderr; ok is false when the file cannot be used.
func readGameFile(path string, stderr io.Writer) (data []byte, format document.Format, ok bool) {
	data, err := document.ReadLevelFile(path)
	if err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return nil, nil, false
	}
	format, err = document.Sniff(data, editor.Formats())
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", path, err)
		return nil, nil, false
	}
	return data, format, true
}

// gameFile is the file a `COMMAND FILE [--json]` command works on.
type gameFile struct {
	game.Args
	path   string
	data   []byte
	format document.Format
}

// openFile parses `COMMAND FILE [--json]` and reads FILE; ok is false
// when the command must stop with exit status 2.
func openFile(command string, raw []string, stderr io.Writer) (f gameFile, ok bool) {
	a, err := game.ParseArgs(raw, []string{"json"}, nil)
	if err != nil || len(a.Positional) != 1 {
		fmt.Fprintf(stderr, "usage: levelwright %s FILE [--json]\n", command)
		return f, false
	}
	f.Args, f.path = a, a.Positional[0]
	f.data, f.format, ok = readGameFile(f.path, stderr)
	return f, ok
}

// infoCommand is `levelwright info FILE [--json]`.
func infoCommand(raw []string, _ io.Reader, stdout, stderr io.Writer) int {
	file, ok := openFile("info", raw, stderr)
	if !ok {
		return 2
	}
	info, err := file.format.Info(file.path, file.data)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", file.path, err)
		return 2
	}
	if file.Bool("json") {
		err = game.PrintJSON(stdout, info.JSON)
	} else {
		_, err = io.WriteString(stdout, info.Text)
	}
	if err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	return 0
}

// checkCommand is `levelwright check FILE [--json]`: exit 0 without
// errors (warnings allowed), 1 with errors, 2 unreadable.
func checkCommand(raw []string, _ io.Reader, stdout, stderr io.Writer) int {
	file, ok := openFile("check", raw, stderr)
	if !ok {
		return 2
	}
	problems, err := file.format.Check(file.data)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", file.path, err)
		return 2
	}
	return reportProblems(file, problems, stdout, stderr)
}

// reportProblems prints problems as text or JSON and returns the exit
// status: 1 when any is an error.
func reportProblems(file gameFile, problems []bin.Problem, stdout, stderr io.Writer) int {
	a, path := file.Args, file.path
	if problems == nil {
		problems = []bin.Problem{}
	}
	errors := len(bin.Errors(problems))
	if a.Bool("json") {
		if err := game.PrintJSON(stdout, problems); err != nil {
			fmt.Fprintln(stderr, "levelwright:", err)
			return 2
		}
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

// gameKeys names the games as `new` takes them: "shock|marathon|turok".
func gameKeys(sep string) string {
	var keys []string
	for _, f := range editor.Formats() {
		keys = append(keys, f.Key())
	}
	return strings.Join(keys, sep)
}

// newCommand is `levelwright new GAME --out FILE`, GAME one of the
// games' keys.
func newCommand(raw []string, _ io.Reader, stdout, stderr io.Writer) int {
	a, err := game.ParseArgs(raw, nil, []string{"out"})
	out := a.Flags["out"]
	if err != nil || len(a.Positional) != 1 || out == "" {
		fmt.Fprintf(stderr, "usage: levelwright new %s --out FILE\n", gameKeys("|"))
		return 2
	}
	var format document.Format
	for _, f := range editor.Formats() {
		if f.Key() == a.Positional[0] {
			format = f
		}
	}
	if format == nil {
		fmt.Fprintf(stderr, "levelwright new: %q is not a game (%s)\n", a.Positional[0], gameKeys(", "))
		return 2
	}
	data, what, err := format.New()
	if err != nil {
		fmt.Fprintln(stderr, "levelwright new:", err)
		return 2
	}
	if err := document.WriteFile(out, data); err != nil {
		fmt.Fprintln(stderr, "levelwright new:", err)
		return 2
	}
	fmt.Fprintf(stdout, "%s: %s\n", out, what)
	return 0
}

// roundtripCommand is `levelwright roundtrip FILE [--through-document]`:
// decode and re-encode everything, compare every byte, name the first
// difference. Exit 0 identical, 1 different, 2 unreadable.
func roundtripCommand(raw []string, _ io.Reader, stdout, stderr io.Writer) int {
	a, err := game.ParseArgs(raw, []string{"through-document"}, nil)
	if err != nil || len(a.Positional) != 1 {
		fmt.Fprintln(stderr, "usage: levelwright roundtrip FILE [--through-document]")
		return 2
	}
	path := a.Positional[0]
	data, format, ok := readGameFile(path, stderr)
	if !ok {
		return 2
	}
	report, identical, err := format.Roundtrip(path, data, a.Bool("through-document"))
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", path, err)
		return 2
	}
	fmt.Fprintln(stdout, report)
	if !identical {
		return 1
	}
	return 0
}

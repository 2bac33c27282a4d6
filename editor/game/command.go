package game

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/levelwright/levelwright/document"
)

// A Command is a subcommand of the command line that a game adds
// (`levelwright NAME ...`), beside the ones every game shares.
type Command struct {
	Name string
	// Usage are its lines of the command line's help, each the
	// arguments after "levelwright " and what the command does.
	Usage []Usage
	// Run runs the command on its arguments (those after NAME) and
	// returns the exit status: 0 done, 1 a finding (such as a
	// difference), 2 a usage or file error, reported on cli.Stderr.
	Run func(cli CLI, args []string) int
}

// CLI is what a command runs with: its streams, and the command line's
// reading of which game a file is.
type CLI struct {
	Stdin          io.Reader
	Stdout, Stderr io.Writer
	// ReadGameFile reads the file at path and finds its format among
	// every game's, reporting a failure on Stderr (ok false).
	ReadGameFile func(path string) (data []byte, format document.Format, ok bool)
}

// Streams runs a command written on the standard streams alone.
func Streams(run func(args []string, stdin io.Reader, stdout, stderr io.Writer) int) func(CLI, []string) int {
	return func(c CLI, args []string) int { return run(args, c.Stdin, c.Stdout, c.Stderr) }
}

// Usage is one line of the command line's help.
type Usage struct {
	Synopsis, Help string
}

// Args is a subcommand's command line: positional arguments and
// --flags, in any order ("res list FILE --json" and "res list --json
// FILE" alike).
type Args struct {
	Positional []string
	Flags      map[string]string // by name; "true" for a boolean flag given
}

// ParseArgs splits raw into positionals and flags. Boolean flags are
// named in bools, flags taking a value (--name VALUE or --name=VALUE) in
// values; any other flag is an error. Every argument after "--" is
// positional, for a file name that begins with a dash.
func ParseArgs(raw []string, bools, values []string) (Args, error) {
	a := Args{Flags: map[string]string{}}
	for i := 0; i < len(raw); i++ {
		arg := raw[i]
		if arg == "--" {
			a.Positional = append(a.Positional, raw[i+1:]...)
			break
		}
		if !strings.HasPrefix(arg, "--") {
			a.Positional = append(a.Positional, arg)
			continue
		}
		name, value, hasValue := strings.Cut(arg[2:], "=")
		switch {
		case slices.Contains(bools, name) && !hasValue:
			a.Flags[name] = "true"
		case slices.Contains(values, name) && hasValue:
			a.Flags[name] = value
		case slices.Contains(values, name) && i+1 < len(raw):
			i++
			a.Flags[name] = raw[i]
		default:
			return a, fmt.Errorf("unknown or incomplete flag %s", arg)
		}
	}
	return a, nil
}

// Bool reports whether boolean flag name was given.
func (a Args) Bool(name string) bool { return a.Flags[name] == "true" }

// Int is flag name as an integer, def when it was not given.
func (a Args) Int(name string, def int) (int, error) {
	v, ok := a.Flags[name]
	if !ok {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, fmt.Errorf("--%s wants a number, got %q", name, v)
	}
	return n, nil
}

// PrintJSON writes v indented, as the commands' --json does.
func PrintJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

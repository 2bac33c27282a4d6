package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"time"

	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/script"
)

// scriptCommand runs a Lua script over a file: `script FILE SCRIPT.lua
// [--level N] [--time SECONDS] --out NEW`, or with --check instead of
// --out, read-only; --time is the wall-clock limit (script.DefaultTime
// when absent).
// What the script prints goes to standard output, then what it changed.
// Exit status 1 on a script error (nothing written), 2 when a file
// cannot be read.
func scriptCommand(raw []string, _ io.Reader, stdout, stderr io.Writer) int {
	a, err := game.ParseArgs(raw, []string{"check"}, []string{"level", "out", "time"})
	check, out := a.Bool("check"), a.Flags["out"]
	if err != nil || len(a.Positional) != 2 || check == (out != "") {
		fmt.Fprintln(stderr, "usage: levelwright script FILE SCRIPT.lua [--level N] [--time SECONDS] (--out NEW | --check)")
		return 2
	}
	path, scriptPath := a.Positional[0], a.Positional[1]
	level, err := a.Int("level", -1)
	if err != nil {
		fmt.Fprintln(stderr, "levelwright script:", err)
		return 2
	}
	var limit time.Duration
	if t, ok := a.Flags["time"]; ok {
		seconds, err := strconv.ParseFloat(t, 64)
		if err != nil || !(seconds > 0) || seconds > 1e6 {
			fmt.Fprintf(stderr, "levelwright script: --time wants a number of seconds above 0, not %q\n", t)
			return 2
		}
		limit = time.Duration(seconds * float64(time.Second))
	}
	src, err := script.ReadSource(scriptPath)
	if err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	_, d, format, ok := openDoc(path, stderr)
	if !ok {
		return 2
	}
	sd, ok := d.(script.Doc)
	if !ok {
		fmt.Fprintf(stderr, "%s: a %s file of this kind has no levels a script can edit\n", path, format.Name())
		return 2
	}
	res, err := script.Run(sd, filepath.Base(scriptPath), src, script.Options{Game: format.Key(), Level: level, Console: stdout, Time: limit})
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	verb := "changed"
	if check {
		verb = "would have changed"
	}
	fmt.Fprintf(stdout, "%s %d entities\n", verb, res.Total())
	document.WriteCounts(stdout, verb, res.Changed)
	if check {
		return 0
	}
	edited, err := sd.Bytes()
	if err == nil {
		err = document.WriteFile(out, edited)
	}
	if err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	return 0
}

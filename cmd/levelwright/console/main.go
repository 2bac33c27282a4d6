// Command console is levelwright.com, the command-line half of Levelwright
// on Windows. levelwright.exe is a GUI program, so that opening it shows no
// console window; but then Windows gives it no console either, and a
// terminal neither waits for it nor shows what it prints. Typed as
// "levelwright", cmd.exe and PowerShell run levelwright.com before
// levelwright.exe (PATHEXT lists .COM first): this small console program
// runs the levelwright.exe beside it with the same arguments, passes its
// output and exit status through, and so makes every subcommand work from
// a terminal. It is an ordinary executable despite the .com name.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

func main() {
	self, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, "levelwright:", err)
		os.Exit(2)
	}
	os.Exit(run(program(self), os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// program is the GUI program beside the launcher self: the same name
// with .exe for its extension.
func program(self string) string {
	return strings.TrimSuffix(self, filepath.Ext(self)) + ".exe"
}

// run runs target with args and returns its exit status. Its output goes
// through pipes to stdout and stderr: a GUI program cannot be relied on to
// write to the console handles of a console it is not attached to.
func run(target string, args []string, stdin *os.File, stdout, stderr io.Writer) int {
	cmd := exec.Command(target, args...)
	cmd.Stdin = stdin
	cmd.Stdout = struct{ io.Writer }{stdout} // not an *os.File: a pipe
	cmd.Stderr = struct{ io.Writer }{stderr}
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &exit):
		return exit.ExitCode()
	default:
		fmt.Fprintf(stderr, "levelwright: cannot run %s: %v\n", target, err)
		return 2
	}
}

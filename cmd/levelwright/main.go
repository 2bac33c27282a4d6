// Command levelwright is the Levelwright level editor. With no arguments
// or a file name it opens the editor; with a subcommand it works on files
// from the command line (see README.md).
package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"github.com/levelwright/levelwright"
	"github.com/levelwright/levelwright/editor"
	_ "github.com/levelwright/levelwright/internal/clocale"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches the command line and returns the exit status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	meta := levelwright.AppMetadata()
	if len(args) > 0 {
		switch args[0] {
		case "--version", "-version", "version":
			info, _ := debug.ReadBuildInfo()
			fmt.Fprintln(stdout, versionLine(meta, commit, info))
			return 0
		case "--help", "-help", "-h", "help":
			fmt.Fprint(stdout, usage())
			return 0
		}
		if cmd, ok := commands[args[0]]; ok {
			return cmd(args[1:], stdin, stdout, stderr)
		}
		if len(args) > 1 {
			fmt.Fprintf(stderr, "levelwright: unknown command %q\n%s", args[0], usage())
			return 2
		}
	}
	if !hasDisplay() {
		fmt.Fprintln(stderr, "levelwright: no display to open the editor on (set DISPLAY); the subcommands need none")
		return 2
	}
	return runGUI(meta, args, stderr)
}

// commit is the commit a release build is made from, set by
// scripts/ldflags.sh (-ldflags "-X main.commit=...").
var commit string

// versionLine is what --version prints: the name and version from
// FyneApp.toml and the commit: stamped, or else the one go build records
// (marked "modified" when the work tree had changes), or "commit unknown"
// for a build that has neither.
func versionLine(meta levelwright.Metadata, stamped string, info *debug.BuildInfo) string {
	rev, modified := stamped, false
	if rev == "" && info != nil {
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	switch {
	case rev == "":
		rev = "commit unknown"
	case modified:
		rev = "commit " + rev + "-modified"
	default:
		rev = "commit " + rev
	}
	return fmt.Sprintf("%s %s (%s)", meta.Name, meta.Version, rev)
}

// hasDisplay reports whether a window can be opened: on X11 and Wayland
// systems that needs a display in the environment; elsewhere it is assumed.
func hasDisplay() bool {
	switch runtime.GOOS {
	case "linux", "freebsd", "openbsd", "netbsd":
		return os.Getenv("DISPLAY") != "" || os.Getenv("WAYLAND_DISPLAY") != ""
	}
	return true
}

// runGUI runs the editor until it quits. A window system that fails to
// start (Fyne panics then) is reported as an error, not a crash.
func runGUI(meta levelwright.Metadata, args []string, stderr io.Writer) (status int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "levelwright: cannot open a window: %v\n", r)
			status = 2
		}
	}()
	icon := fyne.NewStaticResource("Icon.png", meta.Icon)
	app.SetMetadata(fyne.AppMetadata{ID: meta.ID, Name: meta.Name, Version: meta.Version, Build: meta.Build, Icon: icon})
	a := app.NewWithID(meta.ID)
	a.SetIcon(icon)
	e := editor.New(a)
	e.UseOpenGL()
	e.StartAutosave()
	if len(args) == 1 {
		e.Open(args[0])
	} else {
		e.ShowWelcome()
	}
	e.Window().ShowAndRun()
	return 0
}

// A command is a subcommand: it gets its own arguments and returns the
// exit status.
type command func(args []string, stdin io.Reader, stdout, stderr io.Writer) int

// commands maps subcommand names to their implementations.
var commands = map[string]command{
	"res":        resCommand,
	"lzw":        lzwCommand,
	"roundtrip":  roundtripCommand,
	"info":       infoCommand,
	"check":      checkCommand,
	"new":        newCommand,
	"export":     exportCommand,
	"import":     importCommand,
	"render":     renderCommand,
	"images":     imagesCommand,
	"diff":       diffCommand,
	"merge":      mergeCommand,
	"script":     scriptCommand,
	"visibility": visibilityCommand,
}

// usage is the command line's help, with the games the list names.
func usage() string {
	return fmt.Sprintf(usageFormat, gameKeys("|"))
}

const usageFormat = `usage:
  levelwright [FILE]                          open the editor, on FILE if given
  levelwright --version                       print the version
  levelwright info FILE [--json]              format, levels and what each holds
  levelwright check FILE [--json]             every validation problem; exit 1 on errors
  levelwright roundtrip FILE [--through-document]
                                              decode and re-encode FILE, compare every byte
  levelwright new %s --out FILE
                                              a new file with one level, ready to edit
  levelwright export FILE [--level N] [--out JSON]
                                              levels as JSON
  levelwright import JSON --into FILE --out NEW
                                              apply edited JSON to FILE, write NEW
  levelwright diff A B [--json]               what differs, entity by entity; exit 1 when something does
  levelwright merge BASE OURS THEIRS --out NEW
                                              both sides' changes to BASE, applied to OURS; exit 1 on conflicts
  levelwright script FILE SCRIPT.lua [--level N] (--out NEW | --check)
                                              run a sandboxed Lua script over FILE as one undo step
  levelwright render FILE [--level N] [--view 2d|3d] [--size WxH] --out PNG
                                              draw a level as the viewport does
  levelwright res list FILE [--json]          list a resource file's chunks
  levelwright res extract FILE ID [--block N] [--raw]
                                              write a chunk (or one block) to standard output
  levelwright lzw encode|decode               System Shock LZW, standard input to output
  levelwright images list FILE                the pictures of a Marathon Images file
  levelwright images extract FILE [ID] --out PNG|FOLDER
                                              a picture as PNG, or every one into a folder
  levelwright visibility FILE [--rebuild --out NEW] [--verbose]
                                              a Turok map's visibility tables; rebuild them by line of sight
`

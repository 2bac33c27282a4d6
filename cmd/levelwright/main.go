// Command levelwright is the Levelwright level editor. With no arguments
// or a file name it opens the editor; with a subcommand it works on files
// from the command line (see docs/manual/command-line.md).
package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"github.com/levelwright/levelwright"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor"
	"github.com/levelwright/levelwright/editor/game"
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
		if cmd, ok := command(args[0]); ok {
			read := func(path string) ([]byte, document.Format, bool) { return readGameFile(path, stderr) }
			return cmd.Run(game.CLI{Stdin: stdin, Stdout: stdout, Stderr: stderr, ReadGameFile: read}, args[1:])
		}
		if len(args) == 2 && args[0] == "--" { // levelwright -- -FILE
			args = args[1:]
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
	reportState(e, stderr)
	if len(args) == 1 {
		e.Open(args[0])
	} else {
		e.ShowWelcome()
	}
	e.Window().ShowAndRun()
	return 0
}

// shared are the subcommands that work on the files of every game.
func shared() []game.Command {
	return []game.Command{
		{Name: "info", Run: game.Streams(infoCommand), Usage: []game.Usage{{Synopsis: "info FILE [--json]", Help: "format, levels and what each holds"}}},
		{Name: "check", Run: game.Streams(checkCommand), Usage: []game.Usage{{Synopsis: "check FILE [--json]", Help: "every validation problem; exit 1 on errors"}}},
		{Name: "roundtrip", Run: game.Streams(roundtripCommand), Usage: []game.Usage{{Synopsis: "roundtrip FILE [--through-document]",
			Help: "decode and re-encode FILE, compare every byte"}}},
		{Name: "new", Run: game.Streams(newCommand), Usage: []game.Usage{{Synopsis: "new " + gameKeys("|") + " --out FILE",
			Help: "a new file with one level, ready to edit"}}},
		{Name: "export", Run: game.Streams(exportCommand), Usage: []game.Usage{{Synopsis: "export FILE [--level N] [--out JSON]", Help: "levels as JSON"}}},
		{Name: "import", Run: game.Streams(importCommand), Usage: []game.Usage{{Synopsis: "import JSON --into FILE --out NEW",
			Help: "apply edited JSON to FILE, write NEW"}}},
		{Name: "diff", Run: game.Streams(diffCommand), Usage: []game.Usage{{Synopsis: "diff A B [--json]",
			Help: "what differs, entity by entity; exit 1 when something does"}}},
		{Name: "levels", Run: game.Streams(levelsCommand), Usage: levelsUsage},
		{Name: "find", Run: game.Streams(findCommand), Usage: []game.Usage{{Synopsis: "find FILE QUERY [--level N] [--json]",
			Help: "the entities whose fields match QUERY (docs/query.md); exit 1 when none does"}}},
		{Name: "merge", Run: game.Streams(mergeCommand), Usage: []game.Usage{{Synopsis: "merge BASE OURS THEIRS --out NEW",
			Help: "both sides' changes to BASE, applied to OURS; exit 1 on conflicts"}}},
		{Name: "script", Run: game.Streams(scriptCommand), Usage: []game.Usage{{Synopsis: "script FILE SCRIPT.lua [--level N] [--time SECONDS] (--out NEW | --check)",
			Help: "run a sandboxed Lua script over FILE as one undo step"}}},
		{Name: "render", Run: game.Streams(renderCommand), Usage: []game.Usage{{Synopsis: renderSynopsis(), Help: "draw a level as the viewport does"},
			{Synopsis: "render FILE --modes", Help: "the draw modes of the file's game"}}},
		{Name: "obj", Run: game.Streams(objCommand), Usage: []game.Usage{{Synopsis: objSynopsis(),
			Help: "a level's 3D geometry as the 3D view draws it: OBJ, MTL and textures"}}},
	}
}

// commands are every subcommand, the shared ones first, then each
// game's own.
func commands() []game.Command { return append(shared(), editor.Commands()...) }

// command finds the subcommand named name.
func command(name string) (game.Command, bool) {
	for _, c := range commands() {
		if c.Name == name {
			return c, true
		}
	}
	return game.Command{}, false
}

// usage is the command line's help, made from the commands' own usage
// lines: the one text of it (the manual's command table follows it).
func usage() string {
	var b strings.Builder
	b.WriteString("usage:\n")
	line := func(synopsis, help string) {
		const column = 44 // where the help starts, when the synopsis leaves room
		if len(synopsis)+2 < column {
			fmt.Fprintf(&b, "  %-*s  %s\n", column-2, synopsis, help)
			return
		}
		fmt.Fprintf(&b, "  %s\n  %*s  %s\n", synopsis, column-2, "", help)
	}
	line("levelwright [FILE]", "open the editor, on FILE if given")
	line("levelwright --version", "print the version and the commit")
	for _, c := range commands() {
		for _, u := range c.Usage {
			line("levelwright "+u.Synopsis, u.Help)
		}
	}
	b.WriteString("the game data render reads:\n")
	for _, f := range dataFlags() {
		line(dataFlagSynopsis(f), f.Usage)
	}
	return b.String()
}

// dataFlags are the games' game data flags, sorted by name.
func dataFlags() []game.DataFlag {
	return slices.SortedStableFunc(slices.Values(editor.DataFlags()), func(a, b game.DataFlag) int { return strings.Compare(a.Name, b.Name) })
}

// dataFlagSynopsis is how a game data flag is given: --NAME VALUE.
func dataFlagSynopsis(f game.DataFlag) string { return "--" + f.Name + " " + strings.ToUpper(f.Name) }

// renderSynopsis is render's usage, with the games' data flags.
func renderSynopsis() string {
	return "render FILE [--level N] [--view 2d|3d] [--mode MODE] [--legend] [--size WxH]" + dataFlagsSynopsis() + " --out PNG"
}

// dataFlagsSynopsis is the games' data flags as a usage gives them, each
// name once.
func dataFlagsSynopsis() string {
	var s string
	flags := dataFlags()
	for i, f := range flags {
		if i == 0 || flags[i-1].Name != f.Name { // a name games share, once
			s += " [" + dataFlagSynopsis(f) + "]"
		}
	}
	return s
}

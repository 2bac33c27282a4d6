package turok

import (
	"fmt"
	"io"

	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/game"
)

// Commands are Turok EX's own subcommands: visibility.
func (column) Commands() []game.Command {
	return []game.Command{{Name: "visibility", Run: visibilityCommand, Usage: []game.Usage{{
		Synopsis: "visibility FILE [--rebuild --out NEW] [--verbose]",
		Help:     "a Turok map's visibility tables at once: their shape, whether they fit the map, what they mark visible; --rebuild rebuilds them by line of sight (--verbose: the rows it changes)"}}}}
}

// visibilityCommand is `levelwright visibility FILE [--rebuild --out NEW]
// [--verbose]`: the shape of a Turok map's visibility tables, whether
// they fit the map and what they mark visible, read from the tables
// without rebuilding them (a rebuild of a big map takes seconds); with
// --rebuild, how many bits a line-of-sight rebuild changes (each row's
// changes with --verbose) and the map with rebuilt tables written to NEW.
func visibilityCommand(cli game.CLI, raw []string) int {
	stdout, stderr := cli.Stdout, cli.Stderr
	a, err := game.ParseArgs(raw, []string{"rebuild", "verbose"}, []string{"out"})
	if err != nil || len(a.Positional) != 1 || a.Bool("rebuild") != (a.Flags["out"] != "") {
		fmt.Fprintln(stderr, "usage: levelwright visibility FILE [--rebuild --out NEW] [--verbose]")
		return 2
	}
	path := a.Positional[0]
	data, format, ok := cli.ReadGameFile(path)
	if !ok {
		return 2
	}
	if format.Key() != tdoc.Format.Key() {
		fmt.Fprintf(stderr, "%s: a %s file has no visibility tables; they are %s maps'\n", path, format.Name(), tdoc.Format.Name())
		return 2
	}
	d, err := tdoc.Load(path, data)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	m := d.Map
	stored := m.Visibility
	if stored == nil {
		if a.Bool("rebuild") {
			fmt.Fprintf(stderr, "%s: the map has no visibility tables to rebuild\n", path)
			return 2
		}
		fmt.Fprintf(stdout, "%s: no visibility tables\n", path)
		return 0
	}
	meshes := m.MeshCount()
	fit := "fit the map"
	if why := m.VisibilityStale(); why != "" {
		fit = "stale: " + why
	}
	fmt.Fprintf(stdout, "%s: visibility tables of %d rows of %d bytes for %d sectors and %d static meshes: %s\n",
		path, stored.Count, stored.Stride, len(m.Sectors), meshes, fit)
	printCounts(stdout, "the tables mark", stored, len(m.Sectors), meshes)
	if !a.Bool("rebuild") {
		return 0
	}
	if _, err := d.RebuildVisibility(); err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", path, err)
		return 2
	}
	fmt.Fprintf(stdout, "rebuilt by line of sight: %d of %d bits changed\n", tcodec.ChangedBits(stored, m.Visibility, meshes), len(m.Sectors)*meshes)
	printCounts(stdout, "they now mark", m.Visibility, len(m.Sectors), meshes)
	if a.Bool("verbose") {
		printSectorChanges(stdout, stored, m.Visibility, len(m.Sectors), meshes)
	}
	data, err = d.Bytes()
	if err == nil {
		err = document.WriteFile(a.Flags["out"], data)
	}
	if err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	fmt.Fprintf(stdout, "wrote %s\n", a.Flags["out"])
	return 0
}

// printCounts writes what tables v mark visible: their pairs, the
// sectors that see nothing and the meshes nothing sees.
func printCounts(w io.Writer, what string, v *tcodec.Visibility, sectors, meshes int) {
	c := v.Counts(meshes)
	fmt.Fprintf(w, "%s %d of %d sector-mesh pairs visible; %d sectors see no mesh, %d meshes are seen from no sector\n",
		what, c.Pairs, sectors*meshes, c.Blind, c.Unseen)
}

// printSectorChanges writes a line for each sector whose row changes:
// the meshes it gains and loses, and how many it sees after.
func printSectorChanges(w io.Writer, before, after *tcodec.Visibility, sectors, meshes int) {
	for r := range sectors {
		gained, lost, seen := 0, 0, 0
		for c := range meshes {
			was, is := before.Visible(r, c), after.Visible(r, c)
			switch {
			case is && !was:
				gained++
			case was && !is:
				lost++
			}
			if is {
				seen++
			}
		}
		if gained+lost > 0 {
			fmt.Fprintf(w, "  sector %d: +%d -%d, sees %d of %d\n", r, gained, lost, seen, meshes)
		}
	}
}

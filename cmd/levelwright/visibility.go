package main

import (
	"fmt"
	"io"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
	turok "github.com/levelwright/levelwright/document/turok"
)

// visibilityCommand is `levelwright visibility FILE [--rebuild --out NEW]
// [--verbose]`: the shape of a Turok map's visibility tables, whether
// they fit the map and how many bits a line-of-sight rebuild changes;
// with --rebuild, the map with rebuilt tables written to NEW.
func visibilityCommand(raw []string, _ io.Reader, stdout, stderr io.Writer) int {
	a, err := parseArgs(raw, []string{"rebuild", "verbose"}, []string{"out"})
	if err != nil || len(a.positional) != 1 || a.bool("rebuild") != (a.flags["out"] != "") {
		fmt.Fprintln(stderr, "usage: levelwright visibility FILE [--rebuild --out NEW] [--verbose]")
		return 2
	}
	path := a.positional[0]
	data, format, ok := readGameFile(path, stderr)
	if !ok {
		return 2
	}
	if format.Key() != turok.Format.Key() {
		fmt.Fprintf(stderr, "%s: a %s file has no visibility tables; they are %s maps'\n", path, format.Name(), turok.Format.Name())
		return 2
	}
	d, err := turok.Load(path, data)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 2
	}
	m := d.Map
	stored := m.Visibility
	if stored == nil {
		if a.bool("rebuild") {
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
	var rebuilt *codec.Visibility
	if a.bool("rebuild") {
		if _, err := d.RebuildVisibility(); err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", path, err)
			return 2
		}
		rebuilt = m.Visibility
	} else {
		rebuilt = m.SightVisibility()
	}
	total := len(m.Sectors) * meshes
	verb := "a rebuild would change"
	if a.bool("rebuild") {
		verb = "rebuilt by line of sight:"
	}
	fmt.Fprintf(stdout, "%s %d of %d bits (%d pairs visible after)\n", verb, codec.ChangedBits(stored, rebuilt, meshes), total, countVisible(rebuilt, len(m.Sectors), meshes))
	if a.bool("verbose") {
		printSectorChanges(stdout, stored, rebuilt, len(m.Sectors), meshes)
	}
	if !a.bool("rebuild") {
		return 0
	}
	data, err = d.Bytes()
	if err == nil {
		err = document.WriteFile(a.flags["out"], data)
	}
	if err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	fmt.Fprintf(stdout, "wrote %s\n", a.flags["out"])
	return 0
}

// countVisible counts the set mesh bits of v's first sectors rows.
func countVisible(v *codec.Visibility, sectors, meshes int) int {
	n := 0
	for r := range sectors {
		for c := range meshes {
			if v.Visible(r, c) {
				n++
			}
		}
	}
	return n
}

// printSectorChanges writes a line for each sector whose row changes:
// the meshes it gains and loses, and how many it sees after.
func printSectorChanges(w io.Writer, before, after *codec.Visibility, sectors, meshes int) {
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

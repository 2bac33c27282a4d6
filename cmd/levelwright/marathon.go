package main

import (
	"fmt"
	"io"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/codecs/wad"
)

// marathonLevels parses a wad file and decodes its map entries.
func marathonLevels(file gameFile, stderr io.Writer) (*wad.File, []*marathon.Level, bool) {
	f, err := wad.Parse(file.data)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", file.path, err)
		return nil, nil, false
	}
	levels, err := marathon.DecodeFile(f)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", file.path, err)
		return nil, nil, false
	}
	return f, levels, true
}

// checkMarathon checks every map entry of a wad file.
func checkMarathon(file gameFile, stderr io.Writer) ([]bin.Problem, bool) {
	f, levels, ok := marathonLevels(file, stderr)
	if !ok {
		return nil, false
	}
	var problems []bin.Problem
	for i, l := range levels {
		index := int(f.Entries[i].Index)
		problems = append(problems, bin.Guard(index, "level", func() []bin.Problem { return l.Check(index) })...)
	}
	return problems, true
}

// marathonLevelInfo is what `info` tells of a Marathon level.
type marathonLevelInfo struct {
	Index         int    `json:"index"`
	Name          string `json:"name"`
	Polygons      int    `json:"polygons"`
	Lines         int    `json:"lines"`
	Objects       int    `json:"objects"`
	Lights        int    `json:"lights"`
	DerivedStored bool   `json:"derived_data_stored"`
}

func marathonInfo(file gameFile, stdout, stderr io.Writer) int {
	f, levels, ok := marathonLevels(file, stderr)
	if !ok {
		return 2
	}
	info := struct {
		File        string              `json:"file"`
		Game        string              `json:"game"`
		WadVersion  int                 `json:"wad_version"`
		DataVersion int                 `json:"data_version"`
		MacBinary   bool                `json:"macbinary"`
		Levels      []marathonLevelInfo `json:"levels"`
	}{file.path, file.game.String(), int(f.Header.Version), int(f.Header.DataVersion), f.Mac != nil, []marathonLevelInfo{}}
	for i, l := range levels {
		if len(l.Polygons) == 0 {
			continue // physics or other non-map entries
		}
		info.Levels = append(info.Levels, marathonLevelInfo{int(f.Entries[i].Index), l.MapName(), len(l.Polygons), len(l.Lines),
			len(l.Objects), len(l.Lights) + len(l.OldLights), l.CarriesDerivedData()})
	}
	if file.bool("json") {
		printJSON(stdout, info)
		return 0
	}
	fmt.Fprintf(stdout, "%s: %s, wad version %d, data version %d, %d levels\n", file.path, info.Game, info.WadVersion, info.DataVersion, len(info.Levels))
	for _, l := range info.Levels {
		fmt.Fprintf(stdout, "level %d: %q, %d polygons, %d lines, %d objects, %d lights\n", l.Index, l.Name, l.Polygons, l.Lines, l.Objects, l.Lights)
	}
	return 0
}

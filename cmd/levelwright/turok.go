package main

import (
	"fmt"
	"io"

	"github.com/levelwright/levelwright/codecs/kex"
	"github.com/levelwright/levelwright/codecs/turok"
)

// decodeTurok decodes a Turok map, reporting failures on stderr.
func decodeTurok(path string, data []byte, stderr io.Writer) (*turok.Map, bool) {
	m, err := turok.Decode(data)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", path, err)
		return nil, false
	}
	return m, true
}

// turokInfo is `levelwright info` for a Turok map.
func turokInfo(file gameFile, stdout, stderr io.Writer) int {
	m, ok := decodeTurok(file.path, file.data, stderr)
	if !ok {
		return 2
	}
	sectorBytes := 16
	if m.LongSectors {
		sectorBytes = 18
	}
	actorTypes := map[string]int{}
	for _, a := range m.Actors {
		actorTypes[fmt.Sprint(a.Type)]++
	}
	info := struct {
		File        string         `json:"file"`
		Game        string         `json:"game"`
		Version     int32          `json:"version"`
		Sky         string         `json:"sky"`
		Vertices    int            `json:"vertices"`
		SectorSets  int            `json:"sectorSets"`
		Sectors     int            `json:"sectors"`
		SectorBytes int            `json:"sectorBytes"`
		Grid        [2]int16       `json:"grid"`
		Sections    int            `json:"sections"`
		Meshes      int            `json:"staticMeshes"`
		Actors      int            `json:"actors"`
		ActorTypes  map[string]int `json:"actorTypes"`
		Visibility  bool           `json:"visibility"`
	}{file.path, file.game.String(), m.Version, m.SkyMaterial, len(m.Vertices), len(m.SectorSets), len(m.Sectors), sectorBytes,
		[2]int16{m.GridWidth, m.GridHeight}, len(m.Sections), m.MeshCount(), len(m.Actors), actorTypes, m.Visibility != nil}
	if file.bool("json") {
		printJSON(stdout, info)
		return 0
	}
	vis := "no visibility tables"
	if info.Visibility {
		vis = "visibility tables"
	}
	fmt.Fprintf(stdout, "%s: %s map version %d, sky %q\n", file.path, info.Game, info.Version, info.Sky)
	fmt.Fprintf(stdout, "%d vertices, %d sector sets, %d sectors of %d bytes, a %dx%d grid of %d sections with %d static meshes, %d actors, %s\n",
		info.Vertices, info.SectorSets, info.Sectors, sectorBytes, m.GridWidth, m.GridHeight, info.Sections, info.Meshes, info.Actors, vis)
	printCounts(stdout, "actors by type", actorTypes)
	return 0
}

// roundtripTurok reads the archive tree and writes it back; through the
// typed model, the map is decoded into records and encoded from them.
func roundtripTurok(path string, data []byte, throughModel bool, stdout, stderr io.Writer) int {
	var out []byte
	how := "archive tree"
	if throughModel {
		m, ok := decodeTurok(path, data, stderr)
		if !ok {
			return 2
		}
		out, how = m.Encode(), "typed model"
	} else {
		tree, err := kex.Parse(data, nil)
		if err != nil {
			fmt.Fprintf(stderr, "%s: %v\n", path, err)
			return 2
		}
		out = tree.Bytes()
	}
	if i := firstDifference(out, data); i >= 0 {
		fmt.Fprintf(stdout, "%s: differs at offset %d: %d bytes written, %d read\n", path, i, len(out), len(data))
		return 1
	}
	fmt.Fprintf(stdout, "%s: identical, %d bytes, written from the %s\n", path, len(data), how)
	return 0
}

package scene

import (
	"fmt"

	"github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/codecs/wad"
	"github.com/levelwright/levelwright/document"
)

// Level is one drawable level of a file: its index in the file, its
// name, and how to build its scene.
type Level struct {
	Index int
	Name  string
	Build func() *Scene
}

// File decodes a level file's bytes and lists the levels it can draw.
func File(data []byte, game document.Game) ([]Level, error) {
	var out []Level
	switch game {
	case document.GameShock:
		a, err := shock.Parse(data)
		if err != nil {
			return nil, err
		}
		for i, l := range a.Levels {
			if l != nil {
				out = append(out, Level{i, fmt.Sprintf("Level %d", i), func() *Scene { return Shock(l, i) }})
			}
		}
	case document.GameMarathon:
		f, err := wad.Parse(data)
		if err != nil {
			return nil, err
		}
		levels, err := marathon.DecodeFile(f)
		if err != nil {
			return nil, err
		}
		for i, l := range levels {
			if len(l.Polygons) == 0 {
				continue
			}
			name := fmt.Sprintf("Level %d", i)
			if n := l.MapName(); n != "" {
				name = fmt.Sprintf("%d: %s", i, n)
			}
			out = append(out, Level{i, name, func() *Scene { return Marathon(l, i) }})
		}
	case document.GameTurok:
		m, err := turok.Decode(data)
		if err != nil {
			return nil, err
		}
		out = append(out, Level{0, "Map", func() *Scene { return Turok(m) }})
	default:
		return nil, fmt.Errorf("cannot draw %s files", game)
	}
	return out, nil
}

package turok

import (
	"fmt"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
)

// Demo is a Turok map: a hillside with a pond and a few creatures.
func (format) Demo() document.Demo {
	return document.Demo{Title: "Turok: a hillside with a pond and a few creatures", FileName: "demo-turok.map", Build: demo}
}

// demo raises a slope and sinks a pond into the new terrain, marks the
// pond as water, and places creatures and pickups around the start.
func demo() ([]byte, error) {
	d, err := Load("demo-turok.map", codec.NewTerrain(16, 128).Encode())
	if err != nil {
		return nil, err
	}
	m := d.Map
	size := m.GridMax[0].X
	for i, v := range m.Vertices {
		p := v.Position
		dx, dy := p.X-size/4, p.Y-size/4
		switch {
		case dx*dx+dy*dy < (size/6)*(size/6): // the pond
			v.Position.Z = -96
		case p.X+p.Y > size*5/4: // a slope rising to the far corner
			v.Position.Z = (p.X + p.Y - size*5/4) / 3
		default:
			continue
		}
		if err := d.MoveVertex(i, v); err != nil {
			return nil, fmt.Errorf("demo terrain vertex %d: %w", i, err)
		}
	}
	water := m.SectorSets[0]
	var flags uint32
	flags, err = codec.SectorSetFlags.Mask([]string{"Water"})
	if err != nil {
		return nil, err
	}
	water.Flags = flags
	set, err := d.AddSectorSet(water)
	if err != nil {
		return nil, fmt.Errorf("demo water: %w", err)
	}
	var pond []int
	for i, s := range m.Sectors {
		if m.Vertices[s.Vertices[0]].Position.Z < 0 && m.Vertices[s.Vertices[1]].Position.Z < 0 && m.Vertices[s.Vertices[2]].Position.Z < 0 {
			pond = append(pond, i)
		}
	}
	if err := d.AssignSectorSet(pond, set); err != nil {
		return nil, fmt.Errorf("demo pond: %w", err)
	}
	start := m.Actors[0]
	for i, off := range [][2]float32{{200, 120}, {-180, 240}, {320, -200}, {-260, -260}} {
		a := start
		a.Type = int32(100 + i)
		a.Origin.X += off[0]
		a.Origin.Y += off[1]
		a.Health, a.TID = 50, int16(i+1)
		if _, err := d.PlaceActor(a); err != nil {
			return nil, fmt.Errorf("demo actor %d: %w", i, err)
		}
	}
	return d.Bytes()
}

package demo

import (
	"bytes"
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	sdoc "github.com/levelwright/levelwright/document/shock"
	tdoc "github.com/levelwright/levelwright/document/turok"
)

// TestLevels: every demo builds the same bytes each time, is a file of
// its game that re-encodes byte for byte, has no validation problems (its puzzle is solvable), and
// holds more than its game's new file.
func TestLevels(t *testing.T) {
	for _, l := range Levels {
		t.Run(l.Game.String(), func(t *testing.T) {
			data, err := l.Build()
			if err != nil {
				t.Fatal(err)
			}
			again, _ := l.Build()
			if !bytes.Equal(data, again) {
				t.Fatal("two builds differ")
			}
			if g, err := document.Sniff(data); err != nil || g != l.Game {
				t.Fatalf("sniffed as %v (%v)", g, err)
			}
			var problems []bin.Problem
			var encoded []byte
			var content int
			switch l.Game {
			case document.GameMarathon:
				d, err := mdoc.Load(l.FileName, data)
				if err != nil {
					t.Fatal(err)
				}
				problems, _ = d.Problems(0)
				encoded = d.Bytes()
				content = len(d.Levels[0].Polygons) + len(d.Levels[0].Objects)
			case document.GameShock:
				d, err := sdoc.Load(l.FileName, data)
				if err != nil {
					t.Fatal(err)
				}
				problems, _ = d.Problems(1)
				encoded, _ = d.Bytes()
				for _, o := range d.Archive.Levels[1].Objects {
					content += int(o.Active)
				}
			case document.GameTurok:
				d, err := tdoc.Load(l.FileName, data)
				if err != nil {
					t.Fatal(err)
				}
				problems, encoded = d.Problems(), d.Bytes()
				content = len(d.Map.Actors) + len(d.Map.SectorSets)
			}
			if len(problems) > 0 {
				t.Errorf("validation problems: %v", problems)
			}
			if !bytes.Equal(encoded, data) {
				t.Error("the demo does not re-encode byte for byte")
			}
			if want := map[document.Game]int{document.GameMarathon: 9, document.GameShock: 4, document.GameTurok: 6}[l.Game]; content < want {
				t.Errorf("%d polygons, objects, actors or sets; want at least %d", content, want)
			}
		})
	}
}

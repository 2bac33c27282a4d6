package shock

import (
	"encoding/json"
	"testing"
)

// FuzzImport: any level text either imports or is refused with an error;
// nothing panics, and what imports leaves the level's lists intact. The
// fuzzed text supplies objects; the tiles come from the level's export
// unless the text has its own.
func FuzzImport(f *testing.F) {
	f.Add([]byte(`{"format":"levelwright-shock-level/1","level":1,"links":[],"objects":[]}`))
	f.Add([]byte(`{"format":"levelwright-shock-level/1","level":1,"links":[],"objects":[{"index":5,"class":12,"subclass":0,"type":1,"x":7800,"y":7900,"data":"00000000000000000000000000000000000000000000","trap":{"action":6,"params":[7,0,0,0]}}]}`))
	f.Add([]byte(`{"format":"levelwright-shock-level/1","level":1,"links":[],"objects":[{"index":1,"class":9,"subclass":3,"x":70000,"y":-4,"hp":99999,"data":"zz"}]}`))
	f.Fuzz(func(t *testing.T, text []byte) {
		var in LevelJSON
		if json.Unmarshal(text, &in) != nil {
			return
		}
		d := newDocument(t)
		base, err := d.Export(1)
		if err != nil {
			t.Fatal(err)
		}
		if len(in.Tiles) == 0 {
			in.Tiles, in.Width, in.Height = base.Tiles, base.Width, base.Height
		}
		if _, err := d.Import(in); err != nil {
			return
		}
		for _, p := range d.Archive.Levels[1].Check() {
			if p.Severity == "error" && p.Code != "target-missing" && p.Code != "block-puzzle-without-state" && p.Code != "bad-wire-puzzle" && p.Code != "bad-block-puzzle" {
				t.Fatalf("imported text broke the level: %+v", p)
			}
		}
	})
}

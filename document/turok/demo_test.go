package turok

import (
	"bytes"
	"testing"
)

// TestDemo: the demo builds the same bytes each time, is a Turok map
// that re-encodes byte for byte, has no validation problems, and holds
// more than the new map.
func TestDemo(t *testing.T) {
	demo := Format.Demo()
	data, err := demo.Build()
	if err != nil {
		t.Fatal(err)
	}
	again, _ := demo.Build()
	if !bytes.Equal(data, again) {
		t.Fatal("two builds differ")
	}
	if ok, err := Format.Sniff(data); err != nil || !ok {
		t.Fatalf("sniffed as %v (%v)", ok, err)
	}
	d, err := Load(demo.FileName, data)
	if err != nil {
		t.Fatal(err)
	}
	problems, encoded := d.Problems(), d.Bytes()
	content := len(d.Map.Actors) + len(d.Map.SectorSets)
	if len(problems) > 0 {
		t.Errorf("validation problems: %v", problems)
	}
	if !bytes.Equal(encoded, data) {
		t.Error("the demo does not re-encode byte for byte")
	}
	if want := 6; content < want {
		t.Errorf("%d actors and sector sets; want at least %d", content, want)
	}
}

package shock

import (
	"bytes"
	"testing"
)

// TestDemo: the demo builds the same bytes each time, is a System Shock
// file that re-encodes byte for byte, has no validation problems (its
// puzzle is solvable), and holds more than the new file.
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
	problems, _ := d.Problems(1)
	encoded, _ := d.Bytes()
	content := 0
	for _, o := range d.Archive.Levels[1].Objects {
		content += int(o.Active)
	}
	if len(problems) > 0 {
		t.Errorf("validation problems: %v", problems)
	}
	if !bytes.Equal(encoded, data) {
		t.Error("the demo does not re-encode byte for byte")
	}
	if want := 4; content < want {
		t.Errorf("%d objects; want at least %d", content, want)
	}
}

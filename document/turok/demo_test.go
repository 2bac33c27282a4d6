package turok

import "testing"

// TestDemoContent: the demo holds more than the new file: actors and
// sector sets to try the tools on (its bytes, problems and encoding:
// editor's TestDemos).
func TestDemoContent(t *testing.T) {
	data, err := Format.Demo().Build()
	if err != nil {
		t.Fatal(err)
	}
	d, err := Load("demo", data)
	if err != nil {
		t.Fatal(err)
	}
	if content, want := len(d.Map.Actors)+len(d.Map.SectorSets), 6; content < want {
		t.Errorf("%d actors and sector sets; want at least %d", content, want)
	}
}

package marathon

import "testing"

// TestDemoContent: the demo holds more than the new file: polygons and
// objects to try the tools on (its bytes, problems and encoding:
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
	if content, want := len(d.Levels[0].Polygons)+len(d.Levels[0].Objects), 9; content < want {
		t.Errorf("%d polygons and objects; want at least %d", content, want)
	}
}

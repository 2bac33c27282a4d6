package shock

import "testing"

// TestDemoContent: the demo holds more than the new file: objects to
// try the tools on (its bytes, problems and encoding: editor's TestDemos).
func TestDemoContent(t *testing.T) {
	data, err := Format.Demo().Build()
	if err != nil {
		t.Fatal(err)
	}
	d, err := Load("demo", data)
	if err != nil {
		t.Fatal(err)
	}
	content := 0
	for _, o := range d.Archive.Levels[1].Objects {
		content += int(o.Active)
	}
	if want := 4; content < want {
		t.Errorf("%d objects; want at least %d", content, want)
	}
}

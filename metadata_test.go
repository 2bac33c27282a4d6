package levelwright

import (
	"bytes"
	"image/png"
	"regexp"
	"testing"
)

func TestAppMetadata(t *testing.T) {
	m := AppMetadata()
	if m.Name != "Levelwright" {
		t.Errorf("Name %q", m.Name)
	}
	if !regexp.MustCompile(`^\d+\.\d+\.\d+$`).MatchString(m.Version) {
		t.Errorf("Version %q is not semantic", m.Version)
	}
	img, err := png.Decode(bytes.NewReader(m.Icon))
	if err != nil {
		t.Fatalf("icon: %v", err)
	}
	if b := img.Bounds(); b.Dx() < 256 || b.Dx() != b.Dy() {
		t.Errorf("icon is %v, want square and at least 256 px", b.Size())
	}
}

func TestParseMetadataRejectsMissingFields(t *testing.T) {
	if _, err := parseMetadata([]byte("[Details]\nName = \"x\"\n")); err == nil {
		t.Fatal("accepted FyneApp.toml without ID and Version")
	}
}

// Package levelwright holds the application's identity: the name, ID,
// version and icon declared in FyneApp.toml, embedded into every binary so
// that `levelwright --version` and Help > About agree with the packaging;
// and the state the running editor reports to its end-to-end tests.
package levelwright

//go:generate go run icon_gen.go

import (
	_ "embed"
	"fmt"

	"github.com/BurntSushi/toml"
)

//go:embed FyneApp.toml
var fyneAppTOML []byte

//go:embed Icon.png
var iconPNG []byte

// Metadata is the [Details] section of FyneApp.toml plus the icon bytes.
type Metadata struct {
	Name    string
	ID      string
	Version string
	Build   int
	Icon    []byte `toml:"-"`
}

// AppMetadata returns the metadata embedded at build time.
func AppMetadata() Metadata {
	m, err := parseMetadata(fyneAppTOML)
	if err != nil {
		// FyneApp.toml is part of the source tree and checked by a test.
		panic(err)
	}
	m.Icon = iconPNG
	return m
}

func parseMetadata(data []byte) (Metadata, error) {
	var file struct{ Details Metadata }
	if _, err := toml.Decode(string(data), &file); err != nil {
		return Metadata{}, fmt.Errorf("FyneApp.toml: %w", err)
	}
	d := file.Details
	if d.Name == "" || d.ID == "" || d.Version == "" {
		return Metadata{}, fmt.Errorf("FyneApp.toml: [Details] needs Name, ID and Version")
	}
	return d, nil
}

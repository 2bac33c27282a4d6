package turok

import "github.com/levelwright/levelwright/document"

// LevelList lists the map: a Turok map file holds one level, 0, whose
// size is the file's.
func (d doc) LevelList() ([]document.LevelInfo, error) {
	data, err := d.d.Bytes()
	if err != nil {
		return nil, err
	}
	return []document.LevelInfo{{Index: 0, Name: "Map", Size: len(data)}}, nil
}

// LevelOperations are none: a Turok map file holds one level.
func (doc) LevelOperations() []document.LevelOperation { return nil }

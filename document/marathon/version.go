package marathon

// A GameVersion is the game a map file was made for, which says the
// Shapes file that draws it.
type GameVersion int

// The games.
const (
	Marathon1 GameVersion = iota
	Marathon2
	Infinity
)

// GameVersion is the game the file's wad header says it is for, as
// Aleph One reads it (editor.h, wad.h): data version 0 is Marathon 1;
// data version 2, or a wad version of 4 (WADFILE_HAS_INFINITY_STUFF), is
// Infinity; the rest is Marathon 2.
func (d *Document) GameVersion() GameVersion {
	switch h := d.File.Header; {
	case h.DataVersion == 0:
		return Marathon1
	case h.DataVersion >= 2 || h.Version >= 4:
		return Infinity
	}
	return Marathon2
}

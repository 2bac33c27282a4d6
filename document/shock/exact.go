package shock

import "github.com/levelwright/levelwright/document"

// MarshalJSON writes the level in the exact form of
// document.MarshalExact: a text whose bytes are not UTF-8 (a map note
// in the game's own code page) is written so that it comes back byte
// for byte.
func (lj LevelJSON) MarshalJSON() ([]byte, error) { return document.MarshalExact(lj) }

// UnmarshalJSON reads the level in the exact form, refusing fields it
// does not have.
func (lj *LevelJSON) UnmarshalJSON(text []byte) error { return document.UnmarshalExact(text, lj) }

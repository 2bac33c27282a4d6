package shock

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// MapNoteJSON is one automap note: the map note object that owns it (-1
// for none), its offset in the notes buffer (for reading) and its text.
type MapNoteJSON struct {
	Object int    `json:"object"`
	Offset int    `json:"offset"`
	Text   string `json:"text"`
}

// TextureSlotJSON is one slot of the level's texture list: the number of
// the texture.res texture the tiles' slot shows.
type TextureSlotJSON struct {
	Index   int `json:"index"`
	Texture int `json:"texture"`
}

// TextureAnimJSON is one texture animation group. TimeRemainder is the
// game's running state, for reading.
type TextureAnimJSON struct {
	Index         int `json:"index"`
	Speed         int `json:"speed"`
	Frames        int `json:"frames"`
	CurrentFrame  int `json:"current_frame"`
	Flags         int `json:"flags"`
	TimeRemainder int `json:"time_remainder"`
}

// CameraJSON is one surveillance screen: the object whose view it shows
// and the object whose destruction also blanks it, 0 for none.
type CameraJSON struct {
	Index     int `json:"index"`
	Object    int `json:"object"`
	Surrogate int `json:"surrogate"`
}

// PropertyKey is the text's name of level property p: its name with
// underscores ("biohazard_height").
func (p LevelProperty) PropertyKey() string { return strings.ReplaceAll(p.String(), " ", "_") }

// exportLevelTables fills out's level properties, texture list, texture
// animations and surveillance screens from l.
func exportLevelTables(l *codec.Level, out *LevelJSON) {
	out.Properties = map[string]int{}
	for p := range NumLevelProperties {
		if checkLevelProperty(l, p) == nil {
			out.Properties[p.PropertyKey()] = p.get(l)
		}
	}
	out.Textures = make([]TextureSlotJSON, len(l.Textures))
	for i, t := range l.Textures {
		out.Textures[i] = TextureSlotJSON{i, int(t)}
	}
	out.TextureAnims = make([]TextureAnimJSON, len(l.TextureAnims))
	for i, a := range l.TextureAnims {
		out.TextureAnims[i] = TextureAnimJSON{Index: i, Speed: int(a.Speed), Frames: int(a.Frames), CurrentFrame: int(a.CurrentFrame),
			Flags: int(a.Flags), TimeRemainder: int(a.TimeRemainder)}
	}
	out.Cameras = make([]CameraJSON, min(len(l.Surveillance[0]), len(l.Surveillance[1])))
	for i := range out.Cameras {
		out.Cameras[i] = CameraJSON{i, int(l.Surveillance[0][i]), int(l.Surveillance[1][i])}
	}
}

// exportMapNotes lists level's notes; a broken buffer, which check
// reports, exports none.
func (d *Document) exportMapNotes(level int) []MapNoteJSON {
	notes, _ := d.MapNotes(level)
	out := make([]MapNoteJSON, len(notes))
	for i, n := range notes {
		out[i] = MapNoteJSON(n)
	}
	return out
}

// noteTexts is the text in's map notes give each map note object of
// in's objects, by the text's object index; nil when the text leaves the
// notes out. A note of no object (-1) is for reading. A note naming an
// object the text does not list as a map note, or one object twice, is
// refused.
func (d *Document) noteTexts(l *codec.Level, in LevelJSON) (map[int]string, error) {
	if in.MapNotes == nil {
		return nil, nil
	}
	notes := map[int]bool{}
	for _, oj := range in.Objects {
		if [3]uint8{uint8(oj.Class), uint8(oj.Subclass), uint8(oj.Type)} == codec.MapNoteTriple {
			notes[oj.Index] = true
		}
	}
	now := d.noteTextsByObject(in.Level)
	texts := map[int]string{}
	for _, n := range in.MapNotes {
		if n.Object == -1 {
			continue
		}
		if !notes[n.Object] {
			return nil, fmt.Errorf("level %d: map note at offset %d names object %d, which objects does not list as a map note (class 12/2/3)",
				in.Level, n.Offset, n.Object)
		}
		if _, twice := texts[n.Object]; twice {
			return nil, fmt.Errorf("level %d: map notes give object %d two texts", in.Level, n.Object)
		}
		if text, ok := now[n.Object]; ok && text == n.Text {
			texts[n.Object] = n.Text // the note's own, whatever bytes it holds
			continue
		}
		if err := codec.CheckMapNoteText(n.Text); err != nil {
			return nil, fmt.Errorf("level %d map note of object %d: %w", in.Level, n.Object, err)
		}
		texts[n.Object] = n.Text
	}
	return texts, nil
}

// noteTextsByObject is the text of each of level's map notes, by the
// map note object that owns it.
func (d *Document) noteTextsByObject(level int) map[int]string {
	now := map[int]string{}
	if have, err := d.MapNotes(level); err == nil {
		for _, n := range have {
			now[n.Object] = n.Text
		}
	}
	return now
}

// deleteImported deletes object id, a map note with its text.
func (d *Document) deleteImported(l *codec.Level, level, id int) error {
	if isMapNote(l, id) {
		return d.DeleteMapNote(level, id)
	}
	return d.DeleteObject(level, id)
}

// createImported creates the object oj describes (in the slot it names
// when that is free), a map note with the text notes give it, and
// returns its index.
func (d *Document) createImported(level int, oj ObjectJSON, notes map[int]string) (int, error) {
	if [3]uint8{uint8(oj.Class), uint8(oj.Subclass), uint8(oj.Type)} == codec.MapNoteTriple {
		text, ok := notes[oj.Index]
		if !ok {
			return 0, fmt.Errorf("a new map note needs its text in map_notes")
		}
		return d.addMapNoteIn(level, oj.Index, uint16(oj.X), uint16(oj.Y), text)
	}
	return d.createObjectIn(level, oj.Index, ObjectSpec{Class: uint8(oj.Class), Subclass: uint8(oj.Subclass), Type: uint8(oj.Type),
		X: uint16(oj.X), Y: uint16(oj.Y), Z: uint8(oj.Z)}, false)
}

// keepNoteTextOffset keeps the text offset (p4) of map note object id in
// data, its class data to be: the offset follows the notes buffer, which
// the map note commands keep, so the text's value is not imported.
func keepNoteTextOffset(l *codec.Level, id int, data []byte) {
	if at, ok := l.NoteTextOffset(id); ok {
		t := codec.DecodeTrap(data)
		t.P[3] = at
		t.Encode(data)
	}
}

// importNoteTexts gives each map note object the text notes give it (by
// the text's index; created says where created objects went). A text
// that is the note's own is left alone, whatever bytes it holds (a note
// in the game's code page that the editor would not take typed).
func (d *Document) importNoteTexts(l *codec.Level, level int, notes map[int]string, created map[int]int) error {
	now := d.noteTextsByObject(level)
	for _, id := range slices.Sorted(maps.Keys(notes)) {
		at := id
		if c, ok := created[id]; ok {
			at = c
		}
		if text, ok := now[at]; ok && text == notes[id] {
			continue
		}
		if err := d.EditMapNote(level, at, notes[id]); err != nil {
			return fmt.Errorf("level %d map note of object %d: %w", level, id, err)
		}
	}
	return nil
}

// importLevelTables applies in's surveillance screens, texture list,
// texture animations and level properties, each left out of the text
// kept as the level has it.
func (d *Document) importLevelTables(l *codec.Level, in LevelJSON) error {
	for _, step := range []func(*codec.Level, LevelJSON) error{d.importCameras, d.importTextures, d.importTextureAnims, d.importProperties} {
		if err := step(l, in); err != nil {
			return fmt.Errorf("level %d: %w", in.Level, err)
		}
	}
	return nil
}

// importSlots applies list, the text's entries of one of the level's
// tables of n fixed slots, with apply, slot by slot; a list left out
// keeps the table. The entries must name each slot once.
func importSlots[T any](table string, n int, list []T, index func(T) int, apply func(slot int, v T) error) error {
	if list == nil {
		return nil
	}
	if len(list) != n {
		return fmt.Errorf("%s lists %d entries; the level has %d", table, len(list), n)
	}
	place := make([]int, n)
	seen := make([]bool, n)
	for i, v := range list {
		x := index(v)
		if x < 0 || x >= n {
			return fmt.Errorf("%s entry %d is outside 0-%d", table, x, n-1)
		}
		if seen[x] {
			return fmt.Errorf("%s entry %d appears twice", table, x)
		}
		seen[x], place[x] = true, i
	}
	for slot, at := range place {
		if err := apply(slot, list[at]); err != nil {
			return err
		}
	}
	return nil
}

func (d *Document) importCameras(l *codec.Level, in LevelJSON) error {
	n := min(len(l.Surveillance[0]), len(l.Surveillance[1]))
	return importSlots("cameras", n, in.Cameras, func(c CameraJSON) int { return c.Index }, func(screen int, c CameraJSON) error {
		return d.SetCamera(in.Level, screen, Camera{c.Object, c.Surrogate})
	})
}

func (d *Document) importTextures(l *codec.Level, in LevelJSON) error {
	return importSlots("textures", len(l.Textures), in.Textures, func(t TextureSlotJSON) int { return t.Index }, func(slot int, t TextureSlotJSON) error {
		return d.SetLevelTexture(in.Level, slot, t.Texture)
	})
}

func (d *Document) importTextureAnims(l *codec.Level, in LevelJSON) error {
	index := func(a TextureAnimJSON) int { return a.Index }
	return importSlots("texture_animations", len(l.TextureAnims), in.TextureAnims, index, func(group int, a TextureAnimJSON) error {
		// The current frame stays below the frames at every step: it
		// goes first when it fits the group's frames as they are.
		fields := []TextureAnimField{AnimSpeed, AnimFlags, AnimFrames, AnimCurrentFrame}
		if a.CurrentFrame < max(int(l.TextureAnims[group].Frames), 1) {
			fields = []TextureAnimField{AnimSpeed, AnimFlags, AnimCurrentFrame, AnimFrames}
		}
		values := [NumTextureAnimFields]int{AnimSpeed: a.Speed, AnimFrames: a.Frames, AnimCurrentFrame: a.CurrentFrame, AnimFlags: a.Flags}
		for _, f := range fields {
			if err := d.SetTextureAnim(in.Level, group, f, values[f]); err != nil {
				return err
			}
		}
		return nil
	})
}

func (d *Document) importProperties(l *codec.Level, in LevelJSON) error {
	var held []string
	for p := range NumLevelProperties {
		if checkLevelProperty(l, p) == nil {
			held = append(held, p.PropertyKey())
		}
	}
	for _, key := range slices.Sorted(maps.Keys(in.Properties)) {
		if !slices.Contains(held, key) {
			return fmt.Errorf("level_properties has no %q; the level has %s", key, strings.Join(held, ", "))
		}
	}
	for p := range NumLevelProperties {
		if v, ok := in.Properties[p.PropertyKey()]; ok {
			if err := d.SetLevelProperty(in.Level, p, v); err != nil {
				return err
			}
		}
	}
	return nil
}

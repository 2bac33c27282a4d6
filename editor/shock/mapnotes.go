package shock

import (
	"fmt"

	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// mapNoteFields lists the level's automap notes, each a text field that
// edits the note; emptying the text deletes the note, as in the game. A
// text no map note object names is shown read-only.
func (f *session) mapNoteFields(level int) []propgrid.Field {
	notes, err := f.d.MapNotes(level)
	if err != nil {
		return []propgrid.Field{{Label: "map notes", Text: &propgrid.Text{Value: err.Error()}}}
	}
	fields := make([]propgrid.Field, 0, len(notes))
	for _, n := range notes {
		if n.Object < 0 {
			fields = append(fields, propgrid.Field{Label: fmt.Sprintf("map note at %d (no object)", n.Offset),
				Text: &propgrid.Text{Value: n.Text}})
			continue
		}
		fields = append(fields, f.noteField(level, n.Object, fmt.Sprintf("map note %d", n.Object), n.Text))
	}
	return fields
}

// mapNoteSection is the text of map note object id, for its inspector;
// none when id names no note.
func (f *session) mapNoteSection(level, id int) []inspect.Section {
	notes, err := f.d.MapNotes(level)
	if err != nil {
		return nil
	}
	for _, n := range notes {
		if n.Object == id {
			return []inspect.Section{{Title: "Map note", Fields: []propgrid.Field{f.noteField(level, id, "text", n.Text)}}}
		}
	}
	return nil
}

// noteField edits the text of map note object id; emptying it deletes
// the note.
func (f *session) noteField(level, id int, label, text string) propgrid.Field {
	return propgrid.Field{Label: label, Text: &propgrid.Text{Value: text, Set: func(text string) error {
		if text == "" {
			return f.d.DeleteMapNote(level, id)
		}
		return f.d.EditMapNote(level, id, text)
	}}}
}

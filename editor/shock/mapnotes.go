package shock

import (
	"fmt"

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
		fields = append(fields, propgrid.Field{Label: fmt.Sprintf("map note %d", n.Object), Text: &propgrid.Text{Value: n.Text,
			Set: func(text string) error {
				if text == "" {
					return f.d.DeleteMapNote(level, n.Object)
				}
				return f.d.EditMapNote(level, n.Object, text)
			}}})
	}
	return fields
}

package levelwright

// State is what the running editor shows and does at one moment, as
// it reports it to the end-to-end tests (internal/e2e), which wait for
// the state they need rather than for a still screen.
type State struct {
	Title    string `json:"title"`          // the main window's title
	Path     string `json:"path,omitempty"` // the open file, "" for none
	Loaded   bool   `json:"loaded"`         // a file is open
	Dirty    bool   `json:"dirty"`          // it has unsaved changes
	Busy     bool   `json:"busy"`           // a load, save or comparison, or a background job, is under way
	Steps    int    `json:"steps"`          // the steps of its history done
	Undone   int    `json:"undone"`         // and undone, which Redo brings back
	Level    int    `json:"level"`          // the file's index of the level shown
	Selected int    `json:"selected"`       // how many entities are selected
	Frames   int    `json:"frames"`         // the frames the map view has drawn
	// Shown is how many of those frames have been painted on the window,
	// and ShownAt when the last was, in Unix nanoseconds (0 for none).
	Shown   int           `json:"shown"`
	ShownAt int64         `json:"shownAt,omitempty"`
	Status  string        `json:"status"`  // the status bar's text
	Windows []WindowState `json:"windows"` // the application's windows, the main one first
	// Buttons are where the inspector's buttons beside its fields (a
	// target's Pick) are in the main window, in pixels, by the field's
	// label; a button scrolled out of sight is left out.
	Buttons map[string]Point `json:"buttons,omitempty"`
	// Entries are where the inspector's text entries are, the same way.
	Entries map[string]Point `json:"entries,omitempty"`
	// Choices are where the inspector's choice lists are, the same way.
	Choices map[string]Point `json:"choices,omitempty"`
	// Checks are where the check boxes of the inspector's flags are, by
	// the field's label and the flag's name ("SpawnFlags2:
	// HoldTriggerAnimation"), the same way.
	Checks map[string]Point `json:"checks,omitempty"`
}

// Point is a position in a window, in pixels from its top left.
type Point struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// WindowState is one window of the application: its title and what
// floats over its content.
type WindowState struct {
	Title string `json:"title"`
	// Overlays are the dialogs, pop-ups and menus over the window,
	// bottom first, each as the texts of its labels and buttons in
	// layout order (a dialog's title among them).
	Overlays [][]string `json:"overlays,omitempty"`
}

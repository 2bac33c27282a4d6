package editor

import (
	"slices"
	"strings"
	"testing"
)

// TestStateFollowsTheEditor: the state the end-to-end tests wait for
// names the file opened, its steps and unsaved changes, the selection,
// and the dialog shown by its title, gone once it is closed.
func TestStateFollowsTheEditor(t *testing.T) {
	e, path := openNewTurokMap(t)
	s := e.State()
	if !s.Loaded || s.Path != path || s.Busy || s.Dirty || s.Steps != 0 || !strings.HasPrefix(s.Title, "new.map") {
		t.Fatalf("a map just opened: state %+v", s)
	}
	if len(s.Windows) == 0 || s.Windows[0].Title != s.Title || len(s.Windows[0].Overlays) != 0 {
		t.Fatalf("a map just opened: windows %+v, want the main one first, without dialogs", s.Windows)
	}

	e.SelectAll()
	e.DeleteSelection()
	e.jobs.wait()
	s = e.State()
	if s.Steps != 1 || s.Undone != 0 || !s.Dirty || s.Selected != 0 {
		t.Fatalf("after a delete: state %+v, want one step, unsaved, nothing selected", s)
	}
	e.Undo()
	if s = e.State(); s.Steps != 0 || s.Undone != 1 || s.Dirty {
		t.Fatalf("after Undo: state %+v, want the step undone, nothing unsaved", s)
	}

	e.ShowAbout()
	s = e.State()
	if len(s.Windows[0].Overlays) != 1 || !slices.Contains(s.Windows[0].Overlays[0], "About Levelwright") {
		t.Fatalf("About shown: overlays %q, want its dialog", s.Windows[0].Overlays)
	}
	e.dialogs.top.Hide()
	if s = e.State(); len(s.Windows[0].Overlays) != 0 {
		t.Fatalf("About closed: overlays %q", s.Windows[0].Overlays)
	}
}

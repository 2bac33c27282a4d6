package savepath

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/test"
)

// TestDialogChoosesAPathAndWritesNothing: the dialog lists the folder
// (folders first, hidden files left out), enters a folder chosen or
// typed, takes a listed file's name, resolves a typed full path, refuses
// a path in a missing folder, and never creates or truncates a file.
func TestDialogChoosesAPathAndWritesNothing(t *testing.T) {
	test.NewTempApp(t)
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "maps"), 0o755)
	existing := filepath.Join(dir, "b.dat")
	os.WriteFile(existing, []byte("keep me"), 0o644)
	os.WriteFile(filepath.Join(dir, ".hidden"), nil, 0o644)
	w := test.NewTempWindow(t, nil)
	var chosen []string
	d := New(dir, "a.dat", w, func(p string) { chosen = append(chosen, p) })
	d.Show()

	if len(d.entries) != 2 || d.entries[0].Name() != "maps" || d.entries[1].Name() != "b.dat" {
		t.Fatalf("listed %v, want maps then b.dat", d.entries)
	}
	d.List.Select(2) // b.dat
	if d.Name.Text != "b.dat" {
		t.Fatalf("choosing a file typed %q", d.Name.Text)
	}
	d.Save()
	if len(chosen) != 1 || chosen[0] != existing {
		t.Fatalf("saving chose %v", chosen)
	}
	if got, _ := os.ReadFile(existing); string(got) != "keep me" {
		t.Fatal("the dialog wrote to the chosen file")
	}

	d.Name.SetText("maps")
	d.Save()
	if d.Folder.Text != filepath.Join(dir, "maps") || len(chosen) != 1 {
		t.Fatalf("typing a folder's name: folder %q, chosen %v", d.Folder.Text, chosen)
	}
	d.List.Select(0) // ..
	if d.Folder.Text != dir {
		t.Fatalf("going up shows %q", d.Folder.Text)
	}
	other := filepath.Join(t.TempDir(), "elsewhere.dat")
	d.Name.SetText(other)
	d.Save()
	if len(chosen) != 2 || chosen[1] != other {
		t.Fatalf("a typed full path chose %v", chosen)
	}
	if _, err := os.Stat(other); !os.IsNotExist(err) {
		t.Fatal("the dialog created the file")
	}
	d.Name.SetText(filepath.Join(dir, "missing", "x.dat"))
	d.Save()
	if len(chosen) != 2 || !d.Message.Visible() {
		t.Fatalf("a path in a missing folder: chosen %v, message %q", chosen, d.Message.Text)
	}
}

// TestDialogFocusesTheName: typing goes into the name at once.
func TestDialogFocusesTheName(t *testing.T) {
	test.NewTempApp(t)
	w := test.NewTempWindow(t, nil)
	d := New(t.TempDir(), "a.dat", w, func(string) {})
	d.Show()
	if w.Canvas().Focused() != d.Name {
		t.Fatalf("focused: %v, want the name field", w.Canvas().Focused())
	}
}

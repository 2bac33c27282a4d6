package document

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWriteFileKeepsFirstOriginal(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "level.map")
	if err := WriteFile(path, []byte("new file")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(path + BackupSuffix); !os.IsNotExist(err) {
		t.Fatal("a backup of a file that did not exist")
	}
	os.WriteFile(path, []byte("original"), 0o600)
	os.Chmod(path, 0o600)
	for _, content := range []string{"first save", "second save"} {
		if err := WriteFile(path, []byte(content)); err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(path); string(got) != content {
			t.Fatalf("file holds %q, want %q", got, content)
		}
	}
	if bak, _ := os.ReadFile(path + BackupSuffix); string(bak) != "original" {
		t.Fatalf("backup holds %q, want the first original", bak)
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the original's 0600", info.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("%d files left in the folder, want the file and its backup", len(entries))
	}
}

func TestWriteFileLeavesOriginalOnFailure(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "missing-folder", "level.map")
	if err := WriteFile(path, []byte("x")); err == nil {
		t.Fatal("writing into a missing folder succeeded")
	}
}

// TestReplaceFileKeepsNoBackup: ReplaceFile overwrites in place of the
// file, keeping its mode, and leaves nothing else in the folder.
func TestReplaceFileKeepsNoBackup(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "render.png")
	os.WriteFile(path, []byte("old"), 0o600)
	os.Chmod(path, 0o600)
	if err := ReplaceFile(path, []byte("new")); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(path); string(got) != "new" {
		t.Fatalf("file holds %q", got)
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the replaced file's 0600", info.Mode().Perm())
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files in the folder, want the file alone", len(entries))
	}
}

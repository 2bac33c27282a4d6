package document

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// These tests are of saving on Windows; cmd/levelwright's Wine tests
// cross-compile and run them.

// windowsFolder is a new folder whose name has spaces and letters
// outside ASCII, removed after the test file by file: Wine 8 lacks the
// call os.RemoveAll (and so t.TempDir) deletes with.
func windowsFolder(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "Levels ü 日本 ")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		var dirs []string
		filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && d.IsDir() {
				dirs = append(dirs, p)
			} else if err == nil {
				os.Chmod(p, 0o644)
				os.Remove(p)
			}
			return nil
		})
		slices.Reverse(dirs)
		for _, d := range dirs {
			os.Remove(d)
		}
	})
	return dir
}

// holdOpen opens path as many a program that reads it does, sharing
// reading and writing but not deletion, until the test ends or close is
// called.
func holdOpen(t *testing.T, path string) (close func()) {
	t.Helper()
	name, err := syscall.UTF16PtrFromString(path)
	if err != nil {
		t.Fatal(err)
	}
	h, err := syscall.CreateFile(name, syscall.GENERIC_READ, syscall.FILE_SHARE_READ|syscall.FILE_SHARE_WRITE, nil, syscall.OPEN_EXISTING, syscall.FILE_ATTRIBUTE_NORMAL, 0)
	if err != nil {
		t.Fatal(err)
	}
	closed := false
	close = func() {
		if !closed {
			syscall.CloseHandle(h)
			closed = true
		}
	}
	t.Cleanup(close)
	return close
}

// mustHold fails the test unless path holds want.
func mustHold(t *testing.T, path string, want []byte) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s holds %q, want %q", path, got, want)
	}
}

// noTemporaries fails the test if a save left a temporary beside path.
func noTemporaries(t *testing.T, path string) {
	t.Helper()
	if left := Temporaries(path); len(left) != 0 {
		t.Errorf("temporaries left beside %s: %v", path, left)
	}
}

// TestWindowsSaveOverFileHeldOpen: another program has the file open
// without FILE_SHARE_DELETE, so Windows cannot replace it. The save is
// refused with the file named and the likely cause; the file keeps its
// bytes and no temporary is left. Once the program lets go, the same save
// works and the original is the .bak.
func TestWindowsSaveOverFileHeldOpen(t *testing.T) {
	path := filepath.Join(windowsFolder(t), "held open.map")
	if err := os.WriteFile(path, []byte("original"), 0o644); err != nil {
		t.Fatal(err)
	}
	release := holdOpen(t, path)
	err := WriteFile(path, []byte("edited"))
	if err == nil {
		t.Fatal("saving over a file held open without FILE_SHARE_DELETE succeeded")
	}
	if msg := err.Error(); !strings.HasPrefix(msg, path+" is unchanged") || !strings.Contains(msg, "open in another program") {
		t.Errorf("error %q does not say which file is unchanged and why", msg)
	}
	mustHold(t, path, []byte("original"))
	noTemporaries(t, path)

	release()
	if err := WriteFile(path, []byte("edited")); err != nil {
		t.Fatalf("save once the file is closed: %v", err)
	}
	mustHold(t, path, []byte("edited"))
	mustHold(t, path+BackupSuffix, []byte("original"))
	noTemporaries(t, path)
}

// TestWindowsSaveOverReadOnlyFile: a file with the Read-only attribute
// is not replaced: the save says so before writing anything (no .bak, no
// temporary), as Windows itself would refuse the rename. Cleared, the
// same save works.
func TestWindowsSaveOverReadOnlyFile(t *testing.T) {
	path := filepath.Join(windowsFolder(t), "kept.map")
	if err := os.WriteFile(path, []byte("original"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	err := WriteFile(path, []byte("edited"))
	if err == nil || !strings.Contains(err.Error(), path+" is read-only") {
		t.Fatalf("save over a read-only file: error %v, want one naming the file as read-only", err)
	}
	mustHold(t, path, []byte("original"))
	noTemporaries(t, path)
	if _, err := os.Stat(path + BackupSuffix); !os.IsNotExist(err) {
		t.Errorf("a refused save left a .bak: %v", err)
	}

	if err := os.Chmod(path, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(path, []byte("edited")); err != nil {
		t.Fatalf("save once Read-only is cleared: %v", err)
	}
	mustHold(t, path, []byte("edited"))
	mustHold(t, path+BackupSuffix, []byte("original"))
}

// TestWindowsSavePathForms: the same file named with a drive letter and
// backslashes, with forward slashes, and relative to the working folder,
// in a folder with spaces and letters outside ASCII. Every save lands in
// the one file; the session's first (WriteFile) keeps the original as
// the .bak, later ones (ReplaceFile) leave it alone.
func TestWindowsSavePathForms(t *testing.T) {
	dir := windowsFolder(t)
	path := filepath.Join(dir, "Ünïcode level 1.map")
	if vol := filepath.VolumeName(path); len(vol) != 2 || vol[1] != ':' {
		t.Fatalf("%s does not start with a drive letter", path)
	}
	if err := os.WriteFile(path, []byte("original"), 0o644); err != nil {
		t.Fatal(err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chdir(wd) })
	forms := []string{path, filepath.ToSlash(path), `.\` + filepath.Base(path), filepath.Base(path)}
	for i, form := range forms {
		data := []byte("save " + form)
		save := WriteFile // the session's first save keeps the original; later ones replace the file alone
		if i > 0 {
			save = ReplaceFile
		}
		if err := save(form, data); err != nil {
			t.Fatalf("save %d as %s: %v", i, form, err)
		}
		mustHold(t, path, data)
		mustHold(t, path+BackupSuffix, []byte("original"))
		noTemporaries(t, path)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if want := []string{"Ünïcode level 1.map", "Ünïcode level 1.map.bak"}; !slices.Equal(names, want) {
		t.Errorf("the folder holds %q, want %q", names, want)
	}
}

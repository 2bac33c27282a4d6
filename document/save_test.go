package document

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestWriteFileKeepsFirstOriginal: a session's first save (WriteFile)
// keeps the original as the backup, its later saves (ReplaceFile) leave
// it, and the next session's first save replaces it with the file as
// that session found it.
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
	for i, content := range []string{"first save", "second save"} {
		save := ReplaceFile
		if i == 0 {
			save = WriteFile
		}
		if err := save(path, []byte(content)); err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(path); string(got) != content {
			t.Fatalf("file holds %q, want %q", got, content)
		}
	}
	if bak, _ := os.ReadFile(path + BackupSuffix); string(bak) != "original" {
		t.Fatalf("backup holds %q, want the first original", bak)
	}
	if err := WriteFile(path, []byte("next session")); err != nil {
		t.Fatal(err)
	}
	if bak, _ := os.ReadFile(path + BackupSuffix); string(bak) != "second save" {
		t.Fatalf("after the next session's first save the backup holds %q, want %q", bak, "second save")
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

// TestWriteFileThroughSymlink: saving through a symbolic link replaces
// the file it names, keeps the link, and backs up the target's bytes.
func TestWriteFileThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "real", "level.map")
	os.Mkdir(filepath.Dir(target), 0o755)
	os.WriteFile(target, []byte("original"), 0o644)
	link := filepath.Join(dir, "link.map")
	if err := os.Symlink(filepath.Join("real", "level.map"), link); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(link, []byte("edited")); err != nil {
		t.Fatal(err)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v %v", info.Mode(), err)
	}
	if got, _ := os.ReadFile(target); string(got) != "edited" {
		t.Errorf("target holds %q, want the edit", got)
	}
	bak, err := os.Lstat(target + BackupSuffix)
	if err != nil || !bak.Mode().IsRegular() {
		t.Fatalf("backup beside the target: %v, %v", bak, err)
	}
	if got, _ := os.ReadFile(target + BackupSuffix); string(got) != "original" {
		t.Errorf("backup holds %q, want the original", got)
	}
	if _, err := os.Lstat(link + BackupSuffix); !os.IsNotExist(err) {
		t.Errorf("a backup beside the link: %v", err)
	}
}

// TestWriteFileIntoFullFileSystem: a save that runs out of space fails,
// leaves the original and its backup whole, and no temporary behind.
func TestWriteFileIntoFullFileSystem(t *testing.T) {
	dir := mountTmpfs(t, "size=64k")
	path := filepath.Join(dir, "level.map")
	original := bytes.Repeat([]byte("o"), 16<<10)
	if err := os.WriteFile(path, original, 0o644); err != nil {
		t.Fatal(err)
	}
	err := WriteFile(path, bytes.Repeat([]byte("n"), 128<<10))
	if !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("saving into a full file system: %v, want ENOSPC", err)
	}
	if got, _ := os.ReadFile(path); !bytes.Equal(got, original) {
		t.Error("the original changed")
	}
	if got, err := os.ReadFile(path + BackupSuffix); err == nil && !bytes.Equal(got, original) {
		t.Error("the backup is not the original")
	}
	if tmp := Temporaries(path); len(tmp) != 0 {
		t.Errorf("temporaries left: %v", tmp)
	}
}

// TestWriteFileIntoReadOnlyFolder: a save where nothing can be written
// fails with the reason, and changes nothing.
func TestWriteFileIntoReadOnlyFolder(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "level.map")
	os.WriteFile(path, []byte("original"), 0o644)
	if os.Geteuid() == 0 {
		dir = mountTmpfs(t, "size=64k")
		path = filepath.Join(dir, "level.map")
		os.WriteFile(path, []byte("original"), 0o644)
		if out, err := exec.Command("mount", "-o", "remount,ro", dir).CombinedOutput(); err != nil {
			t.Fatalf("remount read-only: %v %s", err, out)
		}
	} else {
		os.Chmod(dir, 0o555)
		t.Cleanup(func() { os.Chmod(dir, 0o755) })
	}
	err := WriteFile(path, []byte("edited"))
	if err == nil {
		t.Fatal("saving into a read-only folder succeeded")
	}
	if !errors.Is(err, fs.ErrPermission) && !errors.Is(err, syscall.EROFS) {
		t.Errorf("error %v does not say the folder cannot be written", err)
	}
	if got, _ := os.ReadFile(path); string(got) != "original" {
		t.Errorf("the file holds %q", got)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("%d files in the folder, want the original alone", len(entries))
	}
}

// TestSaveSweepsKilledSavesTemporary: a save killed part way (kill -9)
// leaves its temporary; the next save of the same file removes it.
func TestSaveSweepsKilledSavesTemporary(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "level.map")
	os.WriteFile(path, []byte("original"), 0o644)
	cmd := exec.Command(os.Args[0], "-test.run", "^$")
	cmd.Env = append(os.Environ(), "LEVELWRIGHT_SAVE_HELPER="+path)
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	line := make([]byte, 6)
	if _, err := io.ReadFull(out, line); err != nil || string(line) != "ready\n" {
		t.Fatalf("helper: %q %v", line, err)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	cmd.Wait()
	if n := len(Temporaries(path)); n != 1 {
		t.Fatalf("%d temporaries after the kill, want the killed save's", n)
	}
	if err := WriteFile(path, []byte("saved")); err != nil {
		t.Fatal(err)
	}
	if tmp := Temporaries(path); len(tmp) != 0 {
		t.Errorf("temporaries left after the next save: %v", tmp)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("%d files in the folder, want the file and its backup", len(entries))
	}
}

func TestMain(m *testing.M) {
	if path := os.Getenv("LEVELWRIGHT_SAVE_HELPER"); path != "" {
		killedSave(path)
	}
	os.Exit(m.Run())
}

// killedSave starts a save of path as write does, writes part of it and
// waits to be killed.
func killedSave(path string) {
	tmp, err := createTemp(path)
	if err != nil {
		panic(err)
	}
	tmp.Write(bytes.Repeat([]byte("x"), 1<<20))
	os.Stdout.WriteString("ready\n")
	select {}
}

// mountTmpfs mounts a small tmpfs for the test (which needs root: CI runs
// as root) and unmounts it at the end.
func mountTmpfs(t *testing.T, options string) string {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("mounting a small file system needs root (CI runs as root)")
	}
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", options, "tmpfs", dir).CombinedOutput(); err != nil {
		t.Fatalf("mount tmpfs: %v %s", err, out)
	}
	t.Cleanup(func() { exec.Command("umount", dir).Run() })
	return dir
}

// TestWriteFileBackupInTheWay: a ".bak" that is a folder or a link stops
// the save with an error naming it, leaving the file and the ".bak" as
// they were.
func TestWriteFileBackupInTheWay(t *testing.T) {
	for _, what := range []string{"folder", "symbolic link"} {
		dir := t.TempDir()
		path := filepath.Join(dir, "level.map")
		os.WriteFile(path, []byte("original"), 0o644)
		bak := path + BackupSuffix
		if what == "folder" {
			os.Mkdir(bak, 0o755)
		} else {
			os.Symlink("elsewhere", bak)
		}
		err := WriteFile(path, []byte("edited"))
		if err == nil || !strings.Contains(err.Error(), bak+" is not a file (a "+what+")") {
			t.Errorf("%s in the way: %v, want an error naming %s", what, err, bak)
		}
		if got, _ := os.ReadFile(path); string(got) != "original" {
			t.Errorf("%s in the way: the file holds %q", what, got)
		}
		if info, err := os.Lstat(bak); err != nil || info.Mode().IsRegular() {
			t.Errorf("%s in the way: the backup was replaced", what)
		}
		if entries, _ := os.ReadDir(dir); len(entries) != 2 {
			t.Errorf("%s in the way: %d entries in the folder, want the file and the .bak", what, len(entries))
		}
	}
}

// TestWriteFileThroughChainOfLinks: saving through a chain of links that
// ends in a missing file makes that file and keeps every link; a loop of
// links is an error naming the path given.
func TestWriteFileThroughChainOfLinks(t *testing.T) {
	dir := t.TempDir()
	first, middle := filepath.Join(dir, "first.map"), filepath.Join(dir, "middle.map")
	os.Symlink("middle.map", first)
	os.Symlink(filepath.Join(dir, "sub", "last.map"), middle)
	os.Mkdir(filepath.Join(dir, "sub"), 0o755)
	if err := WriteFile(first, []byte("new")); err != nil {
		t.Fatal(err)
	}
	for _, link := range []string{first, middle} {
		if info, err := os.Lstat(link); err != nil || info.Mode()&fs.ModeSymlink == 0 {
			t.Errorf("%s is no longer a link", link)
		}
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "sub", "last.map")); string(got) != "new" {
		t.Errorf("the chain's end holds %q", got)
	}
	loop := filepath.Join(dir, "loop.map")
	os.Symlink("back.map", loop)
	os.Symlink("loop.map", filepath.Join(dir, "back.map"))
	err := WriteFile(loop, []byte("x"))
	if err == nil || !strings.HasPrefix(err.Error(), loop+": a loop of symbolic links") {
		t.Errorf("a loop: %v, want an error naming %s", err, loop)
	}
}

// TestWriteFileRefusesHardLinks: a file with another name is not
// replaced (the rename would leave the other name with the old bytes);
// the error names the other name; nothing changes.
func TestWriteFileRefusesHardLinks(t *testing.T) {
	dir := t.TempDir()
	path, other := filepath.Join(dir, "level.map"), filepath.Join(dir, "copy.map")
	os.WriteFile(path, []byte("shared"), 0o644)
	if err := os.Link(path, other); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	for _, save := range []func(string, []byte) error{WriteFile, ReplaceFile} {
		err := save(path, []byte("edited"))
		if err == nil || !strings.Contains(err.Error(), "it has 2 names (hard links) (") || !strings.Contains(err.Error(), other) {
			t.Errorf("saving a hard-linked file: %v, want a refusal naming %s", err, other)
		}
	}
	for _, p := range []string{path, other} {
		if got, _ := os.ReadFile(p); string(got) != "shared" {
			t.Errorf("%s holds %q", p, got)
		}
	}
	if _, err := os.Lstat(path + BackupSuffix); !os.IsNotExist(err) {
		t.Errorf("a refused save made a backup")
	}
	// A backup left linked to the file by a save that failed after
	// keeping it is no other name.
	os.Remove(other)
	os.Link(path, path+BackupSuffix)
	if err := WriteFile(path, []byte("edited")); err != nil {
		t.Errorf("a file linked to its own backup: %v", err)
	}
	if got, _ := os.ReadFile(path + BackupSuffix); string(got) != "shared" {
		t.Errorf("the backup holds %q", got)
	}
}

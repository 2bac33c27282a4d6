package document

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
)

// BackupSuffix names the copy of the original file that the first save
// over it keeps.
const BackupSuffix = ".bak"

// tempMarker is in the name of every temporary file a save writes:
// ".NAME.levelwright-PID-RANDOM", hidden, beside the file it will
// replace, so that one left by a killed save can be recognised and swept.
const tempMarker = ".levelwright-"

// WriteFile writes data to path as ReplaceFile does, keeping the file it
// replaces as path+".bak": the first save of a session (a command's one
// save, the editor's first of a file) calls it, later saves ReplaceFile.
// An earlier backup is replaced; a ".bak" that is not a file (a folder)
// stops the save with an error. A file that did not exist gets no backup.
func WriteFile(path string, data []byte) error {
	return write(path, data, true)
}

// ReplaceFile writes data to path so that path is never half-written: to
// a temporary file beside it, synced, then renamed over it, keeping the
// mode of the file it replaces, and the folder synced. Symbolic links
// are followed one by one to the file the last names, which is replaced
// (or made, when missing) while the links stay; a loop of them is an
// error naming path. A file with other names (hard links) than its
// backup is refused: the rename would give this name alone the new
// bytes. Temporaries that earlier, killed saves of the same file left are
// removed.
func ReplaceFile(path string, data []byte) error {
	return write(path, data, false)
}

func write(path string, data []byte, backup bool) error {
	path, err := resolve(path)
	if err != nil {
		return err
	}
	SweepTemporaries(path)
	mode := fs.FileMode(0o644)
	if info, err := os.Stat(path); err == nil {
		if !info.Mode().IsRegular() {
			return fmt.Errorf("%s: not a regular file", path)
		}
		mode = info.Mode().Perm()
		if err := refuseHardLinks(path, info); err != nil {
			return err
		}
		if runtime.GOOS == "windows" && mode&0o200 == 0 {
			// Windows refuses to replace a file whose Read-only
			// attribute is set; say so before writing anything.
			return fmt.Errorf("%s is read-only: clear Read-only in its Properties, or save under another name", path)
		}
		if backup {
			if err := keepBackup(path); err != nil {
				return fmt.Errorf("%s is unchanged: its original could not be kept as %s: %w", path, path+BackupSuffix, err)
			}
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	tmp, err := createTemp(path)
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // fails harmlessly once renamed
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		why := ""
		if runtime.GOOS == "windows" {
			// Windows cannot replace a file that another program
			// holds open without letting others delete it.
			why = "; is it open in another program?"
		}
		return fmt.Errorf("%s is unchanged: it could not be replaced%s (%w)", path, why, err)
	}
	return syncFolder(filepath.Dir(path))
}

// maxLinks is how many symbolic links resolve follows before it takes
// the chain for a loop, as Linux does.
const maxLinks = 40

// resolve follows path's symbolic links one by one to the path the last
// one names, which may not exist yet (a save makes it); a path that is
// no link is kept as it is.
func resolve(path string) (string, error) {
	at := path
	for range maxLinks {
		info, err := os.Lstat(at)
		if errors.Is(err, fs.ErrNotExist) || err == nil && info.Mode()&fs.ModeSymlink == 0 {
			return at, nil
		}
		if err != nil {
			return "", err
		}
		link, err := os.Readlink(at)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(at), link)
		}
		at = link
	}
	return "", fmt.Errorf("%s: a loop of symbolic links (more than %d in a chain, the last %s)", path, maxLinks, at)
}

// refuseHardLinks refuses to replace path, the file info describes, when
// it has other names than its backup: a rename would leave them with the
// old bytes, and writing in place is not atomic. The error names the
// other names in the same folder.
func refuseHardLinks(path string, info fs.FileInfo) error {
	names := linkCount(info)
	if bak, err := os.Stat(path + BackupSuffix); err == nil && os.SameFile(info, bak) {
		names-- // a backup kept as a link by a save that did not finish
	}
	if names <= 1 {
		return nil
	}
	var others []string
	dir := filepath.Dir(path)
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if other, err := os.Stat(p); err == nil && e.Type().IsRegular() && os.SameFile(info, other) &&
			e.Name() != filepath.Base(path) && e.Name() != filepath.Base(path)+BackupSuffix {
			others = append(others, p)
		}
	}
	where := ""
	if len(others) > 0 {
		where = " (" + strings.Join(others, ", ") + " among them)"
	}
	return fmt.Errorf("%s is unchanged: it has %d names (hard links)%s, and a save would leave the others with the old bytes; save under another name, or remove the other links first", path, names, where)
}

// createTemp creates the temporary file that a save of path writes
// before renaming it over path.
func createTemp(path string) (*os.File, error) {
	return os.CreateTemp(filepath.Dir(path), tempPrefix(path, os.Getpid())+"*")
}

// tempPrefix is the start of the name of a temporary file that process
// pid writes on its way to path.
func tempPrefix(path string, pid int) string {
	return "." + filepath.Base(path) + tempMarker + strconv.Itoa(pid) + "-"
}

// Temporaries lists the temporary files that saves of path left beside
// it, with the process that wrote each.
func Temporaries(path string) map[string]int {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	start := "." + base + tempMarker
	found := map[string]int{}
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, start) || !e.Type().IsRegular() {
			continue
		}
		pid, _, ok := strings.Cut(name[len(start):], "-")
		if n, err := strconv.Atoi(pid); ok && err == nil {
			found[filepath.Join(dir, name)] = n
		}
	}
	return found
}

// SweepTemporaries removes the temporary files that saves of path killed
// part way left beside it: those of processes that are no longer running.
// A save under way in another process keeps its own.
func SweepTemporaries(path string) {
	for tmp, pid := range Temporaries(path) {
		if pid != os.Getpid() && !processRunning(pid) {
			os.Remove(tmp)
		}
	}
}

// keepBackup keeps path's bytes as path+".bak", replacing an earlier
// backup file: a hard link where the file system allows (linkBackups),
// else a synced copy, made under a temporary name and renamed into place, so that the
// earlier backup stays whole until the new one is.
func keepBackup(path string) error {
	bak := path + BackupSuffix
	if info, err := os.Lstat(bak); err == nil && !info.Mode().IsRegular() {
		return fmt.Errorf("%s is not a file (%s): move it away, or save under another name", bak, fileKind(info.Mode()))
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	tmp, err := createTemp(path)
	if err != nil {
		return err
	}
	name := tmp.Name()
	tmp.Close()
	defer os.Remove(name) // fails harmlessly once renamed
	if err := os.Remove(name); err != nil {
		return err
	}
	if linkBackups && os.Link(path, name) == nil {
		return os.Rename(name, bak)
	}
	out, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if err := copyInto(out, path); err != nil {
		return err
	}
	return os.Rename(name, bak)
}

// copyInto copies the file at path into out, synced, and closes out.
func copyInto(out *os.File, path string) error {
	in, err := os.Open(path)
	if err != nil {
		out.Close()
		return err
	}
	defer in.Close()
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// fileKind names what a file that is not a regular one is.
func fileKind(mode fs.FileMode) string {
	switch {
	case mode.IsDir():
		return "a folder"
	case mode&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "a special file"
}

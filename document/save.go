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

// WriteFile writes data to path as ReplaceFile does. The first time a
// file is overwritten, its original is kept as path+".bak"; later saves
// leave that backup alone. A file that did not exist gets no backup.
func WriteFile(path string, data []byte) error {
	return write(path, data, true)
}

// ReplaceFile writes data to path so that path is never half-written: to
// a temporary file beside it, synced, then renamed over it, keeping the
// mode of the file it replaces, and the folder synced. A symbolic link
// is followed: its target is replaced and the link stays. Temporaries
// that earlier, killed saves of the same file left are removed.
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
		if runtime.GOOS == "windows" && mode&0o200 == 0 {
			// Windows refuses to replace a file whose Read-only
			// attribute is set; say so before writing anything.
			return fmt.Errorf("%s is read-only: clear Read-only in its Properties, or save under another name", path)
		}
		if backup {
			if err := keepBackup(path); err != nil {
				return fmt.Errorf("keeping the original as %s: %w", path+BackupSuffix, err)
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

// resolve follows path's symbolic links, when it is one, to the file
// they name; a path that does not exist yet is kept as it is.
func resolve(path string) (string, error) {
	info, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) || (err == nil && info.Mode()&fs.ModeSymlink == 0) {
		return path, nil
	}
	if err != nil {
		return "", err
	}
	target, err := filepath.EvalSymlinks(path)
	if errors.Is(err, fs.ErrNotExist) {
		// A dangling link: write the file it names.
		link, lerr := os.Readlink(path)
		if lerr != nil {
			return "", lerr
		}
		if !filepath.IsAbs(link) {
			link = filepath.Join(filepath.Dir(path), link)
		}
		return link, nil
	}
	return target, err
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

// keepBackup copies path to path+".bak" unless that exists: a hard link
// when the file system allows, else a synced copy.
func keepBackup(path string) error {
	bak := path + BackupSuffix
	if _, err := os.Lstat(bak); err == nil {
		return nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if os.Link(path, bak) == nil {
		return nil
	}
	in, err := os.Open(path)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(bak, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		os.Remove(bak)
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		os.Remove(bak)
		return err
	}
	return out.Close()
}

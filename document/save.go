package document

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// BackupSuffix names the copy of the original file that the first save
// over it keeps.
const BackupSuffix = ".bak"

// WriteFile writes data to path as ReplaceFile does. The first time a
// file is overwritten, its original is kept as path+".bak"; later saves
// leave that backup alone.
func WriteFile(path string, data []byte) error {
	return write(path, data, true)
}

// ReplaceFile writes data to path so that path is never half-written: to
// a temporary file beside it, synced, then renamed over it, keeping the
// mode of the file it replaces.
func ReplaceFile(path string, data []byte) error {
	return write(path, data, false)
}

func write(path string, data []byte, backup bool) error {
	mode := fs.FileMode(0o644)
	if info, err := os.Stat(path); err == nil {
		mode = info.Mode().Perm()
		if backup {
			if err := keepBackup(path); err != nil {
				return err
			}
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
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
	return os.Rename(tmp.Name(), path)
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

//go:build unix

package document

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// linkBackups says a backup may be a hard link to the file it keeps.
const linkBackups = true

// syncFolder makes a rename in dir durable.
func syncFolder(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("syncing the folder %s: %w", dir, err)
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) {
		return fmt.Errorf("syncing the folder %s: %w", dir, err)
	}
	return nil
}

// processRunning reports whether process pid is alive (or belongs to
// someone else, which counts as alive: its files are not ours to sweep).
func processRunning(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// linkCount is how many names (hard links) the file info describes has.
func linkCount(info fs.FileInfo) int {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return int(st.Nlink)
	}
	return 1
}

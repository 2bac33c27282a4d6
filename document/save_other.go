//go:build !unix

package document

import (
	"io/fs"
	"os"
)

// linkBackups is false: on Windows a hard link to a file another program
// holds open cannot be renamed or removed, so a backup is a copy.
const linkBackups = false

// syncFolder does nothing where folders cannot be synced: a rename is
// durable once the file system says so.
func syncFolder(string) error { return nil }

// processRunning reports whether process pid is alive.
func processRunning(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	p.Release()
	return true
}

// linkCount is how many names the file info describes has: one, where
// the file system does not say.
func linkCount(fs.FileInfo) int { return 1 }

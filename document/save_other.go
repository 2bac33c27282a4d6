//go:build !unix

package document

import "os"

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

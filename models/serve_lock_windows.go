//go:build windows

package models

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// lockFile takes a lock on one byte of f far past its text (Windows locks
// are mandatory, and the text must stay readable), exclusive or shared,
// without waiting: errLocked when another handle holds one that
// conflicts.
func lockFile(f *os.File, exclusive bool) error {
	flags := uint32(windows.LOCKFILE_FAIL_IMMEDIATELY)
	if exclusive {
		flags |= windows.LOCKFILE_EXCLUSIVE_LOCK
	}
	ol := &windows.Overlapped{Offset: 0, OffsetHigh: 1}
	err := windows.LockFileEx(windows.Handle(f.Fd()), flags, 0, 1, 0, ol)
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) || errors.Is(err, windows.ERROR_IO_PENDING) {
		return errLocked
	}
	return err
}

// hardLinks cannot tell on Windows without opening the file for its
// information: 0 (the serving lock is named after the path given).
func hardLinks(string) int { return 0 }

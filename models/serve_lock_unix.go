//go:build unix

package models

import (
	"errors"
	"os"
	"syscall"
)

// lockFile takes an flock on f, exclusive or shared, without waiting:
// errLocked when another open file holds one that conflicts.
func lockFile(f *os.File, exclusive bool) error {
	how := syscall.LOCK_SH
	if exclusive {
		how = syscall.LOCK_EX
	}
	for {
		err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB)
		switch {
		case err == nil:
			return nil
		case errors.Is(err, syscall.EINTR):
			continue
		case errors.Is(err, syscall.EWOULDBLOCK):
			return errLocked
		default:
			return err
		}
	}
}

// hardLinks is how many names (hard links) the file at path has; 0 when
// it cannot tell (no file there).
func hardLinks(path string) int {
	var st syscall.Stat_t
	if err := syscall.Stat(path, &st); err != nil {
		return 0
	}
	return int(st.Nlink)
}

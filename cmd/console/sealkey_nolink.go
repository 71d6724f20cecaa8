package main

import (
	"errors"
	"os"
	"syscall"
)

// linkFile is os.Link (a test makes it fail as a file system without
// hard links does).
var linkFile = os.Link

// noHardLinks reports whether err is a link refused because the file
// system does not make hard links (a FAT or network volume, some
// container mounts: EPERM, ENOTSUP, EOPNOTSUPP, ENOSYS, EXDEV), rather
// than because the target exists.
func noHardLinks(err error) bool {
	for _, e := range []error{syscall.EPERM, syscall.ENOTSUP, syscall.EOPNOTSUPP, syscall.ENOSYS, syscall.EXDEV} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// createExclusive makes a new file at path, mode 0600, holding text, and
// never replaces one (fs.ErrExist): createWhole's way where hard links
// are not made. A failed write removes the part written.
func createExclusive(path, text string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	err = f.Chmod(0o600) // whatever the umask
	if err == nil {
		_, err = f.WriteString(text)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
	}
	return err
}

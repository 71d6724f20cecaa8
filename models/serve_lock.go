package models

import (
	"errors"
	"fmt"
	"os"
	"strings"
)

// A console serving a SQLite database holds a shared OS lock on a file
// beside it (the database's path with ".lock" appended), and writes there
// who it is; a restore takes the same lock exclusively, so it refuses
// while any console serves the file, naming the one that wrote last. A
// restore into a file a console still serves would otherwise be lost: the
// server keeps the replaced file open, and what it writes later goes to a
// file no path names any more. The lock ends with its process, so a
// console that was killed leaves nothing to clean up.

// ServeLock is a serving console's shared lock on its SQLite database.
type ServeLock struct{ f *os.File }

// errLocked is what the OS-specific lock says when another process holds
// a lock that conflicts.
var errLocked = errors.New("locked")

// lockPath is the lock file of the SQLite database at path (a DSN's
// options left out), named after the file itself (lockedFile).
func lockPath(path string) string {
	path, _, _ = strings.Cut(path, "?")
	return lockedFile(path) + ".lock"
}

// LockServing takes the shared lock a console serving the SQLite database
// at path holds while it runs, and writes who (the command, its process
// and address) into the lock file for a refused restore to name. It
// refuses while a restore into the file is under way.
func LockServing(path, who string) (*ServeLock, error) {
	f, err := openLocked(lockPath(path), false)
	if err != nil {
		if errors.Is(err, errLocked) {
			return nil, fmt.Errorf("serve: a console restore into %s is under way (it holds %s): start the console when it has ended", path, lockPath(path))
		}
		return nil, fmt.Errorf("serve: %w", err)
	}
	l := &ServeLock{f: f}
	l.Say(who)
	return l, nil
}

// Say writes who anew into the lock file (the address the console listens
// on is known once it listens).
func (l *ServeLock) Say(who string) {
	if l != nil && l.f != nil && l.f.Truncate(0) == nil {
		_, _ = l.f.WriteAt([]byte(who+"\n"), 0)
	}
}

// Release lets go of the lock (the process's end does too).
func (l *ServeLock) Release() {
	if l != nil && l.f != nil {
		l.f.Close()
		l.f = nil
	}
}

// ServedError is a restore's refusal of a SQLite database a console
// serves.
type ServedError struct {
	// Path is the database's file; Who is what the serving console wrote
	// in the lock file (its command, process id and address), or "".
	Path, Who string
}

func (e *ServedError) Error() string {
	who := "a console"
	if e.Who != "" {
		who = e.Who
	}
	return fmt.Sprintf("restore: %s serves %s (it holds %s): stop it first (end its process, or stop the service that runs it), then restore, then start it again; a restore under a running console is lost, because it keeps the replaced file open; nothing was changed", who, e.Path, lockPath(e.Path))
}

// lockRestoring takes the lock exclusively for a restore into the SQLite
// database at path, refusing with a *ServedError while a console serves
// it. release ends it.
func lockRestoring(path string) (release func(), err error) {
	// a console serving the file under another hard link holds a lock
	// named after that name, which this one cannot see
	if n := hardLinks(path); n > 1 {
		return nil, fmt.Errorf("restore: %s has %d hard links: a console serving the database under another of its names would not be seen; remove the other links, or restore to a new file", path, n)
	}
	f, err := openLocked(lockPath(path), true)
	if err != nil {
		if errors.Is(err, errLocked) {
			b, _ := os.ReadFile(lockPath(path))
			return nil, &ServedError{Path: path, Who: strings.TrimSpace(string(b))}
		}
		return nil, fmt.Errorf("restore: %w", err)
	}
	return func() { f.Close() }, nil
}

// openLocked opens the lock file at file (made, mode 0600, if missing)
// and takes its lock, shared or exclusive, without waiting: errLocked (the
// file closed) when another process holds one that conflicts.
func openLocked(file string, exclusive bool) (*os.File, error) {
	f, err := os.OpenFile(file, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("the database's lock file: %w", err)
	}
	if err := lockFile(f, exclusive); err != nil {
		f.Close()
		if errors.Is(err, errLocked) {
			return nil, errLocked
		}
		return nil, fmt.Errorf("lock %s: %w", file, err)
	}
	return f, nil
}

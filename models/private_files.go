package models

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"runtime"
	"strings"
)

// MakePrivate takes the group's and others' access away from each of the
// named regular files that exists (links are not followed), and says which
// it changed and from what mode, for the log. The console's files hold the
// audit key, password hashes and sealed secrets; stdio servers may run as
// another user on the same machine.
func MakePrivate(paths ...string) ([]string, error) {
	if runtime.GOOS == "windows" {
		return nil, nil
	}
	var changed []string
	for _, p := range paths {
		fi, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return changed, fmt.Errorf("models: private file %s: %w", p, err)
		}
		perm := fi.Mode().Perm()
		if !fi.Mode().IsRegular() || perm&0o077 == 0 {
			continue
		}
		if err := os.Chmod(p, perm&0o700); err != nil {
			return changed, fmt.Errorf("models: private file %s: %w", p, err)
		}
		changed = append(changed, fmt.Sprintf("%s (was %04o)", p, perm))
	}
	return changed, nil
}

// privateSQLite makes the SQLite file before SQLite does, mode 0600 (SQLite
// gives its -wal, -shm and -journal the database file's mode), and
// tightens the files an earlier start left readable by others. An
// in-memory database has no file.
func privateSQLite(dsn string) ([]string, error) {
	path := sqliteFile(dsn)
	if path == "" {
		return nil, nil
	}
	if f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600); err == nil {
		f.Close()
	}
	// a file that cannot be made here (no such folder) is SQLite's to report
	return MakePrivate(path, path+"-wal", path+"-shm", path+"-journal")
}

// sqliteFile is the file of the SQLite database dsn names ("file:" and
// the options left out), or "" for an in-memory database.
func sqliteFile(dsn string) string {
	path, _, _ := strings.Cut(strings.TrimPrefix(dsn, "file:"), "?")
	if path == ":memory:" || strings.Contains(dsn, "mode=memory") {
		return ""
	}
	return path
}

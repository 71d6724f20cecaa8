package models

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// TestServeLockWhateverItsSpelling: a restore into the SQLite file is
// refused while a console serves it under another spelling (through a
// symbolic link, relative, absolute).
func TestServeLockWhateverItsSpelling(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "data", "console.db")
	if err := os.MkdirAll(filepath.Dir(real), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(real, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "console-link.db")
	if err := os.Symlink(real, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	t.Chdir(filepath.Dir(real))
	served, err := LockServing(link, "console serve (process 42)")
	if err != nil {
		t.Fatal(err)
	}
	defer served.Release()
	for _, spelling := range []string{real, "console.db", "./console.db"} {
		release, err := lockRestoring(spelling)
		var se *ServedError
		if !errors.As(err, &se) {
			if release != nil {
				release()
			}
			t.Errorf("a restore through %q while a console serves the link: %v, want a *ServedError", spelling, err)
		}
	}
}

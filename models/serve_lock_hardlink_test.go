package models

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRestoreRefusesAFileWithOtherHardLinks: a console serving the
// database under one hard link holds a lock named after that name; a
// restore through another name of the same file cannot see it, so a
// restore into a file with more than one link is refused, naming the
// links, whether or not a console serves it.
func TestRestoreRefusesAFileWithOtherHardLinks(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "console.db")
	if err := os.WriteFile(real, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "other.db")
	if err := os.Link(real, other); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	served, err := LockServing(real, "console serve (process 42)")
	if err != nil {
		t.Fatal(err)
	}
	defer served.Release()
	release, err := lockRestoring(other)
	if err == nil {
		release()
		t.Fatal("a restore through another hard link of a served file was not refused")
	}
	if !strings.Contains(err.Error(), "hard link") || !strings.Contains(err.Error(), other) {
		t.Errorf("the refusal does not say why: %v", err)
	}
	// one link: restored as before
	if err := os.Remove(real); err != nil {
		t.Fatal(err)
	}
	if release, err = lockRestoring(other); err != nil {
		t.Fatalf("a file of one link: %v", err)
	}
	release()
}

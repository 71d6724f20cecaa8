package models

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeLockAndRestoreExclude: a restore refuses while a console holds
// the serving lock, naming who holds it; a console refuses to start while
// a restore holds it; each goes through once the other let go.
func TestServeLockAndRestoreExclude(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	lock, err := LockServing(db, "console serve (process 42)")
	if err != nil {
		t.Fatal(err)
	}
	second, err := LockServing(db+"?_pragma=x", "console serve (process 43)")
	if err != nil {
		t.Fatalf("a second console on the same file: %v", err)
	}
	second.Release()
	_, err = lockRestoring(db)
	var served *ServedError
	if !errors.As(err, &served) || !strings.Contains(err.Error(), "process 43") {
		t.Fatalf("restore under a serving console: %v, want a *ServedError naming it", err)
	}
	lock.Release()
	release, err := lockRestoring(db)
	if err != nil {
		t.Fatalf("restore once the console let go: %v", err)
	}
	if _, err := LockServing(db, "console serve"); err == nil || !strings.Contains(err.Error(), "restore") {
		t.Fatalf("a start during a restore: %v, want a refusal naming the restore", err)
	}
	release()
	l, err := LockServing(db, "console serve")
	if err != nil {
		t.Fatal(err)
	}
	l.Release()
}

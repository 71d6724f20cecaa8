package models_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/models"
)

// TestOneDatabaseOneStartLockWhateverItsSpelling: a start holding the
// SQLite database's start lock keeps a migration out whether it names the
// file through a symbolic link, relative to the working directory or by
// its absolute path (the serving lock: TestServeLockWhateverItsSpelling).
// Failed first: the lock was named after
// the path as given, so a symlink's spelling took a lock of its own and
// both processes migrated and seeded the file at once.
func TestOneDatabaseOneStartLockWhateverItsSpelling(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	real := filepath.Join(dir, "data", "console.db")
	if err := os.MkdirAll(filepath.Dir(real), 0o700); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "console-link.db")
	if err := os.Symlink(real, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
	t.Chdir(filepath.Dir(real))
	first, err := models.Open(ctx, link)
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	res, err := first.BootstrapDeferred(ctx, "", nil) // holds the start lock until its hash is stored
	if err != nil || res.FinishAdmin == nil {
		t.Fatalf("first start: %+v, %v", res, err)
	}
	for _, spelling := range []string{real, "console.db", "./console.db", link} {
		second, err := models.Open(ctx, spelling)
		if err != nil {
			t.Fatal(err)
		}
		restore := models.SetStartLockWait(300 * time.Millisecond)
		_, err = second.MigrateLocked(ctx)
		restore()
		second.Close()
		if err == nil || !strings.Contains(err.Error(), "start lock") {
			t.Errorf("a migration through %q during a start through the link = %v, want it to wait for the start's lock", spelling, err)
		}
	}
	if err := res.FinishAdmin(ctx); err != nil {
		t.Fatal(err)
	}
}

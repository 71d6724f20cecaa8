//go:build unix

package models_test

import (
	"context"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/agentforge/console/models"
)

// TestSQLiteFilesArePrivate: the SQLite file and its -wal and -shm hold the
// audit key and the password hashes, so only the console's user may read
// them, whatever the umask; files a former version left readable are
// tightened at open and named.
func TestSQLiteFilesArePrivate(t *testing.T) {
	old := syscall.Umask(0o022)
	defer syscall.Umask(old)
	ctx := context.Background()
	dir := t.TempDir()
	// others may reach the folder (as a data folder often is)
	for _, d := range []string{filepath.Dir(dir), dir} {
		if err := os.Chmod(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	db := filepath.Join(dir, "console.db")
	s, err := models.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	if got := s.Tightened(); len(got) != 0 {
		t.Errorf("new files tightened: got %v, want none", got)
	}
	bk := filepath.Join(dir, "backup.db")
	if _, err := s.Backup(ctx, bk, nil); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{db, db + "-wal", db + "-shm", bk} {
		fi, err := os.Stat(f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if got := fi.Mode().Perm(); got != 0o600 {
			t.Errorf("%s: got mode %04o, want 0600", filepath.Base(f), got)
		}
	}
	if os.Geteuid() == 0 {
		if nobody, err := user.Lookup("nobody"); err == nil {
			uid, _ := strconv.Atoi(nobody.Uid)
			gid, _ := strconv.Atoi(nobody.Gid)
			cmd := exec.Command("cat", db)
			cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}}
			if out, err := cmd.CombinedOutput(); err == nil {
				t.Errorf("user nobody read the database (%d bytes)", len(out))
			}
		}
	}
	s.Close()

	for _, f := range []string{db, db + "-wal", db + "-shm"} {
		if _, err := os.Stat(f); err == nil {
			if err := os.Chmod(f, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	s, err = models.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got := strings.Join(s.Tightened(), "\n")
	if !strings.Contains(got, db+" (was 0644)") {
		t.Errorf("tightened: got %q, want it to name %s (was 0644)", got, db)
	}
	fi, err := os.Stat(db)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("reopened: got mode %04o, want 0600", fi.Mode().Perm())
	}
}

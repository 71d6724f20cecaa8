package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestRestoreKeepsARevokedKeyRevoked runs what a new user ran: backup,
// revoke key 1, restore the older copy over the database with --force.
// The key stays revoked and the restore says so; a restore into an empty
// database says the backup's keys are active again and where to review
// them.
func TestRestoreKeepsARevokedKeyRevoked(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "live.db")
	mustMigrate(t, db)
	for _, name := range []string{"ci", "other"} {
		if out, err := runCLI(t, db, "apikey", "create", name); err != nil {
			t.Fatalf("apikey create: %v\n%s", err, out)
		}
	}
	backup := filepath.Join(dir, "b")
	if out, err := runCLI(t, db, "backup", backup); err != nil {
		t.Fatalf("backup: %v\n%s", err, out)
	}
	if out, err := runCLI(t, db, "apikey", "revoke", "1"); err != nil {
		t.Fatalf("apikey revoke: %v\n%s", err, out)
	}
	out, err := runCLI(t, db, "restore", "--force", backup)
	if err != nil {
		t.Fatalf("restore --force: %v\n%s", err, out)
	}
	if !strings.Contains(out, "kept 1 withdrawal") || !strings.Contains(out, `API key 1 "ci": kept revoked`) {
		t.Errorf("restore --force over a revoked key says:\n%s\nwant it to name API key 1 kept revoked", out)
	}
	list, err := runCLI(t, db, "apikey", "list")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(list, "\n") {
		if f := strings.Fields(l); len(f) > 1 && f[0] == "1" && !strings.Contains(l, "revoked") {
			t.Errorf("key 1 after the restore: %s", l)
		}
	}
	if out, err := runCLI(t, db, "audit", "verify"); err != nil || !strings.Contains(out, "audit chain intact") {
		t.Fatalf("audit verify after the restore: %s %v", out, err)
	}
	fresh := filepath.Join(dir, "fresh.db")
	out, err = runCLI(t, fresh, "restore", backup)
	if err != nil {
		t.Fatalf("restore into an empty database: %v\n%s", err, out)
	}
	if !strings.Contains(out, "active again: the backup's 2 API keys") || !strings.Contains(out, "console apikey list") {
		t.Errorf("restore into an empty database says:\n%s\nwant the 2 keys active again and console apikey list", out)
	}
}

package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestAuditCheckpointCLI runs the README's checkpoint
// commands: a checkpoint kept in a file catches a deletion of the log's
// tail that plain verification cannot see; the key is never printed.
func TestAuditCheckpointCLI(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	t.Setenv("CONSOLE_AUDIT_KEY", "an audit key of at least 32 bytes, for tests")
	mustMigrate(t, db) // only serve, migrate and restore create one
	if _, err := runCLI(t, db, "apikey", "create", "one"); err != nil {
		t.Fatal(err)
	}
	var cpCmd, verifyCmd []string
	for _, c := range readmeCommands(t, "console audit ") {
		f := strings.Fields(strings.SplitN(c, "#", 2)[0])
		switch {
		case len(f) >= 3 && f[2] == "checkpoint":
			cpCmd = f
		case len(f) >= 4 && f[2] == "verify" && f[3] == "--checkpoint":
			verifyCmd = f
		}
	}
	if cpCmd == nil || verifyCmd == nil {
		t.Fatal("the README lacks the audit checkpoint and verify --checkpoint examples")
	}
	out, err := runCLI(t, db, cpCmd[1:3]...)
	if err != nil || !strings.Contains(out, `"mac"`) || strings.Contains(out, "an audit key") {
		t.Fatalf("checkpoint: %v %s", err, out)
	}
	file := filepath.Join(dir, verifyCmd[4])
	if err := os.WriteFile(file, []byte(out), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := runCLI(t, db, "apikey", "create", "two"); err != nil {
		t.Fatal(err)
	}
	if out, err := runCLI(t, db, "audit", "verify", "--checkpoint", file); err != nil || !strings.Contains(out, "intact") {
		t.Fatalf("verify with checkpoint: %v %s", err, out)
	}
	// delete the tail, including the checkpoint's head
	s, err := models.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Exec(context.Background(), "DELETE FROM audit_events WHERE id >= (SELECT MAX(id) FROM audit_events) - 2"); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if out, err := runCLI(t, db, "audit", "verify"); err != nil {
		t.Fatalf("plain verify of a shorter chain: %v %s", err, out)
	}
	out, err = runCLI(t, db, "audit", "verify", "--checkpoint", file)
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != 1 || !strings.Contains(out, "BROKEN") {
		t.Fatalf("tail deletion not caught: %v %s", err, out)
	}
	// another key cannot verify (or forge) the checkpoint
	t.Setenv("CONSOLE_AUDIT_KEY", "a different key, also at least 32 bytes long")
	if _, err := runCLI(t, db, "audit", "verify", "--checkpoint", file); err == nil {
		t.Fatal("a checkpoint verified under another key")
	}
}

package main

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// TestEvidenceCommitIsChecked: CONSOLE_EVIDENCE_COMMIT other than async
// or sync stops serve and every command with exit 2, naming the variable
// and its values, before anything is written; either value (or none)
// starts as before.
func TestEvidenceCommitIsChecked(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	mustMigrate(t, db)
	for _, v := range []string{"off", "Sync", "on", "1"} {
		t.Setenv("CONSOLE_EVIDENCE_COMMIT", v)
		for _, args := range [][]string{{"serve", "--addr", "127.0.0.1:0"}, {"grant", "list"}} {
			_, err := runCLI(t, db, args...)
			var ee *exitError
			if !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(err.Error(), "CONSOLE_EVIDENCE_COMMIT") || !strings.Contains(err.Error(), "neither async nor sync") {
				t.Errorf("CONSOLE_EVIDENCE_COMMIT=%q, %v: %v, want exit 2 naming the variable and its values", v, args, err)
			}
		}
	}
	for _, v := range []string{"async", "sync", ""} {
		t.Setenv("CONSOLE_EVIDENCE_COMMIT", v)
		if out, err := runCLI(t, db, "grant", "list"); err != nil {
			t.Errorf("CONSOLE_EVIDENCE_COMMIT=%q: %v\n%s", v, err, out)
		}
	}
}

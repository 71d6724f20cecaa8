//go:build unix

package main

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestStartMakesReadableFilesPrivate: a database and a secrets key file an
// earlier start left readable by others are made 0600 at start, and the
// log names each one.
func TestStartMakesReadableFilesPrivate(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "console.db")
	key := filepath.Join(dir, "console.secrets.key")
	t.Setenv("DATABASE_URL", db)
	t.Setenv("CONSOLE_SECRETS_KEY_FILE", "")
	for _, f := range []string{db, key} {
		if err := os.WriteFile(f, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(f, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	store, err := models.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	var logged bytes.Buffer
	if err := logPrivateFiles(slog.New(slog.NewTextHandler(&logged, nil)), store); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{db, key} {
		fi, err := os.Stat(f)
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: got mode %04o, want 0600", filepath.Base(f), fi.Mode().Perm())
		}
		if !strings.Contains(logged.String(), f+" (was 0644)") {
			t.Errorf("log: got %q, want it to name %s (was 0644)", logged.String(), f)
		}
	}
}

package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteCommandsCreateNoDatabase: a command that changes things, run
// where there is no database, creates none either: it says where it
// looked and how to point at one or create one, and exits 1. Only serve,
// migrate and restore make a database.
func TestWriteCommandsCreateNoDatabase(t *testing.T) {
	catalogFile := filepath.Join("..", "..", "catalog", "testdata", "readme", "acme-tools.json")
	pw := filepath.Join(t.TempDir(), "pw")
	if err := os.WriteFile(pw, []byte("bob-password-1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"user", "add", "bob", "--roles", "reviewer", "--password-file", pw, "--as", "admin"},
		{"grant", "add", "contractors", "--tools", "exec", "--as", "admin"},
		{"grant", "remove", "contractors", "--tools", "exec", "--as", "admin"},
		{"connection", "add", "demo", "--url", "http://127.0.0.1:1/mcp", "--as", "admin"},
		{"connection", "remove", "demo", "--as", "admin"},
		{"connection", "sync", "demo", "--as", "admin"},
		{"apikey", "create", "ci", "--as", "admin"},
		{"catalog", "import", catalogFile, "--format", "mcp", "--namespace", "acme", "--as", "admin"},
		{"catalog", "hints", "web_fetch", "--add", "grab a site", "--as", "admin"},
		{"approval", "approve", "apr-1", "--reason", "ok", "--as", "admin"},
	} {
		db := filepath.Join(t.TempDir(), "console.db")
		_, err := runCLI(t, db, args...)
		if err == nil || !strings.Contains(err.Error(), "no database at "+db) || !strings.Contains(err.Error(), "console migrate") {
			t.Errorf("%v: got %v, want no database at %s", args, err, db)
		}
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != 1 {
			t.Errorf("%v: exit %v, want 1", args, err)
		}
		if _, serr := os.Stat(db); !errors.Is(serr, fs.ErrNotExist) {
			t.Errorf("%v created %s (%v)", args, db, serr)
		}
	}
}

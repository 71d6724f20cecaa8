package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestConnectionShowSaysWhenAndWhy:
// `connection show` prints the status of the last real contact, when and
// why, and what to do; a failed sync of a stopped server turns it to
// error (exit 1); a restore under another secrets key is "secrets
// unreadable" in show and list, never "ok".
func TestConnectionShowSaysWhenAndWhy(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	mustMigrate(t, db) // only serve, migrate and restore create one
	up := upstreamtest.New()
	if out, err := runCLI(t, db, "connection", "add", "demo", "--url", up.URL, "--header", "X-Key=k-5521", "--as", "admin"); err != nil {
		t.Fatalf("add: %v\n%s", err, out)
	}
	out, err := runCLI(t, db, "connection", "show", "demo")
	if err != nil || !strings.Contains(out, "status:   ok") || !strings.Contains(out, "contact:  answered ") {
		t.Errorf("show of a running server: %v\n%s", err, out)
	}
	up.Close()
	_, _ = runCLI(t, db, "connection", "sync", "demo", "--as", "admin")
	out, err = runCLI(t, db, "connection", "show", "demo")
	host := strings.TrimPrefix(up.URL, "http://")
	if err == nil || !strings.Contains(out, "status:   error") || !strings.Contains(out, "contact:  failed ") || !strings.Contains(out, host) || !strings.Contains(out, "to fix:   ") {
		t.Errorf("show of a stopped server: %v\n%s", err, out)
	}
	if _, err := runCLI(t, db, "connection", "show", "ghost"); err == nil || !strings.Contains(err.Error(), "no connection named ghost") {
		t.Errorf("show of no connection: %v", err)
	}
	t.Setenv("CONSOLE_SECRETS_KEY", "another-key-than-the-one-in-the-key-file")
	out, err = runCLI(t, db, "connection", "show", "demo")
	if err == nil || !strings.Contains(out, "status:   secrets unreadable") || !strings.Contains(out, "CONSOLE_SECRETS_KEY") || strings.Contains(out, "k-5521") {
		t.Errorf("show under another key: %v\n%s", err, out)
	}
	out, err = runCLI(t, db, "connection", "list")
	if err != nil || !strings.Contains(out, "\tsecrets unreadable\t") {
		t.Errorf("list under another key: %v\n%s", err, out)
	}
}

// TestReadCommandsCreateNoDatabase: a command
// that only reads, run where there is no database, creates none: it says
// where it looked and how to point at one, and exits 1.
func TestReadCommandsCreateNoDatabase(t *testing.T) {
	cases := filepath.Join(t.TempDir(), "cases.yaml")
	if err := os.WriteFile(cases, []byte(evalSuite), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"connection", "list"}, {"connection", "show", "demo"}, {"audit", "verify"}, {"backup", filepath.Join(t.TempDir(), "b.backup")},
		{"approval", "list"}, {"approval", "show", "apr-1"}, {"grant", "list"}, {"catalog", "hints", "fs.read_file"},
		{"compose", "--agent", "researcher"}, {"eval", cases}} {
		db := filepath.Join(t.TempDir(), "console.db")
		_, err := runCLI(t, db, args...)
		if err == nil || !strings.Contains(err.Error(), "no database at "+db) || !strings.Contains(err.Error(), "DATABASE_URL=") {
			t.Errorf("%v: %v", args, err)
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

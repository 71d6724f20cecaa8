package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestConnectionCLI: add names who adds (an admin), refuses a bad line
// naming the flag, syncs on add, and list shows the secret's name only.
func TestConnectionCLI(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	mustMigrate(t, db)
	t.Setenv("CONSOLE_ACTOR", "") // --as is the subject of the first case
	up := upstreamtest.New()
	defer up.Close()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"connection", "add", "demo", "--url", up.URL}, "--as USER is required"},
		{[]string{"connection", "add", "demo", "--as", "admin"}, "--command: give a command or a URL"},
		{[]string{"connection", "add", "Demo", "--url", up.URL, "--as", "admin"}, "NAME: use 1-64"},
		{[]string{"connection", "add", "demo", "--url", "ftp://x", "--as", "admin"}, "--url: must be an http or https URL"},
		{[]string{"connection", "add", "demo", "--command", "x", "--header", "A=b", "--as", "admin"}, "--header: headers are for URL servers"},
		{[]string{"connection", "sync", "nope", "--as", "admin"}, "NAME: no connection \"nope\""},
		{[]string{"connection", "add", "demo", "--url", up.URL, "--as", "nobody"}, "--as: no console user \"nobody\""},
	} {
		out, err := runCLI(t, db, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: got %v (%s), want an error containing %q", c.args, err, out, c.want)
		}
	}
	out, err := runCLI(t, db, "connection", "add", "demo", "--url", up.URL, "--header", "X-Api-Key=k-77aa99bb", "--as", "admin")
	if err != nil {
		t.Fatalf("add: %v\n%s", err, out)
	}
	if !strings.Contains(out, "synced demo: 3 tools listed; 3 added") || !strings.Contains(out, "await review") {
		t.Errorf("add printed:\n%s", out)
	}
	if got := up.Header().Get("X-Api-Key"); got != "k-77aa99bb" {
		t.Errorf("the upstream got X-Api-Key %q", got)
	}
	out, err = runCLI(t, db, "connection", "list")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "demo\thttp\t"+up.URL+"\tok\t3 tools") || !strings.Contains(out, "secrets: header X-Api-Key") || strings.Contains(out, "k-77aa99bb") {
		t.Errorf("list:\n%s", out)
	}
	if out, err = runCLI(t, db, "connection", "sync", "demo", "--as", "admin"); err != nil || !strings.Contains(out, "0 added, 0 changed, 0 removed, 3 unchanged") || strings.Contains(out, "await review") {
		t.Errorf("sync: %v\n%s", err, out)
	}
	if _, err := os.Stat(filepath.Join(dir, "console.secrets.key")); err != nil {
		t.Errorf("the generated key is not beside the database: %v", err)
	}
}

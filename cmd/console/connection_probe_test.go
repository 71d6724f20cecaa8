package main

import (
	"strings"
	"testing"
)

// TestConnectionAddRefusedWhenProbeFails: a server that does not start is
// not added (no "added", no row: the add is refused with the server's
// own words, the tail of its stderr, and never an --env value).
func TestConnectionAddRefusedWhenProbeFails(t *testing.T) {
	db := t.TempDir() + "/c.db"
	mustMigrate(t, db) // only serve, migrate and restore create one
	script := `echo "Error: Cannot find module '/nonexistent.js' token=$TOKEN" >&2; exit 1`
	out, err := runCLI(t, db, "connection", "add", "broken", "--command", "sh -c \""+strings.ReplaceAll(script, `"`, `\"`)+"\"", "--env", "TOKEN=tok-5544aa", "--as", "admin")
	if err == nil || strings.Contains(out, "added") {
		t.Fatalf("add of a broken server: %v\n%s", err, out)
	}
	if !strings.Contains(err.Error(), "Cannot find module '/nonexistent.js'") {
		t.Errorf("the error does not carry the server's stderr: %v", err)
	}
	if strings.Contains(err.Error()+out, "tok-5544aa") {
		t.Errorf("the error shows an --env value: %v", err)
	}
	list, err := runCLI(t, db, "connection", "list")
	if err != nil || !strings.Contains(list, "no connections") {
		t.Errorf("after a refused add, list: %v\n%s", err, list)
	}
}

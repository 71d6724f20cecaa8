package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestConnectionEditRemoveCLI: edit replaces or unsets a secret (never
// shows one), re-probes and is refused with nothing changed when the
// edited server does not answer, names the field of bad input; remove
// takes the connection and its tools away, audited.
func TestConnectionEditRemoveCLI(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "c.db")
	mustMigrate(t, db) // only serve, migrate and restore create one
	up := upstreamtest.New()
	defer up.Close()
	if out, err := runCLI(t, db, "connection", "add", "demo", "--url", up.URL, "--header", "X-Api-Key=k-old-111", "--header", "X-Team=t-222", "--as", "admin"); err != nil {
		t.Fatalf("add: %v\n%s", err, out)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"connection", "edit", "demo", "--as", "admin"}, "nothing to change: give --command, --url"},
		{[]string{"connection", "edit", "nope", "--header", "A=b", "--as", "admin"}, "NAME: no connection \"nope\""},
		{[]string{"connection", "edit", "demo", "--unset-header", "X-Nope", "--as", "admin"}, "--unset-header: demo has no header \"X-Nope\" to unset"},
		{[]string{"connection", "edit", "demo", "--unset-env", "NOPE", "--as", "admin"}, "--unset-env: demo has no environment variable \"NOPE\" to unset"},
		{[]string{"connection", "edit", "demo", "--env", "A=b", "--as", "admin"}, "--env: environment values are for command servers"},
		{[]string{"connection", "edit", "demo", "--url", "ftp://x", "--as", "admin"}, "--url: must be an http or https URL"},
		{[]string{"connection", "edit", "demo", "--command", "x", "--url", up.URL, "--as", "admin"}, "--url: give a command or a URL, not both"},
		{[]string{"connection", "edit", "demo", "--url", "http://127.0.0.1:1/mcp", "--unset-header", "X-Api-Key", "--unset-header", "X-Team", "--as", "admin"}, "connection demo not changed"},
		{[]string{"connection", "edit", "demo", "--url", "http://127.0.0.1:1/mcp", "--as", "admin"}, "--header: the URL's origin changes"},
		{[]string{"connection", "edit", "demo", "--header", "A=b", "--as", "nobody"}, "--as: no console user \"nobody\""},
		{[]string{"connection", "remove", "demo", "--header", "A=b", "--as", "admin"}, "connection remove takes only NAME and --as"},
		{[]string{"connection", "add", "x", "--url", up.URL, "--unset-env", "A", "--as", "admin"}, "are for connection edit"},
	} {
		out, err := runCLI(t, db, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: got %v (%s), want an error containing %q", c.args, err, out, c.want)
		}
	}
	out, err := runCLI(t, db, "connection", "list")
	if err != nil || !strings.Contains(out, "demo\thttp\t"+up.URL+"\tok\t3 tools") || !strings.Contains(out, "secrets: header X-Api-Key, header X-Team") {
		t.Fatalf("a refused edit changed the connection: %v\n%s", err, out)
	}
	out, err = runCLI(t, db, "connection", "edit", "demo", "--header", "X-Api-Key=k-new-333", "--unset-header", "X-Team", "--as", "admin")
	if err != nil || !strings.Contains(out, "connection demo changed") || !strings.Contains(out, "synced demo: 3 tools listed; 0 added") {
		t.Fatalf("edit: %v\n%s", err, out)
	}
	if got := up.Header().Get("X-Api-Key"); got != "k-new-333" {
		t.Errorf("after the edit the upstream got X-Api-Key %q", got)
	}
	if got := up.Header().Get("X-Team"); got != "" {
		t.Errorf("after unsetting X-Team the upstream got it: %q", got)
	}
	out, _ = runCLI(t, db, "connection", "list")
	if !strings.Contains(out, "secrets: header X-Api-Key\n") || strings.Contains(out, "k-new-333") {
		t.Errorf("list after the edit:\n%s", out)
	}
	out, err = runCLI(t, db, "connection", "remove", "demo", "--as", "admin")
	if err != nil || !strings.Contains(out, "connection demo removed; 3 tools left the catalog") {
		t.Fatalf("remove: %v\n%s", err, out)
	}
	if out, _ = runCLI(t, db, "connection", "list"); !strings.Contains(out, "no connections") {
		t.Errorf("list after remove:\n%s", out)
	}
	store, err := models.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	evs, _, err := store.AuditEvents(context.Background(), models.AuditFilter{Subject: "connection:demo", PerPage: 50})
	store.Close()
	if err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	for _, e := range evs {
		log.WriteString(e.Actor + " " + e.Action + " " + e.Detail + "\n")
	}
	for _, w := range []string{"admin connection.edit set header X-Api-Key, unset header X-Team", "admin connection.remove 3 tools removed"} {
		if !strings.Contains(log.String(), w) {
			t.Errorf("the audit lacks %q:\n%s", w, log.String())
		}
	}
	if strings.Contains(log.String(), "k-new-333") || strings.Contains(log.String(), "k-old-111") {
		t.Errorf("a secret value is in the audit:\n%s", log.String())
	}
	if _, err = runCLI(t, db, "connection", "remove", "demo", "--as", "admin"); err == nil || !strings.Contains(err.Error(), "NAME: no connection \"demo\"") {
		t.Errorf("a second remove: %v", err)
	}
}

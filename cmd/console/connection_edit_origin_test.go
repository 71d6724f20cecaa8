package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestConnectionEditKeepsSecretsHome: a stored header goes only to the
// origin it was entered for and a stored environment secret only to the
// command it was entered for: an edit moving either elsewhere without
// giving the secrets again is refused naming the field, before anything
// is sent; given again, the edit goes through. Every attempt is audited,
// never with a value.
func TestConnectionEditKeepsSecretsHome(t *testing.T) {
	tmp := t.TempDir()
	db := filepath.Join(tmp, "c.db")
	mustMigrate(t, db)
	home, other := upstreamtest.New(), upstreamtest.New()
	defer home.Close()
	defer other.Close()
	if out, err := runCLI(t, db, "connection", "add", "bare", "--url", home.URL, "--header", "X-Api-Key=SuperSecret-4471", "--as", "admin"); err != nil {
		t.Fatalf("add: %v\n%s", err, out)
	}
	_, err := runCLI(t, db, "connection", "edit", "bare", "--url", other.URL, "--as", "admin")
	if err == nil || !strings.Contains(err.Error(), "--header: the URL's origin changes") || !strings.Contains(err.Error(), "X-Api-Key") || strings.Contains(err.Error(), "SuperSecret") {
		t.Fatalf("an edit to another origin: got %v", err)
	}
	if got := other.Header(); len(got) > 0 {
		t.Fatalf("the other origin was reached (X-Api-Key %q)", got.Get("X-Api-Key"))
	}
	// the same origin, another path: the secret may go
	if out, err := runCLI(t, db, "connection", "edit", "bare", "--url", home.URL+"/?v=2", "--as", "admin"); err != nil {
		t.Fatalf("an edit within the origin: %v\n%s", err, out)
	}
	out, err := runCLI(t, db, "connection", "edit", "bare", "--url", other.URL, "--header", "X-Api-Key=Other-9902", "--as", "admin")
	if err != nil || !strings.Contains(out, "connection bare changed") {
		t.Fatalf("an edit giving the header again: %v\n%s", err, out)
	}
	if got := other.Header().Get("X-Api-Key"); got != "Other-9902" {
		t.Errorf("the new origin got X-Api-Key %q", got)
	}

	entry := memoryEntry(t)
	dump := filepath.Join(tmp, "dump.txt")
	if out, err := runCLI(t, db, "connection", "add", "mem", "--command", "node "+entry, "--env", "MEM_TOKEN=EnvSecret-5531", "--as", "admin"); err != nil {
		t.Fatalf("add mem: %v\n%s", err, out)
	}
	for _, args := range [][]string{
		{"--command", "sh -c 'env > " + dump + "; exec node " + entry + "'"},
		{"--dir", tmp},
		{"--env-plain", "NODE_OPTIONS=--require=" + filepath.Join(tmp, "x.js")},
		{"--env", "LD_PRELOAD=" + filepath.Join(tmp, "x.so")},
	} {
		_, err := runCLI(t, db, append(append([]string{"connection", "edit", "mem"}, args...), "--as", "admin")...)
		if err == nil || !strings.HasPrefix(err.Error(), "--env: the edit changes") || !strings.Contains(err.Error(), "MEM_TOKEN") {
			t.Errorf("%v: got %v, want a refusal naming --env and MEM_TOKEN", args, err)
		}
	}
	if _, err := os.Stat(dump); err == nil {
		t.Fatal("the edited command ran with the stored environment")
	}
	// rotating the stored secret itself changes nothing that runs
	if out, err := runCLI(t, db, "connection", "edit", "mem", "--env", "MEM_TOKEN=EnvSecret-7777", "--as", "admin"); err != nil {
		t.Fatalf("rotating the secret: %v\n%s", err, out)
	}
	if out, err := runCLI(t, db, "connection", "edit", "mem", "--command", "sh -c 'env > "+dump+"; exec node "+entry+"'", "--unset-env", "MEM_TOKEN", "--as", "admin"); err != nil {
		t.Fatalf("a new command without the secret: %v\n%s", err, out)
	}
	if b, _ := os.ReadFile(dump); strings.Contains(string(b), "EnvSecret") {
		t.Fatal("the new command got the unset secret")
	}

	store, err := models.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	refused := 0
	for _, subject := range []string{"connection:bare", "connection:mem"} {
		evs, _, err := store.AuditEvents(context.Background(), models.AuditFilter{Subject: subject, PerPage: 50})
		if err != nil {
			t.Fatal(err)
		}
		for _, ev := range evs {
			if strings.Contains(ev.Detail, "Secret") || strings.Contains(ev.Detail, "Other-9902") {
				t.Errorf("audit %s carries a value: %s", ev.Action, ev.Detail)
			}
			if ev.Action == models.ActionConnectionEditRefused {
				refused++
			}
		}
	}
	if refused != 5 {
		t.Errorf("%d refused edits audited, want 5", refused)
	}
}

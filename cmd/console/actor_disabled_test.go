package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestCLIRefusesADisabledActor: a disabled user is no actor on the
// command line, whatever their roles: a disabled reviewer approves
// nothing, a disabled admin creates no key, grant or user, adds no
// connection and proposes no search hints; the refusal names the user
// and nothing is written. Failed first: the command line checked the
// roles only.
func TestCLIRefusesADisabledActor(t *testing.T) {
	db := filepath.Join(t.TempDir(), "d.db")
	mustMigrate(t, db)
	pw := filepath.Join(t.TempDir(), "pw")
	os.WriteFile(pw, []byte("some-password-1\n"), 0o600)
	for _, u := range []string{"ops2", "rita"} {
		if out, err := runCLI(t, db, "user", "add", u, "--roles", "admin,reviewer,editor", "--password-file", pw, "--as", "admin"); err != nil {
			t.Fatalf("user add %s: %v %s", u, err, out)
		}
	}
	store := openTestStore(t, db)
	ctx := context.Background()
	u, err := store.UserByName(ctx, "ops2")
	if err != nil {
		t.Fatal(err)
	}
	if err := store.SetDisabled(ctx, "admin", u.ID, true); err != nil {
		t.Fatal(err)
	}
	_, before, _ := store.AuditEvents(ctx, models.AuditFilter{})
	for _, w := range [][]string{
		{"apikey", "create", "k"},
		{"grant", "add", "contractors", "--tools", "exec"},
		{"user", "add", "vic", "--roles", "admin", "--password-file", pw},
		{"approval", "approve", "apr_x", "--reason", "ok"},
		{"approval", "deny", "apr_x", "--reason", "no"},
		{"catalog", "hints", "exec", "--set", "run,code"},
		{"catalog", "import", "../../catalog/testdata/github-mcp-server.tools.json", "--format", "mcp", "--namespace", "github"},
		{"connection", "sync", "gh"},
	} {
		out, err := runCLI(t, db, append(w, "--as", "ops2")...)
		if err == nil || !strings.Contains(err.Error(), "ops2 is disabled") {
			t.Errorf("%v as a disabled admin: %v %s", w, err, out)
		}
	}
	if _, after, _ := store.AuditEvents(ctx, models.AuditFilter{}); after != before {
		t.Errorf("a disabled actor's commands wrote %d audit events", after-before)
	}
	if out, err := runCLI(t, db, "grant", "add", "contractors", "--tools", "exec", "--as", "rita"); err != nil {
		t.Errorf("an enabled admin: %v %s", err, out)
	}
	if _, _, err := store.CreateAPIKey(ctx, "ops2", "old-key"); err != nil {
		t.Fatal(err)
	}
	if out, err := runCLI(t, db, "apikey", "list"); err != nil || !strings.Contains(out, "refused: its creator is disabled") {
		t.Errorf("apikey list does not show the disabled creator's key as refused: %v\n%s", err, out)
	}
}

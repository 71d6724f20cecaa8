package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestApprovalShowAndGroupHelp: a CLI reviewer sees
// what they approve: `approval show REF` prints the tool, subject, the
// arguments digest and the masked arguments view, and the state; `approve`
// prints the same; `approval --help` and the other command groups' --help
// print their usage and exit 0.
func TestApprovalShowAndGroupHelp(t *testing.T) {
	db := filepath.Join(t.TempDir(), "ap.db")
	mustMigrate(t, db) // only serve, migrate and restore create one
	pw := filepath.Join(t.TempDir(), "pw")
	os.WriteFile(pw, []byte("some-password-1\n"), 0o600)
	if out, err := runCLI(t, db, "user", "add", "rita", "--roles", "reviewer", "--password-file", pw, "--as", "admin"); err != nil {
		t.Fatalf("%v %s", err, out)
	}
	store := openTestStore(t, db)
	tl, _ := store.ToolByID(context.Background(), "workspace_write")
	summary := "Write the minutes of the board meeting " + strings.Repeat("and more ", 20) + "END"
	a, _, err := store.RequestApproval(context.Background(), "apikey:1 rt", models.Approval{Agent: "analyst", Subject: "carol", Tool: tl.ID, Digest: tl.Digest,
		ArgsDigest: strings.Repeat("ab", 32), ArgsView: "{\n  \"path\": \"/x/c.txt\"\n}", Summary: summary, Origin: models.OriginCheck})
	if err != nil {
		t.Fatal(err)
	}
	// a request filed before masked views were refused: shown, never approved
	m, _, err := store.RequestApproval(context.Background(), "apikey:1 rt", models.Approval{Agent: "analyst", Subject: "carol", Tool: tl.ID, Digest: tl.Digest,
		ArgsDigest: strings.Repeat("cd", 32), ArgsView: `{"path": "/x/d.txt"}`, Origin: models.OriginCheck})
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Exec(context.Background(), "UPDATE approvals SET args_view = ?, args_hidden = ? WHERE ref = ?", "{\n  \"path\": \"/x/d.txt\",\n  \"token\": \"[masked]\"\n}", true, m.Ref); err != nil {
		t.Fatal(err)
	}
	if out, err := runCLI(t, db, "approval", "show", m.Ref); err != nil || !strings.Contains(out, "[masked]") {
		t.Errorf("approval show of a masked view: %v\n%s", err, out)
	}
	if out, err := runCLI(t, db, "approval", "approve", m.Ref, "--reason", "fine", "--as", "rita"); err == nil || !strings.Contains(err.Error(), "reads as a secret") {
		t.Errorf("approve of a masked view: %v\n%s", err, out)
	}
	out, err := runCLI(t, db, "approval", "show", a.Ref)
	for _, want := range []string{a.Ref + " pending", "workspace_write", tl.Digest, `"carol"`, strings.Repeat("ab", 32), `"path": "/x/c.txt"`, "END"} {
		if err != nil || !strings.Contains(out, want) {
			t.Errorf("approval show lacks %q: %v\n%s", want, err, out)
		}
	}
	if _, err := runCLI(t, db, "approval", "show", "apr_nosuch"); err == nil || !strings.Contains(err.Error(), "no approval request") {
		t.Errorf("show of an unknown request: %v", err)
	}
	out, err = runCLI(t, db, "approval", "approve", a.Ref, "--reason", "fine", "--as", "rita")
	if err != nil || !strings.Contains(out, "approved for one call") || !strings.Contains(out, `"path": "/x/c.txt"`) || !strings.Contains(out, strings.Repeat("ab", 32)) {
		t.Errorf("approve does not print what it approves: %v\n%s", err, out)
	}
	for _, group := range []string{"approval", "grant", "connection", "audit"} {
		for _, h := range []string{"--help", "-h", "help"} {
			out, err := runCLI(t, db, group, h)
			if err != nil || !strings.Contains(out, "usage: console "+group) {
				t.Errorf("console %s %s: %v\n%s", group, h, err, out)
			}
		}
	}
}

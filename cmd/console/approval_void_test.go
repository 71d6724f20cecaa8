package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// TestApprovalDecisionOnAVoidRequestSaysVoid: `approval approve|deny` on
// a request recorded void (its key revoked, its grant gone) said "already
// decided", where the page and the API say it is void and why. It says
// so, and nothing changes.
func TestApprovalDecisionOnAVoidRequestSaysVoid(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "ap.db")
	mustMigrate(t, db)
	pw := filepath.Join(t.TempDir(), "pw")
	os.WriteFile(pw, []byte("some-password-1\n"), 0o600)
	if out, err := runCLI(t, db, "user", "add", "rita", "--roles", "reviewer", "--password-file", pw, "--as", "admin"); err != nil {
		t.Fatalf("%v %s", err, out)
	}
	store := openTestStore(t, db)
	tl, _ := store.ToolByID(ctx, "workspace_write")
	a, _, err := store.RequestApproval(ctx, "apikey:1 rt", models.Approval{Agent: "analyst", Subject: "carol", Tool: tl.ID, Digest: tl.Digest, Origin: models.OriginCheck})
	if err != nil {
		t.Fatal(err)
	}
	why := "the runtime key that asked for it was revoked"
	if err := store.Exec(ctx, "UPDATE approvals SET status = ?, void_reason = ?, voided_at = ? WHERE ref = ?", authority.ApprovalVoid, why, time.Now().UTC(), a.Ref); err != nil {
		t.Fatal(err)
	}
	for _, verb := range []string{"approve", "deny"} {
		out, err := runCLI(t, db, "approval", verb, a.Ref, "--reason", "fine", "--as", "rita")
		if err == nil || !strings.Contains(err.Error(), "is void: "+why) || strings.Contains(err.Error(), "already decided") {
			t.Errorf("%s of a void request: %v\n%s", verb, err, out)
		}
	}
	if got, err := store.ApprovalByRef(ctx, a.Ref); err != nil || got.Status != authority.ApprovalVoid {
		t.Errorf("the request after the refusals: %+v %v", got, err)
	}
}

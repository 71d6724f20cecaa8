package web

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// TestASpentApprovalIsNotShownVoid: a single-use approval spent before the
// grant it was decided under changed allowed all it ever would; the
// Approvals page showed it "void" after the change, rewriting its history.
// It now reads as used, and only an unspent one is shown void.
func TestASpentApprovalIsNotShownVoid(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		key := h.runtimeKey()
		ref := h.approvedWrite(t, key, "u8", models.ApprovalDecision{Approve: true, Reason: "once", SingleUse: true})
		with := map[string]any{"agent": "analyst", "tool": "workspace_write", "subject": contractor("u8"), "approval": ref}
		if d := h.authorize(key, with); d.Decision != "allow" {
			t.Fatalf("the approved call: %+v", d)
		}
		grant := models.GrantSpec{Kind: authority.KindTool, Value: "workspace_write", RequiresApproval: true}
		h.changeGrants(t, "contractors", false, grant)
		h.changeGrants(t, "contractors", true, grant)

		h.addUser("rita", models.RoleReviewer)
		_, doc := h.login("rita", "rita-password").get("/approvals")
		st := strings.Join(strings.Fields(doc.Find(`[data-testid="approval-state-`+ref+`"]`).Text()), " ")
		if strings.Contains(st, "void") || !strings.Contains(st, "used") {
			t.Errorf("the spent approval reads %q on the Approvals page, want used and not void", st)
		}
	})
}

// TestAStaleCheckVoidsNoApprovalDecidedAfterTheChange: a check that read
// the authority before a grant changed, and the approval after a reviewer
// approved it under the changed grant, found a difference and voided the
// approval for good, though it matched the authority of now. Voiding now
// compares with the database's authority in its transaction.
func TestAStaleCheckVoidsNoApprovalDecidedAfterTheChange(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		key := h.runtimeKey()
		ref := h.approvedWrite(t, key, "u9", models.ApprovalDecision{Approve: true, Reason: "this week", Until: time.Now().Add(time.Hour)})
		// what the stale check would record: nothing changed since the decision
		if err := h.store.VoidApproval(ctx, ref, "the grants of the subject's groups changed", time.Now()); !errors.Is(err, models.ErrConflict) {
			t.Fatalf("voiding an approval that matches the authority of now: %v, want a conflict", err)
		}
		with := map[string]any{"agent": "analyst", "tool": "workspace_write", "subject": contractor("u9"), "approval": ref}
		if d := h.authorize(key, with); d.Decision != "allow" {
			t.Fatalf("the approval after a stale void: %+v", d)
		}
		grant := models.GrantSpec{Kind: authority.KindTool, Value: "workspace_write", RequiresApproval: true}
		h.changeGrants(t, "contractors", false, grant)
		h.changeGrants(t, "contractors", true, grant)
		if err := h.store.VoidApproval(ctx, ref, "the grants of the subject's groups changed", time.Now()); err != nil {
			t.Fatalf("voiding after a real change: %v", err)
		}
	})
}

// approvedWrite files the approval request analyst's workspace_write
// asks of contractor subject (through /authorize, with key) and has rita
// decide it as d; it returns the request's reference.
func (h *harness) approvedWrite(t *testing.T, key, subject string, d models.ApprovalDecision) string {
	t.Helper()
	ask := map[string]any{"agent": "analyst", "tool": "workspace_write", "subject": contractor(subject)}
	_, raw := h.api(http.MethodPost, "/api/v1/authorize", key, ask)
	var named struct{ Error struct{ Approval string } }
	if err := json.Unmarshal(raw, &named); err != nil || named.Error.Approval == "" {
		t.Fatalf("approval_required names no request: %s", raw)
	}
	if _, err := h.store.DecideApproval(context.Background(), "rita", named.Error.Approval, d, time.Now()); err != nil {
		t.Fatal(err)
	}
	return named.Error.Approval
}

package web

import (
	"context"
	"net/url"
	"testing"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// TestTheApprovalsPageOffersNoApproveToAnAskingKeysOwner: the page showed
// Approve to the creator of a runtime key that asked for the request (only
// the store refused it). Now it offers them Deny only, says why, and a
// reviewer who created no asking key still sees Approve.
func TestTheApprovalsPageOffersNoApproveToAnAskingKeysOwner(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		h.addUser("rita", models.RoleReviewer)
		h.addUser("bob", models.RoleReviewer)
		_, k1, err := h.store.CreateScopedAPIKey(ctx, "admin", "first", models.ScopeRuntime)
		if err != nil {
			t.Fatal(err)
		}
		_, k2, err := h.store.CreateScopedAPIKey(ctx, "bob", "bob's", models.ScopeRuntime)
		if err != nil {
			t.Fatal(err)
		}
		call := models.Approval{Agent: "analyst", Subject: "sam", Tool: "workspace_write", Digest: h.digestOf(t, "workspace_write"), ArgsDigest: "args", ArgsView: `{"path":"a"}`, Origin: models.OriginCheck, KeyID: k1.ID}
		a, _, err := h.store.RequestApproval(ctx, "apikey:1", call)
		if err != nil {
			t.Fatal(err)
		}
		call.KeyID = k2.ID
		if _, _, err := h.store.RequestApproval(ctx, "apikey:2", call); err != nil {
			t.Fatal(err)
		}
		bob := h.login("bob", "bob-password")
		_, doc := bob.get("/approvals")
		if doc.Find(`[data-testid="approve-`+a.Ref+`"]`).Length() != 0 || doc.Find(`[data-testid="approval-key-owner-`+a.Ref+`"]`).Length() != 1 ||
			doc.Find(`[data-testid="deny-`+a.Ref+`"]`).Length() != 1 {
			t.Errorf("bob, whose key asked: want Deny and the reason, no Approve")
		}
		rita := h.login("rita", "rita-password")
		if _, doc := rita.get("/approvals"); doc.Find(`[data-testid="approve-`+a.Ref+`"]`).Length() != 1 {
			t.Errorf("rita, who created no asking key, is offered no Approve")
		}
		bob.post("/approvals/"+a.Ref+"/approve", url.Values{"reason": {"mine"}, "scope": {"once"}})
		if got, _ := h.store.ApprovalByRef(ctx, a.Ref); got.Status != authority.ApprovalPending {
			t.Fatalf("bob approved: %s", got.Status)
		}
	})
}

package web

import (
	"context"
	"encoding/json"
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
		ctx := context.Background()
		key := h.runtimeKey()
		ask := map[string]any{"agent": "analyst", "tool": "workspace_write", "subject": contractor("u8")}
		_, raw := h.api(http.MethodPost, "/api/v1/authorize", key, ask)
		var named struct{ Error struct{ Approval string } }
		if err := json.Unmarshal(raw, &named); err != nil || named.Error.Approval == "" {
			t.Fatalf("approval_required names no request: %s", raw)
		}
		ref := named.Error.Approval
		if _, err := h.store.DecideApproval(ctx, "rita", ref, models.ApprovalDecision{Approve: true, Reason: "once", SingleUse: true}, time.Now()); err != nil {
			t.Fatal(err)
		}
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

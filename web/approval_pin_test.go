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
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestApprovalsDoNotOutliveTheirGrant: a time-bound approval kept
// allowing calls after the grant it was decided under was removed and
// given back (with requires-approval): nobody decided again. Now an
// approval pins the authority it was decided under; a call under another
// is refused (approval_required, approval_void: file a new request), and
// the Approvals page shows the old one void, with the reason.
func TestApprovalsDoNotOutliveTheirGrant(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		key := h.runtimeKey()
		ref := h.approvedWrite(t, key, "u7", models.ApprovalDecision{Approve: true, Reason: "this week", Until: time.Now().Add(time.Hour)})
		with := map[string]any{"agent": "analyst", "tool": "workspace_write", "subject": contractor("u7"), "approval": ref}
		if d := h.authorize(key, with); d.Decision != "allow" {
			t.Fatalf("the approved call: %+v", d)
		}
		grant := models.GrantSpec{Kind: authority.KindTool, Value: "workspace_write", RequiresApproval: true}
		h.changeGrants(t, "contractors", false, grant)
		h.changeGrants(t, "contractors", true, grant)

		_, raw := h.api(http.MethodPost, "/api/v1/authorize", key, with)
		var d struct {
			Decision string
			Error    struct {
				Type, Approval string
				ApprovalReason string `json:"approval_reason"`
			}
		}
		_ = json.Unmarshal(raw, &d)
		if d.Decision != "deny" || d.Error.Type != authority.TypeApprovalRequired || d.Error.ApprovalReason != authority.ReasonApprovalVoid {
			t.Fatalf("the approval after its grant was removed and given back: %s", raw)
		}
		// the runtime is asked to file a new request, and it does
		filing := map[string]any{"agent": "analyst", "tool": "workspace_write", "subject": contractor("u7"), "summary": "write the report again"}
		res, out := h.api(http.MethodPost, "/api/v1/approvals", key, filing)
		var filed struct{ Approval, Status string }
		if _ = json.Unmarshal(out, &filed); res.StatusCode != http.StatusCreated || filed.Approval == ref || filed.Status != authority.ApprovalPending {
			t.Errorf("filing a new request after the old one went void (old %s): %d %s", ref, res.StatusCode, out)
		}
		got, err := h.store.ApprovalByRef(ctx, ref)
		if err != nil {
			t.Fatal(err)
		}
		if got.Status != authority.ApprovalVoid || !strings.Contains(got.VoidReason, "grants") {
			t.Errorf("the old approval: status %s, reason %q", got.Status, got.VoidReason)
		}
		if d := h.authorize(key, with); d.Decision != "deny" {
			t.Errorf("the void approval allowed a later call: %+v", d)
		}
		h.addUser("rita", models.RoleReviewer)
		_, doc := h.login("rita", "rita-password").get("/approvals")
		if st := strings.Join(strings.Fields(doc.Find(`[data-testid="approval-state-`+ref+`"]`).Text()), " "); !strings.Contains(st, "void") || !strings.Contains(st, "grants") {
			t.Errorf("the Approvals page shows the void approval as %q", st)
		}
	})
}

// TestGatewayApprovalsDoNotOutliveTheirGrant: through /mcp/{agent}, a
// time-bound approval of a call ends when its grant is removed and given
// back: the next call is approval_required naming a new request, and the
// upstream is not called.
func TestGatewayApprovalsDoNotOutliveTheirGrant(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		_, cs := approvalOnlyEcho(t, h, up.URL)
		ctx := context.Background()
		args := map[string]any{"text": "hi"}
		text, _ := call(t, cs, "demo.echo", args, nil)
		ref := approvalRef(t, text)
		if _, err := h.store.DecideApproval(ctx, "admin", ref, models.ApprovalDecision{Approve: true, Reason: "this hour", Until: time.Now().Add(time.Hour)}, time.Now()); err != nil {
			t.Fatal(err)
		}
		if text, isErr := call(t, cs, "demo.echo", args, nil); isErr || text != "hi" {
			t.Fatalf("the approved call: %s", text)
		}
		grant := models.GrantSpec{Kind: authority.KindTool, Value: "demo.echo", RequiresApproval: true}
		h.changeGrants(t, authority.Everyone, false, grant)
		h.changeGrants(t, authority.Everyone, true, grant)
		text, _ = call(t, cs, "demo.echo", args, nil)
		if next := approvalRef(t, text); next == ref || up.Calls("echo") != 1 || !strings.Contains(text, authority.ReasonApprovalVoid) {
			t.Errorf("the call after the grant was removed and given back: %s (upstream calls %d, old request %s)", text, up.Calls("echo"), ref)
		}
		if got, _ := h.store.ApprovalByRef(ctx, ref); got == nil || got.Status != authority.ApprovalVoid {
			t.Errorf("the old approval is not void: %+v", got)
		}
	})
}

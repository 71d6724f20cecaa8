package web

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestAnApproverCannotSpendTheirApprovalThroughTheirOwnKey: a reviewer who
// created no key that asked may approve a call, but then ran the approved
// call through a runtime key they created: one person both decided and
// made the call. An approval holds for no call made through a key its
// decider created, on every route (/authorize, a run's call, the gateway);
// it spends nothing there and still holds for the key that asked.
func TestAnApproverCannotSpendTheirApprovalThroughTheirOwnKey(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		h.addUser("bob", models.RoleReviewer)
		asker := h.runtimeKey()
		bobs, _, err := h.store.CreateScopedAPIKey(ctx, "BOB ", "bob's runtime", models.ScopeRuntime)
		if err != nil {
			t.Fatal(err)
		}
		args := map[string]any{"path": "notes/b.md", "content": "yes"}
		body := func(approval string) map[string]any {
			return map[string]any{"agent": "analyst", "subject": contractor("u1"), "tool": "workspace_write", "arguments": args, "approval": approval}
		}
		var first decisionJSON
		var refd struct{ Error struct{ Approval string } }
		_, out := h.api(http.MethodPost, "/api/v1/authorize", asker, body(""))
		_ = json.Unmarshal(out, &first)
		_ = json.Unmarshal(out, &refd)
		ref := refd.Error.Approval
		if first.Error == nil || first.Error.Type != authority.TypeApprovalRequired || ref == "" {
			t.Fatalf("the first call: %s", out)
		}
		if _, err := h.store.DecideApproval(ctx, "bob", ref, models.ApprovalDecision{Approve: true, SingleUse: true, Reason: "fine"}, time.Now()); err != nil {
			t.Fatal(err)
		}
		var d decisionJSON
		_, out = h.api(http.MethodPost, "/api/v1/authorize", bobs, body(ref))
		_ = json.Unmarshal(out, &d)
		if d.Decision != "deny" || d.Error == nil || d.Error.Type != authority.TypeApprovalRequired {
			t.Errorf("/authorize through the approver's own key: %s, want approval_required", out)
		}
		run := body(ref)
		run["pins"], run["receipts"] = []string{"workspace_write"}, []any{}
		_, out = h.api(http.MethodPost, "/api/v1/runs/own-key/calls", bobs, run)
		var ran struct{ Status string }
		_ = json.Unmarshal(out, &ran)
		if ran.Status == "active" {
			t.Errorf("a run's call through the approver's own key ran: %s", out)
		}
		if a, _ := h.store.ApprovalByRef(ctx, ref); a.UsedAt != nil {
			t.Fatalf("a refused call spent the approval")
		}
		d = decisionJSON{}
		_, out = h.api(http.MethodPost, "/api/v1/authorize", asker, body(ref))
		_ = json.Unmarshal(out, &d)
		if d.Decision != "allow" {
			t.Errorf("the asking key's call: %s, want allow", out)
		}
	})
}

// TestTheGatewayRunsNoCallOnItsApproversOwnKey: the gateway presents a
// call's approved request by itself; through a key the approver created it
// presents none that approver decided, so the upstream is never called,
// while the session of the key that asked runs the call.
func TestTheGatewayRunsNoCallOnItsApproversOwnKey(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		f, cs := approvalOnlyEcho(t, h, up.URL)
		ctx := context.Background()
		args := map[string]any{"text": "hi"}
		text, _ := call(t, cs, "demo.echo", args, nil)
		ref := approvalRef(t, text)
		h.addUser("bob", models.RoleReviewer)
		if _, err := h.store.DecideApproval(ctx, "bob", ref, models.ApprovalDecision{Approve: true, Until: time.Now().Add(time.Hour), Reason: "for the hour"}, time.Now()); err != nil {
			t.Fatal(err)
		}
		bobs, _, err := h.store.CreateScopedAPIKey(ctx, "bob", "bob's runtime", models.ScopeRuntime)
		if err != nil {
			t.Fatal(err)
		}
		f.key = bobs
		own, _ := f.connect(t, map[string]string{"X-Subject-Id": "sam", "X-Subject-Groups": "everyone"})
		for _, meta := range []map[string]any{nil, {"approval": ref}} {
			if text, isErr := call(t, own, "demo.echo", args, meta); !isErr || errType(text) != authority.TypeApprovalRequired || up.Calls("echo") != 0 {
				t.Errorf("through the approver's own key (meta %v): %s (upstream calls %d)", meta, text, up.Calls("echo"))
			}
		}
		if text, isErr := call(t, cs, "demo.echo", args, nil); isErr || text != "hi" || up.Calls("echo") != 1 {
			t.Errorf("the asking key's session: %s (upstream calls %d)", text, up.Calls("echo"))
		}
	})
}

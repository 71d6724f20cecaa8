package web

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// TestAnApprovalHoldsOnlyForTheKeysThatAskedIt: subjects are vouched per
// runtime key, so an approval holds for the keys that asked for it — the
// one that filed it and one whose call reused it while it was pending —
// and for no other key vouching for a subject of the same id: on
// /authorize and a run's call, that key's presenting the reference is
// refused as an unknown one and spends nothing.
func TestAnApprovalHoldsOnlyForTheKeysThatAskedIt(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		h.addUser("rita", models.RoleReviewer)
		filer, reuser, other := h.runtimeKey(), h.runtimeKey(), h.runtimeKey()
		args := map[string]any{"path": "notes/k.md", "content": "yes"}
		body := func(approval string) map[string]any {
			return map[string]any{"agent": "analyst", "subject": contractor("u1"), "tool": "workspace_write", "arguments": args, "approval": approval}
		}
		ask := func(key string) string {
			var refd struct {
				Error struct{ Type, Approval string }
			}
			_, out := h.api(http.MethodPost, "/api/v1/authorize", key, body(""))
			_ = json.Unmarshal(out, &refd)
			if refd.Error.Type != authority.TypeApprovalRequired || refd.Error.Approval == "" {
				t.Fatalf("asking: %s", out)
			}
			return refd.Error.Approval
		}
		ref := ask(filer)
		if again := ask(reuser); again != ref {
			t.Fatalf("a second key asking while pending was named %s, want the pending %s", again, ref)
		}
		if _, err := h.store.DecideApproval(ctx, "rita", ref, models.ApprovalDecision{Approve: true, SingleUse: true, Reason: "fine"}, time.Now()); err != nil {
			t.Fatal(err)
		}
		var d decisionJSON
		_, out := h.api(http.MethodPost, "/api/v1/authorize", other, body(ref))
		_ = json.Unmarshal(out, &d)
		if d.Decision != "deny" || d.Error == nil || d.Error.Type != authority.TypeApprovalRequired {
			t.Errorf("/authorize through a key that did not ask: %s, want approval_required", out)
		}
		run := body(ref)
		run["pins"], run["receipts"] = []string{"workspace_write"}, []any{}
		_, out = h.api(http.MethodPost, "/api/v1/runs/other-key/calls", other, run)
		var ran struct{ Status string }
		_ = json.Unmarshal(out, &ran)
		if ran.Status == "active" {
			t.Errorf("a run's call through a key that did not ask ran: %s", out)
		}
		if a, _ := h.store.ApprovalByRef(ctx, ref); a.UsedAt != nil {
			t.Fatalf("a refused call spent the approval")
		}
		d = decisionJSON{}
		_, out = h.api(http.MethodPost, "/api/v1/authorize", reuser, body(ref))
		_ = json.Unmarshal(out, &d)
		if d.Decision != "allow" {
			t.Errorf("the key whose call reused the request: %s, want allow", out)
		}
	})
}

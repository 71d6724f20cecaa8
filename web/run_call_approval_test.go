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

// TestARunCallKeepsTheFilingRulesAndNamesItsApproval: a run's call
// (POST /api/v1/runs/{run}/calls) is the fourth route that files approval
// requests: a call a reviewer denied is answered permission_denied naming
// the request and files nothing; a call that runs under an approval shows
// it on the run's page.
func TestARunCallKeepsTheFilingRulesAndNamesItsApproval(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	key := h.runtimeKey()
	type answer struct {
		Status string
		Error  authority.Error
	}
	call := func(run string, args map[string]any, approval string) answer {
		t.Helper()
		body := map[string]any{"agent": "analyst", "subject": contractor("u1"), "tool": "workspace_write", "pins": []string{"workspace_write"}, "receipts": []any{}, "arguments": args}
		if approval != "" {
			body["approval"] = approval
		}
		res, out := h.api(http.MethodPost, "/api/v1/runs/"+run+"/calls", key, body)
		var a answer
		if err := json.Unmarshal(out, &a); err != nil || res.StatusCode >= 500 {
			t.Fatalf("%d %s", res.StatusCode, out)
		}
		return a
	}
	deny := map[string]any{"path": "notes/a.md", "content": "no"}
	first := call("r1", deny, "")
	if first.Error.Type != authority.TypeApprovalRequired || first.Error.Approval == "" {
		t.Fatalf("first call: %+v", first)
	}
	if _, err := h.store.DecideApproval(ctx, "admin", first.Error.Approval, models.ApprovalDecision{Reason: "not this file"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if again := call("r2", deny, ""); again.Error.Type != authority.TypePermissionDenied || again.Error.Approval != first.Error.Approval || !strings.Contains(again.Error.Message, "not this file") {
		t.Errorf("the denied call again: %+v", again)
	}
	ok := map[string]any{"path": "notes/b.md", "content": "yes"}
	asked := call("r3", ok, "")
	if _, err := h.store.DecideApproval(ctx, "admin", asked.Error.Approval, models.ApprovalDecision{Approve: true, SingleUse: true, Reason: "fine"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if ran := call("r3", ok, asked.Error.Approval); ran.Status != "active" {
		t.Fatalf("the approved call: %+v", ran)
	}
	h.app.gw.evidence.flush()
	_, doc := h.login("admin", adminPassword).get("/runs/r3")
	if href, _ := doc.Find(`[data-testid="call-approval"]`).Attr("href"); href != "/approvals#approval-"+asked.Error.Approval {
		t.Errorf("the run's call links %q, want its approval", href)
	}
}

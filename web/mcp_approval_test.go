package web

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/upstream/upstreamtest"
)

// TestGatewayApprovals: a tool granted only with approval is refused with
// approval_required naming an approval request (the upstream not called);
// once a reviewer approves it for one use, the call that presents it as
// _meta.approval runs, and presenting it again is refused.
func TestGatewayApprovals(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	ctx := context.Background()
	known := map[string]bool{}
	tools, _ := h.store.Tools(ctx)
	for _, tl := range tools {
		known[tl.ID] = true
	}
	if _, err := h.store.ChangeGrants(ctx, "admin", authority.Everyone, false, []models.GrantSpec{{Kind: authority.KindEffects, Value: "read-only"}}, known); err != nil {
		t.Fatal(err)
	}
	if _, err := h.store.ChangeGrants(ctx, "admin", authority.Everyone, true, []models.GrantSpec{{Kind: authority.KindTool, Value: "demo.echo", RequiresApproval: true}}, known); err != nil {
		t.Fatal(err)
	}
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "sam", "X-Subject-Groups": "everyone"})
	text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "hi"}, nil)
	var e struct {
		Error struct{ Type, Approval string }
	}
	_ = json.Unmarshal([]byte(text), &e)
	if !isErr || e.Error.Type != authority.TypeApprovalRequired || e.Error.Approval == "" || up.Calls("echo") != 0 {
		t.Fatalf("an approval-only call: %s (upstream calls %d)", text, up.Calls("echo"))
	}
	if _, err := h.store.DecideApproval(ctx, "admin", e.Error.Approval, models.ApprovalDecision{Approve: true, Reason: "fine once", SingleUse: true}, time.Now()); err != nil {
		t.Fatal(err)
	}
	meta := map[string]any{"approval": e.Error.Approval}
	if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "hi"}, meta); isErr || text != "hi" {
		t.Errorf("the approved call: %s", text)
	}
	if text, _ := call(t, cs, "demo.echo", map[string]any{"text": "again"}, meta); errType(text) != authority.TypeApprovalRequired || up.Calls("echo") != 1 {
		t.Errorf("a spent approval: %s (upstream calls %d)", text, up.Calls("echo"))
	}
}

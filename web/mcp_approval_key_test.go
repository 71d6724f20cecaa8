package web

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayReusedKeyFilesNoApproval: the same idempotency key with
// other arguments of an approval-only tool filed an approval request a
// reviewer could approve and that could then only be refused as
// idempotency_key_reused. Now the key is checked before anything is
// filed: idempotency_key_reused, no request; and the Approvals page shows
// the key a request was asked with.
func TestGatewayReusedKeyFilesNoApproval(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	for _, e := range []string{"workspace-write", "external-write", "destructive"} {
		h.changeGrants(t, authority.Everyone, false, models.GrantSpec{Kind: authority.KindEffects, Value: e})
	}
	h.changeGrants(t, authority.Everyone, true, models.GrantSpec{Kind: authority.KindTool, Value: "demo.remember", RequiresApproval: true})
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "sam", "X-Subject-Groups": "everyone"})
	ctx := context.Background()
	meta := map[string]any{"idempotency_key": "k-1"}
	text, _ := call(t, cs, "demo.remember", map[string]any{"key": "a", "fact": "hi"}, meta)
	ref := approvalRef(t, text)
	if _, err := h.store.DecideApproval(ctx, "admin", ref, models.ApprovalDecision{Approve: true, Reason: "fine once", SingleUse: true}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if text, isErr := call(t, cs, "demo.remember", map[string]any{"key": "a", "fact": "hi"}, meta); isErr {
		t.Fatalf("the approved keyed call: %s", text)
	}
	before, err := h.store.Approvals(ctx, 100)
	if err != nil {
		t.Fatal(err)
	}
	if text, _ := call(t, cs, "demo.remember", map[string]any{"key": "a", "fact": "other"}, meta); errType(text) != typeKeyReused {
		t.Errorf("the same key with other arguments: %s, want %s", text, typeKeyReused)
	}
	after, _ := h.store.Approvals(ctx, 100)
	if len(after) != len(before) || up.Calls("remember") != 1 {
		t.Errorf("a reused key filed an approval request (%d requests, then %d) or ran (%d upstream calls)", len(before), len(after), up.Calls("remember"))
	}
	h.addUser("rita", models.RoleReviewer)
	_, doc := h.login("rita", "rita-password").get("/approvals")
	if row := doc.Find(`[data-testid="approval-state-` + ref + `"]`).Closest("tr").Text(); !strings.Contains(row, "k-1") {
		t.Errorf("the Approvals page does not show the request's idempotency key: %q", strings.Join(strings.Fields(row), " "))
	}
}

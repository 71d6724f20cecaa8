package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// TestRevokedKeysRequestsStopWaiting: a pending approval request filed
// through a runtime key that was revoked since still waited on the
// dashboard and the Approvals page for a reviewer, though the runtime
// that filed it can no longer present it. Revoking a key voids the
// pending requests it filed, in the same transaction, audited: the
// dashboard no longer counts them, the Approvals page shows them void
// with the reason, and approving one is refused.
func TestRevokedKeysRequestsStopWaiting(t *testing.T) {
	h := sqliteOnly(t)
	f := waitingApprovalsFixture(t, h)
	ctx := context.Background()
	if err := h.store.RevokeAPIKey(ctx, "admin", f.bobs.KeyID); err != nil {
		t.Fatal(err)
	}
	cl := h.login("rita", "rita-password")
	res, doc := cl.get("/")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("GET / = %d", res.StatusCode)
	}
	if doc.Find(`a[href="/approvals#approval-`+f.bobs.Ref+`"]`).Length() != 0 {
		t.Errorf("the dashboard still lists the request the revoked key filed")
	}
	if got := strings.TrimSpace(doc.Find(`[data-testid="approvals-waiting"]`).Text()); got != "2" {
		t.Errorf("approval requests waiting = %q, want 2 (for sam, stale)", got)
	}
	_, doc = cl.get("/approvals")
	state := doc.Find(`[data-testid="approval-state-` + f.bobs.Ref + `"]`).Text()
	if !strings.Contains(state, authority.ApprovalVoid) || !strings.Contains(state, "runtime key that filed it was revoked") {
		t.Errorf("the Approvals page shows the revoked key's request as %q, want void because its key was revoked", state)
	}
	if doc.Find(`[data-testid="approve-`+f.bobs.Ref+`"]`).Length() != 0 {
		t.Errorf("the Approvals page still offers to approve the revoked key's request")
	}
	if _, err := h.store.DecideApproval(ctx, "rita", f.bobs.Ref, models.ApprovalDecision{Approve: true, Reason: "ok"}, time.Now()); err == nil {
		t.Errorf("approving the revoked key's request succeeded")
	}
	// approving it on the page says it is void and why, not that
	// someone decided it
	res, _ = cl.post("/approvals/"+f.bobs.Ref+"/approve", url.Values{"reason": {"looks fine"}, "scope": {"once"}})
	_, page := cl.get(res.Header.Get("Location"))
	if got := page.Find(`[data-testid="flash"]`).Text(); !strings.Contains(got, "void") || !strings.Contains(got, "revoked") || strings.Contains(got, "already decided") {
		t.Errorf("approving the void request: flash %q, want it void because its key was revoked", got)
	}
	// the other pending requests are untouched
	for _, a := range []*models.Approval{f.forSam, f.forRita} {
		got, err := h.store.ApprovalByRef(ctx, a.Ref)
		if err != nil || got.Status != authority.ApprovalPending {
			t.Errorf("request %s: status %v (%v), want pending", a.Ref, got, err)
		}
	}
}

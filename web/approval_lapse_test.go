package web

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// fileWrite files the request analyst's workspace_write asks of
// contractor subject through /authorize and returns its reference.
func (h *harness) fileWrite(t *testing.T, key, subject string) string {
	t.Helper()
	_, raw := h.api(http.MethodPost, "/api/v1/authorize", key, map[string]any{"agent": "analyst", "tool": "workspace_write", "subject": contractor(subject)})
	var named struct{ Error struct{ Approval string } }
	if err := json.Unmarshal(raw, &named); err != nil || named.Error.Approval == "" {
		t.Fatalf("approval_required names no request: %s", raw)
	}
	return named.Error.Approval
}

// TestALapsedRequestCannotBeApproved: a pending request binds the tool
// version it was filed for and waits a set time. Once the tool changed,
// the Approvals page shows it stale with no Approve button, approving it
// (page or store) is refused naming why and changes nothing, denying it
// still works, audited. Once it waited past CONSOLE_APPROVAL_REQUEST_TTL
// it is shown expired with neither Approve nor Deny, listed after the
// requests still waiting, and the runtime API reads it expired; deciding
// it records it expired and is refused; a check presenting it is told it
// expired, and the next check files a new request instead of naming it.
// Failed first: the page offered Approve and the store approved a
// version nobody reviewed; then: an expired request stayed a pending row
// listed among the waiting ones, with a Deny button.
func TestALapsedRequestCannotBeApproved(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		key := h.runtimeKey()
		h.addUser("rita", models.RoleReviewer)
		rita := h.login("rita", "rita-password")
		approve := func(ref, flash, status string) {
			t.Helper()
			res, _ := rita.post("/approvals/"+ref+"/approve", url.Values{"reason": {"looks fine"}, "scope": {"once"}})
			_, page := rita.get(res.Header.Get("Location"))
			if got := page.Find(`[data-testid="flash"]`).Text(); !strings.Contains(got, flash) {
				t.Errorf("approving lapsed %s: flash %q, want %q", ref, got, flash)
			}
			var recorded string
			if err := h.store.RawScan(ctx, &recorded, "SELECT status FROM approvals WHERE ref = ?", ref); err != nil || recorded != status {
				t.Fatalf("after a refused approve: %q %v, want %s", recorded, err, status)
			}
		}
		shown := func(ref, want string, denials int) {
			t.Helper()
			_, page := rita.get("/approvals")
			st := strings.Join(strings.Fields(page.Find(`[data-testid="approval-state-`+ref+`"]`).Text()), " ")
			if !strings.Contains(st, want) || page.Find(`[data-testid="approve-`+ref+`"]`).Length() != 0 || page.Find(`[data-testid="deny-`+ref+`"]`).Length() != denials {
				t.Errorf("%s on the Approvals page: %q (approve button %d, deny %d), want %s, no Approve, %d Deny", ref, st, page.Find(`[data-testid="approve-`+ref+`"]`).Length(), page.Find(`[data-testid="deny-`+ref+`"]`).Length(), want, denials)
			}
		}

		// expired: it waited past the setting
		h.store.SetApprovalRequestTTL(time.Hour)
		old := h.fileWrite(t, key, "e1")
		if err := h.store.Exec(ctx, "UPDATE approvals SET created_at = ? WHERE ref = ?", time.Now().Add(-2*time.Hour).UTC(), old); err != nil {
			t.Fatal(err)
		}
		h.app.auth.mu.Lock()
		h.app.auth.state = nil // the TTL is read with the authority state
		h.app.auth.mu.Unlock()
		fresh := h.fileWrite(t, key, "e2")
		_, page := rita.get("/approvals")
		if first, _ := page.Find(`[data-testid^="approval-state-"]`).First().Attr("data-testid"); first != "approval-state-"+fresh {
			t.Errorf("first row on the Approvals page: %s, want the request still waiting, %s", first, fresh)
		}
		_, raw := h.api(http.MethodGet, "/api/v1/approvals/"+old, key, nil)
		var got struct {
			Status       string
			LapsedReason string `json:"lapsed_reason"`
		}
		if err := json.Unmarshal(raw, &got); err != nil || got.Status != authority.ApprovalExpired || got.LapsedReason == "" {
			t.Errorf("the runtime API on the expired request: %s, want status expired with lapsed_reason", raw)
		}
		shown(old, "expired", 0)
		approve(old, "cannot be decided", authority.ApprovalExpired)
		d := h.authorize(key, map[string]any{"agent": "analyst", "tool": "workspace_write", "subject": contractor("e1"), "approval": old})
		if d.Decision == "allow" || !strings.Contains(d.HostReason, "expired") {
			t.Errorf("presenting the expired request: %+v, want expired", d)
		}
		if again := h.fileWrite(t, key, "e1"); again == old {
			t.Errorf("the next check named the expired request %s instead of filing a new one", old)
		}
		h.store.SetApprovalRequestTTL(0)

		// stale: the tool changed since the request was filed
		stale := h.fileWrite(t, key, "s1")
		wt, _ := h.store.ToolByID(ctx, "workspace_write")
		c, _ := wt.Parsed()
		c.Purpose += " Now also appends."
		if _, err := h.store.ApplyImport(ctx, "ivan", models.SourceFile, "", []catalog.Contract{c}, ""); err != nil {
			t.Fatal(err)
		}
		shown(stale, "stale", 1)
		approve(stale, "cannot be approved", authority.ApprovalPending)
		if _, err := h.store.DecideApproval(ctx, "rita", stale, models.ApprovalDecision{Approve: true, SingleUse: true, Reason: "ok"}, time.Now()); !errors.As(err, new(*models.LapsedRequestError)) {
			t.Errorf("the store approved a stale request: %v", err)
		}
		if a, err := h.store.DecideApproval(ctx, "rita", stale, models.ApprovalDecision{Reason: "tool changed"}, time.Now()); err != nil || a.Status != authority.ApprovalDenied {
			t.Fatalf("denying a stale request: %+v %v", a, err)
		}

	})
}

// digestOf is tool id's descriptor digest now: a request filed for it is
// not stale.
func (h *harness) digestOf(t *testing.T, id string) string {
	t.Helper()
	tool, err := h.store.ToolByID(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return tool.Digest
}

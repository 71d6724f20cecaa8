package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestPromoteDisabledWithReason: the demo proposal with a failing check
// offers no working Promote button; the reason stands next to it. The
// approved one's button works.
func TestPromoteDisabledWithReason(t *testing.T) {
	h := sqliteOnly(t)
	c := h.login("admin", adminPassword)
	_, d := c.get("/proposals/4")
	if _, off := d.Find(`[data-testid="promote"]`).Attr("disabled"); !off {
		t.Error("Promote is enabled on a proposal whose checks fail")
	}
	if why := d.Find(`[data-testid="promote-blocked"]`).Text(); !strings.Contains(why, "checks fail") {
		t.Errorf("reason %q", why)
	}
	_, d = c.get("/proposals/5")
	if _, off := d.Find(`[data-testid="promote"]`).Attr("disabled"); off || d.Find(`[data-testid="promote-blocked"]`).Length() != 0 {
		t.Error("the approved proposal cannot be promoted")
	}
}

// TestRejectNeedsAReason: rejecting without a reason is a 422 naming the
// field and the proposal stays open; the button asks for confirmation.
func TestRejectNeedsAReason(t *testing.T) {
	h := sqliteOnly(t)
	c := h.login("admin", adminPassword)
	_, d := c.get("/proposals/4")
	if d.Find(`[data-testid="reject"][data-confirm]`).Length() != 1 || d.Find(`[data-testid="reject-form"] input[name="reason"][required]`).Length() != 1 {
		t.Error("Reject asks neither a reason nor a confirmation")
	}
	res, body := c.post("/proposals/4/reject", url.Values{"reason": {"  "}})
	if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(body.Find(`[data-testid="proposal-error"]`).Text(), "reason:") {
		t.Fatalf("reject without reason: %d %q", res.StatusCode, body.Find(`[data-testid="proposal-error"]`).Text())
	}
	p, err := h.store.ProposalByID(context.Background(), 4)
	if err != nil {
		t.Fatal(err)
	}
	if p.Status != models.ProposalOpen {
		t.Errorf("proposal is %s", p.Status)
	}
}

// TestEmptyStatesSayWhatToDo: no API keys yet, an agent without services.
func TestEmptyStatesSayWhatToDo(t *testing.T) {
	h := sqliteOnly(t)
	c := h.login("admin", adminPassword)
	_, d := c.get("/apikeys")
	if !strings.Contains(d.Find(`[data-testid="apikeys-empty"]`).Text(), "No API keys yet") {
		t.Error("the API keys page shows no empty state")
	}
	_, d = c.get("/agents/researcher")
	if got := d.Find(`[data-testid="agent-services"]`).Text(); !strings.Contains(got, "none connected") {
		t.Errorf("an agent without services: %q", got)
	}
}

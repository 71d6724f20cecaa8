package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/agentforge/console/models"
)

// TestClosedProposalIsFrozen: a promoted proposal keeps what it was
// approved against, by whom and the diff it promoted, whatever happens to
// production and to the reviewers afterwards; each closed proposal names
// the actor who closed it, not its author.
func TestClosedProposalIsFrozen(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		h.addUser("rita", models.RoleReviewer)
		admin := h.login("admin", adminPassword)
		rita := h.login("rita", "rita-password")

		// seeded: demo-editor proposed quarterly-report v2, admin approved
		// and promoted it over v1
		_, d := admin.get("/proposals/2")
		frozenPromotion(t, d, "promoted", "admin", "demo-editor", "v1", []string{"admin"}, "+ 5. Flag any region")

		// source-check: rita approves too, admin promotes over v1
		_, d = rita.get("/proposals/5")
		digest := d.Find(`[data-testid="proposal-digest"]`).Text()
		if res, _ := rita.post("/proposals/5/reviews", url.Values{"kind": {"approve"}, "digest": {digest}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("rita approves: %d", res.StatusCode)
		}
		if res, _ := admin.post("/proposals/5/promote", nil); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("promote: %d", res.StatusCode)
		}
		// afterwards production moves back and rita stops reviewing
		if res, _ := admin.post("/skills/source-check/rollback", url.Values{"version": {"1"}, "expected": {"2"}, "reason": {"back to the short one"}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("rollback: %d", res.StatusCode)
		}
		u, err := h.store.UserByName(ctx, "rita")
		if err != nil {
			t.Fatal(err)
		}
		if err := h.store.SetRoles(ctx, "admin", u.ID, []models.Role{models.RoleViewer}); err != nil {
			t.Fatal(err)
		}
		_, d = admin.get("/proposals/5")
		frozenPromotion(t, d, "promoted", "admin", "demo-editor", "v1", []string{"admin", "rita"}, "+ 5. When a source is unreachable")

		// a rejection names the reviewer who rejected, with the reason
		if res, _ := admin.post("/proposals/4/reject", url.Values{"reason": {"teaches a tool it does not require"}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("reject: %d", res.StatusCode)
		}
		_, d = admin.get("/proposals/4")
		if got := d.Find(`[data-testid="proposal-closed-by"]`).Text(); got != "admin" {
			t.Errorf("rejected by %q, want admin", got)
		}
		if got := d.Find(`[data-testid="proposal-author"]`).Text(); got != "demo-editor" {
			t.Errorf("author %q", got)
		}
		if got := d.Find(`[data-testid="proposal-reason"]`).Text(); !strings.Contains(got, "teaches a tool it does not require") {
			t.Errorf("reason %q", got)
		}
		if !strings.Contains(d.Find(`[data-testid="diff"]`).Text(), "+ 6. Run code rounds") {
			t.Error("the rejected proposal lost its diff against the production it was reviewed against")
		}
		// the skill's proposal list names the closing actor too
		_, d = admin.get("/skills/quarterly-report")
		if got := d.Find(`[data-testid="proposal-4"] [data-testid="closed-by"]`).Text(); got != "admin" {
			t.Errorf("skill page: proposal 4 closed by %q", got)
		}
	})
}

// frozenPromotion checks a closed proposal's page against what happened
// when it closed.
func frozenPromotion(t *testing.T, d *goquery.Document, status, actor, author, against string, approvers []string, diffLine string) {
	t.Helper()
	if got := d.Find(`[data-testid="proposal-status"]`).Text(); got != status {
		t.Errorf("status %q, want %q", got, status)
	}
	if got := d.Find(`[data-testid="proposal-closed-by"]`).Text(); got != actor {
		t.Errorf("%s by %q, want %q", status, got, actor)
	}
	if got := d.Find(`[data-testid="proposal-author"]`).Text(); got != author {
		t.Errorf("author %q, want %q", got, author)
	}
	if got := d.Find(`[data-testid="approved-against"]`).Text(); got != against {
		t.Errorf("approved against %q, want %q", got, against)
	}
	if got := d.Find(`[data-testid="approved-by"]`).Text(); got != strings.Join(approvers, ", ") {
		t.Errorf("approved by %q, want %v", got, approvers)
	}
	if n := d.Find(`[data-testid="fresh-approvals"]`).Length(); n != 0 {
		t.Error("a closed proposal still counts fresh approvals against today's production")
	}
	if strings.Contains(d.Find(`[data-testid="reviews"]`).Text(), "stale") {
		t.Error("the approvals that promoted it read stale")
	}
	if !strings.Contains(d.Find(`[data-testid="diff"]`).Text(), diffLine) {
		t.Errorf("the promoted diff lacks %q: %q", diffLine, d.Find(`[data-testid="diff"]`).Text())
	}
	if got := d.Find(`[data-testid="token-delta"]`).Text(); got == "0" || got == "±0" || got == "" {
		t.Errorf("token delta %q for a change that added a line", got)
	}
	if d.Find(`[data-testid="promote"], [data-testid="review-form"]`).Length() != 0 {
		t.Error("a closed proposal offers actions")
	}
}

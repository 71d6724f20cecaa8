package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestAReviewersRejectionCanBeReconsidered: a tool a reviewer rejected
// had no way back but a changed descriptor. A reviewer (not its importer)
// now reconsiders it from its page, bound to the digest and with a
// reason: it goes back to review as a candidate, never straight to
// available, audited tool.reconsider; anything else is refused.
func TestAReviewersRejectionCanBeReconsidered(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	admin := h.login("admin", adminPassword)
	_, html := admin.uploadImport("mcp", "billing", []byte(leakyTools))
	digest, _ := doc(html).Find(`input[name="digest"]`).Attr("value")
	if res, _ := admin.post("/catalog/import/confirm", url.Values{"format": {"mcp"}, "namespace": {"billing"}, "digest": {digest}, "document": {leakyTools}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("confirm: %d", res.StatusCode)
	}
	h.addUser("rita", models.RoleReviewer)
	const id = "billing.get_invoice"
	const page = "/catalog/tools/" + id
	seen, _ := h.store.ToolDigests(ctx, []string{id})
	if _, err := h.store.DecideTools(ctx, "rita", seen, models.ToolDecision{Status: models.ToolRejected, Reason: "looks compromised"}); err != nil {
		t.Fatal(err)
	}
	rita := h.login("rita", "rita-password")
	if _, d := rita.get(page); d.Find(`[data-testid="reconsider-form"]`).Length() != 1 {
		t.Fatal("no reconsider form on the rejected tool's page")
	}
	for _, c := range []struct {
		who    *client
		digest string
		reason string
		want   int
	}{{admin, seen[id], "fixed", http.StatusForbidden}, {rita, "stale", "fixed", http.StatusConflict}, {rita, seen[id], " ", http.StatusUnprocessableEntity}} {
		if res, _ := c.who.post(page+"/reconsider", url.Values{"digest": {c.digest}, "reason": {c.reason}}); res.StatusCode != c.want {
			t.Errorf("digest %q reason %q: %d, want %d", c.digest, c.reason, res.StatusCode, c.want)
		}
	}
	if res, _ := rita.post(page+"/reconsider", url.Values{"digest": {seen[id]}, "reason": {"the server was checked and is fine"}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("reconsider: %d", res.StatusCode)
	}
	tool, _ := h.store.ToolByID(ctx, id)
	if tool.Status != models.ToolCandidate {
		t.Errorf("after reconsidering the tool is %s, want candidate (back to review)", tool.Status)
	}
	evs, _, err := h.store.AuditEvents(ctx, models.AuditFilter{Action: "tool.reconsider"})
	if err != nil || len(evs) != 1 || evs[0].Actor != "rita" || !strings.Contains(evs[0].Detail, "checked and is fine") {
		t.Errorf("audit %v %+v", err, evs)
	}
	if res, _ := rita.post(page+"/reconsider", url.Values{"digest": {seen[id]}, "reason": {"again"}}); res.StatusCode != http.StatusConflict {
		t.Errorf("reconsidering a candidate: %d, want 409", res.StatusCode)
	}
	// back in review, a reviewer can approve it again
	if _, err := h.store.ReviewToolsReworded(ctx, "rita", map[string]string{id: seen[id]}, models.ToolAvailable, nil); err != nil {
		t.Errorf("approving the reconsidered tool: %v", err)
	}
	if tool, _ := h.store.ToolByID(ctx, id); tool.Status != models.ToolAvailable {
		t.Errorf("after approval the reconsidered tool is %s, want available", tool.Status)
	}
}

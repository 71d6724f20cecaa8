package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestTheLeakWarningsJudgeTheRewordingAndItCanBeRemoved: the tool page and
// the review page judged the imported text after a reviewer reworded it,
// so a rewording that took the leak out still showed the warning; and a
// rewording could not be removed. The warnings now judge what the model
// reads, and a reviewer removes a rewording (audited): the model reads the
// imported text again and the warning is back.
func TestTheLeakWarningsJudgeTheRewordingAndItCanBeRemoved(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		admin := h.login("admin", adminPassword)
		_, html := admin.uploadImport("mcp", "billing", []byte(leakyTools))
		digest, _ := doc(html).Find(`input[name="digest"]`).Attr("value")
		if res, _ := admin.post("/catalog/import/confirm", url.Values{"format": {"mcp"}, "namespace": {"billing"}, "digest": {digest}, "document": {leakyTools}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("confirm: %d", res.StatusCode)
		}
		h.addUser("rita", models.RoleReviewer)
		rita := h.login("rita", "rita-password")
		const page = "/catalog/tools/billing.get_invoice"
		const item = `[data-testid="review-tool-billing.get_invoice"] [data-testid="need"]`
		warned := func() (tool, review int) {
			_, d := rita.get(page)
			_, rv := rita.get("/catalog/review")
			return d.Find(`[data-testid="need"]`).Length(), rv.Find(item).Length()
		}
		if tool, review := warned(); tool == 0 || review == 0 {
			t.Fatalf("the imported text's warning: tool page %d, review page %d", tool, review)
		}
		row, _ := h.store.ToolByID(ctx, "billing.get_invoice")
		if res, _ := rita.post(page+"/reword/clear", url.Values{"digest": {row.Digest}}); res.StatusCode != http.StatusUnprocessableEntity {
			t.Errorf("removing a rewording that is not there: %d, want 422", res.StatusCode)
		}
		if res, _ := rita.post(page+"/reword", url.Values{"digest": {row.Digest}, "reword": {"Fetches an invoice by number."}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("rewording: %d", res.StatusCode)
		}
		if tool, review := warned(); tool != 0 || review != 0 {
			t.Errorf("after a rewording without the leak, warnings remain: tool page %d, review page %d", tool, review)
		}
		if res, _ := admin.post(page+"/reword/clear", url.Values{"digest": {row.Digest}}); res.StatusCode != http.StatusForbidden {
			t.Errorf("the importer removing the rewording: %d, want 403", res.StatusCode)
		}
		if res, _ := rita.post(page+"/reword/clear", url.Values{"digest": {"stale"}}); res.StatusCode != http.StatusConflict {
			t.Errorf("removing with a stale digest: %d, want 409", res.StatusCode)
		}
		_, d := rita.get(page)
		if d.Find(`[data-testid="reword-clear-form"]`).Length() != 1 {
			t.Fatal("no form to remove the rewording")
		}
		if res, _ := rita.post(page+"/reword/clear", url.Values{"digest": {row.Digest}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("removing the rewording: %d", res.StatusCode)
		}
		after, _ := h.store.ToolByID(ctx, "billing.get_invoice")
		if eff, _ := after.Effective(); after.ReviewedPurpose != "" || !strings.Contains(eff.Purpose, "Slack") {
			t.Errorf("after removal the model reads %q (stored rewording %q)", eff.Purpose, after.ReviewedPurpose)
		}
		if tool, review := warned(); tool == 0 || review == 0 {
			t.Errorf("the warning is not back: tool page %d, review page %d", tool, review)
		}
		evs, _, err := h.store.AuditEvents(ctx, models.AuditFilter{Action: "tool.reword_cleared"})
		if err != nil || len(evs) != 1 || evs[0].Actor != "rita" || !strings.Contains(evs[0].Detail, "Fetches an invoice by number.") {
			t.Errorf("audit: %v %+v", err, evs)
		}
	})
}

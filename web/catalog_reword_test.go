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

// TestToolPageShowsNeedsAndRecordsARewording: a tool's page lists what its
// imported text asks of the agent (phrase and class) and lets a reviewer
// who did not import it record a rewording while the tool is still under
// review; the page then shows the rewording the model reads beside the
// imported text, the review page carries it into the decision, and once
// available the model reads it. The importer may not reword, and a bad or
// stale rewording is refused with nothing written.
func TestToolPageShowsNeedsAndRecordsARewording(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		admin := h.login("admin", adminPassword)
		_, html := admin.uploadImport("mcp", "billing", []byte(leakyTools))
		digest, _ := doc(html).Find(`input[name="digest"]`).Attr("value")
		if res, _ := admin.post("/catalog/import/confirm", url.Values{"format": {"mcp"}, "namespace": {"billing"}, "digest": {digest}, "document": {leakyTools}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("confirm: %d", res.StatusCode)
		}
		h.addUser("rita", models.RoleReviewer)
		rita := h.login("rita", "rita-password")
		const page = "/catalog/tools/billing.get_invoice"
		_, d := rita.get(page)
		needs := strings.Join(strings.Fields(d.Find(`[data-testid="need"]`).Text()), " ")
		if !strings.Contains(needs, "chat") || !strings.Contains(needs, "post the total to the #billing Slack") {
			t.Fatalf("tool page needs: %q", needs)
		}
		if d.Find(`[data-testid="reword-form"]`).Length() != 1 {
			t.Fatal("no rewording form for a reviewer")
		}
		row, _ := h.store.ToolByID(context.Background(), "billing.get_invoice")
		if _, ad := admin.get(page); ad.Find(`[data-testid="reword-form"]`).Length() != 0 {
			t.Error("the importer is offered the rewording form")
		}
		reworded := "Fetches an invoice by number."
		if res, _ := admin.post(page+"/reword", url.Values{"digest": {row.Digest}, "reword": {reworded}}); res.StatusCode != http.StatusForbidden {
			t.Errorf("importer rewording: %d, want 403", res.StatusCode)
		}
		for _, bad := range []struct {
			form url.Values
			code int
		}{
			{url.Values{"digest": {row.Digest}, "reword": {"  "}}, http.StatusUnprocessableEntity},
			{url.Values{"digest": {row.Digest}, "reword": {"Fetches\u202e an invoice."}}, http.StatusUnprocessableEntity},
			{url.Values{"digest": {"stale"}, "reword": {reworded}}, http.StatusConflict},
		} {
			if res, _ := rita.post(page+"/reword", bad.form); res.StatusCode != bad.code {
				t.Errorf("rewording %v: %d, want %d", bad.form, res.StatusCode, bad.code)
			}
		}
		if after, _ := h.store.ToolByID(context.Background(), "billing.get_invoice"); after.ReviewedPurpose != "" {
			t.Fatalf("a refused rewording was written: %q", after.ReviewedPurpose)
		}
		if res, _ := rita.post(page+"/reword", url.Values{"digest": {row.Digest}, "reword": {reworded}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("rewording: %d", res.StatusCode)
		}
		if statusOf(t, h, "billing.get_invoice") != models.ToolCandidate {
			t.Fatal("recording a rewording changed the review state")
		}
		_, d = rita.get(page)
		if got := strings.TrimSpace(d.Find(`[data-testid="reworded-text"]`).Text()); got != reworded {
			t.Errorf("tool page rewording %q", got)
		}
		if !strings.Contains(d.Find(`[data-testid="imported-text"]`).Text(), "Slack") {
			t.Error("the tool page lost the imported text")
		}
		if strings.Contains(d.Find(`[data-testid="full-form"]`).Text(), "Slack") {
			t.Error("the form the model reads is not the rewording")
		}
		_, rv := rita.get("/catalog/review")
		if got := strings.TrimSpace(rv.Find(`[data-testid="review-tool-billing.get_invoice"] [data-testid="recorded-reword"]`).Text()); !strings.Contains(got, reworded) {
			t.Errorf("review page recorded rewording %q", got)
		}
		// the form as the page renders it carries no rewording the reviewer
		// did not type: deciding another tool with it is not refused, and
		// the recorded rewording is neither written again nor re-attributed
		rendered := url.Values{}
		rv.Find(`textarea[name^="reword."]`).Each(func(_ int, s *goquery.Selection) {
			name, _ := s.Attr("name")
			rendered.Set(name, s.Text())
		})
		if rendered.Get("reword.billing.get_invoice") != "" {
			t.Errorf("review page prefills the recorded rewording into the decision: %q", rendered.Get("reword.billing.get_invoice"))
		}
		rendered.Set("tools", "billing.send_email")
		rendered.Set("status", models.ToolRejected)
		rendered.Set("reason", "we send email another way")
		addDigests(t, h, rendered)
		if res, body := rita.post("/catalog/review", rendered); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("deciding another tool with the rendered form: %d %s", res.StatusCode, strings.Join(strings.Fields(body.Find("main").Text()), " "))
		}
		if got := rv.Find(`[data-testid="review-tool-billing.get_invoice"] [data-testid="contract-text"]`).Text(); strings.Contains(got, "Slack") {
			t.Errorf("review page contract is not what the agent reads: %q", got)
		}
		form := url.Values{"tools": {"billing.get_invoice"}, "status": {models.ToolAvailable}, "confirm": {"1"}}
		addDigests(t, h, form)
		if res, _ := rita.post("/catalog/review", form); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("review: %d", res.StatusCode)
		}
		snap, err := h.app.snapshot(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if e, ok := snap.Available().Get("billing.get_invoice"); !ok || e.Contract().Purpose != reworded {
			t.Fatalf("the model's contract after approval: %v %q", ok, e.Contract().Purpose)
		}
		evs, _, err := h.store.AuditEvents(context.Background(), models.AuditFilter{Action: "tool.reworded"})
		if err != nil || len(evs) != 1 || !strings.Contains(evs[0].Detail, "Slack") {
			t.Errorf("audit: %v %+v", err, evs)
		}
	})
}

package web

import (
	"context"
	"net/http"
	"net/url"
	"testing"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// TestClearingARewordingOfAnAvailableToolSendsItBackToReview: once the
// rewording of an available tool is removed the model would read a text
// no reviewer approved as what it reads, so the tool goes back to review
// with a new review stamp (its bindings and approvals end), audited.
func TestClearingARewordingOfAnAvailableToolSendsItBackToReview(t *testing.T) {
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
	seen, _ := h.store.ToolDigests(ctx, []string{id})
	if _, err := h.store.ReviewToolsReworded(ctx, "rita", seen, models.ToolAvailable, map[string]string{id: "Fetches an invoice by number."}); err != nil {
		t.Fatal(err)
	}
	before, _ := h.store.ToolByID(ctx, id)
	if before.Status != models.ToolAvailable {
		t.Fatalf("status %s", before.Status)
	}
	rita := h.login("rita", "rita-password")
	if res, _ := rita.post("/catalog/tools/"+id+"/reword/clear", url.Values{"digest": {before.Digest}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("removing the rewording: %d", res.StatusCode)
	}
	after, _ := h.store.ToolByID(ctx, id)
	if after.Status != models.ToolCandidate || after.ReviewGen != before.ReviewGen+1 || after.ReviewedPurpose != "" {
		t.Errorf("after removal: status %s, review generation %d (was %d), rewording %q", after.Status, after.ReviewGen, before.ReviewGen, after.ReviewedPurpose)
	}
}

// TestAToolSentBackToReviewByClearingItsRewordingCanBeApprovedAgain: the
// tool a removed rewording sent back to review waits in the state a
// changed import leaves (structurally valid), from which a reviewer can
// approve it again, on the review page or by classifying it on its page.
func TestAToolSentBackToReviewByClearingItsRewordingCanBeApprovedAgain(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	admin := h.login("admin", adminPassword)
	_, html := admin.uploadImport("mcp", "billing", []byte(leakyTools))
	digest, _ := doc(html).Find(`input[name="digest"]`).Attr("value")
	if res, _ := admin.post("/catalog/import/confirm", url.Values{"format": {"mcp"}, "namespace": {"billing"}, "digest": {digest}, "document": {leakyTools}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("confirm: %d", res.StatusCode)
	}
	h.addUser("rita", models.RoleReviewer)
	rita := h.login("rita", "rita-password")
	for _, id := range []string{"billing.get_invoice", "billing.send_email"} {
		seen, _ := h.store.ToolDigests(ctx, []string{id})
		if _, err := h.store.ReviewToolsReworded(ctx, "rita", seen, models.ToolAvailable, map[string]string{id: "Fetches invoices."}); err != nil {
			t.Fatal(err)
		}
		before, _ := h.store.ToolByID(ctx, id)
		if res, _ := rita.post("/catalog/tools/"+id+"/reword/clear", url.Values{"digest": {before.Digest}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("removing the rewording of %s: %d", id, res.StatusCode)
		}
		if after, _ := h.store.ToolByID(ctx, id); after.Validation != authority.StateStructurallyValid {
			t.Errorf("%s after removal: validation %s, want %s", id, after.Validation, authority.StateStructurallyValid)
		}
	}
	seen, _ := h.store.ToolDigests(ctx, []string{"billing.get_invoice"})
	if _, err := h.store.ReviewToolsReworded(ctx, "rita", seen, models.ToolAvailable, nil); err != nil {
		t.Errorf("approving the cleared tool on the review page: %v", err)
	}
	other, _ := h.store.ToolByID(ctx, "billing.send_email")
	if err := h.store.ClassifyTool(ctx, "rita", other.ID, other.Digest, authority.StateBindable, models.Classification{Effects: "read-only", Risk: "low"}); err != nil {
		t.Errorf("approving the cleared tool on its page: %v", err)
	}
	for _, id := range []string{"billing.get_invoice", "billing.send_email"} {
		if tl, _ := h.store.ToolByID(ctx, id); tl.Status != models.ToolAvailable {
			t.Errorf("%s approved again: status %s", id, tl.Status)
		}
	}
}

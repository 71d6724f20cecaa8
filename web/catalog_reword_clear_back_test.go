package web

import (
	"context"
	"net/http"
	"net/url"
	"testing"

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

package web

import (
	"context"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
)

// TestReviewRowSaysEffectsAssumed: the review page showed a tool whose
// descriptor states no effects as plain "destructive"; only its tool page
// said the class was assumed from MCP's defaults. The review row says so
// too, and a tool whose descriptor states its effects gets no such mark.
func TestReviewRowSaysEffectsAssumed(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	cs := []catalog.Contract{
		{ID: "web.search", Title: "Search", Purpose: "Search the web.", Class: catalog.ClassService, Effects: catalog.EffectsDestructive, EffectsAssumed: true, Version: "1"},
		{ID: "web.delete_page", Title: "Delete page", Purpose: "Delete a page.", Class: catalog.ClassService, Effects: catalog.EffectsDestructive, Version: "1"},
	}
	if _, err := h.store.ApplyImport(ctx, "ivan", models.SourceMCP, "web", cs, ""); err != nil {
		t.Fatal(err)
	}
	_, doc := h.login("admin", adminPassword).get("/catalog/review")
	assumed := doc.Find(`[data-testid="review-tool-web.search"] [data-testid="effects-assumed"]`)
	if !strings.Contains(assumed.Text(), "assumed") {
		t.Errorf("the review row of a tool with assumed effects says %q", assumed.Text())
	}
	if doc.Find(`[data-testid="review-tool-web.delete_page"] [data-testid="effects-assumed"]`).Length() != 0 {
		t.Error("a tool whose descriptor states its effects is marked assumed")
	}
	if w := doc.Find(`[data-testid="assumed-warning"] strong`).Text(); w != "1 tool of all 2 matching candidates states no effects" {
		// the count is of every page's candidates, and says so

		t.Errorf("the assumed warning says %q", w)
	}
}

package web

import (
	"context"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
)

// TestReviewWarnsOfToolsThatExposeSecrets: a tool whose description says
// it returns the server's environment variables was pre-filled read-only
// with no word of warning; the review row now says what it exposes, and a
// plain read-only tool gets no such hint.
func TestReviewWarnsOfToolsThatExposeSecrets(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	cs := []catalog.Contract{
		{ID: "dbg.show_env", Title: "Show env", Purpose: "Returns all environment variables of the server process, for debugging.", Class: catalog.ClassService, Effects: catalog.EffectsReadOnly, Version: "1"},
		{ID: "dbg.echo", Title: "Echo", Purpose: "Returns the message it is given.", Class: catalog.ClassService, Effects: catalog.EffectsReadOnly, Version: "1"},
	}
	if _, err := h.store.ApplyImport(ctx, "ivan", models.SourceMCP, "dbg", cs, ""); err != nil {
		t.Fatal(err)
	}
	_, doc := h.login("admin", adminPassword).get("/catalog/review?namespace=dbg")
	hint := doc.Find(`[data-testid="review-tool-dbg.show_env"] [data-testid="exposes-secrets"]`)
	if !strings.Contains(hint.Text(), "environment variables") || !strings.Contains(hint.Text(), "read-only") {
		t.Errorf("the review of a tool returning the environment says %q", hint.Text())
	}
	if doc.Find(`[data-testid="review-tool-dbg.echo"] [data-testid="exposes-secrets"]`).Length() != 0 {
		t.Error("a plain read-only tool is marked as exposing secrets")
	}
}

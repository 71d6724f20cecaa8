package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestConnectionsPageRefusesNamespaceTakeOver: adding a connection named
// as a namespace of tools imported from a file is a 422 naming the field,
// with a "Take over this namespace" box; nothing is removed until it is
// ticked.
func TestConnectionsPageRefusesNamespaceTakeOver(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	doc := []byte(`{"tools":[{"name":"legacy_lookup","description":"Looks up a legacy record by its identifier and returns its fields.","inputSchema":{"type":"object","properties":{"id":{"type":"string","description":"The record's identifier."}},"required":["id"]}}]}`)
	cs, probs := catalog.Parse(catalog.FormatMCP, doc, "up")
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	if _, err := h.store.ApplyImport(ctx, "ivan", models.SourceFile, "up", cs, ""); err != nil {
		t.Fatal(err)
	}
	up := upstreamtest.New()
	defer up.Close()
	admin := h.login("admin", adminPassword)
	res, page := admin.post("/connections", url.Values{"name": {"up"}, "url": {up.URL}})
	if got := page.Find(`[data-testid="error-name"]`).Text(); res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(got, "holds 1 tool imported from a file") ||
		page.Find(`[data-testid="take-over"] input[name="take_over"]`).Length() != 1 {
		t.Fatalf("add over an imported namespace: %d, name error %q", res.StatusCode, got)
	}
	if _, err := h.store.ToolByID(ctx, cs[0].ID); err != nil {
		t.Fatalf("a refused add removed the imported tool: %v", err)
	}
	if res, page = admin.post("/connections", url.Values{"name": {"up"}, "url": {up.URL}, "take_over": {"1"}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("add with take over: %d %s", res.StatusCode, page.Find(".errors").Text())
	}
	if _, page = admin.get("/connections"); !strings.Contains(page.Find(".flash").Text(), "1 tool removed") {
		t.Errorf("after the take over: %q", page.Find(".flash").Text())
	}
}

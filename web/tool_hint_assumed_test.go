package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestToolPageShowsAnAssumedHint: an MCP tool imported without
// annotations is hinted destructive by MCP's defaults, and its page says
// the hint is assumed, not stated; the classification form starts from
// it. A tool that states its hints shows them as stated.
func TestToolPageShowsAnAssumedHint(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		admin := h.login("admin", adminPassword)
		file := []byte(`{"tools": [
			{"name": "sync", "description": "Syncs the store.", "inputSchema": {"type": "object"}},
			{"name": "peek", "description": "Reads the store.", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true}}]}`)
		res, html := admin.uploadImport("mcp", "store", file)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("preview: %d", res.StatusCode)
		}
		digest, _ := doc(html).Find(`input[name="digest"]`).Attr("value")
		if res, _ := admin.post("/catalog/import/confirm", url.Values{"format": {"mcp"}, "namespace": {"store"}, "digest": {digest}, "document": {string(file)}}); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("confirm: %d", res.StatusCode)
		}
		_, page := admin.get("/catalog/tools/store.sync")
		hint := page.Find(`[data-testid="ledger-hint"]`).Text()
		if !strings.Contains(hint, "effects destructive") || !strings.Contains(hint, "assumed") {
			t.Errorf("unannotated tool's hint %q, want destructive, assumed", hint)
		}
		if !strings.Contains(page.Text(), "Effects: destructive") {
			t.Error("the contract does not render the spec's default effects")
		}
		_, page = admin.get("/catalog/tools/store.peek")
		if hint := page.Find(`[data-testid="ledger-hint"]`).Text(); !strings.Contains(hint, "effects read-only") || strings.Contains(hint, "assumed") {
			t.Errorf("annotated tool's hint %q, want read-only as stated", hint)
		}
	})
}

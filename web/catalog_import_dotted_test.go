package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// TestDottedToolNameImports: an MCP tool named with dots, as MCP allows
// (admin.tools.list), previews, imports under svc.admin.tools.list in
// service svc, and has its own tool page; a name the console cannot take
// (a trailing dot) is refused naming the tool and why.
func TestDottedToolNameImports(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		admin := h.login("admin", adminPassword)
		file := []byte(`{"tools": [{"name": "admin.tools.list", "description": "Lists the admin tools.", "inputSchema": {"type": "object", "properties": {"q": {"type": "string", "description": "A filter."}}}}]}`)
		res, html := admin.uploadImport("mcp", "svc", file)
		if res.StatusCode != http.StatusOK || !strings.Contains(html, `data-testid="added-count">1<`) {
			t.Fatalf("preview: %d\n%s", res.StatusCode, doc(html).Find(`[data-testid="import-problems"]`).Text())
		}
		digest, _ := doc(html).Find(`input[name="digest"]`).Attr("value")
		res, _ = admin.post("/catalog/import/confirm", url.Values{"format": {"mcp"}, "namespace": {"svc"}, "digest": {digest}, "document": {string(file)}})
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("confirm: %d", res.StatusCode)
		}
		r, err := h.store.ToolByID(context.Background(), "svc.admin.tools.list")
		if err != nil || r.Namespace != "svc" {
			t.Fatalf("stored: %+v, %v", r, err)
		}
		res, page := admin.get("/catalog/tools/svc.admin.tools.list")
		if res.StatusCode != http.StatusOK || !strings.Contains(page.Text(), "svc.admin.tools.list") {
			t.Errorf("tool page: %d", res.StatusCode)
		}
		bad := []byte(`{"tools": [{"name": "admin.tools.", "description": "Lists.", "inputSchema": {"type": "object"}}]}`)
		res, html = admin.uploadImport("mcp", "svc", bad)
		problems := doc(html).Find(`[data-testid="import-problems"]`).Text()
		if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(problems, "admin.tools.") || !strings.Contains(problems, "only inside a name") {
			t.Errorf("trailing dot: %d %q", res.StatusCode, problems)
		}
	})
}

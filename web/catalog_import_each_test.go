package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestOneBadToolNeverBlocksTheServer: a server whose one tool is refused
// previews its other tools, lists the refused one with its reason,
// imports the rest on confirm and records the refused one as rejected,
// which its tool page and the review page show with the reason (issue
// 30). Strict refuses the document and stores nothing.
func TestOneBadToolNeverBlocksTheServer(t *testing.T) {
	h := sqliteOnly(t)
	h.addUser("rita", models.RoleReviewer)
	admin := h.login("admin", adminPassword)
	file := []byte(`{"tools":[
	{"name":"list_issues","description":"Lists issues.","inputSchema":{"type":"object","properties":{"team":{"type":"string","description":"Team key.","optional":true}}},"examples":[{"team":"ENG"}]},
	{"name":"connect","description":"Connects an OAuth app.","inputSchema":{"type":"object","properties":{"grants":{"type":"array","description":"Grant types.","contains":{"const":"authorization_code"},"minContains":2,"maxItems":1}}}}]}`)
	const reason = "2 is above maxItems 1"
	res, html := admin.uploadImport("mcp", "linear", file)
	page := doc(html)
	if res.StatusCode != http.StatusOK || !strings.Contains(html, `data-testid="added-count">1<`) || !strings.Contains(html, `data-testid="rejected-count">1<`) {
		t.Fatalf("preview: %d\n%s", res.StatusCode, page.Find(`[data-testid="import-problems"]`).Text())
	}
	if rj := page.Find(`[data-testid="import-rejected"]`).Text(); !strings.Contains(rj, "linear.connect") || !strings.Contains(rj, "inputSchema.grants.minContains") || !strings.Contains(rj, reason) {
		t.Errorf("rejected list: %q", rj)
	}
	if w := page.Find(`[data-testid="import-warnings"]`).Text(); !strings.Contains(w, "1 non-standard keyword kept verbatim") || !strings.Contains(w, "1 unknown tool member kept for the reviewer") {
		t.Errorf("warnings: %q", w)
	}
	if full := page.Find(`[data-testid="rendering-linear.list_issues"] [data-testid="rendering-full"]`).Text(); !strings.Contains(full, `non-standard "optional": true`) {
		t.Errorf("optional not rendered verbatim:\n%s", full)
	}
	digest, _ := page.Find(`input[name="digest"]`).Attr("value")
	// strict: the whole document is refused, nothing stored
	res, _ = admin.post("/catalog/import/confirm", url.Values{"format": {"mcp"}, "namespace": {"linear"}, "digest": {digest}, "document": {string(file)}, "strict": {"1"}})
	if res.StatusCode != http.StatusUnprocessableEntity {
		t.Errorf("strict confirm: %d", res.StatusCode)
	}
	if _, err := h.store.ToolByID(context.Background(), "linear.list_issues"); err == nil {
		t.Fatal("strict stored a tool")
	}
	res, _ = admin.post("/catalog/import/confirm", url.Values{"format": {"mcp"}, "namespace": {"linear"}, "digest": {digest}, "document": {string(file)}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("confirm: %d", res.StatusCode)
	}
	_, cat := admin.get(res.Header.Get("Location"))
	if flash := cat.Find(`[data-testid="flash"]`).Text(); !strings.Contains(flash, "1 tool added") || !strings.Contains(flash, "1 tool rejected") {
		t.Errorf("flash %q", flash)
	}
	rita := h.login("rita", "rita-password")
	_, tool := rita.get("/catalog/tools/linear.connect")
	if rj := tool.Find(`[data-testid="tool-rejection"]`).Text(); !strings.Contains(rj, "inputSchema.grants.minContains") || !strings.Contains(rj, reason) {
		t.Errorf("tool page rejection: %q", rj)
	}
	if d := tool.Find(`[data-testid="tool-descriptor"]`).Text(); !strings.Contains(d, `"authorization_code"`) {
		t.Errorf("tool page descriptor: %q", d)
	}
	if tool.Find(`[data-testid="full-form"]`).Length() != 0 {
		t.Error("a rejected tool's placeholder is shown as a rendering")
	}
	_, good := rita.get("/catalog/tools/linear.list_issues")
	if m := good.Find(`[data-testid="tool-members"]`).Text(); !strings.Contains(m, `"ENG"`) {
		t.Errorf("unknown member not shown: %q", m)
	}
	_, review := rita.get("/catalog/review")
	if rv := review.Find(`[data-testid="review-rejected"]`).Text(); !strings.Contains(rv, "linear.connect") || !strings.Contains(rv, reason) {
		t.Errorf("review page: %q", rv)
	}
}

package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

// TestImportPreviewShowsRenderings: the preview shows, per added and changed
// tool, exactly the full and compact text the agent will get.
func TestImportPreviewShowsRenderings(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	cs, ps := catalog.Parse(catalog.FormatMCP, fixture(t), "github")
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	res, html := admin.uploadImport("mcp", "github", fixture(t))
	if res.StatusCode != http.StatusOK {
		t.Fatalf("preview: %d", res.StatusCode)
	}
	page := doc(html)
	if got := page.Find(`[data-testid^="rendering-github."]`).Length(); got != len(cs) {
		t.Fatalf("%d renderings, want one per added tool (%d)", got, len(cs))
	}
	for _, c := range cs {
		sel := page.Find(`[data-testid="rendering-` + c.ID + `"]`)
		if sel.Find(`[data-testid="rendering-full"]`).Text() != catalog.RenderFull(c) || sel.Find(`[data-testid="rendering-compact"]`).Text() != catalog.RenderCompact(c) {
			t.Fatalf("%s: the preview's rendering is not what the agent gets", c.ID)
		}
	}
	digest, _ := page.Find(`input[name="digest"]`).Attr("value")
	res, _ = admin.post("/catalog/import/confirm", url.Values{"format": {"mcp"}, "namespace": {"github"}, "digest": {digest}, "document": {string(fixture(t))}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("confirm: %d", res.StatusCode)
	}
	changed := strings.Replace(string(fixture(t)), "Get details of the authenticated GitHub user.", "Get details of the authenticated GitHub user.\\n- a line that is not a parameter", 1)
	res, html = admin.uploadImport("mcp", "github", []byte(changed))
	if res.StatusCode != http.StatusOK {
		t.Fatalf("second preview: %d", res.StatusCode)
	}
	sel := doc(html).Find(`[data-testid="rendering-github.get_me"]`)
	if sel.Length() != 1 || !strings.Contains(sel.Text(), "(changed)") || !strings.Contains(sel.Find(`[data-testid="rendering-compact"]`).Text(), "\n| - a line that is not a parameter ") {
		t.Fatalf("changed tool's rendering missing:\n%s", sel.Text())
	}
	if doc(html).Find(`[data-testid^="rendering-github."]`).Length() != 1 {
		t.Error("unchanged tools are rendered too")
	}
}

package web

import (
	"context"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
)

// TestRealServerImportShowsItsWarnings: the official filesystem server's
// tools/list, verbatim, previews with every undescribed parameter listed as
// a warning, imports, and the flash repeats that there were warnings.
func TestRealServerImportShowsItsWarnings(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	file, err := os.ReadFile("../catalog/testdata/servers/mcp-server-filesystem.tools.json")
	if err != nil {
		t.Fatal(err)
	}
	res, html := admin.uploadImport("mcp", "filesystem", file)
	if res.StatusCode != http.StatusOK || !strings.Contains(html, `data-testid="added-count">14<`) {
		t.Fatalf("preview: %d\n%s", res.StatusCode, doc(html).Find(`[data-testid="import-problems"]`).Text())
	}
	page := doc(html)
	rows := page.Find(`[data-testid="import-warnings"] tbody tr`)
	if rows.Length() != 18 {
		t.Errorf("%d warnings listed, want 18 (one per undescribed parameter)", rows.Length())
	}
	if first := rows.First().Text(); !strings.Contains(first, "read_file") || !strings.Contains(first, "inputSchema.path") || !strings.Contains(first, "no description") {
		t.Errorf("first warning %q", first)
	}
	if page.Find(`[data-testid="import-problems"]`).Length() != 0 {
		t.Error("warnings shown as problems")
	}
	r := page.Find(`[data-testid="rendering-filesystem.read_text_file"]`)
	if full := r.Find(`[data-testid="rendering-full"]`).Text(); !strings.Contains(full, "Returns (no other properties):\n- `content` (string, required)") {
		t.Errorf("the output schema is not in the preview's full form:\n%s", full)
	}
	if compact := r.Find(`[data-testid="rendering-compact"]`).Text(); !strings.Contains(compact, "  returns (no other properties):\n   content (string, required)") {
		t.Errorf("the output schema is not in the preview's compact form:\n%s", compact)
	}
	digest, _ := page.Find(`input[name="digest"]`).Attr("value")
	res, _ = admin.post("/catalog/import/confirm", url.Values{"format": {"mcp"}, "namespace": {"filesystem"}, "digest": {digest}, "document": {string(file)}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("confirm: %d", res.StatusCode)
	}
	_, cat := admin.get(res.Header.Get("Location"))
	if flash := cat.Find(`[data-testid="flash"]`).Text(); !strings.Contains(flash, "14 tools added") || !strings.Contains(flash, "18 parameters without a description") {
		t.Errorf("flash %q", flash)
	}
	if ts, _ := h.store.Tools(context.Background()); len(ts) != 34+14 {
		t.Errorf("%d tools stored, want 48", len(ts))
	}

	if page.Find(`[data-testid="import-warnings"] details[open]`).Length() != 1 {
		t.Error("18 warnings start folded")
	}
	// a long list of warnings folds under its count (firecrawl's two long
	// descriptions, once over the ceiling, import with a warning), and a
	// document with a refused tool previews the rest, the refused one
	// listed with its reasons beside the warnings
	fc, err := os.ReadFile("../catalog/testdata/servers/firecrawl-mcp.tools.json")
	if err != nil {
		t.Fatal(err)
	}
	res, html = admin.uploadImport("mcp", "firecrawl", fc)
	page = doc(html)
	if res.StatusCode != http.StatusOK || !strings.Contains(html, `data-testid="added-count">26<`) ||
		page.Find(`[data-testid="import-warnings"] tbody tr`).Length() != 314 || page.Find(`[data-testid="import-warnings"] details[open]`).Length() != 0 ||
		!strings.Contains(page.Find(`[data-testid="import-warnings"] summary`).Text(), "314 parameters") {
		t.Errorf("firecrawl: %d, %d rejected, %d warnings", res.StatusCode, page.Find(`[data-testid="rejected-reason"]`).Length(), page.Find(`[data-testid="import-warnings"] tbody tr`).Length())
	}
	broken := strings.Replace(string(file), `"name": "read_file"`, `"name": "read file"`, 1)
	res, html = admin.uploadImport("mcp", "fs2", []byte(broken))
	if res.StatusCode != http.StatusOK || !strings.Contains(doc(html).Find(`[data-testid="import-rejected"]`).Text(), "read file (not stored") || doc(html).Find(`[data-testid="import-warnings"] tbody tr`).Length() != 18 {
		t.Errorf("document with a refused name: %d", res.StatusCode)
	}
}

// TestHyphenatedToolsImportAndShow: the everything server's tools, named
// with hyphens as MCP allows, import through the web and each has its page.
func TestHyphenatedToolsImportAndShow(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	file, err := os.ReadFile("../catalog/testdata/servers/mcp-server-everything.tools.json")
	if err != nil {
		t.Fatal(err)
	}
	res, html := admin.uploadImport("mcp", "everything", file)
	if res.StatusCode != http.StatusOK || !strings.Contains(html, `data-testid="added-count">13<`) {
		t.Fatalf("preview: %d\n%s", res.StatusCode, doc(html).Find(`[data-testid="import-problems"]`).Text())
	}
	digest, _ := doc(html).Find(`input[name="digest"]`).Attr("value")
	res, _ = admin.post("/catalog/import/confirm", url.Values{"format": {"mcp"}, "namespace": {"everything"}, "digest": {digest}, "document": {string(file)}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("confirm: %d", res.StatusCode)
	}
	res, page := admin.get("/catalog/tools/everything.get-sum")
	if res.StatusCode != http.StatusOK || !strings.Contains(page.Find(`[data-testid="full-form"]`).Text(), "### everything.get-sum — ") {
		t.Errorf("tool page: %d\n%s", res.StatusCode, page.Find(`[data-testid="full-form"]`).Text())
	}
}

package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// namedTools call tools their service lacks in prose.
const namedTools = `{"tools": [
 {"name": "get_invoice", "description": "Returns one invoice by its number. Then call the archive invoice tool.", "inputSchema": {"type": "object", "properties": {"number": {"type": "string", "description": "The invoice number."}}}},
 {"name": "list_customers", "description": "Lists the customers of the account. Use export_customers_csv to download them all.", "inputSchema": {"type": "object", "properties": {"page": {"type": "string", "description": "The page."}}}},
 {"name": "get_customer", "description": "Returns one customer by id. Then call the notify customer tool.", "inputSchema": {"type": "object", "properties": {"id": {"type": "string", "description": "The customer id."}}}}
]}`

// TestReviewShowsToolsNamedInProse: the import preview and the review page
// list a tool a text calls that its service lacks — by a title in prose
// ("the archive invoice tool") or by its identifier ("use
// export_customers_csv") — as compose does once the tool is available,
// and a call of "the notify customer tool" is a tool, not
// paging.
func TestReviewShowsToolsNamedInProse(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	res, html := admin.uploadImport("mcp", "crm", []byte(namedTools))
	if res.StatusCode != http.StatusOK {
		t.Fatalf("preview: %d", res.StatusCode)
	}
	want := map[string]string{"crm.get_invoice": "archive invoice", "crm.list_customers": "export_customers_csv", "crm.get_customer": "notify customer"}
	check := func(where string, needs func(id string) *goquerySelection) {
		t.Helper()
		for id, tool := range want {
			got := strings.Join(strings.Fields(needs(id).Text()), " ")
			if !strings.Contains(got, "asks for a tool "+tool) || !strings.Contains(got, "connect a tool that does what “"+tool+"” does") {
				t.Errorf("%s %s: needs %q, want the tool %q", where, id, got, tool)
			}
			if strings.Contains(got, "paging") {
				t.Errorf("%s %s: a tool call read as paging: %q", where, id, got)
			}
		}
	}
	page := doc(html)
	check("preview", func(id string) *goquerySelection {
		return page.Find(`[data-testid="rendering-` + id + `"] [data-testid="need"]`)
	})
	digest, _ := page.Find(`input[name="digest"]`).Attr("value")
	res, _ = admin.post("/catalog/import/confirm", url.Values{"format": {"mcp"}, "namespace": {"crm"}, "digest": {digest}, "document": {namedTools}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("confirm: %d", res.StatusCode)
	}
	_, d := admin.get("/catalog/review")
	check("review page", func(id string) *goquerySelection {
		return d.Find(`[data-testid="review-tool-` + id + `"] [data-testid="need"]`)
	})
}

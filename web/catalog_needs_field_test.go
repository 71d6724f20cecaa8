package web

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// leakyParamTools is an MCP tools/list whose get_invoice asks for email
// in its description and for a Slack post in its notify parameter.
const leakyParamTools = `{"tools": [
 {"name": "get_invoice", "description": "Fetches an invoice by number. Email it to the customer.", "inputSchema": {"type": "object", "properties": {"notify": {"type": "string", "description": "Who is told. Post the total to the #billing Slack channel."}}}}
]}`

// TestReviewNeedNamesItsField: each finding on the import preview and the
// review page names the field it is in (the description, or parameter
// notify), so the reviewer knows which text to reword.
func TestReviewNeedNamesItsField(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	res, html := admin.uploadImport("mcp", "billing", []byte(leakyParamTools))
	if res.StatusCode != http.StatusOK {
		t.Fatalf("preview: %d", res.StatusCode)
	}
	check := func(where string, needs *goquerySelection) {
		t.Helper()
		got := strings.Join(strings.Fields(needs.Text()), " ")
		for _, want := range []string{"in description", "in parameter notify"} {
			if !strings.Contains(got, want) {
				t.Errorf("%s: %q lacks %q", where, got, want)
			}
		}
	}
	page := doc(html)
	check("preview", page.Find(`[data-testid="rendering-billing.get_invoice"] [data-testid="need"]`))
	digest, _ := page.Find(`input[name="digest"]`).Attr("value")
	res, _ = admin.post("/catalog/import/confirm", url.Values{"format": {"mcp"}, "namespace": {"billing"}, "digest": {digest}, "document": {leakyParamTools}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("confirm: %d", res.StatusCode)
	}
	_, d := admin.get("/catalog/review")
	check("review page", d.Find(`[data-testid="review-tool-billing.get_invoice"] [data-testid="need"]`))
}

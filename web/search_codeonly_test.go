package web

import (
	"strings"
	"testing"
)

// TestSearchNeverOffersCodeOnlyHelpers: search_tools and the forge's search
// preview never offer a code-only helper, exec or not: helpers are
// functions inside programs, reached through the code channel's catalog
// section, never callable from the next reply.
func TestSearchNeverOffersCodeOnlyHelpers(t *testing.T) {
	h := sqliteOnly(t)
	key := h.apiKey()
	codeOnly := []string{"load_table", "save_table", "describe_table", "emit_artifact", "report_progress"}
	queries := []string{"load a table into a dataframe", "save table", "describe table", "emit artifact publish file", "report progress"}
	for _, q := range queries {
		_, body := h.api("GET", "/api/v1/tools/search?agent=analyst&limit=25&q="+urlQueryEscape(q), key, nil)
		for _, id := range codeOnly {
			if strings.Contains(string(body), `"`+id+`"`) {
				t.Errorf("API search %q offered code-only %s: %s", q, id, body)
			}
		}
	}
	c := h.login("admin", adminPassword)
	_, d := c.get("/forge?agent=analyst&deferred=1")
	state, _ := d.Find(`input[name="state"]`).Attr("value")
	if !strings.Contains(forgeFullText(d), "search_tools") {
		t.Fatal("analyst's deferred forge has no search_tools")
	}
	for _, q := range queries {
		_, hits := c.getHX("/forge/search?q=" + urlQueryEscape(q) + "&state=" + urlQueryEscape(state))
		for _, id := range codeOnly {
			if strings.Contains(hits.Text(), id) {
				t.Errorf("forge search preview %q offered code-only %s", q, id)
			}
		}
	}
}

package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayBudgets: a profile's budgets bound a run's searches and
// calls (budget_exhausted past them, the upstream not called), the
// manifest states them, and the profile form refuses a budget that is not
// a whole number naming its field.
func TestGatewayBudgets(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		f := h.gatewayFixture("demo", up.URL, true)
		ctx := context.Background()
		p, err := h.store.ProfileBySlug(ctx, "gw")
		if err != nil {
			t.Fatal(err)
		}
		v, err := h.store.ProfileVersionAt(ctx, p.ID, p.CurrentVersion)
		if err != nil {
			t.Fatal(err)
		}
		ct := v.Content()
		ct.SearchBudget, ct.CallBudget, ct.Message = 2, 2, "budgets"
		if _, err := h.store.SaveProfileVersion(ctx, "admin", "gw", p.CurrentVersion, ct, h.knownToolIDs(), models.TokenTotals{}); err != nil {
			t.Fatal(err)
		}
		// the forge shows them in its budget fields
		_, doc := h.login("admin", adminPassword).get("/forge?agent=helper&profile=gw")
		sb, _ := doc.Find(`[data-testid="forge-search-budget"]`).Attr("value")
		cb, _ := doc.Find(`[data-testid="forge-call-budget"]`).Attr("value")
		if sb != "2" || cb != "2" {
			t.Errorf("forge budgets: searches %q, calls %q; want 2, 2", sb, cb)
		}
		cs, _ := f.connect(t, nil)
		if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "echo a text back"}, nil); isErr {
			t.Fatal(text)
		}
		if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "echo a text back"}, nil); isErr {
			t.Fatal(text)
		}
		if text, _ := call(t, cs, "search_tools", map[string]any{"query": "echo"}, nil); errType(text) != typeBudgetExhausted {
			t.Errorf("a third search: %s", text)
		}
		for i := range 3 {
			text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "x"}, nil)
			if i < 2 && isErr {
				t.Errorf("call %d: %s", i+1, text)
			}
			if i == 2 && errType(text) != typeBudgetExhausted {
				t.Errorf("a third call: %s", text)
			}
		}
		if up.Calls("echo") != 2 {
			t.Errorf("upstream calls %d, want 2", up.Calls("echo"))
		}
		res, b := h.api(http.MethodGet, "/api/v1/manifest?agent=helper", f.key, nil)
		var m struct {
			Budgets struct{ Searches, Calls *int }
		}
		if err := json.Unmarshal(b, &m); res.StatusCode != 200 || err != nil || m.Budgets.Calls == nil || *m.Budgets.Calls != 2 || m.Budgets.Searches == nil || *m.Budgets.Searches != 2 {
			t.Errorf("manifest %d %s", res.StatusCode, b)
		}
		admin := h.login("admin", adminPassword)
		_, page := admin.get("/profiles/gw")
		if got, _ := page.Find(`[data-testid="call-budget"]`).Attr("value"); got != "2" {
			t.Errorf("the profile form shows call budget %q", got)
		}
		form := url.Values{"tools": {strings.Join(ct.Tools, "\n")}, "tier": {ct.Tier}, "catalog_form": {ct.CatalogForm}, "deferred": {"1"}, "call_budget": {"lots"}, "base": {"2"}, "message": {"x"}}
		if res, doc := admin.post("/profiles/gw", form); res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(doc.Text(), "whole number") {
			t.Errorf("a bad budget: %d", res.StatusCode)
		}
	})
}

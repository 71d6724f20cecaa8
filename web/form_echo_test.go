package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// TestRefusedFormsEchoWhatWasTyped: a refused profile form (new or a new
// version) gives back each budget as typed, not the -1 a bad number reads
// as; the forge turns Save off while a budget is bad, and a refused save
// is the forge again with the draft and the errors by the form's labels.
func TestRefusedFormsEchoWhatWasTyped(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	check := func(what string, code int, sb, cb string) {
		t.Helper()
		if code != http.StatusUnprocessableEntity {
			t.Errorf("%s: %d, want 422", what, code)
		}
		if sb != "lots" || cb != "12abc" {
			t.Errorf("%s: the budget fields hold %q and %q, want what was typed (lots, 12abc)", what, sb, cb)
		}
	}
	res, d := admin.post("/profiles", url.Values{"slug": {"lean"}, "name": {"Lean"}, "tools": {"read_file"}, "tier": {"standard"}, "catalog_form": {"full"},
		"search_budget": {"lots"}, "call_budget": {" 12abc "}})
	check("new profile", res.StatusCode, d.Find(`#pf-sb`).AttrOr("value", ""), d.Find(`#pf-cb`).AttrOr("value", ""))

	p, err := h.store.ProfileBySlug(t.Context(), "data-analyst")
	if err != nil {
		t.Fatal(err)
	}
	res, d = admin.post("/profiles/data-analyst", url.Values{"base": {strconv.Itoa(p.CurrentVersion)}, "tools": {"read_file"}, "tier": {"standard"}, "catalog_form": {"full"},
		"search_budget": {"lots"}, "call_budget": {"12abc"}, "message": {"bad budgets"}})
	check("new version", res.StatusCode, d.Find(`#pf-sb`).AttrOr("value", ""), d.Find(`#pf-cb`).AttrOr("value", ""))

	_, f := admin.get("/forge?agent=analyst&profile=data-analyst&search_budget=abc&call_budget=-5")
	if _, off := f.Find(`[data-testid="save-draft"]`).Attr("disabled"); !off {
		t.Error("Save is enabled for a draft with bad budgets")
	}
	if !strings.Contains(f.Find(`[data-testid="save-blocked"]`).Text(), "budgets") {
		t.Errorf("the disabled Save does not say why: %q", f.Find(`[data-testid="save-blocked"]`).Text())
	}
	state := f.Find(`[data-testid="save-form"] input[name="state"]`).AttrOr("value", "")
	res, d = admin.post("/forge/save", url.Values{"state": {state}, "base": {strconv.Itoa(p.CurrentVersion)}, "message": {"budgets"}})
	msg := d.Find(`[data-testid="forge-error"]`).Text()
	if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(msg, "Searches per run: ") || !strings.Contains(msg, "Calls per run: ") || strings.Contains(msg, "search_budget:") {
		t.Errorf("refused forge save: %d, error %q; want the forge with both budgets named by their labels", res.StatusCode, msg)
	}
	if sb, cb := d.Find(`[data-testid="forge-search-budget"]`).AttrOr("value", ""), d.Find(`[data-testid="forge-call-budget"]`).AttrOr("value", ""); sb != "abc" || cb != "-5" {
		t.Errorf("the refused save lost the draft: budgets %q and %q, want abc and -5", sb, cb)
	}
}

package web

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
)

// TestForgeSetsBudgets: the forge edits a profile's budgets like its other
// levers: the fields show the saved version's budgets, a change is listed
// with the draft's changes and saved as a new version (a budget left alone
// is kept), and a bad value is named (search_budget) on the page and
// refused by the save with nothing stored.
func TestForgeSetsBudgets(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		admin := h.login("admin", adminPassword)
		budgets := func() (int, int, int) {
			t.Helper()
			p, err := h.store.ProfileBySlug(ctx, "data-analyst")
			if err != nil {
				t.Fatal(err)
			}
			vs, err := h.store.ProfileVersions(ctx, p.ID)
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range vs {
				if v.Version == p.CurrentVersion {
					return p.CurrentVersion, v.SearchBudget, v.CallBudget
				}
			}
			t.Fatalf("no version %d", p.CurrentVersion)
			return 0, 0, 0
		}
		save := func(query string, want int) string {
			t.Helper()
			base, _, _ := budgets()
			_, f := admin.get("/forge?agent=analyst&profile=data-analyst&" + query)
			state, ok := f.Find(`[data-testid="save-form"] input[name="state"]`).Attr("value")
			if !ok {
				t.Fatalf("%s: no save form", query)
			}
			res, d := admin.post("/forge/save", url.Values{"state": {state}, "base": {strconv.Itoa(base)}, "message": {"budgets"}})
			if res.StatusCode != want {
				t.Fatalf("%s: save answered %d, want %d: %s", query, res.StatusCode, want, d.Text())
			}
			return f.Text() + "\n" + d.Text()
		}
		_, f := admin.get("/forge?agent=analyst&profile=data-analyst")
		if f.Find(`input[name="search_budget"]`).Length() != 1 || f.Find(`input[name="call_budget"]`).Length() != 1 {
			t.Fatal("the forge has no budget fields")
		}
		page := save("search_budget=5&call_budget=7", http.StatusSeeOther)
		if !strings.Contains(page, "searches per run") {
			t.Errorf("the draft's changes do not list the budget: %q", page)
		}
		if _, sb, cb := budgets(); sb != 5 || cb != 7 {
			t.Fatalf("saved budgets %d/%d, want 5/7", sb, cb)
		}
		_, f = admin.get("/forge?agent=analyst&profile=data-analyst")
		if v, _ := f.Find(`input[name="call_budget"]`).Attr("value"); v != "7" {
			t.Errorf("call budget field shows %q, want the saved 7", v)
		}
		save("search_budget=3", http.StatusSeeOther)
		if _, sb, cb := budgets(); sb != 3 || cb != 7 {
			t.Fatalf("saved budgets %d/%d, want 3/7 (the call budget kept)", sb, cb)
		}
		before, _, _ := budgets()
		page = save("search_budget=lots", http.StatusUnprocessableEntity)
		if !strings.Contains(page, "search_budget") || !strings.Contains(page, "whole number") {
			t.Errorf("a bad budget is not named: %q", page)
		}
		if v, _, _ := budgets(); v != before {
			t.Errorf("a refused version was stored (v%d → v%d)", before, v)
		}
		if _, f := admin.get("/forge?agent=analyst&profile=data-analyst&search_budget=lots"); !strings.Contains(f.Find(`[data-testid="forge-note"]`).Text(), "search_budget") {
			t.Errorf("the forge does not name the bad budget in its notes")
		}
	})
}

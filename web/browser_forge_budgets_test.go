package web

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserForgeSetsBudgets: in the forge a person types a profile's
// budgets into their fields (at 1440 and 1024 px), sees the change listed
// with the draft's, and saves it as a new version.
func TestBrowserForgeSetsBudgets(t *testing.T) {
	h := sqliteOnly(t)
	ctx := browser(t)
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	for i, w := range []int64{1440, 1024} {
		n := fmt.Sprint(4 + i)
		err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 900), visit(h.srv.URL+"/forge?agent=analyst&profile=data-analyst"),
			setValue(`[data-testid="forge-search-budget"]`, ""), swaps(typeInto(`[data-testid="forge-search-budget"]`, n+"\t")), waitVisible(`[data-testid="save-draft"]:not([disabled])`), scrollTo(`[data-testid="forge-budgets"]`))
		if err != nil {
			t.Fatal(err)
		}
		screenshot(t, ctx, fmt.Sprintf("forge-budgets-%d", w))
		if got := text(t, ctx, `[data-testid="compare"]`); !strings.Contains(got, "searches per run none → "+n) && !strings.Contains(got, "searches per run 4 → "+n) {
			t.Errorf("at %d px the draft's changes read %q, want the search budget's", w, got)
		}
		if err := chromedp.Do(ctx, typeInto(`[data-testid="save-form"] input[name="message"]`, "budget"), navigates(click(`[data-testid="save-draft"]`))); err != nil {
			t.Fatal(err)
		}
		p, err := h.store.ProfileBySlug(context.Background(), "data-analyst")
		if err != nil {
			t.Fatal(err)
		}
		v, err := h.store.ProfileVersionAt(context.Background(), p.ID, p.CurrentVersion)
		if err != nil {
			t.Fatal(err)
		}
		if v.SearchBudget != 4+i {
			t.Errorf("at %d px the saved version has %d searches per run, want %s", w, v.SearchBudget, n)
		}
	}
}

package web

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserDashboardCardsShareTheirRows: an admin's dashboard has seven
// counts; at 1024 px six fit a row and the seventh stood alone below
// them. The cards' rows are balanced at 1440 and 1024 px: no row holds
// more than one card more than another. Screenshots at both.
func TestBrowserDashboardCardsShareTheirRows(t *testing.T) {
	h := sqliteOnly(t)
	ctx := browser(t)
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	const rows = `(() => {
		const by = new Map();
		for (const c of document.querySelectorAll('.cards > .card')) {
			const top = Math.round(c.getBoundingClientRect().top);
			by.set(top, (by.get(top) || 0) + 1);
		}
		return [...by.keys()].sort((a, b) => a - b).map(k => by.get(k));
	})()`
	for _, w := range []int64{1440, 1024} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 900), visit(h.srv.URL+"/"), waitVisible(`[data-testid="users-count"]`)); err != nil {
			t.Fatal(err)
		}
		got, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](rows))
		if err != nil {
			t.Fatal(err)
		}
		least, most, all := 1<<30, 0, 0
		for _, n := range got {
			least, most, all = min(least, n), max(most, n), all+n
		}
		if all != 7 || most-least > 1 {
			t.Errorf("at %d px the dashboard's cards per row are %v, want seven in balanced rows", w, got)
		}
		screenshot(t, ctx, fmt.Sprintf("dashboard-cards-%d", w))
	}
}

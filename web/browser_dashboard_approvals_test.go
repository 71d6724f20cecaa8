package web

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserDashboardApprovals: a reviewer's dashboard with approval
// requests waiting (a long summary, a deny-only note) fits at 1440 and
// 1024 px: the page does not scroll sideways, and no item runs past its
// panel. Screenshots at both.
func TestBrowserDashboardApprovals(t *testing.T) {
	h := sqliteOnly(t)
	waitingApprovalsFixture(t, h)
	ctx := browser(t)
	browserLogin(t, ctx, h.srv.URL, "bob", "bob-password")
	const itemOver = `(() => {
		const p = document.querySelector('[data-testid="approvals-waiting-list"]').getBoundingClientRect();
		for (const el of document.querySelectorAll('[data-testid="approval-waiting-item"], [data-testid="approval-waiting-item"] *')) {
			if (el.getBoundingClientRect().right > p.right + 1) return el.textContent.trim().slice(0, 60);
		}
		return "";
	})()`
	for _, w := range []int64{1440, 1024} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 900), visit(h.srv.URL+"/"), waitVisible(`[data-testid="approvals-waiting-list"]`)); err != nil {
			t.Fatal(err)
		}
		sideways, err := chromedp.Run(ctx, chromedp.Evaluate[int](overflowX))
		if err != nil {
			t.Fatal(err)
		}
		if sideways > 0 {
			t.Errorf("at %d px the dashboard scrolls sideways by %d px", w, sideways)
		}
		if over, err := chromedp.Run(ctx, chromedp.Evaluate[string](itemOver)); err != nil || over != "" {
			t.Errorf("at %d px an approval request runs past its panel: %q %v", w, over, err)
		}
		screenshot(t, ctx, fmt.Sprintf("dashboard-approvals-%d", w))
	}
}

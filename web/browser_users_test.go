package web

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/agentforge/console/models"
)

// usersRowsOneLine reports, for the users table, the first row whose role
// checkboxes and their Save button do not share one line, or whose user
// name wraps ("" when every row keeps to one line).
const usersRowsOneLine = `(() => {
	for (const tr of document.querySelectorAll('[data-testid="users-table"] tbody tr')) {
		const user = tr.querySelector('[data-testid="user-name"]');
		if (!user) return tr.dataset.testid + ": no user name";
		const r = document.createRange();
		r.selectNodeContents(user);
		if (new Set([...r.getClientRects()].map(b => Math.round(b.top))).size !== 1) return tr.dataset.testid + ": the user name wraps";
		const items = [...tr.querySelectorAll('[data-testid="role-form"] label, [data-testid="role-form"] button')];
		if (items.length < 5) return tr.dataset.testid + ": no role form";
		const tops = items.map(e => Math.round(e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2));
		if (Math.max(...tops) - Math.min(...tops) > 4) return tr.dataset.testid + ": the roles wrap onto " + new Set(tops).size + " lines";
	}
	const t = document.querySelector('[data-testid="users-table"]');
	if (t.getBoundingClientRect().right > t.parentElement.getBoundingClientRect().right + 1) return "the table overflows its panel by " + Math.round(t.getBoundingClientRect().right - t.parentElement.getBoundingClientRect().right) + " px";
	return "";
})()`

// TestBrowserUsersTableFits: at 1440 and 1024 px each user's roles and
// their Save button stay on one line, names do not wrap and the table
// stays inside its panel; the password form opens on demand.
func TestBrowserUsersTableFits(t *testing.T) {
	h := sqliteOnly(t)
	h.addUser("reviewer-with-a-long-name", models.RoleReviewer, models.RoleEditor)
	ctx := browserWithin(t, 2*time.Minute)
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	for _, width := range []int{1440, 1024} {
		step(t, ctx, "users", chromedp.EmulateViewport(int64(width), 900), visit(h.srv.URL+"/users"), waitVisible(`[data-testid="users-table"]`))
		screenshot(t, ctx, fmt.Sprintf("users-%d", width))
		bad, err := chromedp.Run(ctx, chromedp.Evaluate[string](usersRowsOneLine))
		if err != nil {
			t.Fatal(err)
		}
		if bad != "" {
			t.Errorf("%d px: %s", width, bad)
		}
	}
	// the password form is there on demand
	step(t, ctx, "open password form", click(`[data-testid="user-demo-editor"] [data-testid="password-toggle"]`),
		waitVisible(`[data-testid="user-demo-editor"] input[name="password"]`))
}

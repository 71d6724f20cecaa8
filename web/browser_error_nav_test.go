package web

import (
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/agentforge/console/models"
)

// TestBrowserErrorPagesKeepTheNav: a signed-in person who lands on an
// error page (a guessed address that does not exist, a page their roles
// do not open) still has the navigation bar of every other page, with
// the links their roles open, to go on from.
func TestBrowserErrorPagesKeepTheNav(t *testing.T) {
	h := sqliteOnly(t)
	h.addUser("rita", models.RoleReviewer)
	for _, c := range []struct{ user, pw, path, link string }{
		{"admin", adminPassword, "/tools/read_file", `header.top nav a[href="/connections"]`},
		{"rita", "rita-password", "/users", `header.top nav a[href="/catalog"]`},
	} {
		ctx := browser(t)
		browserLogin(t, ctx, h.srv.URL, c.user, c.pw)
		step(t, ctx, c.path, visit(h.srv.URL+c.path), waitVisible(`h1`))
		if n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('header.top nav a').length`)); err != nil || n == 0 {
			t.Errorf("%s as %s: the error page has no navigation links (%v)", c.path, c.user, err)
		}
		step(t, ctx, "the nav link", waitVisible(c.link))
		screenshot(t, ctx, "error-nav-"+c.user)
	}
}

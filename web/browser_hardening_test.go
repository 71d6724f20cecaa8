package web

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/agentforge/console/models"
)

// TestBrowserRestoreWithoutTokenInURL: in a real browser the
// profile page's Compare button submits a GET without the CSRF token, and
// a Restore button (outside that form now) still restores; a viewer's
// dashboard shows no audit feed. Screenshots at 1440 and 1024 px.
func TestBrowserRestoreWithoutTokenInURL(t *testing.T) {
	h := sqliteOnly(t)
	h.addUser("vera", models.RoleViewer)
	ctx := browser(t)
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	if err := chromedp.Do(ctx, visit(h.srv.URL+"/profiles/data-analyst"), waitVisible(`[data-testid="history"]`)); err != nil {
		t.Fatal(err)
	}
	for _, w := range []int64{1440, 1024} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 900)); err != nil {
			t.Fatal(err)
		}
		screenshot(t, ctx, fmt.Sprintf("hardening-profile-%d", w))
	}
	if err := chromedp.Do(ctx, navigates(click(`form.filters button[type="submit"]:not([form])`))); err != nil {
		t.Fatal(err)
	}
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(loc, "/diff") || strings.Contains(loc, "_csrf") {
		t.Fatalf("compare went to %s", loc)
	}
	if err := chromedp.Do(ctx, visit(h.srv.URL+"/profiles/data-analyst"), waitVisible(`[data-testid="restore-1"]`),
		navigates(click(`[data-testid="restore-1"]`)), waitVisible(`[data-testid="version-3"]`)); err != nil {
		t.Fatalf("restore: %v", err)
	}
	p, _ := h.store.ProfileBySlug(context.Background(), "data-analyst")
	if p.CurrentVersion != 3 {
		t.Fatalf("restore made v%d", p.CurrentVersion)
	}
	v := browser(t)
	browserLogin(t, v, h.srv.URL, "vera", "vera-password")
	screenshot(t, v, "hardening-dashboard-viewer-1440")
	if n, _ := chromedp.Run(v, chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="recent-changes"]').length`)); n != 0 {
		t.Error("the viewer's dashboard shows the audit feed")
	}
}

package web

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/agentforge/console/models"
)

// TestBrowserImportShowsRejectedTools: an admin uploads a server file
// with one tool the console refuses (the README's example); the preview
// lists it with its reason beside the warnings, inside the window at 1440
// and 1024 px, and after the import its tool page shows why and the
// descriptor as sent, and the review page lists it.
func TestBrowserImportShowsRejectedTools(t *testing.T) {
	h := sqliteOnly(t)
	h.addUser("rita", models.RoleReviewer)
	ctx := browser(t)
	base := h.srv.URL
	file, _ := filepath.Abs("../catalog/testdata/readme/acme-tools.json")
	browserLogin(t, ctx, base, "admin", adminPassword)
	if err := chromedp.Do(ctx,
		visit(base+"/catalog/import"),
		setValue(`#format`, "mcp"),
		typeInto(`#namespace`, "acme"),
		upload(`#file`, []string{file}),
		navigates(submit(`#namespace`)),
		waitVisible(`[data-testid="import-rejected"]`),
	); err != nil {
		t.Fatal(err)
	}
	if rj := text(t, ctx, `[data-testid="import-rejected"]`); !strings.Contains(rj, "acme.close_ticket") || !strings.Contains(rj, `"wontfix" is not one of the enum values`) {
		t.Errorf("rejected list %q", rj)
	}
	fitsAt(t, ctx, `[data-testid="import-rejected"]`, "import-rejected")
	if err := chromedp.Do(ctx, navigates(click(`[data-testid="confirm-import"]`))); err != nil {
		t.Fatal(err)
	}
	ctx = browser(t) // the reviewer's own session
	browserLogin(t, ctx, base, "rita", "rita-password")
	if err := chromedp.Do(ctx, visit(base+"/catalog/tools/acme.close_ticket"), waitVisible(`[data-testid="tool-rejection"]`)); err != nil {
		t.Fatal(err)
	}
	if rj := text(t, ctx, `[data-testid="tool-rejection"]`); !strings.Contains(rj, "inputSchema.reason.default") {
		t.Errorf("tool page %q", rj)
	}
	fitsAt(t, ctx, `[data-testid="tool-rejection"]`, "tool-rejected")
	if err := chromedp.Do(ctx, visit(base+"/catalog/review"), waitVisible(`[data-testid="review-rejected"]`)); err != nil {
		t.Fatal(err)
	}
	fitsAt(t, ctx, `[data-testid="review-rejected"]`, "review-rejected")
}

// fitsAt checks at 1440 and 1024 px that sel lies inside the window, and
// takes a screenshot of the page at each width.
func fitsAt(t *testing.T, ctx context.Context, sel, name string) {
	t.Helper()
	for _, width := range []int64{1440, 1024} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 900), scrollTo(sel)); err != nil {
			t.Fatal(err)
		}
		fits, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const r = document.querySelector('`+sel+`').getBoundingClientRect(); return r.left >= 0 && r.right <= document.documentElement.clientWidth && document.documentElement.scrollWidth <= document.documentElement.clientWidth })()`))
		if err != nil || !fits {
			t.Errorf("at %d px %s overflows the window (%v)", width, sel, err)
		}
		viewportShot(t, ctx, name+"-"+map[int64]string{1440: "1440", 1024: "1024"}[width])
	}
}

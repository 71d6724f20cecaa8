package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserForgeRosterCount: on the analyst's forge, switching exec
// off leaves its code-only helpers in the roster saying "needs exec"; the
// header, swapped in place, counts only the tools that reach the model
// and says how many wait for exec (1440 and 1024 px).
func TestBrowserForgeRosterCount(t *testing.T) {
	h := sqliteOnly(t)
	ctx := browser(t)
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	if err := chromedp.Do(ctx, visit(h.srv.URL+"/forge?agent=analyst"), waitVisible(`[data-testid="roster-count"]`)); err != nil {
		t.Fatal(err)
	}
	before := text(t, ctx, `[data-testid="roster-count"]`)
	if err := chromedp.Do(ctx, swaps(click(`[data-testid="lever-tool:exec"] input`)),
		waitJS(`document.querySelector('[data-testid="lever-tool:exec"] .lever-state:not([data-on])') !== null`)); err != nil {
		t.Fatal(err)
	}
	after := strings.Join(strings.Fields(text(t, ctx, `[data-testid="roster-count"]`)), " ")
	screenshot(t, ctx, "forge-roster-count-1440")
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1024, 900)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "forge-roster-count-1024")
	if strings.Contains(before, "wait") || !strings.HasSuffix(after, "tools wait for exec") || !strings.Contains(after, "declared tools reach the model") {
		t.Errorf("roster count with exec on %q, off %q; want the helpers waiting for exec only with it off", before, after)
	}
}

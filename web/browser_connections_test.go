package web

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestBrowserConnectionEdit: on the Connections page at 1440 and 1024 px
// a connection's edit form opens under its row without pushing the table
// out of its panel, saving it changes the secret (never shown) and
// flashes what the sync did, and Remove (after its confirmation) takes
// the connection away.
func TestBrowserConnectionEdit(t *testing.T) {
	h := sqliteOnly(t)
	h.store.SetSealKey([]byte("a-test-key-of-at-least-thirty-two-bytes"))
	up := upstreamtest.New()
	defer up.Close()
	fitGateway(t, h)
	admin := h.login("admin", adminPassword)
	if res, _ := admin.post("/connections", url.Values{"name": {"demo"}, "url": {up.URL}, "headers": {"X-Key=old-secret-1"}}); res.StatusCode != 303 {
		t.Fatalf("add: %d", res.StatusCode)
	}
	ctx := browser(t)
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	for _, width := range []int{1440, 1024} {
		step(t, ctx, "open", chromedp.EmulateViewport(int64(width), 900), visit(h.srv.URL+"/connections"), waitVisible(`[data-testid="connection-demo"]`),
			click(`[data-testid="connection-edit-demo"] summary`), waitVisible(`[data-testid="connection-edit-demo"] textarea[name="headers"]`))
		screenshot(t, ctx, fmt.Sprintf("connections-edit-%d", width))
		if tbl, _ := chromedp.Run(ctx, chromedp.Evaluate[string](tableOverflow)); tbl != "" {
			t.Errorf("at %d px with the edit form open: %s runs past its panel", width, tbl)
		}
		if over, _ := chromedp.Run(ctx, chromedp.Evaluate[int](overflowX)); over > 0 {
			t.Errorf("at %d px the page scrolls sideways by %d px", width, over)
		}
	}
	step(t, ctx, "edit", typeInto(`[data-testid="connection-edit-demo"] textarea[name="headers"]`, "X-Key=new-secret-2"),
		navigates(click(`[data-testid="connection-edit-demo"] button[type="submit"]`)), waitVisible(`.flash`))
	if flash := text(t, ctx, `.flash`); !strings.Contains(flash, "Changed demo.") {
		t.Errorf("flash after the edit: %q", flash)
	}
	if up.Header().Get("X-Key") != "new-secret-2" {
		t.Errorf("the upstream got X-Key %q after the edit", up.Header().Get("X-Key"))
	}
	html, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.documentElement.outerHTML`))
	if strings.Contains(html, "new-secret-2") || strings.Contains(html, "old-secret-1") {
		t.Error("the page shows a secret value")
	}
	chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](`window.confirm = () => true`))
	step(t, ctx, "remove",
		navigates(click(`[data-testid="connection-demo"] [data-testid="connection-remove"] button`)), waitVisible(`.flash`))
	if flash := text(t, ctx, `.flash`); !strings.Contains(flash, "Removed demo: 3 tools left the catalog") {
		t.Errorf("flash after the removal: %q", flash)
	}
	if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="connection-demo"]').length`)); n != 0 {
		t.Error("the removed connection is still listed")
	}
}

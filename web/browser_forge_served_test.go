package web

import (
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestBrowserForgeMarksServedTools: in the forge, each tool row an MCP
// connection serves carries the MCP mark, visible in its service's open
// group, at 1440 and 1024 px (screenshots forge-served-1440 and
// forge-served-1024, looked at).
func TestBrowserForgeMarksServedTools(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	h.gatewayFixture("demo", up.URL, true)
	ctx := browser(t)
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	// a connected service's group is open (its tool levers in sight)
	if err := chromedp.Do(ctx, visit(h.srv.URL+"/forge?agent=helper&profile=gw"), waitVisible(`[data-testid="served-demo"]`),
		waitVisible(`[data-testid="served-tool-demo.echo"]`)); err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"demo.echo", "demo.remember", "demo.slow"} {
		if got := text(t, ctx, `[data-testid="served-tool-`+id+`"]`); got != "MCP" {
			t.Errorf("%s row mark %q", id, got)
		}
	}
	screenshot(t, ctx, "forge-served-1440")
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1024, 900), waitVisible(`[data-testid="served-tool-demo.slow"]`)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "forge-served-1024")
}

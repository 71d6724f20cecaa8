package web

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestBrowserConnectionStatusDown: on the
// Connections page in a browser, at 1440 and 1024 px, a connection whose
// server stopped shows "error", when it failed, why and what to do, and
// the table stays inside its panel.
func TestBrowserConnectionStatusDown(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	f := h.gatewayFixture("demo", up.URL, false)
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
	up.Close()
	if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "hi"}, nil); !isErr {
		t.Fatalf("a call to a stopped server: %s", text)
	}
	// the status is written beside the call: wait for it in the store
	// before the page is read (a condition, not a fixed sleep)
	for deadline := time.Now().Add(30 * time.Second); ; {
		c, err := h.store.ConnectionByName(context.Background(), "demo")
		if err == nil && c.ContactError != "" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the failed call's status was never written: %+v %v", c, err)
		}
		<-time.After(20 * time.Millisecond) // poll the condition
	}
	ctx := browser(t)
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	for _, width := range []int{1440, 1024} {
		step(t, ctx, "open", chromedp.EmulateViewport(int64(width), 900), visit(h.srv.URL+"/connections"), waitVisible(`[data-testid="connection-demo"]`))
		text := func(id string) string {
			v, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`(document.querySelector('[data-testid="connection-demo"] [data-testid="`+id+`"]')||{}).innerText||""`))
			return strings.TrimSpace(v)
		}
		status, contact, fix := text("connection-status"), text("connection-contact"), text("connection-fix")
		screenshot(t, ctx, fmt.Sprintf("connections-status-down-%d", width))
		if status != "error" || !strings.HasPrefix(contact, "failed ") || !strings.Contains(fix, "console connection sync demo") {
			t.Errorf("at %d px: status %q, contact %q, fix %q", width, status, contact, fix)
		}
		if tbl, _ := chromedp.Run(ctx, chromedp.Evaluate[string](tableOverflow)); tbl != "" {
			t.Errorf("at %d px: %s runs past its panel", width, tbl)
		}
		if over, _ := chromedp.Run(ctx, chromedp.Evaluate[int](overflowX)); over > 0 {
			t.Errorf("at %d px the page scrolls sideways by %d px", width, over)
		}
	}
}

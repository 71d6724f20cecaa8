package web

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserGatewayRunPage: a gateway run with a carried activation and
// a surface change fits its page at 1440 and 1024 px (no table past its
// box), with the change explained above the table. Screenshots at both.
func TestBrowserGatewayRunPage(t *testing.T) {
	h := sqliteOnly(t)
	run := gatewayRunWithACarry(t, h)
	ctx := browser(t)
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	for _, w := range []int64{1440, 1024} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 900), visit(h.srv.URL+"/runs/"+run), waitVisible(`[data-testid="run-surfaces"]`)); err != nil {
			t.Fatal(err)
		}
		over, err := chromedp.Run(ctx, chromedp.Evaluate[string](tableOverflow))
		if err != nil {
			t.Fatal(err)
		}
		if over != "" {
			t.Errorf("at %d px %s runs past its box", w, over)
		}
		if w == 1440 {
			screenshot(t, ctx, "run-gateway")
		} else {
			screenshot(t, ctx, "run-gateway-1024")
		}
	}
}

package web

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
)

// headerFitJS names the first way the header fails a person: the product
// name hidden, shortened or clipped, or a tab out of sight (scrolled away
// inside the bar or past the window); "" when it fits.
const headerFitJS = `(() => {
	const b = document.querySelector("header.top .brand");
	if (!b || b.offsetParent === null) return "the product name is hidden";
	const name = b.innerText.trim();
	if (name !== "Agent Forge Console") return "the product name reads " + JSON.stringify(name);
	if (b.scrollWidth > b.clientWidth + 1) return "the product name is clipped";
	const r = b.getBoundingClientRect();
	if (r.left < 0 || r.right > innerWidth) return "the product name is off screen";
	if (r.height > 30) return "the product name wraps";
	const nav = document.querySelector("header.top nav");
	if (nav.scrollWidth > nav.clientWidth + 1) return "the tabs scroll: some are out of sight";
	for (const a of nav.querySelectorAll("a")) {
		const q = a.getBoundingClientRect();
		if (q.width === 0 || q.left < 0 || q.right > innerWidth) return "tab " + a.innerText + " is out of sight";
	}
	return "";
})()`

// TestBrowserProductNameKept: at 1440 and 1024 px the header keeps the
// whole product name on one line and every tab in sight (at 1024 the
// name was hidden and tabs scrolled out of the bar).
func TestBrowserProductNameKept(t *testing.T) {
	h := sqliteOnly(t)
	ctx := browser(t)
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	for _, w := range []int64{1440, 1024} {
		for _, p := range []struct{ name, path string }{{"agent", "/agents/researcher"}, {"profiles", "/profiles"}, {"profile", "/profiles/web-research"}} {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 900), visit(h.srv.URL+p.path), waitVisible(`main`)); err != nil {
				t.Fatal(err)
			}
			why, err := chromedp.Run(ctx, chromedp.Evaluate[string](headerFitJS))
			if err != nil {
				t.Fatal(err)
			}
			if why != "" {
				t.Errorf("%s at %d px: %s", p.path, w, why)
			}
			screenshot(t, ctx, fmt.Sprintf("rev27b-%s-%d", p.name, w))
		}
	}
}

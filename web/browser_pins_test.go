package web

import (
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserCodeOnlyPinIsExplained: at 1440 px, the profile form refuses
// a code-only pin with its error under the pins field, and the forge
// names the ignored pin and why; both messages are shown whole, inside
// the window (screenshots profile-pin-error-1440, forge-pin-note-1440).
func TestBrowserCodeOnlyPinIsExplained(t *testing.T) {
	h := sqliteOnly(t)
	ctx := browser(t)
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	inside := func(sel string) {
		t.Helper()
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const e = document.querySelector('`+sel+`'); if (!e) return false;
			const r = e.getBoundingClientRect(); return r.width > 0 && r.left >= 0 && r.right <= window.innerWidth && e.scrollWidth <= e.clientWidth + 1 })()`))
		if err != nil || !ok {
			t.Errorf("%s is not shown whole inside the window (%v)", sel, err)
		}
	}
	err := chromedp.Do(ctx, visit(h.srv.URL+"/profiles"),
		setValue(`#pf-slug`, "pinned"), setValue(`#pf-name`, "Pinned"), setValue(`#pf-tools`, "exec\nload_table\nread_file"),
		setValue(`input[name="pins"]`, "load_table"),
		navigates(submit(`#pf-name`)), waitVisible(`[data-testid="error-pins"]`), scrollTo(`[data-testid="error-pins"]`))
	if err != nil {
		t.Fatal(err)
	}
	inside(`[data-testid="error-pins"]`)
	screenshot(t, ctx, "profile-pin-error-1440")
	if err := chromedp.Do(ctx, visit(h.srv.URL+"/forge?agent=analyst&profile=data-analyst&deferred=1&pins=load_table"), waitVisible(`[data-testid="forge-note"]`), scrollTo(`[data-testid="forge-note"]`)); err != nil {
		t.Fatal(err)
	}
	inside(`[data-testid="forge-note"]`)
	screenshot(t, ctx, "forge-pin-note-1440")
}

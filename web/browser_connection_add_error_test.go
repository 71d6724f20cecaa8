package web

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// errorBoxJS names the first field error on the page that does not read
// whole: drawn as several boxes (an inline box whose wrapped lines are
// drawn over one another), running past its form, or cut; "" when every
// one reads whole.
const errorBoxJS = `(() => {
	for (const el of document.querySelectorAll('[data-testid^="error-"]')) {
		if (el.offsetParent === null) continue;
		const rects = el.getClientRects();
		if (rects.length !== 1) return el.dataset.testid + " is drawn as " + rects.length + " boxes (its wrapped lines overlap)";
		const r = rects[0], f = el.closest("form").getBoundingClientRect();
		if (r.left < f.left - 1 || r.right > f.right + 1) return el.dataset.testid + " runs past its form";
		if (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1) return el.dataset.testid + " is cut";
	}
	return "";
})()`

// TestBrowserConnectionAddErrorReadable: at 1440 and 1024 px a failed
// add's long error (why the server did not start, its stderr) reads under
// its field: one box inside the form, nothing cut, the stderr's text whole;
// the emptied secret box says its value was not kept (type it again).
func TestBrowserConnectionAddErrorReadable(t *testing.T) {
	h := sqliteOnly(t)
	h.store.SetSealKey([]byte("a-test-key-of-at-least-thirty-two-bytes"))
	ctx := browser(t)
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	missing := "/home/someone/projects/console/mcp/node_modules/some-server/build/a-rather-long-entry-point.js"
	cmd := `sh -c "echo node:internal/modules/cjs/loader:1228 >&2; echo Error: Cannot find module ` + missing + ` >&2; echo Require stack: - /home/someone/projects/console/mcp/node_modules/some-server/build/index.js >&2; exit 1"`
	form := `[data-testid="connection-form"] `
	for _, w := range []int64{1440, 1024} {
		step(t, ctx, "add a broken server", chromedp.EmulateViewport(w, 900), visit(h.srv.URL+"/connections"),
			setValue(form+`input[name="name"]`, "broken"), setValue(form+`input[name="command"]`, cmd), setValue(form+`textarea[name="env"]`, "MY_SERVICE_PASSWORD=pw-5521"),
			navigates(submit(form+`input[name="name"]`)), waitVisible(`[data-testid="error-command"]`), scrollTo(`[data-testid="error-command"]`))
		screenshot(t, ctx, fmt.Sprintf("connection-add-error-%d", w))
		why, err := chromedp.Run(ctx, chromedp.Evaluate[string](errorBoxJS))
		if err != nil {
			t.Fatal(err)
		}
		if why != "" {
			t.Errorf("at %d px: %s", w, why)
		}
		if got := text(t, ctx, `[data-testid="retype-env"]`); !strings.Contains(got, "type them again") && !strings.Contains(got, "Type them again") {
			t.Errorf("at %d px the emptied secret box says %q, want that its value was not kept", w, got)
		}
		if got := text(t, ctx, `[data-testid="error-command"]`); !strings.Contains(got, missing) {
			t.Errorf("at %d px the error reads %q, want the stderr's missing module", w, got)
		}
	}
}

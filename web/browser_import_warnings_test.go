package web

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserImportShowsWarnings: an admin uploads the official filesystem
// server's tools/list as it is; the preview lists its 18 undescribed
// parameters as warnings above the confirm button, inside the window at
// 1440 and 1024 px, and the read_text_file rendering shows the result's
// structure under Returns.
func TestBrowserImportShowsWarnings(t *testing.T) {
	h := sqliteOnly(t)
	ctx := browser(t)
	base := h.srv.URL
	file, _ := filepath.Abs("../catalog/testdata/servers/mcp-server-filesystem.tools.json")
	browserLogin(t, ctx, base, "admin", adminPassword)
	sel := `[data-testid="rendering-filesystem.read_text_file"]`
	if err := chromedp.Do(ctx,
		visit(base+"/catalog/import"),
		setValue(`#format`, "mcp"),
		typeInto(`#namespace`, "filesystem"),
		upload(`#file`, []string{file}),
		navigates(submit(`#namespace`)),
		waitVisible(`[data-testid="import-warnings"]`),
	); err != nil {
		t.Fatal(err)
	}
	rows, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="import-warnings"] tbody tr').length`))
	if err != nil || rows != 18 {
		t.Fatalf("%d warning rows (%v), want 18", rows, err)
	}
	if w := text(t, ctx, `[data-testid="import-warnings"] strong`); !strings.Contains(w, "18 warnings") || !strings.Contains(w, "no description") {
		t.Errorf("warning header %q", w)
	}
	for _, width := range []int64{1440, 1024} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(width, 900)); err != nil {
			t.Fatal(err)
		}
		fits, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const r = document.querySelector('[data-testid="import-warnings"]').getBoundingClientRect(); return r.left >= 0 && r.right <= document.documentElement.clientWidth })()`))
		if err != nil || !fits {
			t.Errorf("at %d px the warnings overflow the window (%v)", width, err)
		}
		viewportShot(t, ctx, "import-warnings-"+map[int64]string{1440: "1440", 1024: "1024"}[width])
	}
	if err := chromedp.Do(ctx, click(sel+` summary`), waitVisible(sel+` [data-testid="rendering-full"]`), scrollTo(sel)); err != nil {
		t.Fatal(err)
	}
	if full := textContent(t, ctx, sel+` [data-testid="rendering-full"]`); !strings.Contains(full, "Returns (no other properties):\n- `content` (string, required)") {
		t.Errorf("the preview's full form lacks the result's structure:\n%s", full)
	}
	viewportShot(t, ctx, "import-warnings-rendering")
}

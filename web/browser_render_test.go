package web

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
)

// TestBrowserImportPreviewRendering: a reviewer opens one added tool on the
// import preview and reads exactly the text the agent will get, at 1440 and
// 1024 px.
func TestBrowserImportPreviewRendering(t *testing.T) {
	h := sqliteOnly(t)
	ctx := browser(t)
	base := h.srv.URL
	fixturePath, _ := filepath.Abs(catalogtest.FixturePath())
	var want catalog.Contract
	for _, c := range catalogtest.GitHub(t) {
		if c.ID == "github.projects_write" {
			want = c
		}
	}
	browserLogin(t, ctx, base, "admin", adminPassword)
	sel := `[data-testid="rendering-github.projects_write"]`
	if err := chromedp.Do(ctx,
		visit(base+"/catalog/import"),
		setValue(`#format`, "mcp"),
		typeInto(`#namespace`, "github"),
		upload(`#file`, []string{fixturePath}),
		navigates(submit(`#namespace`)),
		waitVisible(`[data-testid="import-renderings"]`),
		click(sel+` summary`),
		waitVisible(sel+` [data-testid="rendering-compact"]`),
		scrollTo(sel),
	); err != nil {
		t.Fatal(err)
	}
	compact := textContent(t, ctx, sel+` [data-testid="rendering-compact"]`)
	full := textContent(t, ctx, sel+` [data-testid="rendering-full"]`)
	if compact != catalog.RenderCompact(want) || full != catalog.RenderFull(want) {
		t.Fatal("the preview does not show the text the agent gets")
	}
	viewportShot(t, ctx, "import-preview-rendering-1440")
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1024, 900), scrollTo(sel)); err != nil {
		t.Fatal(err)
	}
	viewportShot(t, ctx, "import-preview-rendering-1024")
}

// viewportShot saves what the window shows (the preview page is long).
func viewportShot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot %s: %v", name, err)
	}
	if err := os.WriteFile(filepath.Join(artifactDir(t), name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}

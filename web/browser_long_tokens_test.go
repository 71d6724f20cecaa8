package web

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
)

// panelScrolls names the first visible panel whose content is wider than
// it (a panel scrolls sideways rather than spill), or "".
const panelScrolls = `(() => {
	for (const p of document.querySelectorAll("main .panel")) {
		if (p.offsetParent === null) continue;
		const over = p.scrollWidth - p.clientWidth;
		if (over > 1) return (p.dataset.testid || p.className) + " scrolls sideways by " + over + " px";
	}
	return "";
})()`

// TestBrowserLongTokensStayInTheirPanel: a long unbroken token (the
// subject of one review of a published server's 37 tools, a long subject
// id on an approval request, a long tool id) wraps inside its cell: at
// 1440 and 1024 px the audit log, the dashboard, the approvals page, the
// tool review page and the tool's page scroll nowhere sideways, no table
// runs past its panel and no panel scrolls (screenshots
// artifacts/screenshots/long-WIDTH-NAME.png).
func TestBrowserLongTokensStayInTheirPanel(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	var ids []string
	for i := 0; i < 37; i++ {
		ids = append(ids, fmt.Sprintf("everything.get-annotated-message-%02d", i))
	}
	long := "tools:" + strings.Join(ids, ",")
	if err := h.store.Audit(ctx, models.Event{Actor: "rita", Action: "tool.available", Subject: long, Detail: "reviewed and made available"}); err != nil {
		t.Fatal(err)
	}
	key := h.runtimeKey()
	subject := map[string]any{"id": strings.Repeat("contractor-with-a-very-long-id-", 4), "groups": []string{"contractors"}}
	req := map[string]any{"agent": "analyst", "tool": "workspace_write", "subject": subject, "summary": "Save " + strings.Repeat("reports/quarterly/", 8) + "q3.md"}
	if res, out := h.api(http.MethodPost, "/api/v1/approvals", key, req); res.StatusCode != http.StatusCreated {
		t.Fatalf("approval request: %d %s", res.StatusCode, out)
	}
	dt, err := h.store.ToolByID(ctx, "describe_table")
	if err != nil {
		t.Fatal(err)
	}
	c, err := dt.Parsed()
	if err != nil {
		t.Fatal(err)
	}
	c.ID = "crm.a_tool_with_a_really_long_name_that_goes_on_and_on_and_on_for_layout_testing_purposes"
	c.Title = strings.TrimPrefix(c.ID, "crm.")
	c.Purpose += " Use the Jira UI to confirm, and text the customer the result."
	if _, err := h.store.ApplyImport(ctx, "ivan", models.SourceFile, "", []catalog.Contract{c}, ""); err != nil {
		t.Fatal(err)
	}
	pages := []struct{ name, path string }{
		{"audit", "/audit"},
		{"dashboard", "/"},
		{"approvals", "/approvals"},
		{"review", "/catalog/review"},
		{"tool", "/catalog/tools/" + c.ID},
	}
	bctx := browserWithin(t, 5*time.Minute)
	browserLogin(t, bctx, h.srv.URL, "admin", adminPassword)
	for _, width := range []int{1440, 1024} {
		step(t, bctx, "viewport", chromedp.EmulateViewport(int64(width), 900))
		for _, p := range pages {
			step(t, bctx, p.name, visit(h.srv.URL+p.path), waitVisible(`main`))
			screenshot(t, bctx, fmt.Sprintf("long-%d-%s", width, p.name))
			if over, _ := chromedp.Run(bctx, chromedp.Evaluate[int](overflowX)); over > 0 {
				t.Errorf("%s at %d px scrolls sideways by %d px", p.name, width, over)
			}
			if tbl, _ := chromedp.Run(bctx, chromedp.Evaluate[string](tableOverflow)); tbl != "" {
				t.Errorf("%s at %d px: %s runs past its panel", p.name, width, tbl)
			}
			if panel, _ := chromedp.Run(bctx, chromedp.Evaluate[string](panelScrolls)); panel != "" {
				t.Errorf("%s at %d px: %s", p.name, width, panel)
			}
		}
	}
}

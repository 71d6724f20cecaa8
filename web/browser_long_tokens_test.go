package web

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/agentforge/console/models"
)

// TestBrowserLongTokensStayInTheirPanel: a long unbroken token (the
// subject of one review of a published server's 37 tools, a long subject
// id on an approval request) wraps inside its cell: at 1440 and 1024 px
// the audit log, the dashboard and the approvals page scroll nowhere
// sideways and no table runs past its panel (screenshots
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
	pages := []struct{ name, path string }{
		{"audit", "/audit"},
		{"dashboard", "/"},
		{"approvals", "/approvals"},
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
		}
	}
}

package web

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/agentforge/console/models"
)

// TestBrowserToolReviewCompact: the 117-tool GitHub import fits a short
// page at 1024 px (tools grouped by service and effects, each group
// closed, each tool one row whose contract opens on demand); a tool's box
// appears only once its contract is open, the selection survives closing
// its group, and the action bar counts it.
//
// The page lists 25 candidates a page; the destructive filter puts
// github.delete_file on its first page.
func TestBrowserToolReviewCompact(t *testing.T) {
	h := sqliteOnly(t)
	importGitHubAsCandidates(t, h)
	h.addUser("rita", models.RoleReviewer)
	ctx := browserWithin(t, 2*time.Minute)
	browserLogin(t, ctx, h.srv.URL, "rita", "rita-password")
	step(t, ctx, "review", chromedp.EmulateViewport(1024, 900), visit(h.srv.URL+"/catalog/review?effects=destructive"), waitVisible(`[data-testid="action-bar"]`))
	screenshot(t, ctx, "review-compact-1024")
	height, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.documentElement.scrollHeight`))
	if err != nil {
		t.Fatal(err)
	}
	if height > 2000 {
		t.Errorf("the review page is %d px tall at 1024 px (at most 2,000)", height)
	}
	group := `[data-testid="review-group-github-destructive"]`
	item := `[data-testid="review-tool-github.delete_file"]`
	step(t, ctx, "open the destructive group", click(group+` > summary`), waitVisible(item))
	rowH, err := chromedp.Run(ctx, chromedp.Evaluate[int](`Math.round(document.querySelector('`+item+`').getBoundingClientRect().height)`))
	if err != nil {
		t.Fatal(err)
	}
	if rowH > 48 {
		t.Errorf("a closed tool takes %d px (one row: at most 48)", rowH)
	}
	if shown, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('`+item+` input[name="tools"]').checkVisibility()`)); shown {
		t.Error("the box shows before the contract was opened")
	}
	step(t, ctx, "scroll to the tool", chromedp.Evaluate[chromedp.Void](`document.querySelector('`+item+`').scrollIntoView({block: "center"})`))
	step(t, ctx, "read and select", click(item+` details.contract > summary`), waitVisible(item+` [data-testid="contract-text"]`),
		waitVisible(item+` input[name="tools"]`), click(item+` input[name="tools"]`))
	screenshot(t, ctx, "review-compact-open")
	step(t, ctx, "close the group", click(group+` > summary`))
	if got := text(t, ctx, `[data-testid="selected-summary"]`); got != "1 tool selected: 1 destructive" {
		t.Errorf("action bar: %q", got)
	}
	if got := text(t, ctx, group+` > summary`); !containsAll(got, "destructive", "1 selected") {
		t.Errorf("closed group summary %q does not count its selection", got)
	}
}

func containsAll(s string, subs ...string) bool {
	for _, x := range subs {
		if !strings.Contains(s, x) {
			return false
		}
	}
	return true
}

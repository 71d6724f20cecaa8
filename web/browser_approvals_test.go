package web

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
)

// TestBrowserApprovalsAndRecordedInvalidation: a reviewer opens the
// Approvals page, sees the runtime's pending request with its summary,
// types a reason and approves it for one call; the page says so and shows
// it approved, single-use (1440 and 1024 px). The Checks page shows a
// binding whose invalidation a check recorded, with its reason.
func TestBrowserApprovalsAndRecordedInvalidation(t *testing.T) {
	h := sqliteOnly(t)
	bg := context.Background()
	key := h.runtimeKey()
	who := map[string]any{"agent": "analyst", "tool": "workspace_write", "subject": contractor("c-8"), "summary": "Save the Q3 summary to reports/q3.md"}
	res, out := h.api(http.MethodPost, "/api/v1/approvals", key, who)
	if res.StatusCode != http.StatusCreated {
		t.Fatalf("request: %d %s", res.StatusCode, out)
	}
	ref := strings.Split(strings.Split(string(out), `"approval":"`)[1], `"`)[0]
	// a binding a check found stale
	hd := h.bind(key, map[string]any{"agent": "analyst", "tool": "describe_table", "subject": contractor("u1")})
	dt, _ := h.store.ToolByID(bg, "describe_table")
	c, _ := dt.Parsed()
	c.Purpose += " Now also counts nulls."
	if _, err := h.store.ApplyImport(bg, "ivan", models.SourceFile, "", []catalog.Contract{c}, ""); err != nil {
		t.Fatal(err)
	}
	h.authorize(key, map[string]any{"agent": "analyst", "tool": "describe_table", "subject": contractor("u1"), "binding": hd})
	h.addUser("rita", models.RoleReviewer)

	ctx := browser(t)
	browserLogin(t, ctx, h.srv.URL, "rita", "rita-password")
	row := `[data-testid="approval-` + ref + `"]`
	if err := chromedp.Do(ctx, visit(h.srv.URL+"/approvals"), waitVisible(row)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "approvals-pending-1440")
	readsWell(t, ctx, 1440)
	if got := text(t, ctx, row); !strings.Contains(got, "Save the Q3 summary") || !strings.Contains(got, "pending") {
		t.Errorf("the pending row: %q", got)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1024, 900)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "approvals-pending-1024")
	readsWell(t, ctx, 1024)
	err := chromedp.Do(ctx,
		typeInto(`[data-testid="approve-reason-`+ref+`"]`, "Q3 report, path checked"),
		navigates(click(`[data-testid="approve-`+ref+`"]`)),
		waitVisible(`[data-testid="flash"]`),
	)
	if err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "approvals-approved-1024")
	if got := text(t, ctx, `[data-testid="approval-state-`+ref+`"]`); !strings.Contains(got, "approved") || !strings.Contains(got, "single-use") || !strings.Contains(got, "Q3 report, path checked") {
		t.Errorf("after approving: %q", got)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1440, 1000)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "approvals-approved-1440")
	if err := chromedp.Do(ctx, visit(h.srv.URL+"/checks"), waitVisible(`[data-testid="bindings"]`), scrollTo(`[data-testid="bindings"]`)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "checks-bindings-invalidated-1440")
	if got := text(t, ctx, `[data-testid="bindings"]`); !strings.Contains(got, "binding_stale") || !strings.Contains(got, "descriptor changed") {
		t.Errorf("the Checks page: %q", got)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1024, 900), scrollTo(`[data-testid="bindings"]`)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "checks-bindings-invalidated-1024")
}

// placeholdersCut lists the visible fields whose placeholder is wider
// than the field shows.
const placeholdersCut = `(() => { const c = document.createElement("canvas").getContext("2d");
	return [...document.querySelectorAll("input[placeholder], textarea[placeholder]")].filter(i => i.offsetParent !== null).filter(i => {
		const s = getComputedStyle(i); c.font = s.font;
		return c.measureText(i.placeholder).width > i.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) + 1;
	}).map(i => i.placeholder).join(" | "); })()`

// introLines is how many lines the Approvals page's intro takes.
const introLines = `(() => { const p = document.querySelector('[data-testid="approvals-intro"]'); return Math.round(p.getBoundingClientRect().height / parseFloat(getComputedStyle(p).lineHeight)); })()`

// readsWell: at width, the Approvals page's reason fields show their
// whole placeholder, its intro takes at most two lines (the rules fold
// under "How approvals work"), and the page does not scroll sideways.
func readsWell(t *testing.T, ctx context.Context, width int) {
	t.Helper()
	if cut, err := chromedp.Run(ctx, chromedp.Evaluate[string](placeholdersCut)); err != nil || cut != "" {
		t.Errorf("at %d px these placeholders are cut: %q (%v)", width, cut, err)
	}
	if n, err := chromedp.Run(ctx, chromedp.Evaluate[int](introLines)); err != nil || n > 2 {
		t.Errorf("at %d px the intro takes %d lines, want at most 2 (%v)", width, n, err)
	}
	if over, _ := chromedp.Run(ctx, chromedp.Evaluate[int](overflowX)); over > 0 {
		t.Errorf("at %d px the page scrolls sideways by %d px", width, over)
	}
}

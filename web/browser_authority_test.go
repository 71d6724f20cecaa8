package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserGrantsAndSubjectPicker: an admin narrows contractors on the
// grants page (screenshots at 1440 and 1024 px), then the forge's subject
// picker, ticked for contractors, recomposes without exec and the group's
// lever shows its token delta.
func TestBrowserGrantsAndSubjectPicker(t *testing.T) {
	h := sqliteOnly(t)
	ctx := browser(t)
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	// deferred mode, the demo's grants: the contractors' toggle removes
	// tools behind search and no token, and its figure says so
	err := chromedp.Do(ctx, visit(h.srv.URL+"/forge?agent=analyst&deferred=1"), waitVisible(`[data-testid="subject-group-contractors"]`))
	if err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "forge-subject-behind-search-1440")
	if fig := text(t, ctx, `[data-testid="subject-group-contractors"] .delta`); !strings.Contains(fig, "behind search") {
		t.Errorf("deferred contractors' figure: %q", fig)
	}
	if err := chromedp.Do(ctx, visit(h.srv.URL+"/groups/contractors"), waitVisible(`[data-testid="grants-text"]`)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "groups-contractors-1440")
	err = chromedp.Do(ctx,
		setValue(`[data-testid="grants-text"]`, "tool render_chart\ntool sql_query\ntool workspace_write requires-approval"),
		typeInto(`input[name="message"]`, "no blanket reads"),
		navigates(submit(`[data-testid="grants-text"]`)),
		waitVisible(`[data-testid="group-version-2"]`),
		visit(h.srv.URL+"/groups/contractors?from=1&to=2"),
		waitVisible(`[data-testid="group-diff"]`),
		chromedp.EmulateViewport(1024, 900),
	)
	if err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "groups-contractors-diff-1024")
	if diff := text(t, ctx, `[data-testid="group-diff"]`); !strings.Contains(diff, "effects read-only") {
		t.Errorf("diff: %q", diff)
	}
	err = chromedp.Do(ctx,
		chromedp.EmulateViewport(1440, 1000),
		visit(h.srv.URL+"/forge?agent=analyst"),
		waitVisible(`[data-testid="subject-group-contractors"]`),
		swaps(click(`[data-testid="subject-group-contractors"] input`)),
		waitVisible(`[data-testid="subject-group-contractors"] input:checked`),
	)
	if err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "forge-subject-contractors-1440")
	execLevers, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('[data-testid="lever-tool:exec"]').length`))
	if err != nil {
		t.Fatal(err)
	}
	if execLevers != 0 {
		t.Error("the contractor's forge still offers exec")
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1024, 900)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "forge-subject-contractors-1024")
	// deferred mode: the group's figure says what the toggle changes,
	// tools and tokens, never a bare number
	err = chromedp.Do(ctx,
		chromedp.EmulateViewport(1440, 1000),
		visit(h.srv.URL+"/forge?agent=analyst&deferred=1"),
		waitVisible(`[data-testid="subject-group-contractors"]`),
	)
	if err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "forge-subject-deferred-1440")
	if fig := text(t, ctx, `[data-testid="subject-group-contractors"] .delta`); !strings.Contains(fig, "tools") || !strings.Contains(fig, "tokens") {
		t.Errorf("deferred contractors' figure: %q", fig)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1024, 900)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "forge-subject-deferred-1024")
}

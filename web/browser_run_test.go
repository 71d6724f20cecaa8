package web

import (
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserRunSimulator: in the deferred forge, search for a chart, see
// the hits and the receipt, take the step without a page reload, and see a
// second step whose cached prefix is the first step's total; the URL keeps
// the run, so a reload shows the same steps. Screenshots at 1440 and 1024
// px, and of the runs page after a runtime run.
func TestBrowserRunSimulator(t *testing.T) {
	h := sqliteOnly(t)
	ctx := browser(t)
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	if err := chromedp.Do(ctx, visit(h.srv.URL+"/forge?agent=analyst&deferred=1"), waitVisible(`[data-testid="run-sim"]`)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[string](`window.__noReload = "yes"`)); err != nil {
		t.Fatal(err)
	}
	err := chromedp.Do(ctx,
		typeInto(`[data-testid="run-query"]`, "draw a chart"),
		swaps(click(`[data-testid="run-search-form"] button`)),
		waitVisible(`[data-testid="run-receipt"]`),
	)
	if err != nil {
		t.Fatal(err)
	}
	if r := text(t, ctx, `[data-testid="run-sim"] [data-testid="search-hits"]`); !strings.Contains(r, "render_chart") {
		t.Fatalf("hits: %s", r)
	}
	if err := chromedp.Do(ctx, swaps(click(`[data-testid="run-take-step"]`)), waitVisible(`[data-testid="run-step"]:nth-child(2)`)); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, scrollTo(`[data-testid="run-sim"]`)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "forge-run-simulator")
	marker, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`window.__noReload || "reloaded"`))
	if marker != "yes" {
		t.Error("taking the step reloaded the page")
	}
	url, _ := chromedp.Run(ctx, chromedp.Location())
	if !strings.Contains(url, "rq=draw+a+chart") {
		t.Fatalf("the URL does not keep the run: %s", url)
	}
	steps := func() []string {
		v, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('[data-testid="run-step"]')].map(r => r.innerText)`))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	before := steps()
	if len(before) != 2 || !strings.Contains(before[1], "render_chart") {
		t.Fatalf("steps: %q", before)
	}
	newTokens, _ := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('[data-testid="run-new"]')].map(r => r.innerText)`))
	if atoiClean(newTokens[0]) != 0 || atoiClean(newTokens[1]) <= 0 {
		t.Errorf("new tokens per step: %q", newTokens)
	}
	if err := chromedp.Do(ctx, reload(), waitVisible(`[data-testid="run-sim"]`)); err != nil {
		t.Fatal(err)
	}
	if after := steps(); strings.Join(after, "|") != strings.Join(before, "|") {
		t.Errorf("reloaded: %q, want %q", after, before)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1024, 900), scrollTo(`[data-testid="run-sim"]`)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "forge-run-simulator-1024")

	// a runtime run, then its evidence page
	key := h.runtimeKey()
	res, body := h.api(http.MethodPost, "/api/v1/runs/browser-run/search", key, map[string]any{"agent": "analyst", "query": "draw a chart", "step": 0})
	sr := decodeAs[searchResult](t, apiResp{res, body})
	h.api(http.MethodPost, "/api/v1/runs/browser-run/steps", key, map[string]any{"agent": "analyst", "receipts": []any{[]any{sr.Receipt}}})
	h.api(http.MethodPost, "/api/v1/runs/browser-run/calls", key, map[string]any{"agent": "analyst", "tool": "exec", "receipts": []any{[]any{sr.Receipt}}})
	h.app.evidence.flush()
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1440, 900), visit(h.srv.URL+"/runs/browser-run"), waitVisible(`[data-testid="run-events"]`)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "run-page")
	if v := text(t, ctx, `[data-testid="run-events"]`); !strings.Contains(v, "refused until a search finds the tool") {
		t.Errorf("run page: %s", v)
	}
}

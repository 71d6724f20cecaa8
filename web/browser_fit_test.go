package web

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/models"
)

// fitPages is every page a signed-in admin can open, with the data that
// makes it realistic (the GitHub fixture imported by someone else, so the
// tool review page holds 117 candidates).
var fitPages = []struct{ name, path string }{
	{"dashboard", "/"},
	{"catalog", "/catalog"},
	{"catalog-empty-filter", "/catalog?q=zzzz-no-such-tool"},
	{"tool", "/catalog/tools/read_file"},
	{"tool-github", "/catalog/tools/github.create_issue"},
	{"import", "/catalog/import"},
	{"review-tools", "/catalog/review"},
	{"forge", "/forge"},
	{"forge-agent", "/forge?agent=analyst&profile=data-analyst"},
	{"forge-deferred", "/forge?agent=dev-helper&off=&deferred=1"},
	{"agents", "/agents"},
	{"agent", "/agents/researcher"},
	{"profiles", "/profiles"},
	{"profile", "/profiles/data-analyst"},
	{"profile-diff", "/profiles/data-analyst/diff?a=1&b=2"},
	{"skills", "/skills"},
	{"skill", "/skills/quarterly-report"},
	{"skill-new", "/skills/new"},
	{"skill-propose", "/skills/quarterly-report/propose"},
	{"proposal", "/proposals/4"},
	{"proposal-promoted", "/proposals/2"},
	{"agent-cases", "/agents/analyst/cases"},
	{"runs", "/runs"},
	{"run", "/runs/fit-run"},
	{"forge-run", "/forge?agent=analyst&deferred=1&rq=draw+a+chart&rq=write+a+file&rq=run+a+sql+query"},
	{"groups", "/groups"},
	{"group", "/groups/contractors"},
	{"checks", "/checks"},
	{"reviews", "/reviews"},
	{"audit", "/audit"},
	{"users", "/users"},
	{"apikeys", "/apikeys"},
	{"account", "/account"},
	{"connections", "/connections"},
}

// tableOverflow names the first table that runs past its panel, or past
// main's content box when it sits in no panel, or "". No table is exempt:
// a column scrolled out of sight is a column nobody reads (the run page's
// Call column was, at every width).
const tableOverflow = `(() => {
	for (const t of document.querySelectorAll("main table")) {
		if (t.closest("details:not([open])") || t.offsetParent === null) continue;
		const panel = t.closest(".panel"), box = panel || t.closest("main");
		const edge = box.getBoundingClientRect().right - (panel ? 0 : parseFloat(getComputedStyle(box).paddingRight) || 0);
		const over = Math.round(t.getBoundingClientRect().right - edge);
		if (over > 1) return (t.dataset.testid || t.className || "a table") + " by " + over + " px";
	}
	return "";
})()`

// tabsOutOfSight names the first header tab outside the window or
// clipped by the tab bar, or "".
const tabsOutOfSight = `(() => {
	const nav = document.querySelector("header.top nav");
	if (!nav) return "";
	const box = nav.getBoundingClientRect();
	for (const a of nav.querySelectorAll("a")) {
		const r = a.getBoundingClientRect();
		if (r.left < Math.max(0, box.left) - 1 || r.right > Math.min(window.innerWidth, box.right) + 1) return a.textContent.trim();
	}
	return "";
})()`

// placeholderCut names the first visible empty field whose placeholder (or
// one of a textarea placeholder's lines) is wider than the field, or "".
const placeholderCut = `(() => {
	const ctx = document.createElement("canvas").getContext("2d");
	for (const el of document.querySelectorAll("main input[placeholder], main textarea[placeholder]")) {
		if (el.offsetParent === null || el.value || el.closest("details:not([open])")) continue;
		const cs = getComputedStyle(el);
		ctx.font = cs.font;
		const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
		// a textarea's placeholder may hold lines: each must fit
		const widest = Math.max(...el.placeholder.split("\n").map(l => ctx.measureText(l).width));
		if (widest > room + 1) return (el.name || el.id) + " (\"" + el.placeholder + "\")";
	}
	return "";
})()`

// overflowX is how many pixels the page scrolls sideways.
const overflowX = `document.documentElement.scrollWidth - document.documentElement.clientWidth`

// TestBrowserPagesFit opens every page at 1440, 1024 and 768 px, takes a
// screenshot of each (artifacts/screenshots/fit-WIDTH-NAME.png) and fails
// when a page renders an error, scrolls sideways or has a table running
// past its panel at 1440 or 1024.
func TestBrowserPagesFit(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	if _, err := h.store.ApplyImport(ctx, "importer", models.SourceMCP, "github", catalogtest.GitHub(t), ""); err != nil {
		t.Fatal(err)
	}
	fitRun(t, h)
	fitGateway(t, h)
	bctx := browserWithin(t, 10*time.Minute)
	for _, width := range []int{1440, 1024, 768} {
		step(t, bctx, "viewport", chromedp.EmulateViewport(int64(width), 900))
		if width == 1440 {
			step(t, bctx, "login page", visit(h.srv.URL+"/login"), waitVisible(`#username`))
			screenshot(t, bctx, "fit-1440-login")
			browserLogin(t, bctx, h.srv.URL, "admin", adminPassword)
		}
		for _, p := range fitPages {
			step(t, bctx, p.name, visit(h.srv.URL+p.path), waitVisible(`main`))
			screenshot(t, bctx, fmt.Sprintf("fit-%d-%s", width, p.name))
			if failed, _ := chromedp.Run(bctx, chromedp.Evaluate[bool](`document.querySelector('[data-testid="error"]') !== null`)); failed {
				t.Errorf("%s (%s) rendered an error page", p.name, p.path)
			}
			over, err := chromedp.Run(bctx, chromedp.Evaluate[int](overflowX))
			if err != nil {
				t.Fatal(err)
			}
			if over > 0 && width >= 1024 {
				t.Errorf("%s (%s) at %d px scrolls sideways by %d px", p.name, p.path, width, over)
			}
			if hidden, _ := chromedp.Run(bctx, chromedp.Evaluate[string](tabsOutOfSight)); hidden != "" {
				t.Errorf("%s at %d px: the %s tab is out of sight", p.name, width, hidden)
			}
			if width >= 1024 {
				if cut, _ := chromedp.Run(bctx, chromedp.Evaluate[string](placeholderCut)); cut != "" {
					t.Errorf("%s (%s) at %d px: the placeholder of %s is cut off", p.name, p.path, width, cut)
				}
				if tbl, _ := chromedp.Run(bctx, chromedp.Evaluate[string](tableOverflow)); tbl != "" {
					t.Errorf("%s (%s) at %d px: %s runs past its panel", p.name, p.path, width, tbl)
				}
			}
		}
	}
}

// fitRun leaves the evidence of a runtime run, fit-run, with every kind of
// row the run page shows: searches (one with a huge step number), steps
// with accepted and rejected receipts, and calls of each verdict.
func fitRun(t *testing.T, h *harness) {
	t.Helper()
	key := h.runtimeKey()
	post := func(path string, body map[string]any) []byte {
		res, b := h.api(http.MethodPost, "/api/v1/runs/fit-run/"+path, key, body)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d %s", path, res.StatusCode, b)
		}
		return b
	}
	var sr struct{ Receipt json.RawMessage }
	_ = json.Unmarshal(post("search", map[string]any{"agent": "analyst", "query": "run a sql query and draw a chart", "step": 0, "limit": 6}), &sr)
	post("search", map[string]any{"agent": "analyst", "query": "write a file", "step": deferred.MaxStep})
	receipts := []any{[]any{sr.Receipt, "junk", sr.Receipt}}
	post("steps", map[string]any{"agent": "analyst", "receipts": []any{}})
	post("steps", map[string]any{"agent": "analyst", "receipts": receipts})
	for _, tool := range []string{"compute_statistics", "workspace_write", "web_fetch", "search_tools", "load_skill"} {
		post("calls", map[string]any{"agent": "analyst", "tool": tool, "receipts": receipts})
	}
	post("calls", map[string]any{"agent": "analyst", "tool": "exec", "subject": map[string]any{"id": "c", "groups": []string{"contractors"}}, "pins": []string{"exec"}})
	h.app.evidence.flush()
}

package web

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/agentforge/console/models"
)

// forgeLayoutJS names the first way the forge's layout breaks: the page
// scrolls sideways, the levers and the projection overlap, the
// projection is squeezed (under 480 px), or something runs out of a
// panel (the panel then scrolls sideways); "" when it holds.
const forgeLayoutJS = `(() => {
	const doc = document.documentElement;
	if (doc.scrollWidth > doc.clientWidth + 1) return "the page scrolls sideways by " + (doc.scrollWidth - doc.clientWidth) + " px";
	const levers = document.querySelector(".forge > .levers"), proj = document.querySelector(".forge > :not(.levers)");
	const l = levers.getBoundingClientRect(), p = proj.getBoundingClientRect();
	if (p.top < l.bottom && l.right > p.left + 1 && p.right > l.left) return "the levers (" + Math.round(l.left) + "–" + Math.round(l.right) + ") overlap the projection (" + Math.round(p.left) + "–" + Math.round(p.right) + ")";
	if (p.width < 480) return "the projection is squeezed to " + Math.round(p.width) + " px";
	for (const el of document.querySelectorAll(".forge .panel, .forge .panel *")) {
		if (el.offsetParent === null || el.closest("details:not([open])") || el.closest("pre") || el.tagName === "PRE") continue;
		const s = getComputedStyle(el);
		if ((s.overflowX === "auto" || s.overflowX === "scroll") && el.scrollWidth > el.clientWidth + 1)
			return (el.dataset.testid || el.id || el.className || el.tagName) + " scrolls sideways by " + (el.scrollWidth - el.clientWidth) + " px";
	}
	return "";
})()`

// TestBrowserForgeLayoutAt1024And1440: the forge works at 1440 and 1024
// px — full and compact, deferred with its run simulator, a subject
// picked, a profile with skills: the levers and the projection sit side
// by side without overlapping, the projection keeps its room, and
// nothing runs out of a panel or scrolls the page sideways.
func TestBrowserForgeLayoutAt1024And1440(t *testing.T) {
	h := sqliteOnly(t)
	withGitHubAvailable(t, h)
	ctx0 := context.Background()
	snap, _ := h.app.snapshot(ctx0)
	a, _ := h.store.AgentBySlug(ctx0, "dev-helper")
	if _, err := h.store.UpdateAgent(ctx0, "admin", "dev-helper", a.Version, models.AgentInput{Name: a.Name, Description: a.Description,
		Declared: append(a.Declared(), "github.search_issues", "github.create_issue", "github.get_file_contents", "github.list_pull_requests"), Services: a.Services()}, snap.KnownTools()); err != nil {
		t.Fatal(err)
	}
	if res, _ := h.login("admin", adminPassword).postCases("analyst", "0", analystCases, ""); res.StatusCode != 303 {
		t.Fatalf("selection cases: %d", res.StatusCode)
	}
	ctx := browser(t)
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	for _, w := range []int64{1440, 1024} {
		for _, p := range []struct{ name, path string }{
			{"analyst", "/forge?agent=analyst"},
			{"compact", "/forge?agent=analyst&profile=data-analyst&form=compact"},
			{"deferred", "/forge?agent=analyst&deferred=1&rq=draw+a+chart+of+revenue&rq=write+the+quarterly+summary+to+a+file+in+the+workspace&rq=run+a+sql+query"},
			{"subject", "/forge?agent=analyst&sg=contractors"},
			{"dev-helper", "/forge?agent=dev-helper"},
			{"dev-helper-deferred", "/forge?agent=dev-helper&deferred=1&sg=contractors"},
		} {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 900), visit(h.srv.URL+p.path), waitVisible(`[data-testid="total-total"]`)); err != nil {
				t.Fatal(err)
			}
			why, err := chromedp.Run(ctx, chromedp.Evaluate[string](forgeLayoutJS))
			if err != nil {
				t.Fatal(err)
			}
			if why != "" {
				t.Errorf("%s at %d px: %s", p.path, w, why)
			}
			screenshot(t, ctx, fmt.Sprintf("forge-layout-%s-%d", p.name, w))
			if p.name == "deferred" {
				if err := chromedp.Do(ctx, scrollTo(`[data-testid="run-sim"]`)); err != nil {
					t.Fatal(err)
				}
				viewportShot(t, ctx, fmt.Sprintf("forge-layout-run-sim-%d", w))
			}
		}
	}
}

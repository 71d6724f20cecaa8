package web

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/agentforge/console/models"
)

// leverTroubleJS names the first lever note or name cut short (clipped, or
// running past its lever) and whether no service tool is in sight; ""
// when every note reads whole and service tools show.
const leverTroubleJS = `(() => {
	for (const n of document.querySelectorAll(".lever-state .note")) {
		if (n.offsetParent === null || n.closest("details:not([open])")) continue;
		const lever = n.closest(".lever");
		const r = n.getBoundingClientRect(), l = lever.getBoundingClientRect();
		if (n.scrollWidth > n.clientWidth + 1 || r.right > l.right + 1) return "note cut: " + JSON.stringify(n.textContent.trim()) + " of " + lever.dataset.testid;
	}
	for (const n of document.querySelectorAll(".lever label span.id")) {
		if (n.offsetParent === null || n.closest("details:not([open])")) continue;
		if (n.scrollWidth > n.clientWidth + 1) return "name cut: " + JSON.stringify(n.textContent.trim());
	}
	const svc = [...document.querySelectorAll('[data-testid^="lever-tool:github."]')].filter(e => e.offsetParent !== null && !e.closest("details:not([open])"));
	if (svc.length === 0) return "no github tool lever is in sight";
	return "";
})()`

// TestBrowserForgeLeversReadable: at 1440 and 1024 px the forge shows a
// connected service's tools (not folded away behind its group) and every
// lever note and name whole (deferred mode's and a subject's approval
// notes were cut with an ellipsis, and so were long names:
// "get-structured-con…").
func TestBrowserForgeLeversReadable(t *testing.T) {
	h := sqliteOnly(t)
	withGitHubAvailable(t, h)
	ctx0 := context.Background()
	snap, _ := h.app.snapshot(ctx0)
	a, _ := h.store.AgentBySlug(ctx0, "dev-helper")
	if _, err := h.store.UpdateAgent(ctx0, "admin", "dev-helper", a.Version, models.AgentInput{Name: a.Name, Description: a.Description,
		Declared: append(a.Declared(), "github.search_issues", "github.create_issue", "github.get_file_contents"), Services: a.Services()}, snap.KnownTools()); err != nil {
		t.Fatal(err)
	}
	ctx := browser(t)
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	for _, w := range []int64{1440, 1024} {
		for _, p := range []struct{ name, path string }{
			{"forge-deferred", "/forge?agent=dev-helper&deferred=1"},
			{"forge-subject", "/forge?agent=dev-helper&sg=" + models.DemoContractors},
		} {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 900), visit(h.srv.URL+p.path), waitVisible(`[data-testid="total-total"]`)); err != nil {
				t.Fatal(err)
			}
			why, err := chromedp.Run(ctx, chromedp.Evaluate[string](leverTroubleJS))
			if err != nil {
				t.Fatal(err)
			}
			if why != "" {
				t.Errorf("%s at %d px: %s", p.path, w, why)
			}
			screenshot(t, ctx, fmt.Sprintf("rev27b-%s-%d", p.name, w))
		}
	}
}

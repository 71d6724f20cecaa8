package web

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/models"
)

// headerFitJS names the first way the header fails a person: the product
// name hidden, shortened or clipped, or a tab out of sight (scrolled away
// inside the bar or past the window), or the tabs on more than one line;
// "" when it fits.
const headerFitJS = `(() => {
	const b = document.querySelector("header.top .brand");
	if (!b || b.offsetParent === null) return "the product name is hidden";
	const name = b.innerText.trim();
	if (name !== "Agent Forge Console") return "the product name reads " + JSON.stringify(name);
	if (b.scrollWidth > b.clientWidth + 1) return "the product name is clipped";
	const r = b.getBoundingClientRect();
	if (r.left < 0 || r.right > innerWidth) return "the product name is off screen";
	if (r.height > 30) return "the product name wraps";
	const nav = document.querySelector("header.top nav");
	if (nav.scrollWidth > nav.clientWidth + 1) return "the tabs scroll: some are out of sight";
	const tabs = [...nav.querySelectorAll("a")];
	for (const a of tabs) {
		const q = a.getBoundingClientRect();
		if (q.width === 0 || q.left < 0 || q.right > innerWidth) return "tab " + a.innerText + " is out of sight";
		if (q.top !== tabs[0].getBoundingClientRect().top || a.getClientRects().length > 1) return "tab " + a.innerText + " wraps onto a second line";
	}
	// a window with a classic scrollbar is ~17 px narrower than the viewport
	// emulated here, and a person's sans font may be ~5% wider than this one
	if (tabs[tabs.length - 1].getBoundingClientRect().right > innerWidth - 64) return "the last tab ends " + Math.round(innerWidth - tabs[tabs.length - 1].getBoundingClientRect().right) + " px from the edge: it wraps with a scrollbar or a wider font";
	return "";
})()`

// TestBrowserProductNameKept: at 1440 and 1024 px the header keeps the
// whole product name on one line and every tab in sight (at 1024 the
// name was hidden and tabs scrolled out of the bar; "API keys" wrapped
// onto a second line on the Forge, Connections and Profiles pages).
func TestBrowserProductNameKept(t *testing.T) {
	h := sqliteOnly(t)
	// the tool review page holds the GitHub fixture's candidates
	if _, err := h.store.ApplyImport(context.Background(), "importer", models.SourceMCP, "github", catalogtest.GitHub(t), ""); err != nil {
		t.Fatal(err)
	}
	ctx := browser(t)
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	for _, w := range []int64{1440, 1024} {
		for _, p := range []struct{ name, path string }{{"agent", "/agents/researcher"}, {"profiles", "/profiles"}, {"profile", "/profiles/web-research"}, {"runs", "/runs"}, {"review-tools", "/catalog/review"}, {"checks", "/checks"}, {"forge", "/forge"}, {"connections", "/connections"}} {
			if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 900), visit(h.srv.URL+p.path), waitVisible(`main`)); err != nil {
				t.Fatal(err)
			}
			why, err := chromedp.Run(ctx, chromedp.Evaluate[string](headerFitJS))
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

// TestBrowserProfileReview: a reviewer sees a profile version that awaits
// review beside the one in use, opens what it changes, and approves it
// from the profile page (screenshots at 1440 and 1024 px).
func TestBrowserProfileReview(t *testing.T) {
	h := sqliteOnly(t)
	ctx0 := context.Background()
	snap, _ := h.app.snapshot(ctx0)
	a, _ := h.store.AgentBySlug(ctx0, "researcher")
	if _, err := h.store.UpdateAgent(ctx0, "admin", "researcher", a.Version, models.AgentInput{Name: a.Name, Description: a.Description, Declared: a.Declared(), DefaultProfile: "web-research", ProfileReview: true}, snap.KnownTools()); err != nil {
		t.Fatal(err)
	}
	if _, err := h.store.SaveProfileVersion(ctx0, "erin", "web-research", 1, models.ProfileContent{Tools: []string{"web_search", "web_fetch", "ask_user"}, Tier: "standard", CatalogForm: "compact", Message: "trim to search and fetch"}, snap.KnownTools(), models.TokenTotals{}); err != nil {
		t.Fatal(err)
	}
	ctx := browser(t)
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	for _, w := range []int64{1440, 1024} {
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 900), visit(h.srv.URL+"/profiles/web-research"), waitVisible(`[data-testid="pending-2"]`)); err != nil {
			t.Fatal(err)
		}
		screenshot(t, ctx, fmt.Sprintf("rev27b-profile-pending-%d", w))
	}
	if err := chromedp.Do(ctx, navigates(click(`[data-testid="approve-version"]`)), waitVisible(`[data-testid="flash"]`)); err != nil {
		t.Fatal(err)
	}
	if f := text(t, ctx, `[data-testid="flash"]`); !strings.Contains(f, "v2: it is in use now") {
		t.Errorf("flash after approving: %q", f)
	}
	screenshot(t, ctx, "rev27b-profile-approved-1024")
}

package web

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/models"
)

// withGitHubAvailable imports the GitHub fixture (as someone else) and
// makes it available, so the forge's lever panel is long.
func withGitHubAvailable(t *testing.T, h *harness) {
	t.Helper()
	ctx := context.Background()
	cs := catalogtest.GitHub(t)
	if _, err := h.store.ApplyImport(ctx, "importer", models.SourceMCP, "github", cs, ""); err != nil {
		t.Fatal(err)
	}
	ids := make([]string, len(cs))
	for i, c := range cs {
		ids[i] = c.ID
	}
	seen, err := h.store.ToolDigests(ctx, ids)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.store.ReviewTools(ctx, "reviewer", seen, models.ToolAvailable); err != nil {
		t.Fatal(err)
	}
}

// leverPlace is where the user is in the forge: the lever panel's and the
// window's scroll, the focused control and the total.
type leverPlace struct {
	Panel   int    `json:"panel"`
	Window  int    `json:"window"`
	Focused string `json:"focused"`
	Total   string `json:"total"`
}

const readPlace = `(() => ({
	panel: Math.round(document.querySelector('[data-testid="forge-form"]').scrollTop),
	window: Math.round(window.scrollY),
	focused: document.activeElement ? document.activeElement.id : "",
	total: document.querySelector('[data-testid="total-total"]').textContent,
}))()`

// TestBrowserForgeKeepsPlace toggles 20 levers low in the lever panel with
// the keyboard, one after another: after each update the panel keeps its
// scroll position, the toggled control keeps keyboard focus, and the total
// moves by the delta the lever showed.
func TestBrowserForgeKeepsPlace(t *testing.T) {
	h := sqliteOnly(t)
	withGitHubAvailable(t, h)
	ctx := browserWithin(t, 4*time.Minute)
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	step(t, ctx, "open forge", chromedp.EmulateViewport(1440, 900), visit(h.srv.URL+"/forge"), waitVisible(`[data-testid="total-total"]`),
		chromedp.Evaluate[chromedp.Void](`document.querySelectorAll('[data-testid="forge-form"] details').forEach(d => d.open = true)`))
	ids, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll('[data-testid="forge-form"] input[name="t"]')).map(i => i.id)`))
	if err != nil || len(ids) < 100 {
		t.Fatalf("levers: %d, %v", len(ids), err)
	}
	// 20 levers from the lower half of the panel, every third one
	var picks []string
	for i := len(ids) / 2; i < len(ids) && len(picks) < 20; i += 3 {
		picks = append(picks, ids[i])
	}
	for n, id := range picks {
		sel := fmt.Sprintf(`document.getElementById(%q)`, id)
		step(t, ctx, "scroll to "+id, chromedp.Evaluate[chromedp.Void](sel+`.scrollIntoView({block: "center"}); `+sel+`.focus()`))
		before, err := chromedp.Run(ctx, chromedp.Evaluate[leverPlace](readPlace))
		if err != nil {
			t.Fatal(err)
		}
		if before.Panel == 0 {
			t.Fatalf("toggle %d: the panel did not scroll to %s", n+1, id)
		}
		d, err := chromedp.Run(ctx, chromedp.Evaluate[string](sel+`.closest(".lever").querySelector(".lever-state").dataset.deltaTotal`))
		if err != nil {
			t.Fatal(err)
		}
		step(t, ctx, "toggle "+id, swaps(chromedp.KeyEvent(" ")))
		after, err := chromedp.Run(ctx, chromedp.Evaluate[leverPlace](readPlace))
		if err != nil {
			t.Fatal(err)
		}
		if after.Panel != before.Panel || after.Window != before.Window {
			t.Errorf("toggle %d (%s): panel scroll %d → %d, window scroll %d → %d", n+1, id, before.Panel, after.Panel, before.Window, after.Window)
		}
		if after.Focused != id {
			t.Errorf("toggle %d (%s): focus moved to %q", n+1, id, after.Focused)
		}
		if synced, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](sel+`.checked === `+sel+`.closest(".lever").querySelector(".lever-state").hasAttribute("data-on")`)); !synced {
			t.Errorf("toggle %d (%s): the lever's state was not updated", n+1, id)
		}
		if atoiClean(after.Total) != atoiClean(before.Total)+atoiClean(d) {
			t.Errorf("toggle %d (%s): total %s → %s, the lever showed %s", n+1, id, before.Total, after.Total, d)
		}
	}
	screenshot(t, ctx, "forge-after-20-toggles")
}

// TestBrowserForgeRecomputing: a lever change whose answer is held back
// shows the recomputing indicator while it waits, and hides it once the
// answer arrives. The answer waits for the test, not for a fixed delay, so
// a slow machine cannot miss the indicator.
func TestBrowserForgeRecomputing(t *testing.T) {
	h := sqliteOnly(t)
	var slow atomic.Bool
	held := make(chan struct{})
	var release sync.Once
	app := h.app.Handler()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if slow.Load() && r.Header.Get("HX-Request") == "true" {
			select {
			case <-held:
			case <-r.Context().Done():
			}
		}
		app.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { release.Do(func() { close(held) }) })
	ctx := browser(t)
	browserLogin(t, ctx, srv.URL, "admin", adminPassword)
	step(t, ctx, "open forge", visit(srv.URL+"/forge"), waitVisible(`[data-testid="total-total"]`))
	const shown = `getComputedStyle(document.querySelector('[data-testid="recomputing"]')).opacity === "1"`
	if on, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](shown)); on {
		t.Fatal("the indicator shows before any request")
	}
	slow.Store(true)
	step(t, ctx, "slow toggle", click(`[data-testid="lever-tool:exec"] input`), waitJS(shown))
	screenshot(t, ctx, "forge-recomputing")
	release.Do(func() { close(held) })
	step(t, ctx, "indicator hides", waitJS(`!(`+shown+`) && document.querySelector('[data-testid="lever-tool:exec"] .lever-state:not([data-on])') !== null`))
}

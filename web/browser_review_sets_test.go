package web

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/models"
)

// TestBrowserToolReviewSets: a reviewer decides a whole set in a few
// clicks instead of two per tool. An opened contract folds once its tool
// is selected and stays selectable; "Select the N I opened" picks the
// opened ones; "I have read these" picks a whole set; the confirmation
// sits beside the button that needs it; rejecting asks for a reason.
func TestBrowserToolReviewSets(t *testing.T) {
	h := sqliteOnly(t)
	ctx := browser(t)
	// a queue that fits one review page: the two read tools below, a few
	// more read-only ones (more than openBelow remain after the first
	// decision, so the sets start closed) and ten destructive ones
	var cs []catalog.Contract
	nRead, nDestructive := 0, 0
	for _, k := range catalogtest.GitHub(t) {
		switch {
		case k.ID == "github.get_me" || k.ID == "github.get_file_contents":
		case k.Effects == catalog.EffectsReadOnly && nRead < 13:
			nRead++
		case k.Effects == catalog.EffectsDestructive && nDestructive < 10:
			nDestructive++
		default:
			continue
		}
		cs = append(cs, k)
	}
	if _, err := h.store.ApplyImport(context.Background(), "importer", models.SourceMCP, "github", cs, ""); err != nil {
		t.Fatal(err)
	}
	destructive := 0
	for _, k := range cs {
		if k.Effects == catalog.EffectsDestructive {
			destructive++
		}
	}
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	step(t, ctx, "review page", visit(h.srv.URL+"/catalog/review?namespace=github"), waitVisible(`[data-testid="review-form"]`))
	ro := `[data-testid="review-group-github-read-only"]`
	step(t, ctx, "open the read-only set", click(ro+` > summary`))
	for _, id := range []string{"github.get_me", "github.get_file_contents"} {
		item := `[data-testid="review-tool-` + id + `"]`
		step(t, ctx, "read "+id, click(item+` details.contract > summary`), waitVisible(item+` input[name="tools"]`))
	}
	me := `[data-testid="review-tool-github.get_me"]`
	step(t, ctx, "select get_me", click(me+` input[name="tools"]`))
	folded, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`!document.querySelector('`+me+` details.contract').open && document.querySelector('`+me+` input[name="tools"]').checked && document.querySelector('`+me+` input[name="tools"]').offsetParent !== null`))
	if !folded {
		t.Error("a selected tool's contract does not fold, or its box is gone")
	}
	step(t, ctx, "select the opened", waitVisible(ro+` [data-select-opened]`))
	if got := text(t, ctx, ro+` [data-select-opened]`); got != "Select the 1 I opened" {
		t.Errorf("select-opened button says %q", got)
	}
	step(t, ctx, "click select opened", click(ro+` [data-select-opened]`))
	if got := text(t, ctx, `[data-testid="selected-summary"]`); got != "2 tools selected: 2 read-only" {
		t.Errorf("after selecting the opened: %q", got)
	}
	// a whole set: open it, tick "I have read these"
	de := `[data-testid="review-group-github-destructive"]`
	step(t, ctx, "open the destructive set", click(de+` > summary`), click(de+` [data-testid="read-all"] input`))
	want := fmt.Sprintf("%d tools selected: 2 read-only · %d destructive", 2+destructive, destructive)
	if got := text(t, ctx, `[data-testid="selected-summary"]`); got != want {
		t.Errorf("after read-all: %q, want %q", got, want)
	}
	beside, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => {
		const c = document.querySelector('[data-testid="confirm-risky"]'), b = document.querySelector('[data-testid="make-available"]');
		return c.offsetParent !== null && c.parentElement === b.parentElement;
	})()`))
	if !beside {
		t.Error("the confirmation is not shown beside the make-available button")
	}
	screenshot(t, ctx, "review-sets-selected")
	step(t, ctx, "confirm", click(`[data-testid="confirm-risky"] input`))
	step(t, ctx, "make available", navigates(click(`[data-testid="make-available"]`)), flashSays(fmt.Sprintf("%d tools marked available", 2+destructive)))
	for _, k := range cs {
		if k.Effects == catalog.EffectsDestructive {
			if st := statusOf(t, h, k.ID); st != models.ToolAvailable {
				t.Errorf("%s is %s", k.ID, st)
			}
		}
	}
	// rejecting without a reason: refused, the reason field says so
	step(t, ctx, "open the read-only set again", click(ro+` > summary`), click(ro+` [data-testid="read-all"] input`))
	chromedp.Run(ctx, chromedp.Evaluate[chromedp.Void](`window.confirm = () => true`))
	step(t, ctx, "reject without reason", navigates(click(`[data-testid="reject-selected"]`)), waitVisible(`[data-testid="reason-error"]`))
	if got := text(t, ctx, `[data-testid="reason-error"]`); !strings.Contains(got, "reason") {
		t.Errorf("reason error %q", got)
	}
	screenshot(t, ctx, "review-sets-reason")
}

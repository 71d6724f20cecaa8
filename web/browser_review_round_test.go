package web

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/agentforge/console/models"
)

// diffCounts is how many removed and added lines a diff block shows.
func diffCounts(t *testing.T, ctx context.Context, sel string) (del, add int) {
	t.Helper()
	js := fmt.Sprintf(`[document.querySelectorAll(%q).length, document.querySelectorAll(%q).length]`, sel+" .diff-del", sel+" .diff-add")
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](js))
	if err != nil || len(got) != 2 {
		t.Fatalf("count %s: %v", sel, err)
	}
	return got[0], got[1]
}

// pagePath is the current page's path and query.
func pagePath(t *testing.T, ctx context.Context) string {
	t.Helper()
	p, err := chromedp.Run(ctx, chromedp.Evaluate[string](`location.pathname + location.search`))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// shots takes a full-page screenshot at 1440 and at 1024 px.
func shots(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	for _, w := range []int64{1440, 1024} {
		step(t, ctx, "viewport", chromedp.EmulateViewport(w, 900))
		screenshot(t, ctx, fmt.Sprintf("%s-%d", name, w))
	}
	step(t, ctx, "viewport", chromedp.EmulateViewport(1440, 1000))
}

// TestBrowserReviewRound: a full review round in Chromium. An editor
// changes one word of a skill in the browser's textarea (which posts
// "\r\n"): the reviewer sees a one-line diff, requests changes; the editor
// adds a line; the reviewer, told by the inbox, sees only that line since
// their review, approves and promotes — never leaving the proposal page,
// never shown an unchanged line as changed. Then the out-of-date proposal
// production left behind, and a version opened before rolling back.
// Screenshots of each page at 1440 and 1024 px.
func TestBrowserReviewRound(t *testing.T) {
	h := sqliteOnly(t)
	h.addUser("ed", models.RoleEditor)
	h.addUser("rita", models.RoleReviewer)
	ctx := browserWithin(t, 4*time.Minute)
	base := h.srv.URL

	browserLogin(t, ctx, base, "ed", "ed-password")
	edit := `(() => { const el = document.querySelector('#sk-proc'); el.value = el.value.replace('Quote it', 'Cite it'); return true; })()`
	step(t, ctx, "propose", visit(base+"/skills/source-check/propose"), waitVisible(`#sk-proc`), waitJS(edit),
		navigates(submit(`#sk-proc`)), waitVisible(`[data-testid="checks"]`))
	proposal := pagePath(t, ctx)
	if !strings.HasPrefix(proposal, "/proposals/") {
		t.Fatalf("after proposing: %s", proposal)
	}
	signOut(t, ctx)

	browserLogin(t, ctx, base, "rita", "rita-password")
	step(t, ctx, "inbox", waitVisible(`[data-testid="inbox-item"][data-kind="review_requested"][data-unread="true"]`))
	shots(t, ctx, "review-round-1-inbox")
	step(t, ctx, "open from the inbox", navigates(click(`[data-testid="inbox-item"][data-kind="review_requested"] a`)), waitVisible(`[data-testid="review-form"]`))
	if del, add := diffCounts(t, ctx, `[data-testid="production-diff"]`); del != 1 || add != 1 {
		t.Fatalf("a one-word browser edit shows %d removed and %d added lines, want 1 and 1", del, add)
	}
	shots(t, ctx, "review-round-2-one-line-diff")
	step(t, ctx, "request changes", typeInto(`#rv-comment`, "Say what to do when a source is gone."),
		navigates(click(`[data-testid="request-changes"]`)), flashSays("Review recorded"))
	if got := pagePath(t, ctx); got != proposal {
		t.Fatalf("after requesting changes the reviewer is on %s", got)
	}
	signOut(t, ctx)

	browserLogin(t, ctx, base, "ed", "ed-password")
	step(t, ctx, "author's inbox", waitVisible(`[data-testid="inbox-item"][data-kind="changes_requested"]`))
	appendLine := `(() => { const el = document.querySelector('#sk-proc'); el.value = el.value + '5. When a source is gone, say so and try an archived copy.\n'; return true; })()`
	step(t, ctx, "revise", navigates(click(`[data-testid="inbox-item"][data-kind="changes_requested"] a`)), waitVisible(`#sk-proc`), waitJS(appendLine),
		navigates(submit(`#sk-proc`)), flashSays("Revision 2 saved"))
	signOut(t, ctx)

	browserLogin(t, ctx, base, "rita", "rita-password")
	step(t, ctx, "back to the proposal", visit(base+proposal), waitVisible(`[data-testid="since-review"]`))
	if got := text(t, ctx, `[data-testid="since-title"]`); !strings.Contains(got, "since your review of revision 1") {
		t.Errorf("since title %q", got)
	}
	if del, add := diffCounts(t, ctx, `[data-testid="since-review"]`); del != 0 || add != 1 {
		t.Errorf("since the review: %d removed, %d added, want 0 and 1", del, add)
	}
	if del, add := diffCounts(t, ctx, `[data-testid="production-diff"]`); del != 1 || add != 2 {
		t.Errorf("against production: %d removed, %d added, want 1 and 2", del, add)
	}
	shots(t, ctx, "review-round-3-since-review")
	step(t, ctx, "approve", navigates(click(`[data-testid="approve"]`)), flashSays("Review recorded"))
	step(t, ctx, "promote", navigates(click(`[data-testid="promote"]`)), flashSays("is now in production"))
	if got := pagePath(t, ctx); got != proposal {
		t.Errorf("after promoting the reviewer is on %s", got)
	}
	shots(t, ctx, "review-round-4-promoted")
	signOut(t, ctx)

	browserLogin(t, ctx, base, "admin", adminPassword)
	step(t, ctx, "out of date", visit(base+"/proposals/5"), waitVisible(`[data-testid="out-of-date"]`))
	if got := text(t, ctx, `[data-testid="out-of-date"]`); !strings.Contains(got, "production moved from v1 to v2") {
		t.Errorf("out of date: %q", got)
	}
	shots(t, ctx, "review-round-5-out-of-date")
	step(t, ctx, "open v1", visit(base+"/skills/source-check"), navigates(click(`[data-testid="open-version-1"]`)), waitVisible(`[data-testid="version-diff"]`))
	shots(t, ctx, "review-round-6-version")
	step(t, ctx, "skill page", visit(base+"/skills/source-check"), waitVisible(`[data-testid="skill-versions"]`))
	shots(t, ctx, "review-round-7-skill")
}

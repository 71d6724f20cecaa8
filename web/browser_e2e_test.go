package web

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/agentforge/console/models"
)

func step(t *testing.T, ctx context.Context, name string, actions ...chromedp.Action[chromedp.Void]) {
	t.Helper()
	if err := chromedp.Do(ctx, actions...); err != nil {
		screenshot(t, ctx, "failed-"+name)
		t.Fatalf("%s: %v", name, err)
	}
}

// waitJS waits until the expression is true on the live document
// (liveLimit at most). An evaluation that fails across a navigation is
// tried again.
func waitJS(js string) chromedp.Action[chromedp.Void] {
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := pollLive(ctx, tg, "wait for "+js, `(() => (`+js+`) ? {ok: true} : {why: "not yet"})()`)
		return err
	})
}

// flashSays waits until the page's flash message contains want, so a
// step never reads the previous page's message.
func flashSays(want string) chromedp.Action[chromedp.Void] {
	// waitJS evaluates until true: across the navigation the click starts,
	// an evaluation may hit the page being replaced, which is not an error
	wait := waitJS(fmt.Sprintf(`(() => { const f = document.querySelector('[data-testid="flash"]'); return !!f && f.textContent.includes(%q); })()`, want))
	return func(ctx context.Context, tg *chromedp.Target) (chromedp.Void, error) {
		if _, err := wait(ctx, tg); err != nil {
			return chromedp.Void{}, fmt.Errorf("no flash saying %q", want)
		}
		return chromedp.Void{}, nil
	}
}

func signOut(t *testing.T, ctx context.Context) {
	step(t, ctx, "sign out", navigates(click(`header .who button`)), waitVisible(`#username`))
}

// TestBrowserEndToEnd drives the console as its users do: sign in; import
// the GitHub MCP fixture; a second user makes the tools available; build a
// profile in the forge and save it; propose a skill change, approve it as a
// second user, promote it, roll it back; the audit chain verifies.
func TestBrowserEndToEnd(t *testing.T) {
	h := sqliteOnly(t)
	h.addUser("rita", models.RoleReviewer)
	ctx := browserWithin(t, 5*time.Minute) // many pages on a shared machine
	base := h.srv.URL
	fixturePath, _ := filepath.Abs("../catalog/testdata/github-mcp-server.tools.json")

	browserLogin(t, ctx, base, "admin", adminPassword)
	screenshot(t, ctx, "e2e-1-dashboard")
	step(t, ctx, "import preview",
		visit(base+"/catalog/import"),
		setValue(`#format`, "mcp"),
		typeInto(`#namespace`, "github"),
		upload(`#file`, []string{fixturePath}),
		navigates(submit(`#namespace`)),
		waitVisible(`[data-testid="import-preview"]`),
	)
	if got := text(t, ctx, `[data-testid="added-count"]`); got != "117" {
		t.Fatalf("preview adds %s tools", got)
	}
	screenshot(t, ctx, "e2e-2-import-preview")
	step(t, ctx, "import confirm", navigates(click(`[data-testid="confirm-import"]`)), flashSays("Imported"))
	if got := text(t, ctx, `[data-testid="catalog-count"]`); !strings.HasPrefix(got, "117 of") {
		t.Fatalf("candidates listed: %q", got)
	}
	signOut(t, ctx)

	browserLogin(t, ctx, base, "rita", "rita-password")
	step(t, ctx, "review tools", visit(base+"/catalog/review?effects=destructive"), waitVisible(`[data-testid="review-service github"]`))
	screenshot(t, ctx, "e2e-3-review-tools")
	// nothing is selected, the buttons wait; a tool's box appears once its contract is open
	if on, _ := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('[data-testid="make-available"]').disabled && document.querySelectorAll('input[name="tools"]:checked').length === 0`)); !on {
		t.Fatal("the review page pre-selects tools or enables its buttons with nothing selected")
	}
	// (25 candidates a page: the destructive filter puts both on its first)
	for i, id := range []string{"github.create_branch", "github.delete_file"} {
		item := `[data-testid="review-tool-` + id + `"]`
		// tools sit in closed groups by effects: open the tools' group first
		if i == 0 {
			step(t, ctx, "open the group of "+id, click(`details.review-set:has(`+item+`) > summary`), waitVisible(item))
		}
		// (a row low on the screen sits under the sticky action bar, as it would for a person)
		step(t, ctx, "scroll to "+id, chromedp.Evaluate[chromedp.Void](`document.querySelector('`+item+`').scrollIntoView({block: "center"})`))
		step(t, ctx, "read "+id, click(item+` details.contract > summary`), waitVisible(item+` input[name="tools"]`), click(item+` input[name="tools"]`))
	}
	if got := text(t, ctx, `[data-testid="selected-summary"]`); got != "2 tools selected: 2 destructive" {
		t.Errorf("action bar: %q", got)
	}
	screenshot(t, ctx, "e2e-3-review-selected")
	step(t, ctx, "confirm destructive", waitVisible(`[data-testid="confirm-risky"]`), click(`[data-testid="confirm-risky"] input`))
	step(t, ctx, "make available", navigates(click(`[data-testid="make-available"]`)), flashSays("2 tools marked available"))
	signOut(t, ctx)

	browserLogin(t, ctx, base, "admin", adminPassword)
	step(t, ctx, "tool page", visit(base+"/catalog/tools/github.create_issue"), waitVisible(`[data-testid="compact-form"]`))
	screenshot(t, ctx, "e2e-4-tool")
	// the forge: switch a tool on in the document-analysis profile and save
	step(t, ctx, "forge", visit(base+"/forge?agent=analyst&profile=document-analysis"), waitVisible(`[data-testid="compare"]`))
	step(t, ctx, "toggle read_spreadsheet", swaps(click(`[data-testid="lever-tool:read_spreadsheet"] input`)),
		waitVisible(`[data-testid="compare"] .badge.good`))
	screenshot(t, ctx, "e2e-5-forge-draft")
	step(t, ctx, "save draft", typeInto(`[data-testid="save-form"] input[name="message"]`, "read spreadsheets too"),
		navigates(submit(`[data-testid="save-form"] input[name="message"]`)), waitVisible(`[data-testid="history"]`))
	if got := text(t, ctx, `[data-testid="current-version"]`); !strings.Contains(got, "v2") || !strings.Contains(got, "read spreadsheets too") {
		t.Fatalf("profile after save: %q", got)
	}
	screenshot(t, ctx, "e2e-6-profile")
	// propose a skill change
	step(t, ctx, "propose", visit(base+"/skills/quarterly-report/propose"), waitVisible(`#sk-proc`),
		typeInto(`#sk-proc`, "6. End with the three largest risks.\n"),
		navigates(submit(`#sk-name`)), waitVisible(`[data-testid="checks"]`))
	screenshot(t, ctx, "e2e-7-proposal")
	url, _ := chromedp.Run(ctx, chromedp.Location())
	signOut(t, ctx)

	browserLogin(t, ctx, base, "rita", "rita-password")
	step(t, ctx, "approve", visit(url), waitVisible(`[data-testid="approve"]`), navigates(click(`[data-testid="approve"]`)),
		flashSays("Review recorded"))
	step(t, ctx, "promote", navigates(click(`[data-testid="promote"]`)), flashSays("v3 is now in production"))
	step(t, ctx, "rollback", visit(base+"/skills/quarterly-report"), navigates(click(`[data-testid="open-version-2"]`)), waitVisible(`[data-testid="version-diff"]`),
		typeInto(`[data-testid="rollback-form"] input[name="reason"]`, "risks section too long"),
		navigates(click(`[data-testid="rollback-2"]`)), flashSays("is now v2"))
	if got := text(t, ctx, `[data-testid="production"]`); !strings.Contains(got, "v2") {
		t.Fatalf("after rollback: %q", got)
	}
	screenshot(t, ctx, "e2e-8-skill")
	step(t, ctx, "audit", visit(base+"/audit"), waitVisible(`[data-testid="chain-status"]`))
	if got := text(t, ctx, `[data-testid="chain-status"]`); !strings.Contains(got, "verified") {
		t.Fatalf("audit chain: %q", got)
	}
	screenshot(t, ctx, "e2e-9-audit")
	res, err := h.store.VerifyAudit(context.Background())
	if err != nil || res.BrokenAt != 0 {
		t.Fatalf("verify: %+v %v", res, err)
	}
}

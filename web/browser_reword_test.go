package web

import (
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/agentforge/console/models"
)

// TestBrowserToolPageRewording: a reviewer opens a candidate's page, sees
// what its text asks of the agent (phrase and class), records a rewording
// before making it available, and finds it on the page and in the review
// form (screenshots at 1440 and 1024 px).
func TestBrowserToolPageRewording(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	_, html := admin.uploadImport("mcp", "billing", []byte(leakyTools))
	digest, _ := doc(html).Find(`input[name="digest"]`).Attr("value")
	admin.post("/catalog/import/confirm", url.Values{"format": {"mcp"}, "namespace": {"billing"}, "digest": {digest}, "document": {leakyTools}})
	h.addUser("rita", models.RoleReviewer)
	ctx := browser(t)
	base := h.srv.URL
	browserLogin(t, ctx, base, "rita", "rita-password")
	needs, form := `[data-testid="needs"]`, `[data-testid="reword-form"]`
	if err := chromedp.Do(ctx, visit(base+"/catalog/tools/billing.get_invoice"), waitVisible(needs), scrollTo(needs)); err != nil {
		t.Fatal(err)
	}
	if got := text(t, ctx, needs); !strings.Contains(got, "chat") || !strings.Contains(got, "post the total to the #billing Slack") {
		t.Errorf("needs on the tool page: %s", got)
	}
	viewportShot(t, ctx, "tool-page-needs-1440")
	reworded := "Fetches an invoice by number."
	if err := chromedp.Do(ctx, typeInto(form+` textarea`, reworded), navigates(submit(form+` textarea`)),
		waitVisible(`[data-testid="reworded-text"]`), scrollTo(`[data-testid="reword-panel"]`)); err != nil {
		t.Fatal(err)
	}
	if got := text(t, ctx, `[data-testid="reworded-text"]`); got != reworded {
		t.Errorf("rewording on the page: %q", got)
	}
	viewportShot(t, ctx, "tool-page-reworded-1440")
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1024, 900), scrollTo(`[data-testid="reword-panel"]`)); err != nil {
		t.Fatal(err)
	}
	viewportShot(t, ctx, "tool-page-reworded-1024")
	item := `[data-testid="review-tool-billing.get_invoice"]`
	if err := chromedp.Do(ctx, visit(base+"/catalog/review"), waitVisible(item), click(item+` summary`), scrollTo(item)); err != nil {
		t.Fatal(err)
	}
	viewportShot(t, ctx, "review-needs-reworded-1024")
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1440, 900), scrollTo(item)); err != nil {
		t.Fatal(err)
	}
	viewportShot(t, ctx, "review-needs-reworded-1440")
	// the findings judge the rewording the model reads, which asks for nothing
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('`+item+` [data-testid="needs"]').length`))
	if err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Errorf("the review page shows the imported text's needs for a reworded tool")
	}
}

// TestBrowserToolPageParameterRewording: a reviewer rewords a parameter's
// description on a candidate's page and finds it on the page, in the form
// the model reads (screenshots at 1440 and 1024 px).
func TestBrowserToolPageParameterRewording(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	_, html := admin.uploadImport("mcp", "billing", []byte(leakyTools))
	digest, _ := doc(html).Find(`input[name="digest"]`).Attr("value")
	admin.post("/catalog/import/confirm", url.Values{"format": {"mcp"}, "namespace": {"billing"}, "digest": {digest}, "document": {leakyTools}})
	h.addUser("rita", models.RoleReviewer)
	ctx := browser(t)
	base := h.srv.URL
	browserLogin(t, ctx, base, "rita", "rita-password")
	panel, form := `[data-testid="param-reword-panel"]`, `[data-testid="param-reword-form"]`
	field := form + ` textarea[name="param:/properties/number"]`
	if err := chromedp.Do(ctx, visit(base+"/catalog/tools/billing.get_invoice"), waitVisible(panel), scrollTo(panel)); err != nil {
		t.Fatal(err)
	}
	viewportShot(t, ctx, "tool-page-param-reword-1440")
	reworded := "The invoice number, as printed on it (INV-…)."
	if err := chromedp.Do(ctx, typeInto(field, reworded), navigates(submit(field)),
		waitVisible(`[data-testid="params-reworded"]`), scrollTo(panel)); err != nil {
		t.Fatal(err)
	}
	if got := text(t, ctx, `[data-testid="params-reworded"]`); !strings.Contains(got, "1 reworded parameter description") {
		t.Errorf("panel: %q", got)
	}
	if got := text(t, ctx, `[data-testid="full-form"]`); !strings.Contains(got, reworded) {
		t.Errorf("the full form does not teach the rewording: %q", got)
	}
	viewportShot(t, ctx, "tool-page-param-reworded-1440")
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1024, 900), scrollTo(panel)); err != nil {
		t.Fatal(err)
	}
	viewportShot(t, ctx, "tool-page-param-reworded-1024")
}

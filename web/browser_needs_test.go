package web

import (
	"fmt"
	"net/url"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/agentforge/console/models"
)

// TestBrowserReviewShowsNeeds: at 1440 and 1024 px a reviewer opening a
// candidate whose text asks for a capability its service lacks reads the
// phrase, the class and the suggestion, without the line overflowing.
func TestBrowserReviewShowsNeeds(t *testing.T) {
	h := sqliteOnly(t)
	admin := h.login("admin", adminPassword)
	_, html := admin.uploadImport("mcp", "billing", []byte(leakyTools))
	digest, _ := doc(html).Find(`input[name="digest"]`).Attr("value")
	admin.post("/catalog/import/confirm", url.Values{"format": {"mcp"}, "namespace": {"billing"}, "digest": {digest}, "document": {leakyTools}})
	h.addUser("rita", models.RoleReviewer)
	ctx := browserWithin(t, 2*time.Minute)
	browserLogin(t, ctx, h.srv.URL, "rita", "rita-password")
	item := `[data-testid="review-tool-billing.get_invoice"]`
	for _, w := range []int{1440, 1024} {
		step(t, ctx, "review", chromedp.EmulateViewport(int64(w), 900), visit(h.srv.URL+"/catalog/review"), waitVisible(`[data-testid="action-bar"]`))
		step(t, ctx, "open the tool", click(item+` details.contract > summary`), waitVisible(item+` [data-testid="need"]`))
		screenshot(t, ctx, fmt.Sprintf("review-needs-%d", w))
		if got := text(t, ctx, item+` [data-testid="need"]`); !containsAll(got, "chat", "post the total to the #billing Slack", "connect a tool that posts to a chat") {
			t.Errorf("%d px: need %q", w, got)
		}
		over, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const e = document.querySelector('`+item+` [data-testid="needs"]'); return e.scrollWidth > e.clientWidth + 1 })()`))
		if err != nil {
			t.Fatal(err)
		}
		if over {
			t.Errorf("%d px: the needs overflow their box", w)
		}
	}
}

package web

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/agentforge/console/models"
)

// TestBrowserRevokeBinding: an admin opens a tool's page, sees its live
// binding, presses Revoke, is asked to confirm (the dialog names the
// binding), confirms, and the page says it was revoked and no longer
// lists it (screenshots before and after at 1440 px).
func TestBrowserRevokeBinding(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	h.bind(key, map[string]any{"agent": "analyst", "tool": "sql_query", "subject": contractor("u1")})
	bs, err := h.store.LiveBindings(context.Background(), models.BindingFilter{Tool: "sql_query"}, time.Now(), 10)
	if err != nil || len(bs) != 1 {
		t.Fatalf("live bindings: %v %v", bs, err)
	}
	ctx := browser(t)
	asked := make(chan string, 1)
	go func() {
		for ev, err := range chromedp.Events(ctx, page.JavascriptDialogOpening) {
			if err != nil {
				return
			}
			asked <- ev.Message
			if _, err := chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: true}); err != nil {
				return
			}
		}
	}()
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	button := fmt.Sprintf(`[data-testid="revoke-binding-%d"]`, bs[0].ID)
	if err := chromedp.Do(ctx, visit(h.srv.URL+"/catalog/tools/sql_query"), waitVisible(button), scrollTo(button)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "tool-bindings-1440")
	if err := chromedp.Do(ctx, navigates(click(button)), waitVisible(`[data-testid="flash"]`)); err != nil {
		t.Fatal(err)
	}
	select {
	case msg := <-asked:
		if !strings.Contains(msg, "sql_query") || !strings.Contains(msg, "u1") {
			t.Errorf("the confirmation asks %q", msg)
		}
	default:
		t.Error("revoked without asking")
	}
	screenshot(t, ctx, "tool-bindings-revoked-1440")
	seen, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`(() => { const r = document.querySelector('[data-testid="flash"]').getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight })()`))
	if err != nil || !seen {
		t.Errorf("the confirmation is outside the viewport after the revoke (%v)", err)
	}
	if flash := text(t, ctx, `[data-testid="flash"]`); !strings.Contains(flash, fmt.Sprintf("Binding #%d revoked", bs[0].ID)) {
		t.Errorf("flash: %q", flash)
	}
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](fmt.Sprintf(`document.querySelectorAll('[data-testid="binding-%d"]').length`, bs[0].ID)))
	if err != nil || n != 0 {
		t.Errorf("the revoked binding is still listed (%d, %v)", n, err)
	}
}

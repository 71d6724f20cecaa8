package web

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/agentforge/console/instruction/eval"
)

// TestBrowserSelection: the cases page and the forge's selection panel
// (loaded by htmx) render in Chromium at 1440 and 1024 px; screenshots
// go to the artifacts.
func TestBrowserSelection(t *testing.T) {
	h := sqliteOnly(t)
	a, err := h.store.AgentBySlug(context.Background(), "analyst")
	if err != nil {
		t.Fatal(err)
	}
	s, err := eval.ParseSuite([]byte(analystCases))
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(eval.Suite{K: s.K, Cases: s.Cases})
	if _, err := h.store.SaveSelectionCases(context.Background(), "admin", a.ID, 0, string(b), len(s.Cases), "browser test"); err != nil {
		t.Fatal(err)
	}
	ctx := browser(t)
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	for _, w := range []int64{1440, 1024} {
		size := map[int64]string{1440: "1440", 1024: "1024"}[w]
		if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 900),
			visit(h.srv.URL+"/agents/analyst/cases"), waitVisible(`[data-testid="cases-table"]`)); err != nil {
			t.Fatal(err)
		}
		screenshot(t, ctx, "selection-cases-"+size)
		if err := chromedp.Do(ctx, visit(h.srv.URL+"/forge?agent=analyst&deferred=1"), waitVisible(`[data-testid="selection-levers"]`)); err != nil {
			t.Fatalf("the forge's selection panel did not load: %v", err)
		}
		if got := text(t, ctx, `[data-testid="selection-panel"]`); !strings.Contains(got, "recall@5") || !strings.Contains(got, "tidy this up") {
			t.Errorf("panel at %s px: %q", size, got)
		}
		if err := chromedp.Do(ctx, scrollTo(`[data-testid="selection-panel"]`)); err != nil {
			t.Fatal(err)
		}
		screenshot(t, ctx, "forge-selection-"+size)
	}
}

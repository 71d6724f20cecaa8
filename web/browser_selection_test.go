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
	// tasks whose levers have long names (turn off tool:compute_statistics)
	s.Cases = append(s.Cases, eval.Case{Task: "what's the average order size in sales.csv", Expect: []string{"compute_statistics|sql_query"}},
		eval.Case{Task: "save the cleaned table for later", Expect: []string{"save_table"}},
		eval.Case{Task: "open the Q3 numbers spreadsheet", Expect: []string{"read_spreadsheet"}},
		eval.Case{Task: "run this python snippet and plot the result", Expect: []string{"exec", "render_chart"}, Kind: eval.KindTwoProfiles},
		eval.Case{Task: "put together the quarterly business review", Expect: []string{"skill:quarterly-report"}})
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
		// the lever table fits its panel: at 1024 px it once cut the tasks
		// column off behind a scroll bar
		if fit := readLive(t, ctx, `[data-testid="selection-panel"]`, `const tb = el.querySelector("table"); return {ok: true, text: tb.scrollWidth <= el.clientWidth ? "fits" : "table " + tb.scrollWidth + " px in a panel of " + el.clientWidth};`); fit != "fits" {
			t.Errorf("at %s px the lever table overflows: %s", size, fit)
		}
		if err := chromedp.Do(ctx, scrollTo(`[data-testid="selection-panel"]`)); err != nil {
			t.Fatal(err)
		}
		screenshot(t, ctx, "forge-selection-"+size)
	}
}

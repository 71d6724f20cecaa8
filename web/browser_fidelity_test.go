package web

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
)

// TestBrowserForgeFidelityWarnings: an agent whose reviewed tools teach a
// tool nobody has, an absent tool and code execution sees each warning,
// with its kind, in the forge (screenshots at 1440 and 1024 px); adding
// exec to the draft clears the code-execution warning.
func TestBrowserForgeFidelityWarnings(t *testing.T) {
	h := sqliteOnly(t)
	h.storeAvailable("", []catalog.Contract{
		{ID: "cache_report", Title: "Cache report", Purpose: "Reports the cache state. Always call zeta first to refresh it, then save it with workspace_write.", Class: catalog.ClassComputation, Effects: catalog.EffectsReadOnly, Version: "1"},
		{ID: "column_totals", Title: "Column totals", Purpose: "Totals a column. For anything harder, write a Python program and run it in the interpreter.", Class: catalog.ClassComputation, Effects: catalog.EffectsReadOnly, Version: "1"},
	})
	known := map[string]bool{"read_file": true, "exec": true, "cache_report": true, "column_totals": true}
	if _, err := h.store.CreateAgent(context.Background(), "admin", models.AgentInput{Slug: "tally", Name: "Tally", Declared: []string{"read_file", "exec", "cache_report", "column_totals"}}, known); err != nil {
		t.Fatal(err)
	}
	ctx := browser(t)
	base := h.srv.URL
	browserLogin(t, ctx, base, "admin", adminPassword)
	sel := `[data-testid="fidelity-warnings"]`
	if err := chromedp.Do(ctx, visit(base+"/forge?agent=tally&off=exec"), waitVisible(sel), scrollTo(sel)); err != nil {
		t.Fatal(err)
	}
	got := text(t, ctx, sel)
	for _, want := range []string{"3 places", "an unknown tool zeta", "the absent tool workspace_write", "code execution without exec"} {
		if !strings.Contains(got, want) {
			t.Errorf("warnings panel lacks %q: %s", want, got)
		}
	}
	viewportShot(t, ctx, "forge-fidelity-warnings-1440")
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1024, 900), scrollTo(sel)); err != nil {
		t.Fatal(err)
	}
	viewportShot(t, ctx, "forge-fidelity-warnings-1024")
	if err := chromedp.Do(ctx, visit(base+"/forge?agent=tally"), waitVisible(sel)); err != nil {
		t.Fatal(err)
	}
	if got := text(t, ctx, sel); strings.Contains(got, "code execution") || !strings.Contains(got, "zeta") {
		t.Errorf("with exec in the draft: %s", got)
	}
}

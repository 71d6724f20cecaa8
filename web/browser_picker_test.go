package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserToolPicker: on the agent form a person filters the catalog
// by typing (htmx swaps in only the matching tools, grouped by service),
// reads that "Add selected" puts tools in the list now, adds a tool
// with it, types a wrong id and saves: the page
// keeps what was typed, the summary at the top says "did you mean", and
// its link takes the focus to the field. The agent, profile and group
// forms with their pickers open fit 1440 and 1024 px without sideways
// scrolling (screenshots picker-*-1440, picker-*-1024).
func TestBrowserToolPicker(t *testing.T) {
	h := sqliteOnly(t)
	ctx := browser(t)
	browserLogin(t, ctx, h.srv.URL, "admin", adminPassword)
	eval := func(js string) string {
		t.Helper()
		out, err := chromedp.Run(ctx, chromedp.Evaluate[string](js))
		if err != nil {
			t.Fatalf("%s: %v", js, err)
		}
		return out
	}
	fits := func(page string) {
		t.Helper()
		if w := eval(`String(document.scrollingElement.scrollWidth - innerWidth)`); w != "0" {
			t.Errorf("%s scrolls sideways by %s px", page, w)
		}
	}
	step(t, ctx, "open the picker", chromedp.EmulateViewport(1440, 1000), visit(h.srv.URL+"/agents"),
		click(`[data-testid="picker-declared"] > summary`), waitVisible(`#ag-decl-q`))
	// with JavaScript the hint says what Add selected does, not the save
	hint := eval(`document.querySelector('[data-testid="picker-declared"] .picker-actions').innerText`)
	if !strings.Contains(hint, "puts the chosen tools in the list now") || strings.Contains(hint, "Chosen tools are added to the list when you save") {
		t.Errorf("the picker's hint with JavaScript: %q", hint)
	}
	step(t, ctx, "filter", swaps(typeInto(`#ag-decl-q`, "web_se")))
	if got := eval(`[...document.querySelectorAll("#ag-decl-add option")].map(o => o.value).join(",")`); got != "web_search" {
		t.Fatalf("filtered options: %q", got)
	}
	if got := eval(`document.querySelector("#ag-decl-add optgroup").label`); got != "native (1)" {
		t.Errorf("group label: %q", got)
	}
	step(t, ctx, "pick", setValue(`#ag-slug`, "helper"), setValue(`#ag-name`, "Helper"), setValue(`#ag-decl`, "read_fle\n"),
		chromedp.Evaluate[chromedp.Void](`document.querySelector('#ag-decl-add option[value="web_search"]').selected = true`),
		click(`[data-picker-add="ag-decl"]`))
	if got := eval(`document.querySelector("#ag-decl").value`); got != "read_fle\nweb_search\n" {
		t.Fatalf("after Add selected the list is %q", got)
	}
	step(t, ctx, "save", navigates(submit(`#ag-name`)), waitVisible(`[data-testid="error-summary"]`))
	summary := eval(`document.querySelector('[data-testid="error-summary"]').innerText`)
	if !strings.Contains(summary, `unknown tool id "read_fle": did you mean read_file?`) || !strings.Contains(summary, "1 problem") {
		t.Errorf("summary: %q", summary)
	}
	if got := eval(`document.querySelector("#ag-decl").value`); !strings.Contains(got, "read_fle") || !strings.Contains(got, "web_search") {
		t.Errorf("the refused form lost what was typed: %q", got)
	}
	screenshot(t, ctx, "picker-agent-error-1440")
	fits("the refused agent form at 1440")
	step(t, ctx, "follow the summary", click(`[data-testid="error-summary-item"] a`))
	if got := eval(`document.activeElement.id`); got != "ag-decl" {
		t.Errorf("the summary link focused %q, not the field", got)
	}
	step(t, ctx, "1024", chromedp.EmulateViewport(1024, 900), scrollTo(`[data-testid="error-summary"]`))
	screenshot(t, ctx, "picker-agent-error-1024")
	fits("the refused agent form at 1024")
	for _, pg := range []struct{ name, path, picker string }{
		{"profile", "/profiles", "tools"}, {"group", "/groups", "grants"}, {"skill", "/skills/new", "required_tools"},
	} {
		for _, w := range []int64{1440, 1024} {
			step(t, ctx, pg.name, chromedp.EmulateViewport(w, 900), visit(h.srv.URL+pg.path),
				click(`[data-testid="picker-`+pg.picker+`"] > summary`), waitVisible(`[data-testid="picker-select-`+pg.picker+`"]`),
				scrollTo(`[data-testid="picker-`+pg.picker+`"]`))
			fits(pg.name + " form with its picker open")
			screenshot(t, ctx, "picker-"+pg.name+"-"+map[int64]string{1440: "1440", 1024: "1024"}[w])
		}
	}
}

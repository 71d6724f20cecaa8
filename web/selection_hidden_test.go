package web

import (
	"strings"
	"testing"
)

const hiddenCases = `k: 5
cases:
  - {task: "pull the text out of the contract PDF, then chart the totals", expect: [extract_text, render_chart], kind: two_profiles}
  - {task: "run this python snippet in the sandbox", expect: [exec]}
  - {task: "what is the capital of Australia", expect: [], kind: no_tool}
  - {task: "render a chart of the revenue table", expect: [], kind: no_tool}
`

// TestSelectionPanelsShowTheHiddenMisses: the cases page and the forge
// panel show no-tool precision, the two-profile cases run against the
// agent's other profile too, and a tool the picked subject is not granted
// as a correct refusal, never as a miss.
func TestSelectionPanelsShowTheHiddenMisses(t *testing.T) {
	h := sqliteOnly(t)
	ed := h.login("admin", adminPassword)
	if res, _ := ed.postCases("analyst", "0", hiddenCases, ""); res.StatusCode != 303 {
		t.Fatalf("save: %d", res.StatusCode)
	}
	_, d := ed.get("/agents/analyst/cases")
	hidden := strings.Join(strings.Fields(d.Find(`[data-testid="cases-hidden-deferred"]`).Text()), " ")
	for _, want := range []string{"no-tool precision 0.50 (1 of 2 no-tool cases got a fitting tool", "no hit over the fit threshold, though recall@5 ranks without it, so their tool may still count there", "two-profile cases 1, against 2 rosters", "correct refusals 0"} {
		if !strings.Contains(hidden, want) {
			t.Errorf("cases page lacks %q: %q", want, hidden)
		}
	}
	// extract_text is in the analyst's other profile: not a miss
	if totals := d.Find(`[data-testid="cases-totals-deferred"]`).Text(); strings.Contains(totals, "extract_text") {
		t.Errorf("the second profile's tool is shown missed: %q", totals)
	}
	_, d = ed.get("/forge?agent=analyst&deferred=1&sg=contractors")
	// the panel as the forge loads it: its slot's own request (the state
	// of this draft, subject group included)
	slot, ok := d.Find(`[data-testid="selection-slot"]`).Attr("hx-get")
	if !ok {
		t.Fatal("the forge has no selection panel slot")
	}
	_, panel := ed.getHX(slot)
	hidden = strings.Join(strings.Fields(panel.Find(`[data-testid="cases-hidden-this draft"]`).Text()), " ")
	for _, want := range []string{"no-tool precision", "against 2 rosters", "correct refusals 1"} {
		if !strings.Contains(hidden, want) {
			t.Errorf("forge panel lacks %q: %q", want, hidden)
		}
	}
	if totals := panel.Find(`[data-testid="cases-totals-this draft"]`).Text(); strings.Contains(totals, "run this python snippet") {
		t.Errorf("a refused tool is shown as a miss: %q", totals)
	}
}

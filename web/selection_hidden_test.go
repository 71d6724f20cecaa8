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
	for _, want := range []string{"no-tool precision 0.67 (1 of 2 no-tool cases got a fitting tool", "no hit over the fit threshold, so the search answered none", "two-profile cases 1, against 2 rosters", "correct refusals 0"} {
		if !strings.Contains(hidden, want) {
			t.Errorf("cases page lacks %q: %q", want, hidden)
		}
	}
	// extract_text is in the analyst's other profile: not a miss
	if totals := d.Find(`[data-testid="cases-misses-deferred"]`).Text(); strings.Contains(totals, "extract_text") {
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
	if totals := panel.Find(`[data-testid="cases-misses-this draft"]`).Text(); strings.Contains(totals, "run this python snippet") {
		t.Errorf("a refused tool is shown as a miss: %q", totals)
	}
	if list := strings.Join(strings.Fields(panel.Find(`[data-testid="cases-hidden-list-this draft"]`).Text()), " "); !strings.Contains(list, "“run this python snippet in the sandbox”: exec is not granted to this subject (a correct refusal)") {
		t.Errorf("the refused case is not named as a refusal behind the hidden figures: %q", list)
	}
}

// TestSelectionHiddenFiguresNameTheirCases: the counts behind no-tool
// precision come with their cases — a no-tool case whose top hit fits
// names that hit, and a case needing a tool that got "nothing fits" names
// the tool it needed — so a reader can find the two cases "2 needing one
// got 'nothing fits'" speaks of.
func TestSelectionHiddenFiguresNameTheirCases(t *testing.T) {
	h := sqliteOnly(t)
	ed := h.login("admin", adminPassword)
	const cases = `k: 5
cases:
  - {task: "render a chart of the revenue table", expect: [], kind: no_tool}
  - {task: "what is the capital of Australia", expect: [], kind: no_tool}
  - {task: "zxqv wplk", expect: [read_file|extract_text]}
  - {task: "draw a bar chart of the revenue table", expect: [render_chart]}
`
	if res, d := ed.postCases("analyst", "0", cases, ""); res.StatusCode != 303 {
		t.Fatalf("save: %d %s", res.StatusCode, d.Find(".error").Text())
	}
	_, d := ed.get("/agents/analyst/cases")
	list := strings.Join(strings.Fields(d.Find(`[data-testid="cases-hidden-list-deferred"]`).Text()), " ")
	for _, want := range []string{
		"“render a chart of the revenue table”: render_chart fits, though the case needs no tool",
		"“zxqv wplk”: read_file or extract_text is needed, but no hit fits",
	} {
		if !strings.Contains(list, want) {
			t.Errorf("the hidden figures' cases lack %q: %q", want, list)
		}
	}
	for _, not := range []string{"capital of Australia"} {
		if strings.Contains(list, not) {
			t.Errorf("a case answered right is listed: %q in %q", not, list)
		}
	}
	if n := d.Find(`[data-testid="cases-hidden-list-deferred"] li`).Length(); n != 2 {
		t.Errorf("%d cases listed behind the hidden figures, want 2: %q", n, list)
	}
}

// TestSelectionNothingFitsOnlyWhereSearchIsNeeded: a case whose tool is
// on the first step (every tool listed, deferred off) reaches it without
// a search, so search's "nothing fits" silences nothing: it was counted
// and listed as "no hit fits: the search answers nothing fits". The
// deferred report still names it when its tool needs the search.
func TestSelectionNothingFitsOnlyWhereSearchIsNeeded(t *testing.T) {
	h := sqliteOnly(t)
	ed := h.login("admin", adminPassword)
	const cases = `k: 5
cases:
  - {task: "zxqv wplk", expect: [read_spreadsheet]}
`
	if res, d := ed.postCases("analyst", "0", cases, ""); res.StatusCode != 303 {
		t.Fatalf("save: %d %s", res.StatusCode, d.Find(".error").Text())
	}
	_, d := ed.get("/agents/analyst/cases")
	all := d.Find(`[data-testid="cases-hidden-list-all tools listed"]`).Text()
	if strings.Contains(all, "zxqv") {
		t.Errorf("with every tool listed, a case is said to need search's fit: %q", strings.Join(strings.Fields(all), " "))
	}
	panel := strings.Join(strings.Fields(d.Find(`[data-testid="cases-hidden-all tools listed"]`).Text()), " ")
	if !strings.Contains(panel, `0 needing one got "nothing fits"`) {
		t.Errorf("with every tool listed, the figures count a case as silenced: %q", panel)
	}
	deferred := d.Find(`[data-testid="cases-hidden-list-deferred"]`).Text()
	if !strings.Contains(deferred, "zxqv") {
		t.Errorf("the deferred report does not name the case search answered nothing fits: %q", deferred)
	}
}

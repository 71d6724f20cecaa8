package web

import (
	"net/http"
	"strings"
	"testing"
)

// TestSelectionScoreWithNothingToScore: a figure whose denominator is
// zero (no expected tool, no misleading case) shows "—", never 0.00,
// which reads as a measured failure.
func TestSelectionScoreWithNothingToScore(t *testing.T) {
	h := sqliteOnly(t)
	ed := h.login("admin", adminPassword)
	suite := "k: 5\ncases:\n  - {task: \"what is the capital of Australia\", expect: [], kind: no_tool}\n"
	if res, _ := ed.postCases("analyst", "0", suite, ""); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("save: %d", res.StatusCode)
	}
	_, d := ed.get("/agents/analyst/cases")
	totals := d.Find(`[data-testid="cases-totals-all tools listed"]`)
	if totals.Length() != 1 {
		t.Fatal("no totals")
	}
	text := strings.Join(strings.Fields(totals.Text()), " ")
	for _, want := range []string{"recall@5 — (0/0)", "first step —", "top-1 on misleading —"} {
		if !strings.Contains(text, want) {
			t.Errorf("totals lack %q: %q", want, text)
		}
	}
	if strings.Contains(text, "0.00") {
		t.Errorf("a figure with nothing to score shows 0.00: %q", text)
	}
	// a scored figure still shows its number
	suite = "k: 5\ncases:\n  - {task: \"read the notes file\", expect: [read_file]}\n"
	if res, _ := ed.postCases("analyst", "1", suite, ""); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("save v2: %d", res.StatusCode)
	}
	_, d = ed.get("/agents/analyst/cases")
	text = strings.Join(strings.Fields(d.Find(`[data-testid="cases-totals-all tools listed"]`).Text()), " ")
	if !strings.Contains(text, "recall@5 0.00 (0/1)") && !strings.Contains(text, "recall@5 1.00 (1/1)") || !strings.Contains(text, "top-1 on misleading —") || !strings.Contains(text, "no-tool precision —") {
		t.Errorf("scored totals: %q", text)
	}
}

// TestSelectionCasesKeptAsTyped: the editor shows the suite as the person
// typed it (comments, order, flow style), not a re-marshalled copy.
func TestSelectionCasesKeptAsTyped(t *testing.T) {
	h := sqliteOnly(t)
	ed := h.login("admin", adminPassword)
	typed := "# analyst's cases, reviewed weekly\ncases:\n  - {task: \"read the notes file\", expect: [read_file]}  # the basic one\n  - task: write me a haiku\n    kind: no_tool\n    expect: []\nk: 5\n"
	if res, _ := ed.postCases("analyst", "0", typed, ""); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("save: %d", res.StatusCode)
	}
	_, d := ed.get("/agents/analyst/cases")
	if got := d.Find(`textarea[name="suite"]`).Text(); strings.TrimSpace(got) != strings.TrimSpace(typed) {
		t.Errorf("editor shows\n%s\nwant as typed\n%s", got, typed)
	}
	if n := d.Find(`[data-testid="cases-table"] tbody tr`).Length(); n != 2 {
		t.Errorf("%d cases shown, want 2", n)
	}
}

package web

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestRunPageShowsTheLatestRequests: a run longer than the page holds
// shows its latest requests and says that older ones are left out. Before,
// the page listed the run's first 1,000 requests and said "1,000
// requests": the newest — what a user opens a live run's page for — were
// cut off unseen.
func TestRunPageShowsTheLatestRequests(t *testing.T) {
	h := sqliteOnly(t)
	defer func(n int) { runPageRows = n }(runPageRows)
	runPageRows = 3
	key := h.runtimeKey()
	for step := 0; step < 5; step++ {
		res, b := h.api(http.MethodPost, "/api/v1/runs/long-run/search", key, map[string]any{"agent": "analyst", "query": "draw a chart", "step": step})
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%d %s", res.StatusCode, b)
		}
	}
	h.app.evidence.flush()
	h.addUser("viewer1", models.RoleViewer)
	c := h.login("viewer1", "viewer1-password")
	_, d := c.get("/runs/long-run")
	rows := d.Find(`[data-testid="run-events"] tbody tr`)
	if rows.Length() != 3 {
		t.Fatalf("%d rows, want the latest 3", rows.Length())
	}
	for i, want := range []int{2, 3, 4} {
		if got := strings.TrimSpace(rows.Eq(i).Find("td").Eq(2).Text()); got != fmt.Sprint(want) {
			t.Errorf("row %d is step %s, want %d", i, got, want)
		}
	}
	if note := d.Find(`[data-testid="run-older"]`).Text(); !strings.Contains(note, "latest 3") {
		t.Errorf("no note that older requests are left out: %q", note)
	}
}

// TestRunsListSaysWhenRunsAreLeftOut: the runs page lists the most recent
// runs and says so when there are more; before, the 101st run and older
// were left out without a word.
func TestRunsListSaysWhenRunsAreLeftOut(t *testing.T) {
	h := sqliteOnly(t)
	defer func(n int) { runListRows = n }(runListRows)
	runListRows = 2
	key := h.runtimeKey()
	for _, run := range []string{"old-run", "mid-run", "new-run"} {
		if res, b := h.api(http.MethodPost, "/api/v1/runs/"+run+"/steps", key, map[string]any{"agent": "analyst"}); res.StatusCode != http.StatusOK {
			t.Fatalf("%d %s", res.StatusCode, b)
		}
		h.app.evidence.flush()
	}
	h.addUser("viewer1", models.RoleViewer)
	c := h.login("viewer1", "viewer1-password")
	_, d := c.get("/runs")
	table := d.Find(`[data-testid="runs-table"]`).Text()
	if !strings.Contains(table, "new-run") || !strings.Contains(table, "mid-run") || strings.Contains(table, "old-run") {
		t.Fatalf("runs listed: %s", strings.Join(strings.Fields(table), " "))
	}
	if note := d.Find(`[data-testid="runs-older"]`).Text(); !strings.Contains(note, "2 most recent") {
		t.Errorf("no note that older runs are left out: %q", note)
	}
	runListRows = 3
	if _, d := c.get("/runs"); d.Find(`[data-testid="runs-older"]`).Length() != 0 {
		t.Error("the note shows though every run is listed")
	}
}

// TestRunPageShowsHiddenCharactersOfToolNames: a tool name the model made
// up goes into the run's evidence as it was sent, and the run page shows
// any character a reader cannot see as an escape. Before, a name holding
// U+202E (right-to-left override) turned the rest of its row around on
// the page ("exec" → "… evitca ·").
func TestRunPageShowsHiddenCharactersOfToolNames(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	if res, b := h.api(http.MethodPost, "/api/v1/runs/rlo-run/calls", key, map[string]any{"agent": "analyst", "tool": "ex\u202eec\u200bx"}); res.StatusCode != http.StatusOK {
		t.Fatalf("%d %s", res.StatusCode, b)
	}
	h.app.evidence.flush()
	h.addUser("viewer1", models.RoleViewer)
	c := h.login("viewer1", "viewer1-password")
	_, d := c.get("/runs/rlo-run")
	row := d.Find(`[data-testid="run-events"] tr[data-kind="call"]`).Text()
	if strings.ContainsAny(row, "\u202e\u200b") || !strings.Contains(row, `ex\u202eec\u200bx`) {
		t.Fatalf("the call row: %q", row)
	}
}

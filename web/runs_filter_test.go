package web

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"

	"github.com/agentforge/console/models"
)

// TestRunsListFilters: the runs list sits in a panel with filters by
// agent, trigger (runtime API or MCP gateway) and day; each keeps only
// its runs, and a bad day names its field (400), never a 5xx.
func TestRunsListFilters(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) { runsListFilters(t, h) })
}

func runsListFilters(t *testing.T, h *harness) {
	key := h.runtimeKey()
	for run, agent := range map[string]string{"api-analyst": "analyst", "api-research": "researcher"} {
		if res, body := h.api(http.MethodPost, "/api/v1/runs/"+run+"/steps", key, map[string]any{"agent": agent}); res.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d %s", run, res.StatusCode, body)
		}
	}
	h.app.evidence.flush()
	// a gateway session's run (the runs API refuses mcp- ids: only a
	// session writes its run), stored as the gateway stores its evidence
	gw := models.RunEvent{Run: "mcp-gw-analyst", Kind: models.RunStep, Agent: "analyst", Step: 0, Surface: strings.Repeat("a", 64)}
	if err := h.store.SaveRunEvents(t.Context(), []models.RunEvent{gw}); err != nil {
		t.Fatal(err)
	}
	c := h.login("admin", adminPassword)
	listed := func(path string) []string {
		t.Helper()
		res, d := c.get(path)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("%s: %d", path, res.StatusCode)
		}
		if d.Find(`[data-testid="runs-panel"] [data-testid="runs-filter"]`).Length() != 1 {
			t.Fatalf("%s: no filter in the runs panel", path)
		}
		var runs []string
		d.Find(`[data-testid="runs-panel"] [data-testid="runs-table"] tbody tr td:first-child`).Each(func(_ int, s *goquery.Selection) { runs = append(runs, strings.TrimSpace(s.Text())) })
		return runs
	}
	today := time.Now().UTC().Format(time.DateOnly)
	for path, want := range map[string]int{
		"/runs":                                3,
		"/runs?agent=analyst":                  2,
		"/runs?trigger=gateway":                1,
		"/runs?trigger=api":                    2,
		"/runs?agent=analyst&trigger=api":      1,
		"/runs?from=" + today + "&to=" + today: 3,
		"/runs?to=2020-01-01":                  0,
	} {
		if got := listed(path); len(got) != want {
			t.Errorf("%s lists %v, want %d runs", path, got, want)
		}
	}
	res, d := c.get("/runs?from=yesterday")
	if res.StatusCode != http.StatusBadRequest || d.Find(`[data-testid="error-from"]`).Length() != 1 {
		t.Errorf("a bad day: %d, error %q", res.StatusCode, d.Find(`[data-testid="error-from"]`).Text())
	}
}

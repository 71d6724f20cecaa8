package web

import (
	"net/http"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// TestRunPages: a run's evidence is listed on /runs and shown request by
// request on its page, with the prefix/new token split of each step; an
// unknown run is a 404.
func TestRunPages(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	res, body := h.api(http.MethodPost, "/api/v1/runs/page-run/search", key, map[string]any{"agent": "analyst", "query": "draw a chart", "step": 0})
	sr := decodeAs[searchResult](t, apiResp{res, body})
	res, body = h.api(http.MethodPost, "/api/v1/runs/page-run/steps", key, map[string]any{"agent": "analyst", "receipts": []any{[]any{sr.Receipt}, []any{"junk"}}})
	step := decodeAs[stepResult](t, apiResp{res, body})
	h.app.evidence.flush()
	h.addUser("viewer1", models.RoleViewer)
	c := h.login("viewer1", "viewer1-password")
	_, d := c.get("/runs")
	if !strings.Contains(d.Find(`[data-testid="runs-table"]`).Text(), "page-run") {
		t.Fatal("the run is not listed")
	}
	_, d = c.get("/runs/page-run")
	rows := d.Find(`[data-testid="run-events"] tbody tr`)
	if rows.Length() != 2 {
		t.Fatalf("%d rows", rows.Length())
	}
	stepRow := d.Find(`[data-testid="run-events"] tr[data-kind="step"]`).Text()
	for _, want := range []string{views.Num(step.PrefixTokens), views.Num(step.Totals.Total - step.PrefixTokens), "malformed:1", sr.Receipt.ID()} {
		if !strings.Contains(stepRow, want) {
			t.Errorf("step row lacks %q: %s", want, strings.Join(strings.Fields(stepRow), " "))
		}
	}
	if res, _ := c.get("/runs/no-such-run"); res.StatusCode != http.StatusNotFound {
		t.Fatalf("unknown run: %d", res.StatusCode)
	}
}

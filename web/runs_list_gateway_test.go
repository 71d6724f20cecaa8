package web

import (
	"strings"
	"testing"
)

// TestRunsListCountsNoStepsForAGatewayRun: the runs list shows no step
// count for a gateway run, whose page says an MCP client's run composes
// no steps (its searches and calls are counted as requests).
func TestRunsListCountsNoStepsForAGatewayRun(t *testing.T) {
	h := sqliteOnly(t)
	run := gatewayRunWithACarry(t, h)
	admin := h.login("admin", adminPassword)
	res, doc := admin.get("/runs")
	if res.StatusCode != 200 {
		t.Fatalf("runs page: %d", res.StatusCode)
	}
	row := doc.Find(`a[href="/runs/` + run + `"]`).Closest("tr")
	if row.Length() != 1 {
		t.Fatalf("the gateway run %s is not listed", run)
	}
	if steps := strings.TrimSpace(row.Find(`[data-testid="run-steps"]`).Text()); steps != "–" {
		t.Errorf("the gateway run's steps cell reads %q, want – (it composes no steps)", steps)
	}
}

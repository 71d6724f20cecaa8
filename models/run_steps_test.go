package models_test

import (
	"context"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestRunsListStepsOfGatewayRuns: a gateway run records searches and
// calls, never step events; the runs list counts the steps it reached
// (its latest event's step + 1), as its run page shows them, and a run
// with step events keeps their count.
func TestRunsListStepsOfGatewayRuns(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s, _ := modelstest.OpenEmpty(t, d)
			if _, err := s.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			t0 := time.Date(2026, 11, 1, 9, 0, 0, 0, time.UTC)
			evs := []models.RunEvent{
				{Run: "mcp-a", Kind: models.RunCall, Agent: "helper", Surface: "s", Step: 0, CreatedAt: t0},
				{Run: "mcp-a", Kind: models.RunSearch, Agent: "helper", Surface: "s", Step: 0, CreatedAt: t0.Add(time.Second)},
				{Run: "mcp-a", Kind: models.RunCall, Agent: "helper", Surface: "s", Step: 1, CreatedAt: t0.Add(2 * time.Second)},
				{Run: "mcp-a", Kind: models.RunCall, Agent: "helper", Surface: "s", Step: 2, CreatedAt: t0.Add(3 * time.Second)},
				{Run: "api", Kind: models.RunStep, Agent: "helper", Surface: "s", Step: 0, CreatedAt: t0.Add(4 * time.Second)},
				{Run: "api", Kind: models.RunStep, Agent: "helper", Surface: "s", Step: 1, CreatedAt: t0.Add(5 * time.Second)},
				{Run: "api", Kind: models.RunCall, Agent: "helper", Surface: "s", Step: 1, CreatedAt: t0.Add(6 * time.Second)},
			}
			if err := s.SaveRunEvents(ctx, evs); err != nil {
				t.Fatal(err)
			}
			recent, err := s.RecentRuns(ctx, 10)
			if err != nil {
				t.Fatal(err)
			}
			filtered, err := s.FilteredRuns(ctx, models.RunFilter{}, 10)
			if err != nil {
				t.Fatal(err)
			}
			for name, runs := range map[string][]models.RunSummary{"recent": recent, "filtered": filtered} {
				got := map[string]int{}
				for _, r := range runs {
					got[r.Run] = r.Steps
				}
				if got["mcp-a"] != 3 || got["api"] != 2 {
					t.Errorf("%s runs: steps %v, want mcp-a 3 and api 2", name, got)
				}
			}
		})
	}
}

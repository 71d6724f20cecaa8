package models_test

import (
	"context"
	"testing"

	"github.com/agentforge/console/models"
)

// TestRunEvents: a batch is stored in order and listed per run; the runs
// summary counts steps and orders by latest activity, on both databases.
func TestRunEvents(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		evs := []models.RunEvent{
			{Run: "r1", Kind: models.RunSearch, Agent: "analyst", Surface: "s", QueryBytes: 12, Hits: 3, Receipts: "ab"},
			{Run: "r1", Kind: models.RunStep, Agent: "analyst", Step: 1, Surface: "s", Active: 4, Activated: 2, Accepted: 1, Tokens: 900, PrefixTokens: 700},
			{Run: "r2", Kind: models.RunCall, Agent: "analyst", Surface: "s", Tool: "exec", Verdict: "search_required"},
		}
		if err := s.SaveRunEvents(ctx, evs); err != nil {
			t.Fatal(err)
		}
		got, err := s.RunEvents(ctx, "r1", 100)
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || got[0].Kind != models.RunSearch || got[1].PrefixTokens != 700 {
			t.Fatalf("run events %+v", got)
		}
		runs, err := s.RecentRuns(ctx, 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(runs) != 2 {
			t.Fatalf("runs %+v", runs)
		}
		for _, r := range runs {
			if r.Run == "r1" && (r.Events != 2 || r.Steps != 1 || r.Agent != "analyst" || r.Last.IsZero()) {
				t.Errorf("r1 summary %+v", r)
			}
		}
	})
}

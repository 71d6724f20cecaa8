package models_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/agentforge/console/models"
)

// TestRunOwnersLeaveWithTheirEvidence: a retention pass removes the owner
// of a run whose evidence left (and of a run claimed before the cutoff
// that never stored any); a run that keeps events keeps its owner, old
// claim or not, and so does a run claimed since the cutoff. The run id
// whose owner left may then be opened by another key.
func TestRunOwnersLeaveWithTheirEvidence(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		now := time.Now().UTC()
		evs := []models.RunEvent{stepAt("gone", now.AddDate(0, 0, -40)), stepAt("spans", now.AddDate(0, 0, -35)), stepAt("spans", now.AddDate(0, 0, -1)), stepAt("recent", now)}
		if err := s.SaveRunEvents(ctx, evs); err != nil {
			t.Fatal(err)
		}
		for _, run := range []string{"gone", "spans", "recent", "never-wrote", "claimed-lately"} {
			if k, err := s.ClaimRun(ctx, run, 7); err != nil || k != 7 {
				t.Fatalf("claim %s: key %d, %v", run, k, err)
			}
		}
		// every claim but the last is as old as its run's first event
		if err := s.Exec(ctx, "UPDATE run_owners SET created_at = ? WHERE run <> ?", now.AddDate(0, 0, -41), "claimed-lately"); err != nil {
			t.Fatal(err)
		}
		res, err := s.PruneRunEvents(ctx, now.AddDate(0, 0, -30))
		if err != nil {
			t.Fatal(err)
		}
		if res.Owners != 2 {
			t.Errorf("removed %d owners, want 2 (gone, never-wrote)", res.Owners)
		}
		var owned []string
		if err := s.RawScan(ctx, &owned, "SELECT run FROM run_owners ORDER BY run"); err != nil {
			t.Fatal(err)
		}
		if want := []string{"claimed-lately", "recent", "spans"}; !slices.Equal(owned, want) {
			t.Errorf("owners left %v, want %v", owned, want)
		}
		if k, err := s.ClaimRun(ctx, "gone", 9); err != nil || k != 9 {
			t.Errorf("a run whose evidence left: claimed by key %d, %v; want 9", k, err)
		}
		if k, err := s.ClaimRun(ctx, "spans", 9); err != nil || k != 7 {
			t.Errorf("a run that keeps evidence: owned by key %d, %v; want 7", k, err)
		}
		again, err := s.PruneRunEvents(ctx, now.AddDate(0, 0, -30))
		if err != nil || again.Owners != 0 {
			t.Errorf("second pass %+v, %v", again, err)
		}
	})
}

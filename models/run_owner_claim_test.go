package models_test

import (
	"context"
	"sync"
	"testing"

	"github.com/agentforge/console/models"
)

// TestClaimingANewRunIsOneStatement: a run's first request claims it with
// one insert (its caller has just read the run unowned), not a read and
// an insert; a claimed run keeps its owner, and of keys claiming one run
// at once exactly one owns it, whichever each of them was answered.
func TestClaimingANewRunIsOneStatement(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		cctx, n := models.CountStatements(ctx)
		if k, err := s.ClaimRun(cctx, "fresh", 7); err != nil || k != 7 {
			t.Fatalf("claim: key %d, %v; want 7", k, err)
		}
		if n.Load() != 1 {
			t.Errorf("claiming a new run ran %d statements, want 1", n.Load())
		}
		if k, err := s.ClaimRun(ctx, "fresh", 9); err != nil || k != 7 {
			t.Errorf("a claimed run: owned by key %d, %v; want 7", k, err)
		}
		var wg sync.WaitGroup
		owners := make([]uint, 8)
		errs := make([]error, 8)
		for i := range owners {
			wg.Add(1)
			go func() {
				defer wg.Done()
				owners[i], errs[i] = s.ClaimRun(ctx, "contested", uint(10+i))
			}()
		}
		wg.Wait()
		for i := range owners {
			if errs[i] != nil || owners[i] != owners[0] {
				t.Fatalf("claims at once: %v, %v", owners, errs)
			}
		}
		if k, known, err := s.RunOwnerOf(ctx, "contested"); err != nil || !known || k != owners[0] {
			t.Errorf("stored owner %d (%v, %v), answered %d", k, known, err, owners[0])
		}
	})
}

package models_test

import (
	"context"
	"errors"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// A server that listens before it seeds: BootstrapSeedLater migrates an
// empty database and leaves the catalog, the admin and the demo to
// res.Seed (nothing of them is there before it runs, everything after);
// the admin signs in once FinishAdmin has run after it. A database
// already seeded has nothing left to seed.
func TestSeedLaterSeedsOnlyWhenAsked(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s, _ := modelstest.OpenEmpty(t, d)
			res, err := s.BootstrapSeedLater(ctx, "", nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Seed == nil || res.FinishAdmin == nil || !res.CreatedAdmin || len(res.AdminPassword) < 12 || len(res.Migrated) == 0 {
				t.Fatalf("seed-later bootstrap of an empty database = %+v", res)
			}
			if n, err := s.CountUsers(ctx); err != nil || n != 0 {
				t.Fatalf("before Seed: %d users, %v", n, err)
			}
			if cs, err := s.AvailableContracts(ctx); err != nil || len(cs) != 0 {
				t.Fatalf("before Seed: %d tools, %v", len(cs), err)
			}
			if err := res.Seed(ctx); err != nil {
				t.Fatal(err)
			}
			if cs, err := s.AvailableContracts(ctx); err != nil || len(cs) < 30 {
				t.Fatalf("after Seed: %d tools, %v", len(cs), err)
			}
			if _, err := s.AgentBySlug(ctx, "analyst"); err != nil {
				t.Fatalf("after Seed, the demo's analyst: %v", err)
			}
			if err := res.FinishAdmin(ctx); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Authenticate(ctx, "admin", res.AdminPassword); err != nil {
				t.Fatalf("after Seed and FinishAdmin: %v", err)
			}
			again, err := s.BootstrapSeedLater(ctx, "", nil)
			if err != nil || again.Seed != nil || again.CreatedAdmin || again.FinishAdmin != nil {
				t.Fatalf("a second start = %+v, %v", again, err)
			}
		})
	}
}

// A seeding that fails half-way leaves the database empty, as a first
// start that fails before it listens does, and lets the start's lock go:
// the next start seeds everything.
func TestSeedLaterFailingLeavesAnEmptyDatabase(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s, _ := modelstest.OpenEmpty(t, d)
			boom := errors.New("boom")
			failing := failingAtTheDemo(s, boom)
			res, err := failing.BootstrapSeedLater(ctx, "", nil)
			if err != nil || res.Seed == nil {
				t.Fatalf("seed-later bootstrap = %+v, %v", res, err)
			}
			if err := res.Seed(ctx); !errors.Is(err, boom) {
				t.Fatalf("Seed = %v, want the injected fault", err)
			}
			if n, err := s.CountUsers(ctx); err != nil || n != 0 {
				t.Fatalf("after the failed seeding: %d users, %v", n, err)
			}
			next, err := s.Bootstrap(ctx, "", nil)
			if err != nil || !next.CreatedAdmin || !next.SeededDemo || next.SeededTools < 30 {
				t.Fatalf("the next start = %+v, %v", next, err)
			}
			if _, err := s.Authenticate(ctx, "admin", next.AdminPassword); err != nil {
				t.Fatalf("the next start's admin: %v", err)
			}
		})
	}
}

// failingAtTheDemo is s failing with err at the demo's first promotion,
// half-way through a first start's seeding.
func failingAtTheDemo(s *models.Store, err error) *models.Store {
	return s.WithFault(func(step string) error {
		if step == "move-label" {
			return err
		}
		return nil
	})
}

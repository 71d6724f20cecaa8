package models_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

func githubContracts(t *testing.T) []catalog.Contract { return catalogtest.GitHub(t) }

func TestImportPlanApplyReview(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		cs := githubContracts(t)
		plan, err := s.PlanImport(ctx, models.SourceMCP, "github", cs)
		if err != nil || len(plan.Added) != 117 {
			t.Fatalf("plan: %d added, %v", len(plan.Added), err)
		}
		if _, err := s.ApplyImport(ctx, "alice", models.SourceMCP, "github", cs, "stale"); !errors.Is(err, models.ErrStalePlan) {
			t.Fatalf("stale digest accepted: %v", err)
		}
		if ts, _ := s.Tools(ctx); len(ts) != 0 {
			t.Fatalf("a refused import stored %d tools", len(ts))
		}
		if _, err := s.ApplyImport(ctx, "alice", models.SourceMCP, "github", cs, plan.Digest); err != nil {
			t.Fatal(err)
		}
		ts, _ := s.Tools(ctx)
		for _, tl := range ts {
			if tl.Status != models.ToolCandidate || tl.ImportedBy != "alice" {
				t.Fatalf("imported tool %s is %s by %s", tl.ID, tl.Status, tl.ImportedBy)
			}
		}
		if avail, _ := s.AvailableContracts(ctx); len(avail) != 0 {
			t.Fatal("candidates are available")
		}
		ids := []string{"github.get_me", "github.create_issue"}
		seen, _ := s.ToolDigests(ctx, ids)
		if _, err := s.ReviewTools(ctx, "alice", seen, models.ToolAvailable); !errors.Is(err, models.ErrSelfReview) {
			t.Fatalf("importer reviewed own tools: %v", err)
		}
		if n, err := s.ReviewTools(ctx, "rita", seen, models.ToolAvailable); err != nil || n != 2 {
			t.Fatalf("review: %d, %v", n, err)
		}
		// a changed contract goes back to candidate with its previous version kept
		changed := append([]catalog.Contract(nil), cs...)
		for i := range changed {
			if changed[i].ID == "github.get_me" {
				changed[i].Purpose += " Now with more detail."
			}
		}
		changed = changed[:len(changed)-1] // and one tool dropped
		plan, _ = s.PlanImport(ctx, models.SourceMCP, "github", changed)
		if len(plan.Changed) != 1 || len(plan.Removed) != 1 || plan.Unchanged != 115 {
			t.Fatalf("re-import plan: %d changed, %d removed, %d unchanged", len(plan.Changed), len(plan.Removed), plan.Unchanged)
		}
		if _, err := s.ApplyImport(ctx, "alice", models.SourceMCP, "github", changed, plan.Digest); err != nil {
			t.Fatal(err)
		}
		me, _ := s.ToolByID(ctx, "github.get_me")
		if me.Status != models.ToolCandidate || me.PrevJSON == "" {
			t.Errorf("changed tool: status %s, prev kept %v", me.Status, me.PrevJSON != "")
		}
		res, _ := s.VerifyAudit(ctx)
		if res.BrokenAt != 0 || res.Events != 3 {
			t.Errorf("audit: %+v, want 3 intact events", res)
		}
	})
}

// TestConcurrentImports: ten concurrent imports of the same catalog on
// Postgres leave exactly one copy of each tool and one import event.
func TestConcurrentImports(t *testing.T) {
	url := modelstest.RequirePostgres(t)
	s := modelstest.Open(t, modelstest.Dialect{Name: models.DialectPostgres, URL: url})
	ctx := context.Background()
	cs := githubContracts(t)
	var wg sync.WaitGroup
	errs := make(chan error, 10)
	start := make(chan struct{})
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			if _, err := s.ApplyImport(ctx, "alice", models.SourceMCP, "github", cs, ""); err != nil {
				errs <- err
			}
		}()
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Errorf("import failed: %v", err)
	}
	ts, _ := s.Tools(ctx)
	seen := map[string]bool{}
	for _, tl := range ts {
		if seen[tl.ID] {
			t.Fatalf("duplicate tool %s", tl.ID)
		}
		seen[tl.ID] = true
	}
	evs, _, _ := s.AuditEvents(ctx, models.AuditFilter{Action: "catalog.import"})
	if len(ts) != 117 || len(evs) != 1 {
		t.Fatalf("%d tools, %d import events; want 117 and 1", len(ts), len(evs))
	}
	t.Logf("10 concurrent imports: %d tools, %d import event, 0 duplicates", len(ts), len(evs))
}

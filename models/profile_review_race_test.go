package models_test

import (
	"context"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestProfileSaveAndReviewToggleDoNotInterleave (Postgres; SQLite's
// transactions take the database's write lock at BEGIN): a save reads
// whether its profile needs review, and an admin turns review on for the
// agent using it by default at that moment. The admin's change must not
// commit between the save's read and the save's commit — else a save that
// commits after review was turned on skips review. Either the change waits
// for the save (the save came first), or the save sees review on.
func TestProfileSaveAndReviewToggleDoNotInterleave(t *testing.T) {
	s := modelstest.Open(t, modelstest.Dialect{Name: models.DialectPostgres, URL: modelstest.RequirePostgres(t)})
	ctx := context.Background()
	if _, err := s.Bootstrap(ctx, "admin-password-123", nil); err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{"read_file": true, "web_search": true}
	if _, err := s.CreateProfile(ctx, "admin", models.ProfileInput{Slug: "lean", Name: "Lean", Content: models.ProfileContent{Tools: []string{"read_file"}, Tier: "standard", CatalogForm: "full"}}, known, models.TokenTotals{}); err != nil {
		t.Fatal(err)
	}
	a, err := s.CreateAgent(ctx, "admin", models.AgentInput{Slug: "helper", Name: "Helper", Declared: []string{"read_file", "web_search"}, DefaultProfile: "lean"}, known)
	if err != nil {
		t.Fatal(err)
	}
	toggled := make(chan error, 1)
	inWindow := false
	saver := s.WithFault(func(step string) error {
		if step != "profile.save.reviewers-read" {
			return nil
		}
		go func() {
			_, err := s.UpdateAgent(ctx, "admin", "helper", a.Version, models.AgentInput{Name: "Helper", Declared: a.Declared(), DefaultProfile: "lean", ProfileReview: true}, known)
			toggled <- err
		}()
		// go on once the admin's change has committed (the race) or is
		// waiting for a lock the save holds
		for i := 0; i < 15000; i++ {
			select {
			case err := <-toggled:
				toggled <- err
				inWindow = true
				return nil
			default:
			}
			// a backend waiting for a lock while it holds one on a table
			// of this test's schema: the admin's change, never a session
			// of another test (each has its own schema)
			n, err := s.Raw(ctx, `SELECT count(DISTINCT w.pid) FROM pg_locks w
	JOIN pg_locks r ON r.pid = w.pid JOIN pg_class c ON c.oid = r.relation JOIN pg_namespace ns ON ns.oid = c.relnamespace
	WHERE NOT w.granted AND ns.nspname = current_schema()`)
			if err != nil {
				return err
			}
			if n > 0 {
				return nil
			}
			time.Sleep(2 * time.Millisecond)
		}
		t.Error("the admin's change neither committed nor waited")
		return nil
	})
	v, err := saver.SaveProfileVersion(ctx, "ed", "lean", 1, models.ProfileContent{Tools: []string{"read_file", "web_search"}, Tier: "standard", CatalogForm: "full"}, known, models.TokenTotals{})
	if err != nil {
		t.Fatal(err)
	}
	if err := <-toggled; err != nil {
		t.Fatalf("turning review on: %v", err)
	}
	if inWindow && v.Status != models.VersionPending {
		t.Errorf("review was turned on between the save's reading of it and its commit, and v%d was used at once (%q)", v.Version, v.Status)
	}
	// from now on a save waits for review
	v, err = s.SaveProfileVersion(ctx, "ed", "lean", v.Version, models.ProfileContent{Tools: []string{"web_search"}, Tier: "standard", CatalogForm: "full"}, known, models.TokenTotals{})
	if err != nil || v.Status != models.VersionPending {
		t.Errorf("a save after review was turned on: %v %+v", err, v)
	}
}

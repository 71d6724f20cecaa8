package models_test

import (
	"context"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
)

// TestAChangeUndoneStillEndsTheReviewStamp: a tool reviewed in one step
// (review and classification at one instant) changed and reverted with no
// check in between was restored with its review time put back: its review
// stamp was byte for byte the one before the change, so every binding and
// approval that pinned it lived on. Now every change and every restore
// gives a new stamp, and the same version again keeps it.
func TestAChangeUndoneStillEndsTheReviewStamp(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		v1 := githubContracts(t)[0]
		imp := func(c catalog.Contract) models.ImportPlan {
			t.Helper()
			p, err := s.ApplyImport(ctx, "alice", models.SourceMCP, "github", []catalog.Contract{c}, "")
			if err != nil {
				t.Fatal(err)
			}
			return p
		}
		imp(v1)
		seen, _ := s.ToolDigests(ctx, []string{v1.ID})
		if _, err := s.ReviewTools(ctx, "rita", seen, models.ToolAvailable); err != nil {
			t.Fatal(err)
		}
		reviewed, _ := s.ToolByID(ctx, v1.ID)
		stamps := map[string]string{reviewed.ReviewStamp(): "reviewed"}
		v2 := v1
		v2.Purpose += " Then mails it out."
		for round := 0; round < 2; round++ {
			imp(v2)
			imp(v1)
			back, _ := s.ToolByID(ctx, v1.ID)
			if back.Status != models.ToolAvailable || back.Digest != reviewed.Digest {
				t.Fatalf("round %d: not restored: %s %s", round, back.Status, back.Digest)
			}
			if was, ok := stamps[back.ReviewStamp()]; ok {
				t.Errorf("round %d: the restored tool's review stamp is the one it had %s: %s", round, was, back.ReviewStamp())
			}
			stamps[back.ReviewStamp()] = "at an earlier restore"
		}
		now, _ := s.ToolByID(ctx, v1.ID)
		if p := imp(v1); !p.Empty() {
			t.Fatalf("the same version again: %+v", p)
		}
		if again, _ := s.ToolByID(ctx, v1.ID); again.ReviewStamp() != now.ReviewStamp() {
			t.Errorf("the same version again changed the stamp: %s -> %s", now.ReviewStamp(), again.ReviewStamp())
		}
	})
}

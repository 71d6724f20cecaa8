package models_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
)

// TestARejectedReviewedToolComesBackWithItsReviewedVersion: a reviewed
// tool that a server's list once rejected (it named the tool twice) came
// back, when the list was right again, as a candidate waiting for review:
// a buggy or hostile list knocked a reviewed tool out of every roster
// until someone reviewed it again. Now the reviewed version sent again is
// restored like any rollback to it (available, reviewed by its reviewer),
// with a new review stamp; another version is still a change to review.
func TestARejectedReviewedToolComesBackWithItsReviewedVersion(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		v1 := githubContracts(t)[0]
		id := v1.ID
		outcome := func(o catalog.Outcome) models.ImportPlan {
			t.Helper()
			p, err := s.ApplyOutcome(ctx, "alice", models.SourceMCP, "github", o, "")
			if err != nil {
				t.Fatal(err)
			}
			return p
		}
		outcome(catalog.Outcome{Contracts: []catalog.Contract{v1}})
		seen, _ := s.ToolDigests(ctx, []string{id})
		if _, err := s.ReviewTools(ctx, "rita", seen, models.ToolAvailable); err != nil {
			t.Fatal(err)
		}
		reviewed, _ := s.ToolByID(ctx, id)
		desc, _ := json.Marshal(map[string]any{"name": v1.Name(), "description": "twice"})
		twice := catalog.Rejection{Index: 1, Name: v1.Name(), ID: id, Descriptor: desc,
			Problems: catalog.Problems{{Tool: id, Field: "name", Message: "the server lists this name more than once"}}}
		outcome(catalog.Outcome{Rejected: []catalog.Rejection{twice}})
		if got, _ := s.ToolByID(ctx, id); got.Status != models.ToolRejected {
			t.Fatalf("the list naming it twice: %s, want rejected", got.Status)
		}
		p := outcome(catalog.Outcome{Contracts: []catalog.Contract{v1}})
		if len(p.Restored) != 1 || len(p.Changed) != 0 {
			t.Errorf("the right list again: %d restored, %d changed; want 1 restored", len(p.Restored), len(p.Changed))
		}
		got, _ := s.ToolByID(ctx, id)
		if got.Status != models.ToolAvailable || got.Digest != reviewed.Digest || got.ReviewedBy != "rita" || got.Reasons != "" || got.PrevDigest != "" {
			t.Errorf("restored: status %s digest %s reviewed by %q reasons %q prev %q", got.Status, got.Digest, got.ReviewedBy, got.Reasons, got.PrevDigest)
		}
		if got.ReviewStamp() == reviewed.ReviewStamp() {
			t.Errorf("the restore kept the review stamp from before the rejection: %s", got.ReviewStamp())
		}
		// rejected again, then another version: a change to review
		outcome(catalog.Outcome{Rejected: []catalog.Rejection{twice}})
		v2 := v1
		v2.Purpose += " And mails it."
		if p := outcome(catalog.Outcome{Contracts: []catalog.Contract{v2}}); len(p.Changed) != 1 || len(p.Restored) != 0 {
			t.Errorf("another version after the rejection: %d changed, %d restored", len(p.Changed), len(p.Restored))
		}
		if got, _ := s.ToolByID(ctx, id); got.Status != models.ToolCandidate {
			t.Errorf("another version after the rejection is %s, want a candidate", got.Status)
		}
	})
}

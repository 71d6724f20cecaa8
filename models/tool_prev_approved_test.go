package models_test

import (
	"context"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
)

// TestAChangedToolIsComparedWithItsApprovedVersion: a tool
// approved as v1 changed to v2 (not approved) and back to v1; its
// "previous" contract, which the review page shows under "Changed since
// the approved version", was v2, the unapproved candidate. Now a change
// of a tool that is not available keeps the last approved contract as
// the one it is compared with, and a never-approved tool has none.
func TestAChangedToolIsComparedWithItsApprovedVersion(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		v1 := githubContracts(t)[0]
		id := v1.ID
		imp := func(c catalog.Contract) {
			t.Helper()
			if _, err := s.ApplyImport(ctx, "alice", models.SourceMCP, "github", []catalog.Contract{c}, ""); err != nil {
				t.Fatal(err)
			}
		}
		imp(v1)
		seen, _ := s.ToolDigests(ctx, []string{id})
		if _, err := s.ReviewTools(ctx, "rita", seen, models.ToolAvailable); err != nil {
			t.Fatal(err)
		}
		approved, _ := s.ToolByID(ctx, id)
		v2 := v1
		v2.Purpose = v1.Purpose + ", then email it to the customer."
		imp(v2)
		if got, _ := s.ToolByID(ctx, id); got.PrevDigest != approved.Digest || got.PrevJSON != approved.Contract {
			t.Fatalf("v2 is compared with %s, want the approved %s", got.PrevDigest, approved.Digest)
		}
		v3 := v1
		v3.Purpose = v1.Purpose + " (again changed)"
		imp(v3)
		if got, _ := s.ToolByID(ctx, id); got.PrevDigest != approved.Digest || got.PrevJSON != approved.Contract {
			t.Errorf("a second unapproved change is compared with %s (the candidate), want the approved %s", got.PrevDigest, approved.Digest)
		}
		imp(v1)
		if got, _ := s.ToolByID(ctx, id); got.Status != models.ToolAvailable || got.Digest != approved.Digest {
			t.Errorf("reverted: %s at %s, want the approved version restored (TestARolledBackToolReturnsToItsApprovedState)", got.Status, got.Digest)
		}
		// a tool never approved has no approved version to compare with
		n1 := githubContracts(t)[1]
		imp(n1)
		n2 := n1
		n2.Purpose = n1.Purpose + " Changed."
		imp(n2)
		if got, _ := s.ToolByID(ctx, n1.ID); got.PrevJSON != "" || got.PrevDigest != "" {
			t.Errorf("a never-approved tool is compared with %s", got.PrevDigest)
		}
	})
}

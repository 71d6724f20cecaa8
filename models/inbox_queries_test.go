package models_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/agentforge/console/models"
)

// TestInboxStatementsDoNotGrowWithProposals: the inbox reads each
// proposal's skill and reviews in batches, so an author with eight
// reviewed proposals costs the database as many statements as one with
// two (it made two statements per proposal). The items are unchanged:
// one change request per proposal, each with its skill's slug.
func TestInboxStatementsDoNotGrowWithProposals(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		rita := mustUser(t, s, "rita", models.RoleReviewer)
		ed := mustUser(t, s, "ed", models.RoleEditor)
		statements := func() (int64, []models.InboxItem) {
			cctx, n := models.CountStatements(ctx)
			items, err := s.Inbox(cctx, ed, 100)
			if err != nil {
				t.Fatal(err)
			}
			return n.Load(), items
		}
		propose := func(i int) {
			c := models.SkillContent{Name: "Skill", Summary: "Does it.", Procedure: "1. Do it.\n", RequiredTools: []string{}}
			p, err := s.Propose(ctx, "ed", fmt.Sprintf("skill-%d", i), true, c)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.AddReview(ctx, rita, p.ID, models.ReviewRequestChanges, p.Digest, "More."); err != nil {
				t.Fatal(err)
			}
		}
		for i := range 2 {
			propose(i)
		}
		two, items := statements()
		if len(items) != 2 {
			t.Fatalf("two proposals: %d items", len(items))
		}
		for i := 2; i < 8; i++ {
			propose(i)
		}
		eight, items := statements()
		if len(items) != 8 || eight != two {
			t.Fatalf("eight proposals: %d items in %d statements; two took %d", len(items), eight, two)
		}
		for _, it := range items {
			if it.Kind != models.InboxChangesRequested || it.Skill == "" || it.Actor != "rita" {
				t.Errorf("item %+v", it)
			}
		}
	})
}

package models_test

import (
	"context"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
)

// TestAToolIdDifferingOnlyInCaseIsRefused: a server listing Send_Mail
// beside a reviewed send_mail imported it as a new candidate: a reviewer
// saw two near-identical names. Now a tool whose id differs from a stored
// (or earlier listed) tool's only in letter case is rejected, naming the
// field and the other id, and the reviewed tool is untouched; the same
// list again changes nothing.
func TestAToolIdDifferingOnlyInCaseIsRefused(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		v1 := githubContracts(t)[0]
		if _, err := s.ApplyOutcome(ctx, "alice", models.SourceMCP, "github", catalog.Outcome{Contracts: []catalog.Contract{v1}}, ""); err != nil {
			t.Fatal(err)
		}
		seen, _ := s.ToolDigests(ctx, []string{v1.ID})
		if _, err := s.ReviewTools(ctx, "rita", seen, models.ToolAvailable); err != nil {
			t.Fatal(err)
		}
		twin := v1
		twin.ID = "github." + strings.ToUpper(strings.TrimPrefix(v1.ID, "github."))
		twin.Purpose += " Twin."
		third := v1
		third.ID = v1.ID + "_more"
		thirdTwin := third
		thirdTwin.ID = strings.ToUpper(third.ID[:8]) + third.ID[8:]
		for round := 0; round < 2; round++ {
			p, err := s.ApplyOutcome(ctx, "alice", models.SourceMCP, "github", catalog.Outcome{Contracts: []catalog.Contract{v1, twin, third, thirdTwin}}, "")
			if err != nil {
				t.Fatal(err)
			}
			if round == 0 && (len(p.Added) != 1 || p.Added[0].ID != third.ID || len(p.Rejecting) != 2) {
				t.Errorf("round %d: added %d, rejecting %d: %+v", round, len(p.Added), len(p.Rejecting), p.Rejecting)
			}
			if round == 1 && !p.Empty() {
				t.Errorf("the same list again: %+v", p)
			}
			for _, r := range p.Rejected {
				if len(r.Problems) == 0 || r.Problems[0].Field != "name" || !strings.Contains(r.Problems[0].Message, "only in letter case") {
					t.Errorf("round %d: rejection %s: %+v", round, r.ID, r.Problems)
				}
			}
		}
		if got, _ := s.ToolByID(ctx, v1.ID); got.Status != models.ToolAvailable {
			t.Errorf("the reviewed tool is %s", got.Status)
		}
		if got, err := s.ToolByID(ctx, twin.ID); err != nil || got.Status != models.ToolRejected {
			t.Errorf("the twin: %+v %v", got, err)
		}
	})
}

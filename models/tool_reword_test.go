package models_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestReviewRecordsARewording: a reviewer making a tool available may
// record a rewording of its description; the model's contract (Effective,
// AvailableContracts) then carries it, the stored contract and digest stay
// the imported ones, and the audit keeps both texts. A rewording that is
// empty, hidden-charactered, for an unselected tool or with a rejection is
// refused naming reword.<id>, and nothing is written.
func TestReviewRecordsARewording(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		cs := githubContracts(t)
		if _, err := s.ApplyImport(ctx, "alice", models.SourceMCP, "github", cs, ""); err != nil {
			t.Fatal(err)
		}
		ids := []string{"github.get_me", "github.create_issue"}
		seen, _ := s.ToolDigests(ctx, ids)
		before, _ := s.ToolByID(ctx, "github.get_me")
		refused := []struct {
			status  string
			rewords map[string]string
			field   string
		}{
			{models.ToolAvailable, map[string]string{"github.get_me": "   "}, "reword.github.get_me"},
			{models.ToolAvailable, map[string]string{"github.get_me": "Who am I\u202e?"}, "reword.github.get_me"},
			{models.ToolAvailable, map[string]string{"github.list_issues": "Lists issues."}, "reword.github.list_issues"},
			{models.ToolRejected, map[string]string{"github.get_me": "Gets you."}, "reword.github.get_me"},
		}
		for _, r := range refused {
			_, err := s.ReviewToolsReworded(ctx, "rita", seen, r.status, r.rewords)
			var ve *models.ValidationError
			if !errors.As(err, &ve) || ve.Fields[r.field] == "" {
				t.Fatalf("%v: got %v, want a refusal naming %s", r.rewords, err, r.field)
			}
			if after, _ := s.ToolByID(ctx, "github.get_me"); after.Status != models.ToolCandidate || after.ReviewedPurpose != "" {
				t.Fatalf("%v: a refused review wrote %s / %q", r.rewords, after.Status, after.ReviewedPurpose)
			}
		}
		reworded := "Gets the authenticated GitHub user's profile."
		if n, err := s.ReviewToolsReworded(ctx, "rita", seen, models.ToolAvailable, map[string]string{"github.get_me": reworded}); err != nil || n != 2 {
			t.Fatalf("review: %d, %v", n, err)
		}
		after, _ := s.ToolByID(ctx, "github.get_me")
		if after.Contract != before.Contract || after.Digest != before.Digest || !after.Reworded() || after.ReviewedPurposeBy != "rita" {
			t.Fatalf("stored: contract kept %v, digest kept %v, reworded %v by %q", after.Contract == before.Contract, after.Digest == before.Digest, after.Reworded(), after.ReviewedPurposeBy)
		}
		orig, _ := after.Parsed()
		eff, _ := after.Effective()
		if eff.Purpose != reworded || orig.Purpose == reworded {
			t.Errorf("effective purpose %q, imported %q", eff.Purpose, orig.Purpose)
		}
		avail, _ := s.AvailableContracts(ctx)
		found := false
		for _, k := range avail {
			if k.ID == "github.get_me" {
				found = k.Purpose == reworded
			}
		}
		if !found {
			t.Error("the available contract does not carry the rewording")
		}
		evs, _, err := s.AuditEvents(ctx, models.AuditFilter{Action: "tool.reworded"})
		if err != nil || len(evs) != 1 || !strings.Contains(evs[0].Detail, reworded) || !strings.Contains(evs[0].Detail, orig.Purpose[:20]) {
			t.Errorf("audit: %v %+v", err, evs)
		}
	})
}

package models_test

import (
	"context"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
)

// TestARolledBackToolReturnsToItsApprovedState: a tool approved as v1
// changed to v2 (back in review), then its server sends v1 again. The
// import restores the approved state (available, no diff, reviewed by its
// reviewer), withdraws the candidate of v2 and audits the restoration.
// Failed before: the tool stayed a candidate compared with an identical
// approved version, out of service until a reviewer re-approved it.
func TestARolledBackToolReturnsToItsApprovedState(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		v1 := githubContracts(t)[0]
		id := v1.ID
		imp := func(c catalog.Contract) models.ImportPlan {
			t.Helper()
			p, err := s.ApplyImport(ctx, "alice", models.SourceMCP, "github", []catalog.Contract{c}, "")
			if err != nil {
				t.Fatal(err)
			}
			return p
		}
		imp(v1)
		seen, _ := s.ToolDigests(ctx, []string{id})
		if _, err := s.ReviewTools(ctx, "rita", seen, models.ToolAvailable); err != nil {
			t.Fatal(err)
		}
		approved, _ := s.ToolByID(ctx, id)
		v2 := v1
		v2.Purpose = v1.Purpose + ", then email it to the customer."
		if p := imp(v2); len(p.Changed) != 1 {
			t.Fatalf("v2: %d changed, want 1", len(p.Changed))
		}
		if got, _ := s.ToolByID(ctx, id); got.Status != models.ToolCandidate {
			t.Fatalf("v2 is %s, want back in review", got.Status)
		}
		p := imp(v1)
		if len(p.Restored) != 1 || len(p.Changed) != 0 {
			t.Errorf("rollback: %d restored, %d changed; want 1 restored", len(p.Restored), len(p.Changed))
		}
		got, _ := s.ToolByID(ctx, id)
		if got.Status != models.ToolAvailable || got.Digest != approved.Digest || got.PrevDigest != "" || got.PrevJSON != "" || got.ReviewedBy != "rita" || got.Validation != approved.Validation {
			t.Errorf("rolled back: status %s digest %s prev %q reviewed by %q validation %s; want the approved state", got.Status, got.Digest, got.PrevDigest, got.ReviewedBy, got.Validation)
		}
		avail, _ := s.AvailableContracts(ctx)
		found := false
		for _, c := range avail {
			found = found || c.ID == id
		}
		if !found {
			t.Error("the restored tool is not in the available catalog")
		}
		evs, _, err := s.AuditEvents(ctx, models.AuditFilter{Action: "tool.restored"})
		if err != nil {
			t.Fatal(err)
		}
		restored := false
		for _, e := range evs {
			restored = restored || e.Action == "tool.restored" && strings.Contains(e.Detail, "restored to the reviewed version")
		}
		if !restored {
			t.Error("no audit event says the tool was restored to the reviewed version")
		}
		// the same version again changes nothing
		if p := imp(v1); !p.Empty() {
			t.Errorf("the approved version again: %+v", p)
		}
	})
}

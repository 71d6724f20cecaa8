package models_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestMigrationFreezesClosedProposals: on a database from before closed
// proposals kept their record (no columns), migration 60 adds them and
// reconstructs each closed proposal's production version and approvals
// from the promoted versions, the audit log and the reviews.
func TestMigrationFreezesClosedProposals(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) { freezesClosedProposals(t, d) })
	}
}

func freezesClosedProposals(t *testing.T, d modelstest.Dialect) {
	ctx := context.Background()
	s, dsn := modelstest.OpenURL(t, d)
	if _, err := s.Bootstrap(ctx, "admin-password-123", nil); err != nil {
		t.Fatal(err)
	}
	admin, err := s.UserByName(ctx, "admin")
	if err != nil {
		t.Fatal(err)
	}
	if err := s.CloseProposal(ctx, admin, 4, models.ProposalRejected, "teaches code rounds"); err != nil {
		t.Fatal(err)
	}
	want := map[uint]struct {
		against   int
		approvers []string
	}{2: {1, []string{"admin"}}, 3: {0, []string{"admin"}}, 4: {2, nil}}
	check := func(when string) {
		t.Helper()
		for id, w := range want {
			p, err := s.ProposalByID(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			got := -1
			if p.ClosedProduction != nil {
				got = *p.ClosedProduction
			}
			if got != w.against || fmt.Sprint(p.ApprovedBy()) != fmt.Sprint(w.approvers) {
				t.Errorf("%s: proposal %d judged against v%d by %v, want v%d by %v", when, id, got, p.ApprovedBy(), w.against, w.approvers)
			}
		}
	}
	check("at close")
	for _, q := range []string{"ALTER TABLE proposals DROP COLUMN closed_production", "ALTER TABLE proposals DROP COLUMN approved_by", "DELETE FROM schema_migrations WHERE version = 60"} {
		if err := s.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	// a new process meets the old schema (no statements cached from before)
	s, err = models.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	applied, err := s.Migrate(ctx)
	if err != nil || !reflect.DeepEqual(applied, []int{60}) {
		t.Fatalf("migrate: %v %v", applied, err)
	}
	check("after migration")
}

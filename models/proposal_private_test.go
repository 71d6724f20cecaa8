package models_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestMigrationMarksUnsubmittedProposalsPrivate: on a database from
// before proposals.private, migration 152 marks drafts and drafts
// withdrawn unsubmitted private (their author's alone), and leaves every
// proposal that was ever open for review public — whichever way the audit
// log named its opening.
func TestMigrationMarksUnsubmittedProposalsPrivate(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) { marksUnsubmittedPrivate(t, d) })
	}
}

func marksUnsubmittedPrivate(t *testing.T, d modelstest.Dialect) {
	ctx := context.Background()
	s, dsn := modelstest.OpenURL(t, d)
	if _, err := s.Bootstrap(ctx, "admin-password-123", nil); err != nil {
		t.Fatal(err)
	}
	erin, err := s.CreateUser(ctx, "admin", models.NewUserInput{Username: "erin", Password: "erin-password-123", Roles: []models.Role{models.RoleEditor}})
	if err != nil {
		t.Fatal(err)
	}
	content := models.SkillContent{Name: "Plan", Summary: "Plans.", Procedure: "1. Plan.\n", RequiredTools: []string{"read_file"}}
	want := map[uint]bool{}
	draft := func(slug string) uint {
		p, err := s.SaveDraft(ctx, "erin", slug, true, content)
		if err != nil {
			t.Fatal(err)
		}
		return p.ID
	}
	withdraw := func(id uint) {
		if err := s.CloseProposal(ctx, erin, id, models.ProposalWithdrawn, "not now"); err != nil {
			t.Fatal(err)
		}
	}
	want[draft("still-draft")] = true
	id := draft("dropped-draft")
	withdraw(id)
	want[id] = true
	id = draft("submitted-then-dropped")
	if err := s.Submit(ctx, "erin", id); err != nil {
		t.Fatal(err)
	}
	withdraw(id)
	want[id] = false
	p, err := s.Propose(ctx, "erin", "opened-then-dropped", true, content)
	if err != nil {
		t.Fatal(err)
	}
	withdraw(p.ID)
	want[p.ID] = false
	// a draft submitted before this change: its opening event named
	// "proposal:N" alone
	id = draft("old-submission")
	if err := s.Exec(ctx, fmt.Sprintf("UPDATE proposals SET status = 'withdrawn', private = FALSE WHERE id = %d", id)); err != nil {
		t.Fatal(err)
	}
	if err := s.Audit(ctx, models.Event{Actor: "erin", Action: "proposal.open", Subject: fmt.Sprintf("proposal:%d", id), Detail: "submitted draft"}); err != nil {
		t.Fatal(err)
	}
	want[id] = false
	check := func(when string) {
		t.Helper()
		for id, private := range want {
			p, err := s.ProposalByID(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if p.Private != private || p.VisibleTo("ed") == private {
				t.Errorf("%s: proposal %d (%s) private %v, visible to another %v; want private %v", when, id, p.Status, p.Private, p.VisibleTo("ed"), private)
			}
		}
	}
	check("as written")
	for _, q := range []string{"ALTER TABLE proposals DROP COLUMN private", "DELETE FROM schema_migrations WHERE version = 152"} {
		if err := s.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	s, err = models.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	applied, err := s.Migrate(ctx)
	if err != nil || !reflect.DeepEqual(applied, []int{152}) {
		t.Fatalf("migrate: %v %v", applied, err)
	}
	check("after migration")
}

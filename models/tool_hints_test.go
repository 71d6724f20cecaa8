package models_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/builtin"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

func hintUsers(t *testing.T, s *models.Store) (editor, reviewer, both *models.User) {
	t.Helper()
	ctx := context.Background()
	mk := func(name string, roles ...models.Role) *models.User {
		u, err := s.CreateUser(ctx, "test", models.NewUserInput{Username: name, Password: "correct horse battery", Roles: roles})
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	return mk("eddie", models.RoleEditor), mk("rita", models.RoleReviewer), mk("bo", models.RoleEditor, models.RoleReviewer)
}

func importAcme(t *testing.T, s *models.Store) *models.Tool {
	t.Helper()
	ctx := context.Background()
	c := catalog.Contract{ID: "acme.fetch_page", Title: "Fetch page", Purpose: "Downloads a page.", Class: catalog.ClassService, Effects: catalog.EffectsReadOnly, Version: "1"}
	if _, err := s.ApplyImport(ctx, "importer", models.SourceMCP, "acme", []catalog.Contract{c}, ""); err != nil {
		t.Fatal(err)
	}
	tl, err := s.ToolByID(ctx, c.ID)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.ClassifyTool(ctx, "classifier", c.ID, tl.Digest, authority.StateBindable, models.Classification{Effects: "read-only", Risk: "low"}); err != nil {
		t.Fatal(err)
	}
	tl, _ = s.ToolByID(ctx, c.ID)
	return tl
}

// TestHintProposalReviewedLikeAContractChange: an editor proposes hints,
// a reviewer who did not propose them approves; the contract and digest
// change, the old contract is kept, the ledger state and classification
// stand (rebound to the new digest), and every step is audited.
func TestHintProposalReviewedLikeAContractChange(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		editor, reviewer, both := hintUsers(t, s)
		before := importAcme(t, s)
		gen0, _ := s.CatalogGeneration(ctx)

		// refusals that write nothing
		if _, err := s.ProposeHints(ctx, reviewer, before.ID, before.Digest, []string{"grab a url"}); !errors.Is(err, models.ErrForbidden) {
			t.Errorf("a reviewer without editor proposed: %v", err)
		}
		if _, err := s.ProposeHints(ctx, editor, before.ID, "stale", []string{"grab a url"}); !errors.Is(err, models.ErrConflict) {
			t.Errorf("stale digest: %v", err)
		}
		var ve *models.ValidationError
		if _, err := s.ProposeHints(ctx, editor, before.ID, before.Digest, []string{strings.Repeat("x", catalog.MaxSearchHintBytes+1)}); !errors.As(err, &ve) || ve.Fields["hints"] == "" {
			t.Errorf("oversized hint: %v", err)
		}
		// a hint becomes part of the contract, where hidden characters are
		// refused: refused when proposed, not only when approved
		if _, err := s.ProposeHints(ctx, editor, before.ID, before.Digest, []string{"grab ‮a url"}); !errors.As(err, &ve) || !strings.Contains(ve.Fields["hints"], "U+202E") {
			t.Errorf("hidden character in a hint: %v", err)
		}
		if _, err := s.ProposeHints(ctx, editor, "acme.nope", before.Digest, []string{"x"}); !errors.Is(err, models.ErrNotFound) {
			t.Errorf("unknown tool: %v", err)
		}

		p, err := s.ProposeHints(ctx, editor, before.ID, before.Digest, []string{" grab  a url ", "download page", "Grab a URL", ""})
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Hints(); !slices.Equal(got, []string{"grab a url", "download page"}) {
			t.Errorf("normalized hints %q", got)
		}
		if _, err := s.DecideHints(ctx, editor, p.ID, true, ""); !errors.Is(err, models.ErrForbidden) {
			t.Errorf("an editor approved: %v", err)
		}
		own, err := s.ProposeHints(ctx, both, before.ID, before.Digest, []string{"mine"})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.DecideHints(ctx, both, own.ID, true, ""); !errors.Is(err, models.ErrSelfApproval) {
			t.Errorf("the proposer approved their own hints: %v", err)
		}
		if _, err := s.DecideHints(ctx, reviewer, own.ID, false, " "); !errors.As(err, &ve) || ve.Fields["reason"] == "" {
			t.Errorf("a rejection without a reason: %v", err)
		}
		if tl, _ := s.ToolByID(ctx, before.ID); tl.Digest != before.Digest {
			t.Fatal("a refused step changed the tool")
		}

		done, err := s.DecideHints(ctx, reviewer, p.ID, true, "")
		if err != nil {
			t.Fatal(err)
		}
		after, _ := s.ToolByID(ctx, before.ID)
		c, _ := after.Parsed()
		switch {
		case done.Status != models.HintsApproved || done.DecidedBy != "rita" || done.NewDigest != after.Digest:
			t.Errorf("proposal after approval: %+v", done)
		case after.Digest == before.Digest || after.Digest != catalog.Digest(c):
			t.Error("the digest did not change with the hints")
		case !slices.Equal(c.SearchHints, []string{"grab a url", "download page"}):
			t.Errorf("stored hints %q", c.SearchHints)
		case after.PrevDigest != before.Digest || after.PrevJSON != before.Contract:
			t.Error("the old contract is not kept for the diff")
		case after.Validation != authority.StateBindable || after.Status != models.ToolAvailable:
			t.Errorf("ledger state %s / %s, want bindable / available", after.Validation, after.Status)
		case after.ClassEffects != "read-only" || after.ClassifiedBy != "classifier" || after.ClassifiedDigest != after.Digest:
			t.Errorf("classification %s by %s on %s, want read-only by classifier on the new digest", after.ClassEffects, after.ClassifiedBy, after.ClassifiedDigest)
		}
		if gen1, _ := s.CatalogGeneration(ctx); gen1 <= gen0 {
			t.Error("catalog generation not bumped")
		}
		// the other open proposal was made on the old digest
		if _, err := s.DecideHints(ctx, reviewer, own.ID, true, ""); !errors.Is(err, models.ErrConflict) {
			t.Errorf("approving a proposal on an old digest: %v", err)
		}
		if _, err := s.DecideHints(ctx, reviewer, p.ID, false, "changed my mind"); !errors.Is(err, models.ErrClosed) {
			t.Errorf("deciding a closed proposal: %v", err)
		}
		if _, err := s.DecideHints(ctx, reviewer, own.ID, false, "made on an old version"); err != nil {
			t.Fatal(err)
		}
		// a re-import of the same descriptor (which never carries hints)
		// keeps them and changes nothing
		plain := c
		plain.SearchHints = nil
		plan, err := s.ApplyImport(ctx, "importer", models.SourceMCP, "acme", []catalog.Contract{plain}, "")
		if err != nil || !plan.Empty() {
			t.Fatalf("re-import: %+v %v", plan, err)
		}
		evs, _, err := s.AuditEvents(ctx, models.AuditFilter{Subject: "tool:" + before.ID, PerPage: 100})
		if err != nil {
			t.Fatal(err)
		}
		var actions []string
		for _, e := range evs {
			actions = append(actions, e.Action)
		}
		for _, want := range []string{"tool.hints.propose", "tool.hints.approve", "tool.hints.reject"} {
			if !slices.Contains(actions, want) {
				t.Errorf("audit lacks %s: %v", want, actions)
			}
		}
		if res, err := s.VerifyAudit(ctx); err != nil || res.BrokenAt != 0 {
			t.Fatalf("audit: %+v %v", res, err)
		}
	})
}

// TestMigrationBringsBuiltinHints: a database whose built-in tools were
// stored before the built-in catalog had search hints gains them on
// migration, keeping each tool's ledger state and classification; a tool
// that already has hints of its own keeps them.
func TestMigrationBringsBuiltinHints(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		cs, err := builtin.Contracts()
		if err != nil {
			t.Fatal(err)
		}
		// the database as an older console left it: built-in contracts
		// without hints, one tool reclassified by a reviewer, one given
		// hints of its own
		var old []catalog.Contract
		for _, c := range cs {
			c.SearchHints = nil
			old = append(old, c)
		}
		old[1].SearchHints = []string{"our own words"}
		if _, err := s.ApplyImport(ctx, models.SystemActor, models.SourceBuiltin, "", old, ""); err != nil {
			t.Fatal(err)
		}
		reclassified := old[0].ID
		r0, _ := s.ToolByID(ctx, reclassified)
		if err := s.Exec(ctx, "UPDATE tools SET class_risk = 'high', classified_by = 'rita' WHERE id = ?", reclassified); err != nil {
			t.Fatal(err)
		}
		if err := s.Exec(ctx, "DELETE FROM schema_migrations WHERE version = 42"); err != nil {
			t.Fatal(err)
		}
		applied, err := s.Migrate(ctx)
		if err != nil || !slices.Equal(applied, []int{42}) {
			t.Fatalf("migrate: %v %v", applied, err)
		}
		withHints := 0
		for _, c := range cs {
			tl, err := s.ToolByID(ctx, c.ID)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := tl.Parsed()
			want := c.SearchHints
			if c.ID == old[1].ID {
				want = old[1].SearchHints
			}
			if !slices.Equal(got.SearchHints, want) {
				t.Errorf("%s: hints %q, want %q", c.ID, got.SearchHints, want)
			}
			if len(want) > 0 {
				withHints++
			}
			if tl.Validation != authority.StateBindable || tl.Status != models.ToolAvailable || tl.ClassifiedDigest != tl.Digest {
				t.Errorf("%s: ledger %s/%s, classification on %s (digest %s)", c.ID, tl.Validation, tl.Status, tl.ClassifiedDigest, tl.Digest)
			}
		}
		r1, _ := s.ToolByID(ctx, reclassified)
		if r1.ClassRisk != "high" || r1.ClassifiedBy != "rita" || r1.Digest == r0.Digest || r1.PrevDigest != r0.Digest {
			t.Errorf("reviewer state lost: risk %s by %s, digest %s (was %s, prev %s)", r1.ClassRisk, r1.ClassifiedBy, r1.Digest, r0.Digest, r1.PrevDigest)
		}
		if withHints < 10 {
			t.Fatalf("only %d built-in tools have hints: the test proves little", withHints)
		}
		if _, err := catalog.New(mustAvailable(t, s)); err != nil {
			t.Fatal(err)
		}
		// running it again changes nothing
		if err := s.Exec(ctx, "DELETE FROM schema_migrations WHERE version = 42"); err != nil {
			t.Fatal(err)
		}
		gen, _ := s.CatalogGeneration(ctx)
		if _, err := s.Migrate(ctx); err != nil {
			t.Fatal(err)
		}
		if gen2, _ := s.CatalogGeneration(ctx); gen2 != gen {
			t.Error("a second run changed the catalog")
		}
		if res, err := s.VerifyAudit(ctx); err != nil || res.BrokenAt != 0 {
			t.Fatalf("audit: %+v %v", res, err)
		}
	})
}

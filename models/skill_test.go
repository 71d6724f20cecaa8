package models_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

type people struct {
	erin, ed, rita, rob, admin *models.User
}

func seedPeople(t *testing.T, s *models.Store) people {
	ctx := context.Background()
	mk := func(name string, roles ...models.Role) *models.User {
		u, err := s.CreateUser(ctx, "test", models.NewUserInput{Username: name, Password: name + "-password", Roles: roles})
		if err != nil {
			t.Fatal(err)
		}
		return u
	}
	return people{mk("erin", models.RoleEditor), mk("ed", models.RoleEditor, models.RoleReviewer), mk("rita", models.RoleReviewer), mk("rob", models.RoleReviewer), mk("boss", models.RoleAdmin, models.RoleReviewer, models.RoleEditor)}
}

func skill(summary string) models.SkillContent {
	return models.SkillContent{Name: "Quarterly report", Summary: summary, Procedure: "1. Read the spreadsheet.\n2. Write the summary.", RequiredTools: []string{"read_spreadsheet"}}
}

var pass = models.PromotePolicy{RequiredApprovals: 1, ChecksPass: func(context.Context, models.SkillContent) (bool, error) { return true, nil }}

func TestSkillWorkflowRules(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		ppl := seedPeople(t, s)
		p, err := s.Propose(ctx, "erin", "q-report", true, skill("v1"))
		if err != nil {
			t.Fatal(err)
		}
		// nobody approves what they wrote, admins included
		boss, _ := s.Propose(ctx, "boss", "boss-skill", true, skill("by the boss"))
		if _, err := s.AddReview(ctx, ppl.admin, boss.ID, models.ReviewApprove, boss.Digest, ""); !errors.Is(err, models.ErrSelfApproval) {
			t.Errorf("admin approved own proposal: %v", err)
		}
		// only reviewers review
		if _, err := s.AddReview(ctx, ppl.erin, p.ID, models.ReviewApprove, p.Digest, ""); !errors.Is(err, models.ErrForbidden) {
			t.Errorf("editor approved: %v", err)
		}
		// the digest the reviewer saw must be current; a mismatch writes nothing
		if _, err := s.AddReview(ctx, ppl.rita, p.ID, models.ReviewApprove, "stale", ""); !errors.Is(err, models.ErrStaleDigest) {
			t.Errorf("stale digest: %v", err)
		}
		if rs, _ := s.Reviews(ctx, p.ID); len(rs) != 0 {
			t.Fatal("a refused review was stored")
		}
		// no approval: promotion refused
		if _, err := s.Promote(ctx, ppl.rita, p.ID, pass); !errors.Is(err, models.ErrNotApproved) {
			t.Errorf("unapproved promotion: %v", err)
		}
		// approve, revise: the approval is stale
		if _, err := s.AddReview(ctx, ppl.rita, p.ID, models.ReviewApprove, p.Digest, "ok"); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Revise(ctx, "ed", p.ID, 1, skill("not mine")); !errors.Is(err, models.ErrForbidden) {
			t.Errorf("non-author revised: %v", err)
		}
		p2, err := s.Revise(ctx, "erin", p.ID, 1, skill("v1, revised"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Revise(ctx, "erin", p.ID, 1, skill("from a stale revision")); !errors.Is(err, models.ErrConflict) {
			t.Errorf("stale revision: %v", err)
		}
		if _, err := s.Promote(ctx, ppl.rita, p.ID, pass); !errors.Is(err, models.ErrNotApproved) {
			t.Errorf("promotion with a stale approval: %v", err)
		}
		// a change request blocks until withdrawn
		if _, err := s.AddReview(ctx, ppl.rita, p.ID, models.ReviewApprove, p2.Digest, "ok again"); err != nil {
			t.Fatal(err)
		}
		cr, err := s.AddReview(ctx, ppl.rob, p.ID, models.ReviewRequestChanges, p2.Digest, "add a chart step")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Promote(ctx, ppl.rita, p.ID, pass); !errors.Is(err, models.ErrChangesRequested) {
			t.Errorf("promotion over a change request: %v", err)
		}
		if err := s.WithdrawReview(ctx, "rita", cr.ProposalID, cr.ID); !errors.Is(err, models.ErrForbidden) {
			t.Errorf("withdrew someone else's review: %v", err)
		}
		if err := s.WithdrawReview(ctx, "rob", cr.ProposalID, cr.ID); err != nil {
			t.Fatal(err)
		}
		// failing checks block
		failing := models.PromotePolicy{RequiredApprovals: 1, ChecksPass: func(context.Context, models.SkillContent) (bool, error) { return false, nil }}
		if _, err := s.Promote(ctx, ppl.rita, p.ID, failing); !errors.Is(err, models.ErrChecksFailing) {
			t.Errorf("promotion with failing checks: %v", err)
		}
		// two approvals required, one given
		if _, err := s.Promote(ctx, ppl.rita, p.ID, models.PromotePolicy{RequiredApprovals: 2}); !errors.Is(err, models.ErrNotApproved) {
			t.Errorf("one approval of two: %v", err)
		}
		v, err := s.Promote(ctx, ppl.rita, p.ID, pass)
		if err != nil || v.Version != 1 {
			t.Fatalf("promote: %v", err)
		}
		k, _ := s.SkillBySlug(ctx, "q-report")
		prod, _ := s.ProductionVersion(ctx, k.ID)
		if prod.Version != 1 || prod.Summary != "v1, revised" {
			t.Fatalf("production = %+v", prod)
		}
		// a second proposal approved against v1 goes stale when v1 is replaced
		a, _ := s.Propose(ctx, "erin", "q-report", false, skill("v2"))
		b, _ := s.Propose(ctx, "erin", "q-report", false, skill("v2 other"))
		s.AddReview(ctx, ppl.rita, a.ID, models.ReviewApprove, a.Digest, "")
		s.AddReview(ctx, ppl.rita, b.ID, models.ReviewApprove, b.Digest, "")
		if _, err := s.Promote(ctx, ppl.rita, a.ID, pass); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Promote(ctx, ppl.rita, b.ID, pass); !errors.Is(err, models.ErrNotApproved) {
			t.Errorf("approval survived another promotion: %v", err)
		}
		// an approval from someone who lost the reviewer role does not count
		if _, err := s.AddReview(ctx, ppl.rob, b.ID, models.ReviewApprove, b.Digest, ""); err != nil {
			t.Fatal(err)
		}
		if err := s.SetRoles(ctx, "boss", ppl.rob.ID, []models.Role{models.RoleViewer}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Promote(ctx, ppl.rita, b.ID, pass); !errors.Is(err, models.ErrNotApproved) {
			t.Errorf("approval of a former reviewer counted: %v", err)
		}
		// rollback to v1, with a reason, by a reviewer or admin
		if err := s.Rollback(ctx, ppl.erin, "q-report", 1, 2, "bad"); !errors.Is(err, models.ErrForbidden) {
			t.Errorf("editor rolled back: %v", err)
		}
		var ve *models.ValidationError
		if err := s.Rollback(ctx, ppl.admin, "q-report", 1, 2, ""); !errors.As(err, &ve) {
			t.Errorf("rollback without reason: %v", err)
		}
		if err := s.Rollback(ctx, ppl.admin, "q-report", 1, 1, "wrong expectation"); !errors.Is(err, models.ErrConflict) && !errors.As(err, &ve) {
			t.Errorf("rollback from a stale expectation: %v", err)
		}
		if err := s.Rollback(ctx, ppl.admin, "q-report", 1, 2, "v2 broke the chart step"); err != nil {
			t.Fatal(err)
		}
		prod, _ = s.ProductionVersion(ctx, k.ID)
		if prod.Version != 1 {
			t.Fatalf("rollback left production at v%d", prod.Version)
		}
		res, _ := s.VerifyAudit(ctx)
		if res.BrokenAt != 0 {
			t.Fatalf("audit broken: %+v", res)
		}
		for _, action := range []string{"skill.promote", "skill.rollback", "proposal.revise"} {
			if evs, _, _ := s.AuditEvents(ctx, models.AuditFilter{Action: action}); len(evs) == 0 {
				t.Errorf("no %s event", action)
			}
		}
	})
}

// TestPromotionFaultsLeaveNothing: a fault at each step of a promotion
// leaves the database exactly as it was.
func TestPromotionFaultsLeaveNothing(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		ppl := seedPeople(t, s)
		p, _ := s.Propose(ctx, "erin", "faulty", true, skill("v1"))
		if _, err := s.AddReview(ctx, ppl.rita, p.ID, models.ReviewApprove, p.Digest, ""); err != nil {
			t.Fatal(err)
		}
		snapshot := func() string {
			k, _ := s.SkillBySlug(ctx, "faulty")
			l, _ := s.Production(ctx, k.ID)
			vs, _ := s.SkillVersions(ctx, k.ID)
			pp, _ := s.ProposalByID(ctx, p.ID)
			evs, n, _ := s.AuditEvents(ctx, models.AuditFilter{})
			_ = evs
			return fmt.Sprintf("label=%v versions=%d status=%s lock=%d events=%d", l, len(vs), pp.Status, pp.Lock, n)
		}
		before := snapshot()
		for _, step := range []string{"close-proposal", "add-version", "move-label", "audit"} {
			faulty := s.WithFault(func(at string) error {
				if at == step {
					return errors.New("injected fault at " + at)
				}
				return nil
			})
			if _, err := faulty.Promote(ctx, ppl.rita, p.ID, pass); err == nil {
				t.Fatalf("fault at %s did not fail the promotion", step)
			}
			if after := snapshot(); after != before {
				t.Fatalf("fault at %s changed the database:\nbefore %s\nafter  %s", step, before, after)
			}
		}
		if _, err := s.Promote(ctx, ppl.rita, p.ID, pass); err != nil {
			t.Fatalf("promotion after faults: %v", err)
		}
		t.Logf("4 injected faults (close, version, label, audit): 0 rows changed by any; the promotion then succeeds")
	})
}

// TestConcurrentPromotions: 50 concurrent promotions of one approved
// proposal on Postgres: 1 success, 49 conflicts, 0 other errors, 1
// production version, 1 audit event.
func TestConcurrentPromotions(t *testing.T) {
	url := modelstest.RequirePostgres(t)
	s := modelstest.Open(t, modelstest.Dialect{Name: models.DialectPostgres, URL: url})
	ctx := context.Background()
	ppl := seedPeople(t, s)
	p, _ := s.Propose(ctx, "erin", "race", true, skill("v1"))
	if _, err := s.AddReview(ctx, ppl.rita, p.ID, models.ReviewApprove, p.Digest, ""); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	wins, conflicts, other := 0, 0, 0
	start := make(chan struct{})
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			_, err := s.Promote(ctx, ppl.rita, p.ID, pass)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				wins++
			case errors.Is(err, models.ErrConflict), errors.Is(err, models.ErrClosed):
				conflicts++
			default:
				other++
				t.Log(err)
			}
		}()
	}
	close(start)
	wg.Wait()
	k, _ := s.SkillBySlug(ctx, "race")
	vs, _ := s.SkillVersions(ctx, k.ID)
	evs, _, _ := s.AuditEvents(ctx, models.AuditFilter{Action: "skill.promote"})
	if wins != 1 || conflicts != 49 || other != 0 || len(vs) != 1 || len(evs) != 1 {
		t.Fatalf("%d wins, %d conflicts, %d errors, %d versions, %d promote events", wins, conflicts, other, len(vs), len(evs))
	}
	t.Logf("50 concurrent promotions: %d success, %d conflicts, %d server errors, %d production version, %d audit event", wins, conflicts, other, len(vs), len(evs))
}

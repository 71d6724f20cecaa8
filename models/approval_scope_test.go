package models_test

import (
	"context"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestOnePendingRequestPerGroupSetAndProfile: one pending request per
// call counts the subject's group set (in any order) and the profile: the
// same call under other groups or another profile files its own request,
// for its reviewer to see, and ScopedCallApproval gives each call the
// request of its own group set and profile only.
func TestOnePendingRequestPerGroupSetAndProfile(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := modelstest.Open(t, d)
			call := models.Approval{Agent: "demo", Subject: "c-9", GroupsJSON: `["contractors","staff"]`, Profile: "analyst", Tool: "demo.echo", Digest: "d1", ArgsDigest: "args-A", Origin: models.OriginCheck}
			first, created, err := s.RequestApproval(ctx, "apikey:1 a", call)
			if err != nil || !created {
				t.Fatalf("first: created %v, %v", created, err)
			}
			same := call
			same.GroupsJSON = `["staff","contractors"]`
			if a, created, err := s.RequestApproval(ctx, "apikey:1 a", same); err != nil || created || a.Ref != first.Ref {
				t.Errorf("same group set in another order: created %v %v", created, err)
			}
			others := map[string]*models.Approval{}
			for name, o := range map[string]func(*models.Approval){
				"other groups":  func(a *models.Approval) { a.GroupsJSON = `["g2"]` },
				"a group more":  func(a *models.Approval) { a.GroupsJSON = `["contractors","staff","g2"]` },
				"other profile": func(a *models.Approval) { a.Profile = "research" },
				"no profile":    func(a *models.Approval) { a.Profile = "" },
			} {
				b := call
				o(&b)
				a, created, err := s.RequestApproval(ctx, "apikey:1 a", b)
				if err != nil || !created || a.Ref == first.Ref {
					t.Errorf("%s: created %v %v (reused %v)", name, created, err, a != nil && a.Ref == first.Ref)
					continue
				}
				others[name] = a
			}
			if _, err := s.DecideApproval(ctx, "rita", first.Ref, models.ApprovalDecision{Approve: true, Reason: "fine", SingleUse: true}, time.Now()); err != nil {
				t.Fatal(err)
			}
			if a, err := s.ScopedCallApproval(ctx, "demo", "c-9", []string{"staff", "contractors"}, "analyst", "demo.echo", "d1", "args-A", "", 0, time.Now()); err != nil || a.Ref != first.Ref {
				t.Errorf("the approved request's own scope: %+v %v", a, err)
			}
			if a, err := s.ScopedCallApproval(ctx, "demo", "c-9", []string{"g2"}, "analyst", "demo.echo", "d1", "args-A", "", 0, time.Now()); err != nil || a.Ref != others["other groups"].Ref {
				t.Errorf("other groups get their own pending request, not the approved one: %+v %v", a, err)
			}
			if a, err := s.ScopedCallApproval(ctx, "demo", "c-9", []string{"contractors", "staff"}, "research", "demo.echo", "d1", "args-A", "", 0, time.Now()); err != nil || a.Ref != others["other profile"].Ref {
				t.Errorf("another profile gets its own pending request, not the approved one: %+v %v", a, err)
			}
			if ap := first.Authority(); len(ap.Groups) != 2 || ap.Profile != "analyst" {
				t.Errorf("the check reads the request's groups and profile: %+v", ap)
			}
		})
	}
}

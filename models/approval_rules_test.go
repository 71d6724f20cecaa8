package models_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestRequestApprovalKeepsTheFilingRules: the store itself refuses to
// file a request for a call a reviewer denied within DenialHolds
// (*DeniedCallError naming the denied request) and one whose arguments do
// not fit the reviewer's view (ErrUnseeableRequest), whichever route
// asks; nothing is filed. Other arguments, and a denial older than
// DenialHolds, file anew.
func TestRequestApprovalKeepsTheFilingRules(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := modelstest.Open(t, d)
			call := models.Approval{Agent: "demo", Subject: "sam", Tool: "demo.echo", Digest: "d1", ArgsDigest: "args-A", ArgsView: `{"text":"hi"}`, Origin: models.OriginCheck}
			first, _, err := s.RequestApproval(ctx, "apikey:1 a", call)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.DecideApproval(ctx, "admin", first.Ref, models.ApprovalDecision{Reason: "no"}, time.Now()); err != nil {
				t.Fatal(err)
			}
			_, _, err = s.RequestApproval(ctx, "apikey:2 b", call)
			var den *models.DeniedCallError
			if !errors.As(err, &den) || den.Approval.Ref != first.Ref || den.Approval.Reason != "no" {
				t.Errorf("a denied call asked again: %v, want a DeniedCallError naming %s", err, first.Ref)
			}
			big := call
			big.ArgsDigest, big.ArgsView = "args-big", authority.ArgumentsView([]byte(`{"text":"`+strings.Repeat("a long text. ", authority.MaxArgumentsView/10)+`"}`))
			if _, _, err := s.RequestApproval(ctx, "apikey:1 a", big); !errors.Is(err, models.ErrUnseeableRequest) {
				t.Errorf("arguments past the view: %v, want ErrUnseeableRequest", err)
			}
			if n, _ := s.Raw(ctx, "SELECT count(*) FROM approvals"); n != 1 {
				t.Errorf("%d requests stored, want the denied one only", n)
			}
			other := call
			other.ArgsDigest = "args-B"
			if _, created, err := s.RequestApproval(ctx, "apikey:1 a", other); err != nil || !created {
				t.Errorf("other arguments: created %v, %v", created, err)
			}
			old := call
			old.ArgsDigest = "args-C"
			o, _, err := s.RequestApproval(ctx, "apikey:1 a", old)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := s.DecideApproval(ctx, "admin", o.Ref, models.ApprovalDecision{Reason: "not then"}, time.Now().Add(-models.DenialHolds-time.Minute)); err != nil {
				t.Fatal(err)
			}
			if _, created, err := s.RequestApproval(ctx, "apikey:1 a", old); err != nil || !created {
				t.Errorf("after an old denial: created %v, %v", created, err)
			}
		})
	}
}

package models_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestMaskedArgumentsAreNeverApproved: nobody approves what they cannot
// see. A call whose reviewer's view masks an argument value (a value that
// reads as a credential) files no request (ErrMaskedRequest, which is an
// ErrUnseeableRequest); a pending request whose view masks a value (one
// filed before the rule) can be denied, never approved (ErrMaskedArguments,
// an ErrUnseenArguments).
func TestMaskedArgumentsAreNeverApproved(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := modelstest.Open(t, d)
			view := authority.ArgumentsViewReport([]byte(`{"amount":9000,"to":"Bearer mallory-offshore-account-991"}`), "", nil)
			if !view.Hides {
				t.Fatalf("view %s: Hides false", view.Text)
			}
			call := models.Approval{Agent: "demo", Subject: "sam", Tool: "demo.pay", Digest: "d1", ArgsDigest: "args-M", ArgsView: view.Text, ArgsHidden: view.Hides, Origin: models.OriginCheck}
			_, _, err := s.RequestApproval(ctx, "apikey:1 a", call)
			if !errors.Is(err, models.ErrMaskedRequest) || !errors.Is(err, models.ErrUnseeableRequest) {
				t.Errorf("masked arguments filed: %v, want ErrMaskedRequest", err)
			}
			if n, _ := s.Raw(ctx, "SELECT count(*) FROM approvals"); n != 0 {
				t.Fatalf("%d requests stored, want none", n)
			}
			// a request stored before the rule
			ok := call
			ok.ArgsDigest, ok.ArgsView, ok.ArgsHidden = "args-ok", `{"to":"bob"}`, false
			a, _, err := s.RequestApproval(ctx, "apikey:1 a", ok)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.Exec(ctx, "UPDATE approvals SET args_view = ?, args_hidden = ? WHERE ref = ?", `{"to": "[masked]"}`, true, a.Ref); err != nil {
				t.Fatal(err)
			}
			_, err = s.DecideApproval(ctx, "rita", a.Ref, models.ApprovalDecision{Approve: true, Reason: "fine", SingleUse: true}, time.Now())
			if !errors.Is(err, models.ErrMaskedArguments) || !errors.Is(err, models.ErrUnseenArguments) {
				t.Errorf("approving a masked view: %v, want ErrMaskedArguments", err)
			}
			if _, err := s.DecideApproval(ctx, "rita", a.Ref, models.ApprovalDecision{Reason: "cannot see"}, time.Now()); err != nil {
				t.Errorf("denying a masked view: %v", err)
			}
		})
	}
}

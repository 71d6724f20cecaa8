package models_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestSelfDecisionReadsTheFirstAt: a request filed for a subject that is
// a reviewer's name followed by more than one @ ("rita@@x",
// "ritA@corp@x") is that reviewer's own: rita may not decide it, on
// either database; sam may.
func TestSelfDecisionReadsTheFirstAt(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := modelstest.Open(t, d)
			now := time.Now()
			for i, subject := range []string{"rita@@x", "ritA@corp@x", "rita@corp.example@other.example"} {
				a, _, err := s.RequestApproval(ctx, "apikey", models.Approval{Agent: "demo", Subject: subject, Tool: "demo.echo", Digest: "d1", ArgsDigest: "args-" + subject, Origin: models.OriginCheck, Run: "r" + string(rune('0'+i))})
				if err != nil {
					t.Fatal(err)
				}
				if _, err := s.DecideApproval(ctx, "rita", a.Ref, models.ApprovalDecision{Approve: true, SingleUse: true, Reason: "mine"}, now); !errors.Is(err, models.ErrSelfDecision) {
					t.Errorf("rita deciding a request for %q: %v, want ErrSelfDecision", subject, err)
				}
				if _, err := s.DecideApproval(ctx, "sam", a.Ref, models.ApprovalDecision{Approve: true, SingleUse: true, Reason: "checked"}, now); err != nil {
					t.Errorf("sam deciding a request for %q: %v", subject, err)
				}
			}
		})
	}
}

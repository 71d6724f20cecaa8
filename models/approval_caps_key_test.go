package models_test

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestPendingApprovalCapsPerKeyAndSubject: one runtime key
// (per agent) has at most MaxPendingApprovalsPerKey requests waiting and
// one subject at most MaxPendingApprovalsPerSubject per key, so one key or
// one user filling the queue does not block the agent's other keys and users;
// the refusal names the cap.
func TestPendingApprovalCapsPerKeyAndSubject(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := modelstest.Open(t, d)
			file := func(key uint, subject string, i int) error {
				_, _, err := s.RequestApproval(ctx, fmt.Sprintf("apikey:%d k", key), models.Approval{Agent: "demo", Subject: subject, Tool: "demo.echo", Digest: "d1", ArgsDigest: fmt.Sprintf("a-%d-%s-%d", key, subject, i), Origin: models.OriginCheck, KeyID: key})
				return err
			}
			scope := func(err error) string {
				var tm *models.TooManyApprovalsError
				if errors.As(err, &tm) {
					return fmt.Sprintf("%s %d", tm.Scope, tm.Limit)
				}
				return fmt.Sprint(err)
			}
			// key 1 files for many subjects until its cap
			for i := 0; i < models.MaxPendingApprovalsPerKey; i++ {
				if err := file(1, fmt.Sprintf("user-%d", i), i); err != nil {
					t.Fatalf("request %d of key 1: %v", i, err)
				}
			}
			if got := scope(file(1, "user-x", 0)); got != fmt.Sprintf("key %d", models.MaxPendingApprovalsPerKey) {
				t.Errorf("key 1 past its cap: %s", got)
			}
			// another key is not blocked; one subject is capped per key
			// (the caller asserts the subject, so one key
			// filling a subject's queue must not block it for other keys)
			for i := 0; i < models.MaxPendingApprovalsPerSubject; i++ {
				if err := file(2, "sam", i); err != nil {
					t.Fatalf("request %d for sam: %v", i, err)
				}
			}
			if got := scope(file(2, "sam", 1000)); got != fmt.Sprintf("subject %d", models.MaxPendingApprovalsPerSubject) {
				t.Errorf("sam past the subject's cap for key 2: %s", got)
			}
			if err := file(2, "pat", 0); err != nil {
				t.Errorf("another subject of key 2: %v", err)
			}
			if err := file(3, "sam", 0); err != nil {
				t.Errorf("key 3 for sam, whose queue key 2 filled: %v", err)
			}
		})
	}
}

// TestAKeyOwnerDoesNotApproveTheKeysRequests: the person who
// created the runtime key a request was filed through cannot approve it
// (whatever the spelling of their name); they may deny it, and another
// reviewer approves it.
func TestAKeyOwnerDoesNotApproveTheKeysRequests(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := modelstest.Open(t, d)
			_, key, err := s.CreateScopedAPIKey(ctx, "bob", "bob's runtime", models.ScopeRuntime)
			if err != nil {
				t.Fatal(err)
			}
			file := func(i int) string {
				a, _, err := s.RequestApproval(ctx, "apikey", models.Approval{Agent: "demo", Subject: "customer-7", Tool: "demo.echo", Digest: "d1", ArgsDigest: fmt.Sprint(i), Origin: models.OriginCheck, KeyID: key.ID})
				if err != nil {
					t.Fatal(err)
				}
				return a.Ref
			}
			yes := models.ApprovalDecision{Approve: true, SingleUse: true, Reason: "fine"}
			ref := file(1)
			for _, who := range []string{"bob", "BOB", " bob "} {
				if _, err := s.DecideApproval(ctx, who, ref, yes, time.Now()); !errors.Is(err, models.ErrKeyOwnerDecision) {
					t.Errorf("%q approving a request of the key they created: %v", who, err)
				}
			}
			if _, err := s.DecideApproval(ctx, "rita", ref, yes, time.Now()); err != nil {
				t.Errorf("another reviewer: %v", err)
			}
			if _, err := s.DecideApproval(ctx, "bob", file(2), models.ApprovalDecision{Reason: "no"}, time.Now()); err != nil {
				t.Errorf("the key's owner denying: %v", err)
			}
		})
	}
}

package models_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestNoAskingKeysOwnerApproves: a pending request is reused for every
// key that asks the same call, and the owner rule checked only the key
// that filed it first, so the creator of a second asking key could
// approve a call their own key asked for. Now every asking key is
// recorded and the creator of any of them may not approve (they may
// deny); a reviewer who created none approves.
func TestNoAskingKeysOwnerApproves(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := modelstest.Open(t, d)
			_, k1, err := s.CreateScopedAPIKey(ctx, "alice", "alice's runtime", models.ScopeRuntime)
			if err != nil {
				t.Fatal(err)
			}
			_, k2, err := s.CreateScopedAPIKey(ctx, "bob", "bob's runtime", models.ScopeRuntime)
			if err != nil {
				t.Fatal(err)
			}
			call := models.Approval{Agent: "demo", Subject: "customer-7", Tool: "demo.echo", Digest: "d1", ArgsDigest: "a", Origin: models.OriginCheck, KeyID: k1.ID}
			first, _, err := s.RequestApproval(ctx, "apikey:1", call)
			if err != nil {
				t.Fatal(err)
			}
			call.KeyID = k2.ID
			again, created, err := s.RequestApproval(ctx, "apikey:2", call)
			if err != nil || created || again.Ref != first.Ref {
				t.Fatalf("k2 asking the same call: %v created %v", err, created)
			}
			yes := models.ApprovalDecision{Approve: true, SingleUse: true, Reason: "fine"}
			for _, who := range []string{"alice", "bob", "BOB"} {
				if _, err := s.DecideApproval(ctx, who, first.Ref, yes, time.Now()); !errors.Is(err, models.ErrKeyOwnerDecision) {
					t.Errorf("%s approving a request an own key asked: %v, want ErrKeyOwnerDecision", who, err)
				}
			}
			if _, err := s.DecideApproval(ctx, "rita", first.Ref, yes, time.Now()); err != nil {
				t.Errorf("a reviewer who created no asking key: %v", err)
			}
			call.ArgsDigest = "b"
			call.KeyID = k1.ID
			b, _, err := s.RequestApproval(ctx, "apikey:1", call)
			if err != nil {
				t.Fatal(err)
			}
			call.KeyID = k2.ID
			if _, _, err := s.RequestApproval(ctx, "apikey:2", call); err != nil {
				t.Fatal(err)
			}
			if _, err := s.DecideApproval(ctx, "bob", b.Ref, models.ApprovalDecision{Reason: "no"}, time.Now()); err != nil {
				t.Errorf("an asking key's owner denying: %v", err)
			}
		})
	}
}

// TestOnlyAnAskingKeyReplacesThePlaceholder: a check's placeholder summary
// was replaced by the first runtime summary any key sent for the same
// call. Now only a key that had already asked for the request replaces
// it; another key's summary leaves it (the key is recorded as asking).
func TestOnlyAnAskingKeyReplacesThePlaceholder(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := modelstest.Open(t, d)
			call := models.Approval{Agent: "demo", Subject: "sam", Tool: "demo.echo", Digest: "d1", ArgsDigest: "a", Origin: models.OriginCheck, KeyID: 1}
			first, _, err := s.RequestApproval(ctx, "apikey:1", call)
			if err != nil {
				t.Fatal(err)
			}
			placeholder := first.Summary
			call.Origin, call.Summary, call.KeyID = models.OriginRuntime, "k2's account", 2
			if a, _, err := s.RequestApproval(ctx, "apikey:2", call); err != nil || a.Summary != placeholder {
				t.Errorf("a key that never asked replaced the placeholder: %q %v", a.Summary, err)
			}
			call.Summary, call.KeyID = "k1's account", 1
			if a, _, err := s.RequestApproval(ctx, "apikey:1", call); err != nil || a.Summary != "k1's account" {
				t.Errorf("the key that asked: %q %v", a.Summary, err)
			}
		})
	}
}

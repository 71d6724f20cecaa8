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

// TestMigrationPinsLiveApprovals: migration 252's data step pins each
// approved, unspent approval an earlier release left (no pin, no profile)
// to the authority of now under its agent's default profile, so a later
// change voids it; it leaves a spent, a pending and an already pinned
// approval as they were, and a second run changes nothing.
func TestMigrationPinsLiveApprovals(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := modelstest.OpenSeeded(t, d, "a-long-admin-password", nil)
			var agent struct{ Slug string }
			if err := s.RawScan(ctx, &agent, "SELECT slug FROM agents WHERE default_profile_id IS NOT NULL ORDER BY id LIMIT 1"); err != nil || agent.Slug == "" {
				t.Fatalf("a seeded agent with a default profile: %q %v", agent.Slug, err)
			}
			file := func(subject string) string {
				a, _, err := s.RequestApproval(ctx, "apikey:1 a", models.Approval{Agent: agent.Slug, Subject: subject, Tool: "exec", Digest: "d1", Origin: models.OriginRuntime, Summary: "one call"})
				if err != nil {
					t.Fatal(err)
				}
				return a.Ref
			}
			live, spent, pending, pinned := file("u1"), file("u2"), file("u3"), file("u4")
			now := time.Now().UTC()
			// as an earlier release left them: no pin, no profile
			for _, ref := range []string{live, spent, pinned} {
				if err := s.Exec(ctx, "UPDATE approvals SET status = ?, decided_by = 'rita', authority_pin = '', profile = '' WHERE ref = ?", authority.ApprovalApproved, ref); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.Exec(ctx, "UPDATE approvals SET used_at = ? WHERE ref = ?", now, spent); err != nil {
				t.Fatal(err)
			}
			if err := s.Exec(ctx, "UPDATE approvals SET authority_pin = 'kept' WHERE ref = ?", pinned); err != nil {
				t.Fatal(err)
			}
			read := func() map[string][2]string {
				out := map[string][2]string{}
				for _, ref := range []string{live, spent, pending, pinned} {
					a, err := s.ApprovalByRef(ctx, ref)
					if err != nil {
						t.Fatal(err)
					}
					out[ref] = [2]string{a.Profile, a.AuthorityPin}
				}
				return out
			}
			for run := 1; run <= 2; run++ {
				if err := models.PinLiveApprovals(ctx, s); err != nil {
					t.Fatalf("run %d: %v", run, err)
				}
				got := read()
				if got[live][0] == "" || got[live][1] == "" {
					t.Errorf("run %d: the live approval is not pinned: %q", run, got[live])
				}
				if got[spent][1] != "" || got[pending][1] != "" || got[pinned][1] != "kept" {
					t.Errorf("run %d: spent %q, pending %q, pinned %q changed", run, got[spent], got[pending], got[pinned])
				}
			}
			// pinned to the authority of now: nothing changed, so nothing voids it
			if err := s.VoidApproval(ctx, live, "a change", now); !errors.Is(err, models.ErrConflict) {
				t.Errorf("voiding the freshly pinned approval: %v, want a conflict", err)
			}
		})
	}
}

package models_test

import (
	"context"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestCallApprovalAgreesWithRequestApproval: of a call's requests (agent,
// subject, tool, digest, arguments digest; filed by any run), CallApproval gives the newest approved one still usable, else the
// oldest pending one — the one RequestApproval reuses — never a spent,
// expired or denied one.
func TestCallApprovalAgreesWithRequestApproval(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := modelstest.Open(t, d)
			req := models.Approval{Agent: "demo", Subject: "sam", Tool: "demo.echo", Digest: "d1", Origin: models.OriginCheck, Run: "mcp-r1"}
			file := func() string {
				// a request filed beside the reused one (two concurrent first calls)
				ref := models.ApprovalPrefix + models.RandomToken(24)
				if err := s.Exec(ctx, `INSERT INTO approvals (ref, status, agent, subject, groups_json, tool, digest, summary, origin, run, requested_by, created_at, single_use)
					VALUES (?, ?, ?, ?, '[]', ?, ?, 'x', ?, ?, 'apikey', ?, ?)`, ref, authority.ApprovalPending, req.Agent, req.Subject, req.Tool, req.Digest, req.Origin, req.Run, time.Now().UTC(), false); err != nil {
					t.Fatal(err)
				}
				return ref
			}
			run := func() string {
				a, err := s.CallApproval(ctx, req.Agent, req.Subject, req.Tool, req.Digest, req.ArgsDigest, "", time.Now())
				if err != nil {
					return err.Error()
				}
				return a.Ref
			}
			decide := func(ref string, d models.ApprovalDecision) {
				if _, err := s.DecideApproval(ctx, "admin", ref, d, time.Now()); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := s.CallApproval(ctx, req.Agent, req.Subject, req.Tool, req.Digest, req.ArgsDigest, "", time.Now()); err == nil {
				t.Fatal("a run with no request has one")
			}
			first, second, third := file(), file(), file()
			reused, created, err := s.RequestApproval(ctx, "apikey", req)
			if err != nil || created {
				t.Fatalf("RequestApproval: created %v, %v", created, err)
			}
			if got := run(); got != reused.Ref || got != first {
				t.Errorf("pending: CallApproval %s, RequestApproval %s (the oldest is %s)", got, reused.Ref, first)
			}
			once := models.ApprovalDecision{Approve: true, Reason: "ok", SingleUse: true}
			decide(third, once)
			decide(second, once)
			if got := run(); got != third {
				t.Errorf("two approved: CallApproval %s, want the newest %s", got, third)
			}
			if err := s.SpendApproval(ctx, "apikey", third, time.Now()); err != nil {
				t.Fatal(err)
			}
			if got := run(); got != second {
				t.Errorf("the newest spent: CallApproval %s, want %s", got, second)
			}
			decide(first, models.ApprovalDecision{Approve: false, Reason: "no"})
			if err := s.SpendApproval(ctx, "apikey", second, time.Now()); err != nil {
				t.Fatal(err)
			}
			past := time.Now().Add(-2 * time.Hour)
			fourth := file()
			if _, err := s.DecideApproval(ctx, "admin", fourth, models.ApprovalDecision{Approve: true, Reason: "for an hour", Until: past.Add(time.Hour)}, past); err != nil {
				t.Fatal(err)
			}
			if got := run(); got != models.ErrNotFound.Error() {
				t.Errorf("every request spent, denied or past its window: CallApproval %s", got)
			}
		})
	}
}

package models_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestPendingApprovalCaps: a run has at most
// MaxPendingApprovalsPerRun requests waiting and an agent at most
// MaxPendingApprovalsPerAgent; a new request past either is refused with
// a *TooManyApprovalsError and nothing filed, while the pending one a
// check's request reuses is still named, and a decision makes room. Two
// writers filing at once (on Postgres, two connections) never pass the
// cap together.
func TestPendingApprovalCaps(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := modelstest.Open(t, d)
			req := func(run string, i int) models.Approval {
				return models.Approval{Agent: "demo", Subject: "sam", Tool: "demo.echo", Digest: "d1", ArgsDigest: fmt.Sprintf("args-%d", i), Origin: models.OriginCheck, Run: run}
			}
			// concurrent first requests of one run: exactly the cap is filed
			var wg sync.WaitGroup
			errs := make(chan error, 2*models.MaxPendingApprovalsPerRun)
			for i := range 2 * models.MaxPendingApprovalsPerRun {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, _, err := s.RequestApproval(ctx, "apikey", req("mcp-r1", i))
					errs <- err
				}()
			}
			wg.Wait()
			close(errs)
			refused := 0
			for err := range errs {
				var tm *models.TooManyApprovalsError
				switch {
				case errors.As(err, &tm) && tm.Scope == "run" && tm.Limit == models.MaxPendingApprovalsPerRun:
					refused++
				case err != nil:
					t.Fatal(err)
				}
			}
			n, err := s.Raw(ctx, "SELECT count(*) FROM approvals WHERE run = 'mcp-r1'")
			if err != nil || n != models.MaxPendingApprovalsPerRun || refused != models.MaxPendingApprovalsPerRun {
				t.Fatalf("%d concurrent requests: %d filed, %d refused (cap %d; %v)", 2*models.MaxPendingApprovalsPerRun, n, refused, models.MaxPendingApprovalsPerRun, err)
			}
			// the pending request a check reuses is still named: one of those
			// the concurrent writers filed (which ones won is the scheduler's)
			all, err := s.Approvals(ctx, 100)
			if err != nil {
				t.Fatal(err)
			}
			again := req("mcp-r1", 0)
			again.ArgsDigest = ""
			for _, a := range all {
				if a.Run == "mcp-r1" && a.Status == authority.ApprovalPending {
					again.ArgsDigest = a.ArgsDigest
					break
				}
			}
			if again.ArgsDigest == "" {
				t.Fatal("no pending request of the run to reuse")
			}
			if a, created, err := s.RequestApproval(ctx, "apikey", again); err != nil || created {
				t.Fatalf("reusing a pending request past the cap: %v (created %v)", err, created)
			} else if _, err := s.DecideApproval(ctx, "admin", a.Ref, models.ApprovalDecision{Reason: "no"}, time.Now()); err != nil {
				t.Fatal(err)
			}
			// a decision makes room for one more
			if _, created, err := s.RequestApproval(ctx, "apikey", req("mcp-r1", 1000)); err != nil || !created {
				t.Fatalf("a request once one was decided: %v (created %v)", err, created)
			}
			// the agent's cap holds across its runs and the API's requests
			// (of many subjects: one subject has a cap of its own)
			for i := 0; ; i++ {
				r := req("", 2000+i)
				r.Subject = fmt.Sprintf("subject-%d", i)
				_, _, err := s.RequestApproval(ctx, "apikey", r)
				var tm *models.TooManyApprovalsError
				if errors.As(err, &tm) {
					if tm.Scope != "agent" || i+models.MaxPendingApprovalsPerRun != models.MaxPendingApprovalsPerAgent {
						t.Fatalf("the agent's cap: refused after %d more (%+v), want %d", i, tm, models.MaxPendingApprovalsPerAgent-models.MaxPendingApprovalsPerRun)
					}
					break
				}
				if err != nil || i > models.MaxPendingApprovalsPerAgent {
					t.Fatalf("request %d past the agent's cap: %v", i, err)
				}
			}
		})
	}
}

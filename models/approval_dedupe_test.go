package models_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestOnePendingRequestPerCall: check-made requests
// of one agent, subject, tool, digest and arguments digest name one
// pending request whichever session or caller asks (another gateway run,
// /authorize with no run, a runtime filing its own), and CallApproval
// gives it to every one of them; other arguments and other subjects file
// their own.
func TestOnePendingRequestPerCall(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := modelstest.Open(t, d)
			call := models.Approval{Agent: "demo", Subject: "sam", Tool: "demo.echo", Digest: "d1", ArgsDigest: "args-A", Origin: models.OriginCheck, Run: "mcp-r1"}
			first, created, err := s.RequestApproval(ctx, "apikey:1 a", call)
			if err != nil || !created {
				t.Fatalf("first: created %v, %v", created, err)
			}
			for _, other := range []struct{ run, origin string }{{"mcp-r2", models.OriginCheck}, {"", models.OriginCheck}, {"", models.OriginRuntime}} {
				again := call
				again.Run, again.Origin, again.Summary = other.run, other.origin, "the same call"
				a, created, err := s.RequestApproval(ctx, "apikey:2 b", again)
				if err != nil || created || a.Ref != first.Ref {
					t.Errorf("run %q, origin %s: %v created %v (want the pending %s)", other.run, other.origin, err, created, first.Ref)
				}
			}
			if c, _ := s.Raw(ctx, "SELECT count(*) FROM approvals"); c != 1 {
				t.Fatalf("%d requests filed for one call, want 1", c)
			}
			if a, err := s.CallApproval(ctx, "demo", "sam", "demo.echo", "d1", "args-A", "", time.Now()); err != nil || a.Ref != first.Ref {
				t.Errorf("CallApproval: %+v %v", a, err)
			}
			for _, o := range []func(*models.Approval){
				func(a *models.Approval) { a.ArgsDigest = "args-B" },
				func(a *models.Approval) { a.Subject = "rita" },
				func(a *models.Approval) { a.Digest = "d2" },
			} {
				b := call
				o(&b)
				if a, created, err := s.RequestApproval(ctx, "apikey:1 a", b); err != nil || !created || a.Ref == first.Ref {
					t.Errorf("another call %+v: created %v %v", b, created, err)
				}
			}
		})
	}
}

// TestOnePendingRequestAcrossReplicas: two replicas (two stores of one
// database) filing the same call's first request at once file one. The
// race is driven, not hoped for: the first writer, between its look-up
// and its insert, waits for the second writer to finish its own look-up;
// under the agent's lock (Postgres) or the write lock (SQLite) the second
// cannot look up until the first has inserted, so the wait lapses and the
// second finds the first's request. Without the lock both find none and
// both file.
func TestOnePendingRequestAcrossReplicas(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			a, dsn := modelstest.OpenURL(t, d)
			b := a
			if d.Name == "postgres" {
				var err error
				if b, err = models.Open(ctx, dsn); err != nil {
					t.Fatal(err)
				}
				defer b.Close()
			}
			call := models.Approval{Agent: "demo", Subject: "sam", Tool: "demo.echo", Digest: "d1", ArgsDigest: "args-A", Origin: models.OriginCheck}
			var looked atomic.Int32
			restore := models.OnApprovalLookup(func() {
				if looked.Add(1) != 1 {
					return
				}
				// the first writer waits for the second's look-up, which
				// the lock holds back until this one has filed
				for deadline := time.Now().Add(2 * time.Second); looked.Load() < 2 && time.Now().Before(deadline); {
					time.Sleep(5 * time.Millisecond)
				}
			})
			defer restore()
			refs := make([]string, 2)
			errs := make([]error, 2)
			var wg sync.WaitGroup
			for i, s := range []*models.Store{a, b} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if i == 1 {
						// the second writer starts once the first has looked
						for looked.Load() < 1 {
							time.Sleep(time.Millisecond)
						}
					}
					c := call
					c.Run = []string{"mcp-r1", "mcp-r2"}[i]
					r, _, err := s.RequestApproval(ctx, "apikey", c)
					errs[i] = err
					if err == nil {
						refs[i] = r.Ref
					}
				}()
			}
			wg.Wait()
			if errs[0] != nil || errs[1] != nil || refs[0] != refs[1] {
				t.Errorf("two replicas: %s %v, %s %v", refs[0], errs[0], refs[1], errs[1])
			}
			if c, _ := a.Raw(ctx, "SELECT count(*) FROM approvals"); c != 1 {
				t.Errorf("%d requests filed by two replicas at once, want 1", c)
			}
		})
	}
}

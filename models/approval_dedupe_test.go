package models_test

import (
	"context"
	"sync"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestOnePendingRequestPerCall (newuser 24b #4): concurrent check-made
// requests of one run's agent, subject, tool, digest and arguments (two
// replicas serving one gateway session's first calls at once) file
// exactly one pending request, the one RunApproval gives; other arguments
// file their own.
func TestOnePendingRequestPerCall(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := modelstest.Open(t, d)
			const n = 8
			refs := make([]string, n)
			errs := make([]error, n)
			var wg sync.WaitGroup
			for i := 0; i < n; i++ {
				wg.Add(1)
				go func(i int) {
					defer wg.Done()
					a, _, err := s.RequestApproval(ctx, "apikey", models.Approval{Agent: "demo", Subject: "sam", Tool: "demo.echo", Digest: "d1", ArgsDigest: "args-A", Origin: models.OriginCheck, Run: "mcp-r1"})
					errs[i] = err
					if err == nil {
						refs[i] = a.Ref
					}
				}(i)
			}
			wg.Wait()
			for i := range refs {
				if errs[i] != nil || refs[i] != refs[0] {
					t.Fatalf("run %d: %s %v (run 0: %s)", i, refs[i], errs[i], refs[0])
				}
			}
			if c, _ := s.Raw(ctx, "SELECT count(*) FROM approvals"); c != 1 {
				t.Fatalf("%d requests filed, want 1", c)
			}
			if a, err := s.RunApproval(ctx, "mcp-r1", "demo.echo", "d1", "args-A"); err != nil || a.Ref != refs[0] {
				t.Errorf("RunApproval: %+v %v", a, err)
			}
			b, created, err := s.RequestApproval(ctx, "apikey", models.Approval{Agent: "demo", Subject: "sam", Tool: "demo.echo", Digest: "d1", ArgsDigest: "args-B", Origin: models.OriginCheck, Run: "mcp-r1"})
			if err != nil || !created || b.Ref == refs[0] {
				t.Errorf("other arguments: created %v %v", created, err)
			}
		})
	}
}

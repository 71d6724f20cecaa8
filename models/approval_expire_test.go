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

// TestExpiredRequestsLeavePending: a request that waited past
// ApprovalRequestTTL is no longer pending anywhere it is read: the list
// puts it among the decided ones, read as expired, and a reference
// look-up reads it expired before any sweep. Two replicas sweeping at
// once record each one expired exactly once (one approval.expire audit
// event each); deciding one the sweep has not reached records it expired
// and is refused, approve or deny alike. A fresh request stays pending.
// Failed first: expired requests stayed pending rows, listed among the
// ones waiting for a reviewer.
func TestExpiredRequestsLeavePending(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			a, dsn := modelstest.OpenURL(t, d)
			b, err := models.Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			for _, s := range []*models.Store{a, b} {
				s.SetApprovalRequestTTL(time.Hour)
			}
			refs := map[string]string{}
			for _, name := range []string{"old1", "old2", "old3", "fresh"} {
				r, _, err := a.RequestApproval(ctx, "apikey:1 k", models.Approval{Agent: "demo", Subject: name, Tool: "demo.echo", Digest: "d1", ArgsDigest: "args", Origin: models.OriginCheck})
				if err != nil {
					t.Fatal(err)
				}
				refs[name] = r.Ref
				if name != "fresh" {
					if err := a.Exec(ctx, "UPDATE approvals SET created_at = ? WHERE ref = ?", time.Now().Add(-2*time.Hour).UTC(), r.Ref); err != nil {
						t.Fatal(err)
					}
				}
			}
			list, err := a.Approvals(ctx, 10)
			if err != nil || len(list) != 4 {
				t.Fatalf("list: %d %v", len(list), err)
			}
			if list[0].Ref != refs["fresh"] || list[0].Status != authority.ApprovalPending {
				t.Errorf("first listed %s %s, want the fresh pending request %s", list[0].Ref, list[0].Status, refs["fresh"])
			}
			for _, r := range list[1:] {
				if r.Status != authority.ApprovalExpired {
					t.Errorf("listed %s as %s before the sweep, want expired", r.Ref, r.Status)
				}
			}
			if r, err := a.ApprovalByRef(ctx, refs["old1"]); err != nil || r.Status != authority.ApprovalExpired {
				t.Errorf("look-up of an expired request: %+v %v, want expired", r, err)
			}

			// deciding one the sweep has not reached records it expired
			for _, approve := range []bool{false, true} {
				_, err := a.DecideApproval(ctx, "rita", refs["old3"], models.ApprovalDecision{Approve: approve, SingleUse: true, Reason: "late"}, time.Now())
				var lapsed *models.LapsedRequestError
				if !errors.As(err, &lapsed) || lapsed.Reason != authority.ReasonApprovalExpired {
					t.Errorf("deciding (approve %v) an expired request: %v, want it refused as expired", approve, err)
				}
			}

			var wg sync.WaitGroup
			marked := make([]int, 8)
			errs := make([]error, 8)
			for i := range marked {
				wg.Add(1)
				go func() {
					defer wg.Done()
					marked[i], errs[i] = []*models.Store{a, b}[i%2].ExpireApprovals(ctx, time.Now())
				}()
			}
			wg.Wait()
			total := 0
			for i, n := range marked {
				if errs[i] != nil {
					t.Fatalf("sweep %d: %v", i, errs[i])
				}
				total += n
			}
			if total != 2 {
				t.Errorf("replicas marked %d requests expired in all, want the 2 the decisions left", total)
			}
			for name, ref := range refs {
				want := authority.ApprovalExpired
				if name == "fresh" {
					want = authority.ApprovalPending
				}
				var status string
				if err := a.RawScan(ctx, &status, "SELECT status FROM approvals WHERE ref = ?", ref); err != nil || status != want {
					t.Errorf("%s recorded %q (%v), want %s", name, status, err, want)
				}
				var events int64
				if err := a.RawScan(ctx, &events, "SELECT count(*) FROM audit_events WHERE action = 'approval.expire' AND subject LIKE ?", fmt.Sprintf("approval:%s %%", ref)); err != nil {
					t.Fatal(err)
				}
				if wantEvents := map[bool]int64{true: 0, false: 1}[name == "fresh"]; events != wantEvents {
					t.Errorf("%s: %d approval.expire events, want %d", name, events, wantEvents)
				}
			}
			if _, err := a.DecideApproval(ctx, "rita", refs["old1"], models.ApprovalDecision{Reason: "late"}, time.Now()); !errors.As(err, new(*models.LapsedRequestError)) {
				t.Errorf("denying a recorded expired request: %v, want refused as expired", err)
			}
			if res, err := a.VerifyAudit(ctx); err != nil || res.Broken() {
				t.Errorf("audit chain after the sweeps: %+v %v", res, err)
			}
		})
	}
}

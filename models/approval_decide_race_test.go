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

// TestADecisionRacingTheExpirySweepIsToldItExpired: a reviewer decides a
// request just before it is due while a replica's sweep, whose clock has
// passed its time, records it expired between the decision's read of the
// request and its write. The decision was told "already decided"
// (ErrConflict), though nobody decided it; now it is told the request
// expired, approve or deny alike, and writes nothing. (On SQLite a
// decision's transaction holds the file's write lock from its start, so
// the sweep cannot come between; on Postgres it can.)
func TestADecisionRacingTheExpirySweepIsToldItExpired(t *testing.T) {
	u := modelstest.RequirePostgres(t)
	ctx := context.Background()
	a, dsn := modelstest.OpenURL(t, modelstest.Dialect{Name: models.DialectPostgres, URL: u})
	sweeper, err := models.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer sweeper.Close()
	for _, s := range []*models.Store{a, sweeper} {
		s.SetApprovalRequestTTL(time.Hour)
	}
	for _, approve := range []bool{false, true} {
		r, _, err := a.RequestApproval(ctx, "apikey:1 k", models.Approval{Agent: "demo", Subject: "sam", Tool: "demo.echo", Digest: "d1", ArgsDigest: "args", Origin: models.OriginCheck})
		if err != nil {
			t.Fatal(err)
		}
		filed := r.CreatedAt
		swept := 0
		restore := models.OnApprovalDecideRead(func() {
			n, err := sweeper.ExpireApprovals(ctx, filed.Add(time.Hour+time.Minute))
			if err != nil {
				t.Error(err)
			}
			swept += n
		})
		_, err = a.DecideApproval(ctx, "rita", r.Ref, models.ApprovalDecision{Approve: approve, SingleUse: true, Reason: "looks fine"}, filed.Add(time.Hour-time.Minute))
		restore()
		if swept != 1 {
			t.Fatalf("approve %v: the sweep between the decision's read and write marked %d requests, want 1", approve, swept)
		}
		var lapsed *models.LapsedRequestError
		if !errors.As(err, &lapsed) || lapsed.Reason != authority.ReasonApprovalExpired || errors.Is(err, models.ErrConflict) {
			t.Errorf("approve %v: a decision the sweep overtook = %v, want it told the request expired", approve, err)
		}
		if got, err := a.ApprovalByRef(ctx, r.Ref); err != nil || got.Status != authority.ApprovalExpired || got.DecidedBy != "" {
			t.Errorf("approve %v: the request after the race = %+v %v, want expired and decided by nobody", approve, got, err)
		}
		if err := a.Exec(ctx, "DELETE FROM approvals WHERE ref = ?", r.Ref); err != nil {
			t.Fatal(err)
		}
	}
}

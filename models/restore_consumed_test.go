package models_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestRestoreKeepsWhatWasConsumed: a restore over a database keeps what
// that database consumed or ended since the backup was made, though the
// backup has it live — a single-use approval spent, a request decided
// since (approved, or approved then withdrawn), the idempotency record
// of a call that ran (a retry after the restore is answered from it, the
// call does not run twice), a gateway session ended — and reports each.
// On both databases.
func TestRestoreKeepsWhatWasConsumed(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			src := modelstest.OpenSeeded(t, d, "admin-password-1", nil)
			_, k, err := src.CreateScopedAPIKey(ctx, "alice", "runtime", models.ScopeRuntime)
			if err != nil {
				t.Fatal(err)
			}
			file := func(args string) string {
				a, _, err := src.RequestApproval(ctx, "apikey:1", models.Approval{Agent: "demo", Subject: "c7", Tool: "demo.echo", Digest: "d1", ArgsDigest: args, Origin: models.OriginCheck, KeyID: k.ID})
				if err != nil {
					t.Fatal(err)
				}
				return a.Ref
			}
			once := models.ApprovalDecision{Approve: true, SingleUse: true, Reason: "fine"}
			spent, pending, withdrawn := file("a"), file("b"), file("c")
			for _, ref := range []string{spent, withdrawn} {
				if _, err := src.DecideApproval(ctx, "rita", ref, once, time.Now()); err != nil {
					t.Fatal(err)
				}
			}
			sc := models.IdemScope{Agent: "demo", SubjectHash: "s", Run: "run-1", KeyID: k.ID}
			if err := src.CreateGatewaySession(ctx, "tok-1", &models.GatewaySession{KeyID: k.ID, Agent: "demo", Run: "run-1", Receipts: "[]"}); err != nil {
				t.Fatal(err)
			}
			backup := filepath.Join(t.TempDir(), "console.backup")
			if _, err := src.Backup(ctx, backup, testBackupKey); err != nil {
				t.Fatal(err)
			}
			dst := newRestoreTarget(t, d)
			dst.restore(t, backup, false)
			src, err = models.Open(ctx, dst.url)
			if err != nil {
				t.Fatal(err)
			}
			// after the backup: spent, decided, withdrawn, a call ran, the
			// session ended
			if err := src.SpendApproval(ctx, "apikey:1", spent, time.Now()); err != nil {
				t.Fatal(err)
			}
			if _, err := src.DecideApproval(ctx, "rita", pending, models.ApprovalDecision{Approve: false, Reason: "no"}, time.Now()); err != nil {
				t.Fatal(err)
			}
			if _, err := src.WithdrawApproval(ctx, "rita", withdrawn, "changed my mind", time.Now()); err != nil {
				t.Fatal(err)
			}
			rec, claimed, err := src.ClaimIdempotent(ctx, sc, "demo.delete", "key-1", "args", time.Minute)
			if err != nil || !claimed {
				t.Fatalf("claim: %v %v", claimed, err)
			}
			if err := src.FinishIdempotent(ctx, rec.ID, []byte(`{"deleted":true}`)); err != nil {
				t.Fatal(err)
			}
			g, err := src.GatewaySessionByToken(ctx, "tok-1")
			if err != nil {
				t.Fatal(err)
			}
			if err := src.CloseGatewaySession(ctx, g.ID); err != nil {
				t.Fatal(err)
			}
			src.Close()
			res := dst.restore(t, backup, true)
			got, err := models.Open(ctx, dst.url)
			if err != nil {
				t.Fatal(err)
			}
			defer got.Close()
			a, err := got.ApprovalByRef(ctx, spent)
			if err != nil || a.UsedAt == nil {
				t.Errorf("the approval spent before the restore: %+v %v, want it spent", a, err)
			}
			for ref, want := range map[string]string{pending: authority.ApprovalDenied, withdrawn: authority.ApprovalWithdrawn} {
				if a, err := got.ApprovalByRef(ctx, ref); err != nil || a.Status != want {
					t.Errorf("approval %s after the restore: %+v %v, want %s", ref, a, err, want)
				}
			}
			again, claimed, err := got.ClaimIdempotent(ctx, sc, "demo.delete", "key-1", "args", time.Minute)
			if err != nil || claimed || !again.Done || again.Outcome != `{"deleted":true}` {
				t.Errorf("the call retried after the restore: claimed %v %+v %v; want it answered from the record", claimed, again, err)
			}
			if g, err := got.GatewaySessionByToken(ctx, "tok-1"); err == nil && !g.Closed {
				t.Errorf("the gateway session ended before the restore is open again")
			}
			if res.KeptCalls != 1 || res.SessionsClosed != 1 || len(res.Kept) != 3 {
				t.Errorf("restore said: kept %v, %d calls, %d gateway sessions; want 3 approvals, 1 call, 1 session", res.Kept, res.KeptCalls, res.SessionsClosed)
			}
			if v, err := got.VerifyAudit(ctx); err != nil || v.Broken() {
				t.Fatalf("audit chain after the restore %+v, %v", v, err)
			}
		})
	}
}

// restoreTarget is a database a test restores backups into.
type restoreTarget struct {
	d    modelstest.Dialect
	pg   *models.Store
	path string
	url  string
}

func newRestoreTarget(t *testing.T, d modelstest.Dialect) *restoreTarget {
	r := &restoreTarget{d: d}
	if d.Name == models.DialectPostgres {
		r.pg, r.url = modelstest.OpenEmpty(t, d)
	} else {
		r.path = filepath.Join(t.TempDir(), "restored.db")
		r.url = r.path
	}
	return r
}

func (r *restoreTarget) restore(t *testing.T, backup string, force bool) models.BackupResult {
	t.Helper()
	ctx := context.Background()
	o := models.RestoreOptions{Force: force, Keys: []models.BackupKey{*testBackupKey}}
	var res models.BackupResult
	var err error
	if r.d.Name == models.DialectPostgres {
		res, err = r.pg.RestorePostgres(ctx, backup, o)
	} else {
		res, err = models.RestoreSQLite(ctx, backup, r.path, o)
	}
	if err != nil {
		t.Fatalf("restore (force %v): %v", force, err)
	}
	return res
}

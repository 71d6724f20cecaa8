package models

// What a restore over a database keeps consumed or ended: a single-use
// approval spent, a request decided, the record of a call that ran, a
// gateway session ended. Restoring an older copy must not make any of
// them live again (a spent approval allowing a second call, a
// destructive call running twice).

import (
	"context"
	"fmt"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/plural"
)

// AuditRestoreKeptConsumed records what the database restored over had
// consumed or ended (an approval spent or decided, calls that ran,
// gateway sessions ended) that the restore kept, though the backup has
// it live.
const AuditRestoreKeptConsumed = "restore.kept_consumed"

// consumed is what a database consumed or ended, read before a restore
// replaces it. Approvals are matched by their reference, calls by their
// idempotency scope and key, sessions by their id (a hash of the token).
type consumed struct {
	Approvals []decidedApproval
	Calls     []IdempotentCall
	Open      map[string]bool // the gateway sessions still open
}

type decidedApproval struct {
	Ref, Status, DecidedBy, Reason string
	DecidedAt, Until, UsedAt       *time.Time
	WithdrawnBy, WithdrawReason    string
	WithdrawnAt, VoidedAt          *time.Time
	VoidReason                     string
	SingleUse                      bool
}

// readConsumed reads the approvals the database decided, its
// idempotency records and its open gateway sessions.
func (s *Store) readConsumed(ctx context.Context) (consumed, error) {
	c := consumed{Open: map[string]bool{}}
	db := s.with(ctx)
	if err := db.Raw(`SELECT ref, status, COALESCE(decided_by, '') AS decided_by, COALESCE(reason, '') AS reason, decided_at, until, used_at,
	COALESCE(withdrawn_by, '') AS withdrawn_by, COALESCE(withdraw_reason, '') AS withdraw_reason, withdrawn_at, voided_at,
	COALESCE(void_reason, '') AS void_reason, single_use FROM approvals WHERE status <> ? ORDER BY id`, authority.ApprovalPending).Scan(&c.Approvals).Error; err != nil {
		return c, fmt.Errorf("decided approvals: %w", err)
	}
	if err := db.Order("id").Find(&c.Calls).Error; err != nil {
		return c, fmt.Errorf("idempotency records: %w", err)
	}
	var open []string
	if err := db.Raw("SELECT id FROM gateway_sessions WHERE closed = ?", false).Scan(&open).Error; err != nil {
		return c, fmt.Errorf("gateway sessions: %w", err)
	}
	for _, id := range open {
		c.Open[id] = true
	}
	return c, nil
}

// keepConsumed consumes or ends again in the restored data what c says
// the replaced database had, auditing it, into out. With no database
// replaced (replaced false) no gateway session is known to be open: the
// backup's are ended, and the audit says so.
func keepConsumed(ctx context.Context, tx restoreTx, c consumed, replaced bool, out *RestoredAccess) error {
	for _, a := range c.Approvals {
		if err := keepApproval(ctx, tx, a, out); err != nil {
			return fmt.Errorf("keep approval %s %s: %w", a.Ref, a.Status, err)
		}
	}
	for _, r := range c.Calls {
		n, err := tx.exec(ctx, `INSERT INTO idempotent_calls (id, run, agent, subject_hash, key_id, tool, key_hash, args_digest, done, outcome, lease_until, created_at)
	SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM idempotent_calls WHERE id = ? OR
	(agent = ? AND subject_hash = ? AND key_id = ? AND tool = ? AND key_hash = ?))`,
			r.ID, r.Run, r.Agent, r.SubjectHash, r.KeyID, r.Tool, r.KeyHash, r.ArgsDigest, r.Done, r.Outcome, r.LeaseUntil, r.CreatedAt,
			r.ID, r.Agent, r.SubjectHash, r.KeyID, r.Tool, r.KeyHash)
		if err != nil {
			return fmt.Errorf("keep the record of call %d: %w", r.ID, err)
		}
		if n == 0 && r.Done { // the claim the backup caught open, settled since
			if n, err = tx.exec(ctx, "UPDATE idempotent_calls SET done = ?, outcome = ?, lease_until = ? WHERE id = ? AND key_hash = ? AND tool = ? AND done = ?",
				true, r.Outcome, r.LeaseUntil, r.ID, r.KeyHash, r.Tool, false); err != nil {
				return fmt.Errorf("keep the record of call %d: %w", r.ID, err)
			}
		}
		out.KeptCalls += int(n)
	}
	ids, err := tx.strings(ctx, "SELECT id FROM gateway_sessions WHERE closed = ?", false)
	if err != nil {
		return fmt.Errorf("gateway sessions: %w", err)
	}
	for _, id := range ids {
		if c.Open[id] {
			continue
		}
		if _, err := tx.exec(ctx, "UPDATE gateway_sessions SET closed = ? WHERE id = ?", true, id); err != nil {
			return fmt.Errorf("end gateway session: %w", err)
		}
		out.SessionsClosed++
	}
	if out.KeptCalls+out.SessionsClosed == 0 {
		return nil
	}
	return tx.audit(ctx, Event{Actor: restoreActor, Action: AuditRestoreKeptConsumed, Subject: "calls", Detail: consumedDetail(replaced, out.KeptCalls, out.SessionsClosed)})
}

// consumedDetail is the restore.kept_consumed event's detail: the calls
// kept and the gateway sessions ended, naming the replaced database only
// where there was one.
func consumedDetail(replaced bool, calls, sessions int) string {
	if !replaced {
		return fmt.Sprintf("ended %s of the backup: the database restored into was empty, so none is known to be still open",
			plural.Count(sessions, "gateway session"))
	}
	return fmt.Sprintf("kept %s made since the backup (a retry is answered from them, not run again); ended %s the replaced database had ended or did not hold",
		plural.CountForms(calls, "idempotency record of a call", "idempotency records of calls"), plural.Count(sessions, "gateway session"))
}

// keepApproval brings the restored approval with a's reference to a's
// state where a is further along: a pending one decided, an approved one
// spent, withdrawn, voided or expired. A decision is never undone.
func keepApproval(ctx context.Context, tx restoreTx, a decidedApproval, out *RestoredAccess) error {
	set := `UPDATE approvals SET status = ?, decided_by = ?, reason = ?, decided_at = ?, until = ?, used_at = ?, withdrawn_by = ?, withdraw_reason = ?,
	withdrawn_at = ?, voided_at = ?, void_reason = ?, single_use = ? WHERE ref = ? AND `
	args := []any{a.Status, a.DecidedBy, a.Reason, a.DecidedAt, a.Until, a.UsedAt, a.WithdrawnBy, a.WithdrawReason, a.WithdrawnAt, a.VoidedAt, a.VoidReason, a.SingleUse, a.Ref}
	var where string
	var kept string
	switch {
	case a.Status == authority.ApprovalApproved && a.UsedAt != nil:
		where, kept = "status IN (?, ?) AND used_at IS NULL", "spent"
		args = append(args, authority.ApprovalPending, authority.ApprovalApproved)
	case a.Status == authority.ApprovalApproved || a.Status == authority.ApprovalDenied:
		where, kept = "status = ?", a.Status
		args = append(args, authority.ApprovalPending)
	default: // withdrawn, void, expired: the end of an approval or a request
		where, kept = "status IN (?, ?)", a.Status
		args = append(args, authority.ApprovalPending, authority.ApprovalApproved)
	}
	n, err := tx.exec(ctx, set+where, args...)
	if err != nil || n == 0 {
		return err
	}
	k := KeptRevocation{Subject: "approval " + a.Ref, Kept: kept}
	out.Kept = append(out.Kept, k)
	return tx.audit(ctx, Event{Actor: restoreActor, Action: AuditRestoreKeptConsumed, Subject: "approval:" + a.Ref, After: kept,
		Detail: kept + " in the database the restore replaced; live in the backup"})
}

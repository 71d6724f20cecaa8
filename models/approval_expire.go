package models

import (
	"context"
	"fmt"
	"time"

	"github.com/agentforge/console/instruction/authority"
)

// maxExpiredPerPass bounds the requests one ExpireApprovals pass marks:
// the next pass takes the rest (reads show them expired meanwhile).
const maxExpiredPerPass = 500

// ExpireApprovals records as expired (authority.ApprovalExpired) the
// pending requests that waited for a reviewer longer than
// ApprovalRequestTTL by now, each with its approval.expire audit event in
// the same transaction, and says how many it marked. Each row changes
// only while still pending (compare-and-swap), so of replicas sweeping
// at once exactly one marks and audits a request, and a reviewer's
// decision racing the sweep either lands first or finds it expired.
func (s *Store) ExpireApprovals(ctx context.Context, now time.Time) (int, error) {
	var ids []uint
	if err := s.with(ctx).Model(&Approval{}).Where("status = ? AND created_at <= ?", authority.ApprovalPending, now.UTC().Add(-s.ApprovalRequestTTL())).
		Order("id").Limit(maxExpiredPerPass).Pluck("id", &ids).Error; err != nil {
		return 0, fmt.Errorf("models: expire approvals: %w", err)
	}
	n := 0
	for _, id := range ids {
		var marked bool
		err := s.Tx(ctx, func(tx *Store) error {
			var a Approval
			if err := tx.with(ctx).Where("id = ?", id).First(&a).Error; err != nil {
				return notFound(err)
			}
			var err error
			marked, err = tx.expire(ctx, &a, now)
			return err
		})
		if err != nil {
			return n, fmt.Errorf("models: expire approvals: %w", err)
		}
		if marked {
			n++
		}
	}
	return n, nil
}

// expire records pending request a as expired at now when it waited
// past ApprovalRequestTTL, audited in tx, and says whether this call did
// (false: not due, or another replica or a reviewer got there first).
func (s *Store) expire(ctx context.Context, a *Approval, now time.Time) (bool, error) {
	if a.Status != authority.ApprovalPending || a.CreatedAt.After(now.UTC().Add(-s.ApprovalRequestTTL())) {
		return false, nil
	}
	at := now.UTC()
	res := s.with(ctx).Model(&Approval{}).Where("id = ? AND status = ?", a.ID, authority.ApprovalPending).
		Updates(map[string]any{"status": authority.ApprovalExpired, "decided_at": at})
	if res.Error != nil {
		return false, res.Error
	}
	if res.RowsAffected != 1 {
		return false, nil
	}
	a.Status, a.DecidedAt = authority.ApprovalExpired, &at
	return true, s.Audit(ctx, Event{Actor: SystemActor, Action: "approval.expire", Subject: fmt.Sprintf("approval:%s %s/%s", a.Ref, a.Agent, a.Tool), Before: a.Digest,
		Detail: fmt.Sprintf("subject %q: waited for a reviewer longer than %s (filed %s) without a decision; the next call files a new request",
			clipTo(a.Subject, 200), s.ApprovalRequestTTL(), a.CreatedAt.UTC().Format(time.RFC3339))})
}

// settle shows a pending request that waited past ApprovalRequestTTL by
// now as expired, before a sweep (ExpireApprovals) records it: every
// read of a request sees the state the sweep will record.
func (s *Store) settle(a *Approval, now time.Time) {
	if a.Status == authority.ApprovalPending && !a.CreatedAt.After(now.UTC().Add(-s.ApprovalRequestTTL())) {
		a.Status = authority.ApprovalExpired
	}
}

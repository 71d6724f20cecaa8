package models

import (
	"context"
	"fmt"
	"time"

	"github.com/agentforge/console/instruction/authority"
)

// ReasonAskingKeyRevoked is a pending request's void reason once every
// runtime key that asked for it was revoked.
const ReasonAskingKeyRevoked = "the runtime key that filed it was revoked, so no runtime can present it"

// unpresentable selects the pending requests filed through a runtime
// key that no live key asked for (the filing key and every key recorded
// as asking all revoked): nobody can present them any more.
const unpresentable = `SELECT * FROM approvals a WHERE a.status = ? AND a.key_id <> 0
AND NOT EXISTS (SELECT 1 FROM api_keys k WHERE k.revoked_at IS NULL
  AND (k.id = a.key_id OR k.id IN (SELECT q2.key_id FROM approval_askers q2 WHERE q2.approval_id = a.id)))`

// voidRequestsOfRevokedKey records as void (authority.ApprovalVoid) the
// pending requests runtime key id asked for that no live key asked for,
// each with its approval.void audit event, so none waits for a reviewer.
// It runs in the revoking transaction, after the key's revoked_at is set.
func (s *Store) voidRequestsOfRevokedKey(ctx context.Context, actor string, id uint, now time.Time) error {
	var as []Approval
	err := s.with(ctx).Raw(unpresentable+`
AND (a.key_id = ? OR EXISTS (SELECT 1 FROM approval_askers q WHERE q.approval_id = a.id AND q.key_id = ?))
ORDER BY a.id`, authority.ApprovalPending, id, id).Scan(&as).Error
	if err != nil {
		return fmt.Errorf("models: void the revoked key's requests: %w", err)
	}
	for _, a := range as {
		if err := s.voidPending(ctx, actor, a, ReasonAskingKeyRevoked, fmt.Sprintf("apikey:%d", id), now); err != nil {
			return err
		}
	}
	return nil
}

// voidRequestsOfRevokedKeys (migration 261's data step) voids the
// pending requests of keys revoked before revoking voided them: every
// pending request no live key asked for.
func voidRequestsOfRevokedKeys(ctx context.Context, s *Store) error {
	var as []Approval
	if err := s.with(ctx).Raw(unpresentable+` ORDER BY a.id`, authority.ApprovalPending).Scan(&as).Error; err != nil {
		return fmt.Errorf("models: void the revoked keys' requests: %w", err)
	}
	now := time.Now().UTC()
	for _, a := range as {
		if err := s.voidPending(ctx, MigrationActor, a, ReasonAskingKeyRevoked, fmt.Sprintf("apikey:%d", a.KeyID), now); err != nil {
			return err
		}
	}
	return nil
}

// voidPending records pending request a as void for reason (cause names
// what made it so, for the audit detail), with its approval.void audit
// event; a request decided meanwhile is left as it is.
func (s *Store) voidPending(ctx context.Context, actor string, a Approval, reason, cause string, now time.Time) error {
	res := s.with(ctx).Model(&Approval{}).Where("id = ? AND status = ?", a.ID, authority.ApprovalPending).
		Updates(map[string]any{"status": authority.ApprovalVoid, "voided_at": now.UTC(), "void_reason": clipTo(reason, 200)})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected != 1 {
		return nil
	}
	return s.Audit(ctx, Event{Actor: actor, Action: "approval.void", Subject: fmt.Sprintf("approval:%s %s/%s", a.Ref, a.Agent, a.Tool), Before: a.Digest,
		Detail: fmt.Sprintf("subject %q, pending: %s (%s)", clipTo(a.Subject, 200), reason, cause)})
}

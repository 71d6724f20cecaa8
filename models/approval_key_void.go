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

// voidRequestsOfRevokedKey records as void (authority.ApprovalVoid) the
// pending requests runtime key id asked for that no live key asked for
// (the filing key and every key recorded as asking all revoked), each
// with its approval.void audit event: nobody can present them any more,
// so none waits for a reviewer. It runs in the revoking transaction,
// after the key's revoked_at is set.
func (s *Store) voidRequestsOfRevokedKey(ctx context.Context, actor string, id uint, now time.Time) error {
	var as []Approval
	err := s.with(ctx).Raw(`SELECT * FROM approvals a WHERE a.status = ? AND a.key_id <> 0
AND (a.key_id = ? OR EXISTS (SELECT 1 FROM approval_askers q WHERE q.approval_id = a.id AND q.key_id = ?))
AND NOT EXISTS (SELECT 1 FROM api_keys k WHERE k.revoked_at IS NULL
  AND (k.id = a.key_id OR k.id IN (SELECT q2.key_id FROM approval_askers q2 WHERE q2.approval_id = a.id)))
ORDER BY a.id`, authority.ApprovalPending, id, id).Scan(&as).Error
	if err != nil {
		return fmt.Errorf("models: void the revoked key's requests: %w", err)
	}
	for _, a := range as {
		res := s.with(ctx).Model(&Approval{}).Where("id = ? AND status = ?", a.ID, authority.ApprovalPending).
			Updates(map[string]any{"status": authority.ApprovalVoid, "voided_at": now.UTC(), "void_reason": ReasonAskingKeyRevoked})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			continue
		}
		if err := s.Audit(ctx, Event{Actor: actor, Action: "approval.void", Subject: fmt.Sprintf("approval:%s %s/%s", a.Ref, a.Agent, a.Tool), Before: a.Digest,
			Detail: fmt.Sprintf("subject %q, pending: %s (apikey:%d)", clipTo(a.Subject, 200), ReasonAskingKeyRevoked, id)}); err != nil {
			return err
		}
	}
	return nil
}

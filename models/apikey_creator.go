package models

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// KeyCreatorRole is the role creating an API key needs, of either scope
// (the API keys page and console apikey create ask for it). A key never
// carries more authority than its creator now has: a creator who no
// longer holds it has their live keys revoked in the same transaction
// (SetRoles), so a later promotion revives none of them.
const KeyCreatorRole = RoleAdmin

// KeyRefused reports whether err is a reason a key is refused (unknown
// or revoked, suspended, a disabled creator) rather than a failed read.
func KeyRefused(err error) bool {
	return errors.Is(err, ErrBadKey) || errors.Is(err, ErrKeySuspended) || errors.Is(err, ErrKeyOwnerDisabled)
}

// RefusedWhy says why a live key is refused at use for its creator (""
// when it is not): its creator is disabled.
func (k APIKey) RefusedWhy() string {
	if k.RevokedAt == nil && k.CreatorDisabled {
		return "its creator is disabled"
	}
	return ""
}

// revokeKeysOf revokes every live key username created, each audited
// apikey.revoke with why and voiding the pending requests no live key
// asked for any more, inside the caller's transaction; it returns how
// many it revoked.
func (s *Store) revokeKeysOf(ctx context.Context, actor, username, why string) (int, error) {
	var ids []uint
	if err := s.with(ctx).Model(&APIKey{}).Where("created_by = ? AND revoked_at IS NULL", username).Order("id").Pluck("id", &ids).Error; err != nil {
		return 0, err
	}
	if len(ids) == 0 {
		return 0, nil
	}
	now := time.Now().UTC()
	if err := s.with(ctx).Model(&APIKey{}).Where("id IN ? AND revoked_at IS NULL", ids).Update("revoked_at", now).Error; err != nil {
		return 0, err
	}
	for _, id := range ids {
		if err := s.Audit(ctx, Event{Actor: actor, Action: "apikey.revoke", Subject: fmt.Sprintf("apikey:%d", id), Detail: why}); err != nil {
			return 0, err
		}
		if err := s.voidRequestsOfRevokedKey(ctx, actor, id, now); err != nil {
			return 0, err
		}
	}
	return len(ids), nil
}

// APIKeyRevokeReasons maps each of the keys ids that was revoked with a
// stated reason (a creator's demotion) to that reason, from the audit
// trail.
func (s *Store) APIKeyRevokeReasons(ctx context.Context, ids []uint) (map[uint]string, error) {
	out := map[uint]string{}
	if len(ids) == 0 {
		return out, nil
	}
	subjects := make([]string, len(ids))
	for i, id := range ids {
		subjects[i] = fmt.Sprintf("apikey:%d", id)
	}
	var evs []AuditEvent
	if err := s.with(ctx).Where("action = ? AND detail <> '' AND subject IN ?", "apikey.revoke", subjects).Order("id").Find(&evs).Error; err != nil {
		return nil, err
	}
	for _, e := range evs {
		var id uint
		if _, err := fmt.Sscanf(e.Subject, "apikey:%d", &id); err == nil {
			out[id] = e.Detail
		}
	}
	return out, nil
}

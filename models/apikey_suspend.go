package models

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// ErrKeySuspended is a live key an incident suspended (SuspendAPIKey):
// refused until an admin resumes it.
var ErrKeySuspended = errors.New("models: API key suspended")

// SuspendAPIKey suspends live key id, saying why (no secret: the kind of
// incident, the connection and the tool), audited apikey.suspend. It
// reports whether this call suspended it (false: it was suspended, or
// revoked, already).
func (s *Store) SuspendAPIKey(ctx context.Context, actor string, id uint, why string) (bool, error) {
	why = clipTo(why, 300)
	suspended := false
	err := s.Tx(ctx, func(tx *Store) error {
		now := time.Now().UTC()
		res := tx.with(ctx).Model(&APIKey{}).Where("id = ? AND revoked_at IS NULL AND suspended_at IS NULL", id).
			Updates(map[string]any{"suspended_at": now, "suspended_why": why})
		if res.Error != nil || res.RowsAffected != 1 {
			return res.Error
		}
		suspended = true
		return tx.Audit(ctx, Event{Actor: actor, Action: "apikey.suspend", Subject: fmt.Sprintf("apikey:%d", id), Detail: why})
	})
	if err != nil {
		return false, fmt.Errorf("models: suspend api key: %w", err)
	}
	return suspended, nil
}

// ResumeAPIKey lifts the suspension of key id, audited apikey.resume
// (ErrNotFound: no such live suspended key).
func (s *Store) ResumeAPIKey(ctx context.Context, actor string, id uint) error {
	return s.Tx(ctx, func(tx *Store) error {
		res := tx.with(ctx).Model(&APIKey{}).Where("id = ? AND revoked_at IS NULL AND suspended_at IS NOT NULL", id).
			Updates(map[string]any{"suspended_at": nil, "suspended_why": ""})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return ErrNotFound
		}
		return tx.Audit(ctx, Event{Actor: actor, Action: "apikey.resume", Subject: fmt.Sprintf("apikey:%d", id)})
	})
}

// SuspendedAPIKeys are the live suspended keys, most recent first.
func (s *Store) SuspendedAPIKeys(ctx context.Context) ([]APIKey, error) {
	var ks []APIKey
	err := s.with(ctx).Where("revoked_at IS NULL AND suspended_at IS NOT NULL").Order("suspended_at DESC").Find(&ks).Error
	return ks, err
}

// CountAudit counts the audit events of action on subject since t (a
// rate limit's window: the events are the record of what is limited).
func (s *Store) CountAudit(ctx context.Context, action, subject string, since time.Time) (int64, error) {
	var n int64
	err := s.with(ctx).Model(&AuditEvent{}).Where("action = ? AND subject = ? AND at >= ?", action, subject, since.UTC()).Count(&n).Error
	return n, err
}

package models

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// ErrKeySuspended is a live key an incident suspended (SuspendAPIKey):
// refused until an admin resumes it.
var ErrKeySuspended = errors.New("models: API key suspended")

// APIKeySuspension is the suspension of one runtime key (SuspendAPIKey).
// It is a table of its own rather than columns of api_keys, so adding it
// changed no table a previous release reads: that release's cached
// statements over api_keys ("SELECT *") keep their result type during a
// rolling upgrade (docs/upgrades.md).
type APIKeySuspension struct {
	KeyID uint      `gorm:"primaryKey;autoIncrement:false"`
	At    time.Time `gorm:"not null"`
	Why   string    `gorm:"size:300;not null;default:''"`
}

// keysWithSuspension selects api keys with their suspension, if any, in
// APIKey.SuspendedAt and SuspendedWhy, and whether their creator is a
// disabled user in APIKey.CreatorDisabled (their roles are not read: a
// demotion revokes their keys, SetRoles).
func (s *Store) keysWithSuspension(ctx context.Context) *gorm.DB {
	return s.with(ctx).Model(&APIKey{}).
		Select("api_keys.*, api_key_suspensions.at AS suspended_at, COALESCE(api_key_suspensions.why, '') AS suspended_why, COALESCE(users.disabled, false) AS creator_disabled").
		Joins("LEFT JOIN api_key_suspensions ON api_key_suspensions.key_id = api_keys.id").
		Joins("LEFT JOIN users ON users.username = api_keys.created_by")
}

// SuspendAPIKey suspends live key id, saying why (no secret: the kind of
// incident, the connection and the tool), audited apikey.suspend. It
// reports whether this call suspended it (false: it was suspended, or
// revoked, already).
func (s *Store) SuspendAPIKey(ctx context.Context, actor string, id uint, why string) (bool, error) {
	why = clipTo(why, 300)
	suspended := false
	err := s.Tx(ctx, func(tx *Store) error {
		var live int64
		if err := tx.with(ctx).Model(&APIKey{}).Where("id = ? AND revoked_at IS NULL", id).Count(&live).Error; err != nil || live != 1 {
			return err
		}
		res := tx.with(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&APIKeySuspension{KeyID: id, At: time.Now().UTC(), Why: why})
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
		res := tx.with(ctx).Where("key_id = ? AND key_id IN (SELECT id FROM api_keys WHERE revoked_at IS NULL)", id).
			Delete(&APIKeySuspension{})
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
	err := s.keysWithSuspension(ctx).Where("api_keys.revoked_at IS NULL AND api_key_suspensions.key_id IS NOT NULL").
		Order("api_key_suspensions.at DESC").Find(&ks).Error
	return ks, err
}

// CountAudit counts the audit events of action on subject since t (a
// rate limit's window: the events are the record of what is limited).
func (s *Store) CountAudit(ctx context.Context, action, subject string, since time.Time) (int64, error) {
	var n int64
	err := s.with(ctx).Model(&AuditEvent{}).Where("action = ? AND subject = ? AND at >= ?", action, subject, since.UTC()).Count(&n).Error
	return n, err
}

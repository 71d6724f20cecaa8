package models

import (
	"context"
	"crypto/hmac"
	"encoding/base64"
	"fmt"

	"gorm.io/gorm"
)

// AuditKeyError is the refusal to append to an audit chain that was
// started with another key: an append under a key that is not the chain's
// breaks it for good, so nothing is written and the operator is told
// which CONSOLE_AUDIT_KEY to use.
type AuditKeyError struct {
	// Configured: CONSOLE_AUDIT_KEY is set (and is not the chain's key).
	Configured bool
	// StartedWithStored: the chain's newest event verifies with the key
	// kept in the database (the chain was started without CONSOLE_AUDIT_KEY).
	StartedWithStored bool
	// EventID is the newest event, which does not verify with the key.
	EventID uint
	// Replaced: the key kept in the database is not the one this console
	// read from it: the database was replaced (restored) under it.
	Replaced bool
}

func (e *AuditKeyError) Error() string {
	switch {
	case e.Replaced:
		return fmt.Sprintf("this database's audit key is not the one this console read from it when it started (event %d does not verify with it): the database was replaced under the running console (a restore); restart the console; nothing was written", e.EventID)
	case e.Configured && e.StartedWithStored:
		return fmt.Sprintf("CONSOLE_AUDIT_KEY is set, but this database's audit chain was started without it (event %d verifies only with the key kept in the database): unset it, or the chain breaks for good; nothing was written", e.EventID)
	case e.Configured:
		return fmt.Sprintf("CONSOLE_AUDIT_KEY does not match this database's audit chain (event %d does not verify with it): set the one the chain was started with, or unset it if the chain was started without it; nothing was written", e.EventID)
	default:
		return fmt.Sprintf("CONSOLE_AUDIT_KEY is not set, but this database's audit chain was started with it (event %d does not verify with the key kept in the database): set the one the chain was started with; nothing was written", e.EventID)
	}
}

// CheckAuditKey refuses (with an *AuditKeyError) a configured audit key
// the chain was not started with: a console checks it before it starts,
// and Audit checks it again before every append (another replica may have
// started the chain in between). An empty chain, one with no audit table
// yet, or an older version's whose newest event is unkeyed takes any key.
// It writes nothing.
func (s *Store) CheckAuditKey(ctx context.Context) error {
	db := s.with(ctx)
	if !db.Migrator().HasTable(&AuditEvent{}) {
		return nil
	}
	var last AuditEvent
	if err := db.Order("id DESC").Limit(1).Find(&last).Error; err != nil {
		return fmt.Errorf("models: audit key: %w", err)
	}
	if last.ID == 0 || !last.Keyed {
		// empty, or an older version's unkeyed chain (no key kept yet):
		// migration 150 seals its past under whichever key is in use
		return nil
	}
	key := s.auditKey
	if len(key) == 0 {
		stored, ok, err := s.storedAuditKey(db)
		if err != nil {
			return err
		}
		if !ok {
			// a chain and no key kept in the database: started with CONSOLE_AUDIT_KEY
			return &AuditKeyError{EventID: last.ID}
		}
		key = stored
	}
	return s.keyMatches(db, last, key)
}

// keyMatches refuses key when the chain's newest event (last) does not
// verify with it. An unkeyed newest event is an older version's (sealed by
// migration 150); a newest event that alone fails while the one before it
// verifies was altered, not written with another key: the chain is broken
// already, verification reports it, and an append does not hide it.
func (s *Store) keyMatches(db *gorm.DB, last AuditEvent, key []byte) error {
	if last.ID == 0 || !last.Keyed || last.computeHash(key) == last.Hash {
		return nil
	}
	var before AuditEvent
	if err := db.Where("id < ?", last.ID).Order("id DESC").Limit(1).Find(&before).Error; err != nil {
		return fmt.Errorf("models: audit key: %w", err)
	}
	if before.ID != 0 && before.Keyed && before.computeHash(key) == before.Hash {
		return nil
	}
	e := &AuditKeyError{Configured: len(s.auditKey) > 0, EventID: last.ID}
	if !e.Configured && s.secretCached(auditSecretName) {
		// the key came from this process's cache: the database's may differ
		if stored, ok, err := s.storedAuditKey(db); err == nil && ok && !hmac.Equal(stored, key) {
			e.Replaced = true
		}
	}
	if e.Configured {
		if stored, ok, err := s.storedAuditKey(db); err == nil && ok && last.computeHash(stored) == last.Hash {
			e.StartedWithStored = true
		}
	}
	return e
}

// storedAuditKey reads the audit key kept among the server secrets
// without making one; ok is false when there is none.
func (s *Store) storedAuditKey(db *gorm.DB) ([]byte, bool, error) {
	var rows []ServerSecret
	if err := db.Where("name = ?", auditSecretName).Limit(1).Find(&rows).Error; err != nil {
		return nil, false, fmt.Errorf("models: audit key: %w", err)
	}
	if len(rows) == 0 {
		return nil, false, nil
	}
	v, err := base64.RawStdEncoding.DecodeString(rows[0].Value)
	if err != nil {
		return nil, false, fmt.Errorf("models: secret %s: stored value unreadable", auditSecretName)
	}
	return v, true, nil
}

// appendKey is the key to append after last with: the chain's key, or an
// *AuditKeyError when the configured key is not the one it was started
// with (a keyed chain with no key kept in the database was started with
// CONSOLE_AUDIT_KEY: chainKey would make a new key and break it; an
// unkeyed newest event is an older version's, sealed by migration 150).
func (s *Store) appendKey(ctx context.Context, db *gorm.DB, last AuditEvent) ([]byte, error) {
	if last.ID != 0 && last.Keyed && len(s.auditKey) == 0 && !s.secretCached(auditSecretName) {
		if _, ok, err := s.storedAuditKey(db); err != nil {
			return nil, err
		} else if !ok {
			return nil, &AuditKeyError{EventID: last.ID}
		}
	}
	key, err := s.chainKey(ctx)
	if err != nil {
		return nil, fmt.Errorf("models: audit key: %w", err)
	}
	return key, s.keyMatches(db, last, key)
}

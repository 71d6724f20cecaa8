package models

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// ConnectionUnreadable is the status of a connection whose sealed
// secrets the configured secrets key does not open: its server cannot be
// reached with them, whatever its last contact said.
const ConnectionUnreadable = "secrets unreadable"

// ConnectionHealth is a connection's status as an admin reads it: the
// state, since when, why, and what to do about it.
type ConnectionHealth struct {
	Status string
	// At is the last real contact (nil: never reached).
	At  *time.Time
	Why string
	Fix string
}

// Health is the connection's status: its last real contact, unless its
// secrets do not open with the store's key (ConnectionUnreadable).
func (s *Store) Health(c *Connection) ConnectionHealth {
	h := ConnectionHealth{Status: c.Status, At: c.ContactAt, Why: c.ContactError}
	if h.At == nil && c.LastSync != nil {
		h.At = c.LastSync
	}
	if c.Status == ConnectionError && h.Why == "" {
		h.Why = c.LastError
	}
	if c.Sealed != "" {
		if _, err := s.OpenSecrets(c); err != nil {
			h.Status, h.Why = ConnectionUnreadable, err.Error()
			if errors.Is(err, ErrNoSealKey) {
				h.Why = "no secrets key is configured, and this connection's secrets are sealed"
			} else {
				h.Why = "this connection's secrets do not open with the configured secrets key"
			}
			h.Fix = fmt.Sprintf("restore the secrets key kept with the backup (set CONSOLE_SECRETS_KEY, or put the key file back beside the database), or remove the connection and add it again with its secrets: console connection remove %s", c.Name)
		}
	}
	switch {
	case h.Status == ConnectionError && h.Fix == "":
		h.Fix = fmt.Sprintf("check the server; the console retries on its own, or sync it: console connection sync %s", c.Name)
	case h.Status == ConnectionNew:
		h.Fix = fmt.Sprintf("sync it: console connection sync %s", c.Name)
	}
	return h
}

// RecordContact records a real contact with a connection's server made
// at at: it answered (why empty) or not (why). A contact older than the
// one recorded changes nothing (reports from replicas and goroutines
// arrive in any order); nothing is audited (no one changed anything).
func (s *Store) RecordContact(ctx context.Context, name string, at time.Time, why string) error {
	status := ConnectionOK
	if why != "" {
		status = ConnectionError
	}
	at = at.UTC()
	err := s.with(ctx).Model(&Connection{}).
		Where("name = ? AND (contact_at IS NULL OR contact_at <= ?)", name, at).
		Updates(map[string]any{"status": status, "contact_at": at, "contact_error": clipTo(why, 2000)}).Error
	if err != nil {
		return fmt.Errorf("models: record contact of %s: %w", name, err)
	}
	return nil
}

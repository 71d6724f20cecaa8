package models

import (
	"context"
	"fmt"
	"time"

	"github.com/agentforge/console/instruction/plural"
)

// SyncResult is what one sync of a connection found and did.
type SyncResult struct {
	Tools                   int
	Added, Changed, Removed int
	// Err is why the sync failed; Warn what it could not import.
	Err, Warn string
}

// RecordSync records a sync's outcome on the connection (a failure only
// as the last contact and its error), audited as the
// evidence of the describe-only probe (counts and the error, no secret).
func (s *Store) RecordSync(ctx context.Context, actor, name string, r SyncResult) error {
	now := time.Now().UTC()
	upd := map[string]any{"updated_at": now, "contact_at": now, "contact_error": clipTo(r.Err, 2000)}
	if r.Err == "" {
		upd["status"], upd["tools"], upd["added"], upd["changed"], upd["removed"] = ConnectionOK, r.Tools, r.Added, r.Changed, r.Removed
		upd["last_sync"], upd["last_error"] = now, clipTo(r.Warn, 2000)
	} else {
		// a failed sync is the status (last contact and why); the last
		// successful sync, its time and its result, stay
		upd["status"] = ConnectionError
	}
	return s.Tx(ctx, func(tx *Store) error {
		res := tx.with(ctx).Model(&Connection{}).Where("name = ?", name).Updates(upd)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return ErrNotFound
		}
		detail := fmt.Sprintf("probe tools/list: %s; %d added, %d changed, %d removed", plural.CountForms(r.Tools, "tool", "tools"), r.Added, r.Changed, r.Removed)
		if r.Err != "" {
			detail = "probe tools/list failed: " + clipTo(r.Err, 500)
		}
		return tx.Audit(ctx, Event{Actor: actor, Action: "connection.sync", Subject: "connection:" + name, Detail: detail})
	})
}

// NamespaceToolCount is how many tools (rejected ones included) the
// catalog holds in a namespace.
func (s *Store) NamespaceToolCount(ctx context.Context, namespace string) (int, error) {
	var n int64
	err := s.db.WithContext(ctx).Model(&Tool{}).Where("namespace = ?", namespace).Count(&n).Error
	return int(n), err
}

// SealedConnections names the connections whose secrets are sealed (a
// key that does not open them would lose them).
func (s *Store) SealedConnections(ctx context.Context) ([]string, error) {
	var names []string
	err := s.db.WithContext(ctx).Model(&Connection{}).Where("sealed <> ''").Order("name").Pluck("name", &names).Error
	return names, err
}

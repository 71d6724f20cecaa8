package models

import (
	"context"
	"fmt"
	"strings"
	"time"

	"gorm.io/gorm"

	"github.com/agentforge/console/instruction/plural"
)

// MaxLiveBindingsPerKey caps the live bindings (not expired, not revoked,
// not invalidated: a binding a check found stale never allows again, so
// it holds no place) one runtime key holds; one more is refused
// (*TooManyBindingsError).
const MaxLiveBindingsPerKey = 5000

// TooManyBindingsError refuses a binding past MaxLiveBindingsPerKey.
type TooManyBindingsError struct {
	Limit int
}

func (e *TooManyBindingsError) Error() string {
	return "models: this runtime key already holds " + plural.Count(e.Limit, "live binding") + ", the most it may hold: release some (DELETE /api/v1/bindings/{handle}) or let them expire"
}

// bindingRoom refuses a new binding for the runtime key key past its cap.
// On Postgres the key's lock orders replicas creating at once.
func (s *Store) bindingRoom(ctx context.Context, key uint) error {
	if s.dialect == DialectPostgres {
		if err := s.with(ctx).Exec("SELECT pg_advisory_xact_lock(7031, ?)", int32(key)).Error; err != nil {
			return err
		}
	}
	var n int64
	if err := s.with(ctx).Raw("SELECT COUNT(*) FROM (SELECT 1 FROM bindings WHERE key_id = ? AND expires_at > ? AND revoked_at IS NULL AND invalidated_at IS NULL LIMIT ?) x",
		key, time.Now().UTC(), MaxLiveBindingsPerKey).Scan(&n).Error; err != nil {
		return err
	}
	if n >= MaxLiveBindingsPerKey {
		return &TooManyBindingsError{Limit: MaxLiveBindingsPerKey}
	}
	return nil
}

// migrateBindingKeys (migration 258) adds bindings.key_id and gives each
// binding the key its created_by names ("apikey:ID name"); one without
// (none is made so) keeps 0, which no key presents.
func migrateBindingKeys(tx *gorm.DB, _ string) error {
	if err := addColumns(tx, &Binding{}, "KeyID"); err != nil {
		return err
	}
	if !tx.Migrator().HasIndex(&Binding{}, "KeyID") {
		if err := tx.Migrator().CreateIndex(&Binding{}, "KeyID"); err != nil {
			return err
		}
	}
	var rows []struct {
		ID        uint
		CreatedBy string
	}
	if err := tx.Raw("SELECT id, created_by FROM bindings WHERE key_id = 0 AND created_by LIKE 'apikey:%'").Scan(&rows).Error; err != nil {
		return err
	}
	for _, r := range rows {
		var key uint
		if _, err := fmt.Sscanf(strings.TrimPrefix(r.CreatedBy, "apikey:"), "%d", &key); err != nil || key == 0 {
			continue
		}
		if err := tx.Exec("UPDATE bindings SET key_id = ? WHERE id = ?", key, r.ID).Error; err != nil {
			return err
		}
	}
	return nil
}

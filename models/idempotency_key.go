package models

import (
	"gorm.io/gorm"
)

// migrateIdempotencyKeys (migration 245) scopes idempotency records by
// the runtime key whose call made them: the column KeyID, filled for the
// records made before from their run's session (0 when the session is
// gone: such a record answers no key's retry, whose call then runs anew),
// and the unique index rebuilt with it.
func migrateIdempotencyKeys(tx *gorm.DB, _ string) error {
	m := tx.Migrator()
	if !m.HasColumn(&IdempotentCall{}, "KeyID") {
		if err := m.AddColumn(&IdempotentCall{}, "KeyID"); err != nil {
			return err
		}
	}
	if err := tx.Exec(`UPDATE idempotent_calls SET key_id = COALESCE((SELECT MIN(g.key_id) FROM gateway_sessions g WHERE g.run = idempotent_calls.run), 0) WHERE key_id = 0`).Error; err != nil {
		return err
	}
	if m.HasIndex(&IdempotentCall{}, "idx_idem_scope") {
		if err := m.DropIndex(&IdempotentCall{}, "idx_idem_scope"); err != nil {
			return err
		}
	}
	return m.CreateIndex(&IdempotentCall{}, "idx_idem_scope")
}

package models

import (
	"encoding/json"
	"fmt"

	"gorm.io/gorm"
)

// migrateIdempotencyScope (migration 137) moves idempotency records from
// one run's keys to the agent's and subject's keys across sessions: the
// columns Agent, SubjectHash and LeaseUntil, filled for the records made
// before from their run's session (a record whose session is gone, or
// whose key the same agent and subject used in another run too, keeps
// its run as its scope: "run:" and the run id, so it is never taken for
// another's), then the unique index on the new scope instead of the run.
// A record made before keeps no argument digest (the old one was keyed by
// its run) and an open claim of before lapses at once. A database whose
// table was made with the new columns (migration 131) is left alone.
func migrateIdempotencyScope(tx *gorm.DB, _ string) error {
	m := tx.Migrator()
	if !m.HasTable(&IdempotentCall{}) || m.HasIndex(&IdempotentCall{}, "idx_idem_scope") {
		return nil
	}
	// KeyID (migration 245, which fills it) is part of the unique index
	// built here from the model
	for _, col := range []string{"Agent", "SubjectHash", "LeaseUntil", "KeyID"} {
		if !m.HasColumn(&IdempotentCall{}, col) {
			if err := m.AddColumn(&IdempotentCall{}, col); err != nil {
				return err
			}
		}
	}
	s, ok := tx.Statement.Context.Value(migratingStore{}).(*Store)
	if !ok {
		return fmt.Errorf("models: migration 137 runs only inside Migrate")
	}
	type old struct {
		ID                 uint
		Run, Tool, KeyHash string
		Agent, Subject     *string
	}
	var rows []old
	if err := tx.Raw(`SELECT i.id, i.run, i.tool, i.key_hash, g.agent, g.subject FROM idempotent_calls i
LEFT JOIN gateway_sessions g ON g.run = i.run ORDER BY i.id`).Scan(&rows).Error; err != nil {
		return fmt.Errorf("models: migration 137: %w", err)
	}
	seen := map[[4]string]bool{}
	for _, r := range rows {
		agent, scope := "", "run:"+r.Run
		if r.Agent != nil {
			agent = *r.Agent
			var sub struct {
				ID string `json:"id"`
			}
			if r.Subject != nil && *r.Subject != "" {
				_ = json.Unmarshal([]byte(*r.Subject), &sub)
			}
			d, err := s.SubjectDigest(tx.Statement.Context, sub.ID)
			if err != nil {
				return err
			}
			if k := [4]string{agent, d, r.Tool, r.KeyHash}; !seen[k] {
				seen[k], scope = true, d
			}
		}
		if err := tx.Exec("UPDATE idempotent_calls SET agent = ?, subject_hash = ?, args_digest = '', lease_until = created_at WHERE id = ?", agent, scope, r.ID).Error; err != nil {
			return fmt.Errorf("models: migration 137: %w", err)
		}
	}
	if m.HasIndex(&IdempotentCall{}, "idx_idem") {
		if err := m.DropIndex(&IdempotentCall{}, "idx_idem"); err != nil {
			return err
		}
	}
	for _, idx := range []string{"idx_idem_scope", "idx_idem_run", "idx_idem_lease", "idx_idem_created"} {
		if err := m.CreateIndex(&IdempotentCall{}, idx); err != nil {
			return fmt.Errorf("models: migration 137 index %s: %w", idx, err)
		}
	}
	return nil
}

package models

import (
	"context"
	"fmt"
	"strings"
)

// IdempotentRecord reads the record of (agent, subject, runtime key,
// tool, key) without claiming it: ErrNotFound when there is none; a Done
// record comes with its outcome opened. A retry is answered from it
// before its call is checked again (the authority was checked when the
// call ran).
func (s *Store) IdempotentRecord(ctx context.Context, sc IdemScope, tool, key string) (*IdempotentCall, error) {
	var got IdempotentCall
	if err := s.with(ctx).Where("agent = ? AND subject_hash = ? AND key_id = ? AND tool = ? AND key_hash = ?", sc.Agent, sc.SubjectHash, sc.KeyID, tool, SessionHash(key)).First(&got).Error; err != nil {
		return nil, fmt.Errorf("models: idempotency record: %w", notFound(err))
	}
	return s.openOutcome(&got)
}

// openOutcome opens a settled record's outcome (sealed with the secrets
// key, or stored plain without one).
func (s *Store) openOutcome(got *IdempotentCall) (*IdempotentCall, error) {
	if got.Done && !strings.HasPrefix(got.Outcome, plainOutcome) {
		plain, err := s.unseal(got.Outcome, fmt.Sprintf("idempotent:%d", got.ID))
		if err != nil {
			return nil, err
		}
		got.Outcome = string(plain)
	}
	got.Outcome = strings.TrimPrefix(got.Outcome, plainOutcome)
	return got, nil
}

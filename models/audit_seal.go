package models

import (
	"context"
	"fmt"
)

// The audit chain's key mode is fixed at its genesis (the security rules): a
// chain begun by this version is keyed from its first event, and no
// unkeyed event verifies, before or after a keyed one. A chain begun by an
// older version has an unkeyed past (before migration 32 keyed it); that
// past is sealed once, by migration 150, with a keyed event that names how
// many unkeyed events there are and the hash of the last of them. Only
// those verify unkeyed: an attacker who rewrites the chain with plain
// SHA-256 (a downgrade), edits an unkeyed event or adds one, breaks plain
// `audit verify` because the seal's MAC cannot be made without the key.

// AuditSealAction is the action of the one event that seals a chain's
// unkeyed past.
const AuditSealAction = "audit.unkeyed_past_sealed"

// auditSeal is what a seal event states: the unkeyed events before it.
type auditSeal struct {
	ID       uint   // the seal event's id
	Unkeyed  int    // how many unkeyed events the chain begins with
	LastHash string // the hash of the last of them
}

func sealDetail(n int, last string) string {
	return fmt.Sprintf("unkeyed=%d last=%s", n, last)
}

// findSeal reads the chain's first seal event whose MAC holds; ok is
// false when there is none.
func (s *Store) findSeal(ctx context.Context, key []byte) (auditSeal, bool, error) {
	return sealOf(storeAuditRows{s, ctx}, key)
}

// sealOf is findSeal over the chain rows reads.
func sealOf(rows auditRows, key []byte) (auditSeal, bool, error) {
	seals, err := rows.firstSeal()
	if err != nil {
		return auditSeal{}, false, fmt.Errorf("models: audit seal: %w", err)
	}
	if len(seals) == 0 || seals[0].computeHash(key) != seals[0].Hash {
		return auditSeal{}, false, nil
	}
	var seal auditSeal
	if _, err := fmt.Sscanf(seals[0].Detail, "unkeyed=%d last=%s", &seal.Unkeyed, &seal.LastHash); err != nil {
		return auditSeal{}, false, nil
	}
	seal.ID = seals[0].ID
	return seal, true, nil
}

// SealUnkeyedPast seals the unkeyed events an older version wrote at the
// start of the chain, once: it appends the keyed seal event, audited as
// the migration's. It does nothing when the chain has no unkeyed event or
// is sealed already, and refuses a chain whose unkeyed events do not all
// come first and link up (that chain is broken and stays reported so).
func (s *Store) SealUnkeyedPast(ctx context.Context) error {
	var unkeyed int64
	if err := s.with(ctx).Model(&AuditEvent{}).Where("keyed = ?", false).Count(&unkeyed).Error; err != nil {
		return fmt.Errorf("models: seal audit: %w", err)
	}
	if unkeyed == 0 {
		return nil
	}
	key, err := s.chainKey(ctx)
	if err != nil {
		return fmt.Errorf("models: seal audit: %w", err)
	}
	if _, sealed, err := s.findSeal(ctx, key); err != nil || sealed {
		return err
	}
	var first []AuditEvent
	if err := s.with(ctx).Order("id").Limit(int(unkeyed)).Find(&first).Error; err != nil {
		return fmt.Errorf("models: seal audit: %w", err)
	}
	prev := genesis
	for _, e := range first {
		if e.Keyed || e.PrevHash != prev || e.computeHash(nil) != e.Hash {
			return nil // not an older version's unkeyed past: left broken
		}
		prev = e.Hash
	}
	return s.Audit(ctx, Event{Actor: MigrationActor, Action: AuditSealAction, Subject: "audit", Detail: sealDetail(len(first), prev)})
}

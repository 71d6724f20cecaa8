package models

import (
	"context"
	"fmt"

	"github.com/agentforge/console/instruction/plural"
)

// auditRows reads a chain's events for verification: the store's own
// tables, or a restore's transaction before it commits.
type auditRows interface {
	// firstSeal lists the chain's first keyed seal event, if any.
	firstSeal() ([]AuditEvent, error)
	// after lists up to n events with ids above id, in id order.
	after(id uint, n int) ([]AuditEvent, error)
}

// storeAuditRows reads the store's audit table.
type storeAuditRows struct {
	s   *Store
	ctx context.Context
}

func (r storeAuditRows) firstSeal() ([]AuditEvent, error) {
	var seals []AuditEvent
	err := r.s.with(r.ctx).Where("action = ? AND keyed = ?", AuditSealAction, true).Order("id").Limit(1).Find(&seals).Error
	return seals, err
}

func (r storeAuditRows) after(id uint, n int) ([]AuditEvent, error) {
	var batch []AuditEvent
	err := r.s.with(r.ctx).Where("id > ?", id).Order("id").Limit(n).Find(&batch).Error
	return batch, err
}

// VerifyAudit walks the chain in id order and reports the first broken
// link: an edited event, an inserted one (its MAC cannot be made without
// the key), a deleted one before the last, an unkeyed one (the key mode is
// fixed at genesis; only an older version's unkeyed past, sealed once by
// migration 150, verifies unkeyed: audit_seal.go). Deleting the tail leaves a
// valid shorter chain: only a checkpoint kept elsewhere catches that (see
// VerifyAuditCheckpoint).
func (s *Store) VerifyAudit(ctx context.Context) (VerifyResult, error) {
	return s.VerifyAuditCheckpoint(ctx, nil)
}

// VerifyAuditCheckpoint verifies the chain and, with a checkpoint, that
// the checkpoint is signed with this chain's key and that its head event
// is still in the chain, unchanged, with the same number of events up to
// it: a deletion anywhere (the tail included) or a truncation breaks it.
func (s *Store) VerifyAuditCheckpoint(ctx context.Context, cp *Checkpoint) (VerifyResult, error) {
	key, err := s.chainKey(ctx)
	if err != nil {
		return VerifyResult{}, fmt.Errorf("models: verify audit: %w", err)
	}
	return verifyChain(storeAuditRows{s, ctx}, key, cp)
}

// verifyChain walks the chain rows reads with key, against cp when not
// nil (VerifyAuditCheckpoint).
func verifyChain(rows auditRows, key []byte, cp *Checkpoint) (VerifyResult, error) {
	var res VerifyResult
	if cp != nil && !cp.valid(key) {
		res.Reason = "the checkpoint's signature does not match this chain's key (a forged checkpoint, or another key)"
		return res, nil
	}
	seal, sealed, err := sealOf(rows, key)
	if err != nil {
		return res, err
	}
	prev := genesis
	headSeen := cp == nil || cp.ID == 0
	lastID := uint(0)
	for {
		batch, err := rows.after(lastID, 1000)
		if err != nil {
			return res, fmt.Errorf("models: verify audit: %w", err)
		}
		if len(batch) == 0 {
			break
		}
		for _, e := range batch {
			res.Events++
			k := key
			if !e.Keyed {
				// only the unkeyed past a seal names verifies unkeyed
				if !sealed || res.Events > seal.Unkeyed {
					res.BrokenAt, res.Reason = e.ID, "an unkeyed event: the chain is keyed from its genesis (rewritten or appended without the key)"
					return res, nil
				}
				k = nil
			}
			if e.PrevHash != prev {
				res.BrokenAt, res.Reason = e.ID, "previous-hash link does not match the event before it"
				return res, nil
			}
			if e.computeHash(k) != e.Hash {
				res.BrokenAt, res.Reason = e.ID, "content does not match its MAC"
				return res, nil
			}
			if sealed && res.Events == seal.Unkeyed && (e.Keyed || e.Hash != seal.LastHash) {
				res.BrokenAt, res.Reason = e.ID, "the chain's unkeyed past differs from what its seal recorded"
				return res, nil
			}
			if cp != nil && e.ID == cp.ID {
				if e.Hash != cp.Hash || res.Events != cp.Events {
					res.BrokenAt, res.Reason = e.ID, "the checkpoint's head event differs (events before it were removed or replaced)"
					return res, nil
				}
				headSeen = true
			}
			prev = e.Hash
			lastID = e.ID
			res.HeadID, res.HeadHash = e.ID, e.Hash
		}
	}
	if !headSeen || (cp != nil && res.Events < cp.Events) {
		res.Reason = fmt.Sprintf("the checkpoint's head event %d is gone: events were deleted from the tail or the log was truncated (%s now, %d at the checkpoint)", cp.ID, plural.Count(res.Events, "event"), cp.Events)
	}
	return res, nil
}

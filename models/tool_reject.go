package models

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
)

// storeRejection writes a tool the import refused as a rejected ledger
// entry (seed 000: a refused tool is rejected with its evidence, not
// invisible): the placeholder contract that names it, the digest of the
// descriptor as sent, the descriptor and the reasons. A stored tool of
// that id (an earlier, valid version) moves through candidate to
// rejected, keeping its contract for the diff; its bindings go stale
// with the digest, and its classification is cleared.
func (s *Store) storeRejection(ctx context.Context, actor, source string, r catalog.Rejection, now time.Time, position int) error {
	reasons, err := json.Marshal(r.Problems)
	if err != nil {
		return err
	}
	c := r.Placeholder()
	row := map[string]any{
		"contract": string(catalog.CanonicalJSON(c)), "digest": r.Digest(), "status": ToolRejected, "source": source,
		"imported_by": actor, "imported_at": now, "reviewed_by": "", "reviewed_at": nil,
		"trust": authority.TrustUntrusted, "validation": authority.StateRejected,
		"class_effects": "", "class_risk": "", "classified_by": "", "classified_at": nil, "classified_digest": "",
		"reasons": string(reasons), "descriptor": string(r.Descriptor),
	}
	// the host's moves: a new or changed descriptor is a candidate, and
	// one that did not validate is rejected
	rejectMove := authority.Move{System: true, Valid: false}
	old, err := s.ToolByID(ctx, r.ID)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return err
	}
	if err != nil {
		if err := authority.Transition(authority.StateCandidate, authority.StateRejected, rejectMove); err != nil {
			return err
		}
		t := Tool{ID: r.ID, Namespace: c.Namespace(), Contract: row["contract"].(string), Digest: r.Digest(), Status: ToolRejected, Source: source, ImportedBy: actor, ImportedAt: now, Position: position,
			Trust: authority.TrustUntrusted, Validation: authority.StateRejected, Reasons: string(reasons), Descriptor: string(r.Descriptor)}
		return notFound(s.with(ctx).Create(&t).Error)
	}
	if old.Validation != authority.StateCandidate {
		if err := authority.Transition(old.Validation, authority.StateCandidate, authority.Move{System: true}); err != nil {
			return err
		}
	}
	if err := authority.Transition(authority.StateCandidate, authority.StateRejected, rejectMove); err != nil {
		return err
	}
	row["prev_digest"], row["prev_json"] = old.comparedWith()
	// the reviewer's classification of the approved version stays, bound
	// to that version's digest, so a correct list that sends it again
	// restores it (restorable), as any rollback to it does
	keepApprovedClassification(row, old, row["prev_digest"].(string))
	res := s.with(ctx).Model(&Tool{}).Where("id = ? AND digest = ?", old.ID, old.Digest).Updates(nextReview(row))
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected != 1 {
		return ErrConflict
	}
	return nil
}

// rejectedIDs lists the tools an import rejects for its audit detail.
func rejectedIDs(rs []catalog.Rejection) string {
	if len(rs) == 0 {
		return ""
	}
	ids := make([]string, len(rs))
	for i, r := range rs {
		ids[i] = r.ID
	}
	return fmt.Sprintf(" (rejected now: %s)", clipTo(strings.Join(ids, ", "), 600))
}

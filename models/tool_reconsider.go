package models

import (
	"cmp"
	"context"
	"fmt"
	"strings"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
)

// ReconsiderTool is the way back from a reviewer's rejection: tool id,
// rejected by a reviewer (not by its import: an import's own rejection,
// with reasons, comes back only through an import), goes back to review
// — never straight to available — with a new review stamp. It waits where
// a changed import leaves a tool (structurally valid: its descriptor was
// validated and did not change), from which a reviewer's approval reaches
// bindable. It is bound to seen, the digest the reviewer read (changed since:
// ErrConflict), needs a reason (refused naming "reason"), and may be done
// by any reviewer but the tool's importer (ErrSelfReview), the one who
// rejected it included: it only reopens the review, whose approval still
// takes a reviewer other than the importer. Audited tool.reconsider.
func (s *Store) ReconsiderTool(ctx context.Context, actor, id, seen, reason string) error {
	reason = strings.TrimSpace(reason)
	switch {
	case reason == "":
		return &ValidationError{Fields: map[string]string{"reason": "say why the rejection is reconsidered; it is kept in the audit log"}}
	case tooLong(reason, MaxMessage):
		return &ValidationError{Fields: map[string]string{"reason": atMost(MaxMessage)}}
	case catalog.HiddenText(reason) != "":
		return &ValidationError{Fields: map[string]string{"reason": catalog.HiddenText(reason)}}
	}
	err := s.Tx(ctx, func(tx *Store) error {
		t, err := tx.ToolByID(ctx, id)
		if err != nil {
			return err
		}
		if own, err := tx.ownTool(ctx, t, actor); err != nil || own {
			return cmp.Or(err, ErrSelfReview)
		}
		switch {
		case t.Digest != seen:
			return ErrConflict
		case t.Validation != authority.StateRejected:
			return fmt.Errorf("tool %s is %s, not rejected: %w", t.ID, t.Validation, ErrNotUnderReview)
		case t.Reasons != "":
			return fmt.Errorf("tool %s was rejected by its import (%s); only a new import brings it back: %w", t.ID, t.Reasons, ErrLedger)
		}
		upd := nextReview(map[string]any{"validation": authority.StateStructurallyValid, "status": statusOf(authority.StateStructurallyValid)})
		res := tx.with(ctx).Model(&Tool{}).Where("id = ? AND digest = ? AND validation = ?", t.ID, t.Digest, authority.StateRejected).Updates(upd)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return ErrConflict
		}
		if err := tx.Audit(ctx, Event{Actor: actor, Action: "tool.reconsider", Subject: "tool:" + t.ID, Before: t.Digest, After: t.Digest,
			Detail: clipTo(fmt.Sprintf("reason: %s — %s: rejected → structurally valid (back to review; rejected by %s)", reason, t.ID, t.ReviewedBy), 2000)}); err != nil {
			return err
		}
		return tx.bumpCatalog(ctx)
	})
	if err != nil {
		return fmt.Errorf("models: reconsider %s: %w", id, err)
	}
	return nil
}

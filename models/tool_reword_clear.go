package models

import (
	"context"
	"fmt"

	"github.com/agentforge/console/instruction/authority"
)

// ClearReword removes the rewording of a tool's description that a
// reviewer recorded: the model reads the imported description again. It
// is bound to seen, the digest the reviewer read (a tool changed since is
// ErrConflict), audited (tool.reword_cleared, with the text removed), and
// held to the rule of a rewording: the importer does not clear a
// rewording of their own tool (ErrSelfReview), nor does anyone touch a
// rejected one (ErrLedger). A tool with no rewording to clear is refused
// naming "reword" and nothing is written.
//
// The model then reads a text no reviewer approved as what it reads (a
// rewording often takes out what the imported text should not say), so
// an available tool goes back to review with a new review stamp: its
// bindings and approvals, decided under the reviewed text, end, and it is
// offered to no one until a reviewer approves it again. It waits where a
// changed import leaves a tool (structurally valid: its descriptor was
// validated and did not change), from which a reviewer's move reaches
// bindable again.
func (s *Store) ClearReword(ctx context.Context, actor, id, seen string) error {
	err := s.Tx(ctx, func(tx *Store) error {
		t, err := tx.ToolByID(ctx, id)
		if err != nil {
			return err
		}
		if err := tx.rewordable(ctx, t, actor, seen); err != nil {
			return err
		}
		if t.ReviewedPurpose == "" {
			return &ValidationError{Fields: map[string]string{"reword": "there is no rewording to clear: the model reads the imported description"}}
		}
		upd := map[string]any{"reviewed_purpose": "", "reviewed_purpose_digest": "", "reviewed_purpose_by": ""}
		back := t.Validation == authority.StateBindable
		if back {
			upd["validation"], upd["status"] = authority.StateStructurallyValid, statusOf(authority.StateStructurallyValid)
			nextReview(upd)
		}
		res := tx.with(ctx).Model(&Tool{}).Where("id = ? AND digest = ? AND validation = ?", t.ID, t.Digest, t.Validation).Updates(upd)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return fmt.Errorf("tool %s changed since you opened it: %w", t.ID, ErrConflict)
		}
		orig, _ := t.Parsed()
		if err := tx.Audit(ctx, Event{Actor: actor, Action: "tool.reword_cleared", Subject: "tool:" + t.ID, Before: t.Digest, After: t.Digest,
			Detail: clipTo(fmt.Sprintf("rewording removed; the model reads the imported description again: %q; the rewording was (by %s): %q%s", orig.Purpose, t.ReviewedPurposeBy, t.ReviewedPurpose, backNote(back)), 2000)}); err != nil {
			return err
		}
		return tx.bumpCatalog(ctx)
	})
	if err != nil {
		return fmt.Errorf("models: clear rewording of %s: %w", id, err)
	}
	return nil
}

// backNote is what the audit adds when clearing sent the tool back to
// review.
func backNote(back bool) string {
	if back {
		return "; the tool was available and goes back to review (its bindings and approvals end)"
	}
	return ""
}

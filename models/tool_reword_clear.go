package models

import (
	"context"
	"fmt"
)

// ClearReword removes the rewording of a tool's description that a
// reviewer recorded: the model reads the imported description again. It
// is bound to seen, the digest the reviewer read (a tool changed since is
// ErrConflict), audited (tool.reword_cleared, with the text removed), and
// held to the rule of a rewording: the importer does not clear a
// rewording of their own tool (ErrSelfReview), nor does anyone touch a
// rejected one (ErrLedger). A tool with no rewording to clear is refused
// naming "reword" and nothing is written.
func (s *Store) ClearReword(ctx context.Context, actor, id, seen string) error {
	err := s.Tx(ctx, func(tx *Store) error {
		t, err := tx.ToolByID(ctx, id)
		if err != nil {
			return err
		}
		if err := rewordable(t, actor, seen); err != nil {
			return err
		}
		if t.ReviewedPurpose == "" {
			return &ValidationError{Fields: map[string]string{"reword": "there is no rewording to clear: the model reads the imported description"}}
		}
		res := tx.with(ctx).Model(&Tool{}).Where("id = ? AND digest = ?", t.ID, t.Digest).
			Updates(map[string]any{"reviewed_purpose": "", "reviewed_purpose_digest": "", "reviewed_purpose_by": ""})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return fmt.Errorf("tool %s changed since you opened it: %w", t.ID, ErrConflict)
		}
		orig, _ := t.Parsed()
		if err := tx.Audit(ctx, Event{Actor: actor, Action: "tool.reword_cleared", Subject: "tool:" + t.ID, Before: t.Digest, After: t.Digest,
			Detail: clipTo(fmt.Sprintf("rewording removed; the model reads the imported description again: %q; the rewording was (by %s): %q", orig.Purpose, t.ReviewedPurposeBy, t.ReviewedPurpose), 2000)}); err != nil {
			return err
		}
		return tx.bumpCatalog(ctx)
	})
	if err != nil {
		return fmt.Errorf("models: clear rewording of %s: %w", id, err)
	}
	return nil
}

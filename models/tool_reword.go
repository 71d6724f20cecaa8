package models

import (
	"cmp"
	"context"
	"fmt"
	"strings"

	"github.com/agentforge/console/instruction/authority"
)

// RewordTool records a reviewer's rewording of one tool's description on
// the tool's page, whatever its review state (under review or already
// available): from then on the model reads the rewording, the imported
// contract stays in the ledger, and the audit log keeps both texts
// (tool.reworded). It is bound to seen, the digest the reviewer read: a
// tool that changed since is refused with ErrConflict, and a re-import
// that changes it drops the rewording (Reworded). The importer may not
// reword their own tool (ErrSelfReview), nor may anyone reword a tool the
// import or a reviewer rejected (ErrLedger). A bad rewording is refused
// naming "reword" and nothing is written.
func (s *Store) RewordTool(ctx context.Context, actor, id, seen, text string) error {
	text = strings.TrimSpace(text)
	if msg := rewordProblem(map[string]string{id: seen}, ToolAvailable, id, text); msg != "" {
		return &ValidationError{Fields: map[string]string{"reword": msg}}
	}
	err := s.Tx(ctx, func(tx *Store) error {
		t, err := tx.ToolByID(ctx, id)
		if err != nil {
			return err
		}
		if err := tx.rewordable(ctx, t, actor, seen); err != nil {
			return err
		}
		if err := tx.writeReword(ctx, actor, t, text, "on review ("+t.Status+")"); err != nil {
			return err
		}
		return tx.bumpCatalog(ctx)
	})
	if err != nil {
		return fmt.Errorf("models: reword %s: %w", id, err)
	}
	return nil
}

// writeReword records text as the rewording of t, bound to the digest the
// reviewer read (t.Digest), and audits it (tool.reworded, both texts;
// where says where it was recorded). A tool whose digest moved since is
// ErrConflict. The one write of a rewording: the tool page's
// (RewordTool) and the review decision's (DecideTools).
func (s *Store) writeReword(ctx context.Context, actor string, t *Tool, text, where string) error {
	res := s.with(ctx).Model(&Tool{}).Where("id = ? AND digest = ?", t.ID, t.Digest).
		Updates(map[string]any{"reviewed_purpose": text, "reviewed_purpose_digest": t.Digest, "reviewed_purpose_by": actor})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected != 1 {
		return fmt.Errorf("tool %s changed since you opened it: %w", t.ID, ErrConflict)
	}
	orig, _ := t.Parsed()
	return s.Audit(ctx, Event{Actor: actor, Action: "tool.reworded", Subject: "tool:" + t.ID, Before: t.Digest, After: t.Digest,
		Detail: clipTo(fmt.Sprintf("description reworded %s; the model reads: %q; imported (kept in the ledger): %q", where, text, orig.Purpose), 2000)})
}

// rewordable is why actor may not reword t as read at digest seen (nil
// when they may): the importer, or whoever shaped the tool's connection,
// rewords nothing of theirs (ErrSelfReview), a tool changed since is
// ErrConflict, a rejected one ErrLedger. Descriptions and parameters are
// reworded alike.
func (s *Store) rewordable(ctx context.Context, t *Tool, actor, seen string) error {
	if own, err := s.ownTool(ctx, t, actor); err != nil || own {
		return cmp.Or(err, ErrSelfReview)
	}
	switch {
	case t.Digest != seen:
		return ErrConflict
	case t.Reasons != "" || t.Validation == authority.StateRejected:
		return fmt.Errorf("%w: tool %s is rejected", ErrLedger, t.ID)
	}
	return nil
}

package models

import (
	"context"
	"fmt"
	"time"
)

// CloseProposal rejects (a reviewer) or withdraws (its author) an open proposal.
func (s *Store) CloseProposal(ctx context.Context, u *User, id uint, status, reason string) error {
	return s.Tx(ctx, func(tx *Store) error {
		p, err := tx.ProposalByID(ctx, id)
		if err != nil {
			return err
		}
		switch status {
		case ProposalRejected:
			if !u.Has(RoleReviewer) {
				return ErrForbidden
			}
		case ProposalWithdrawn:
			if p.Author != u.Username {
				return ErrForbidden
			}
		default:
			return &ValidationError{Fields: map[string]string{"status": "must be rejected or withdrawn"}}
		}
		from := ProposalOpen
		if status == ProposalWithdrawn && p.Status == ProposalDraft {
			from = ProposalDraft
		}
		prod, err := tx.productionNumber(ctx, p.SkillID)
		if err != nil {
			return err
		}
		approvals, err := tx.freshApprovalsAt(ctx, p, prod)
		if err != nil {
			return err
		}
		now := time.Now().UTC()
		res := tx.with(ctx).Model(&Proposal{}).Where("id = ? AND status = ?", id, from).Updates(map[string]any{"status": status, "closed_by": u.Username, "closed_at": now, "reason": clipTo(reason, 1000), "lock": p.Lock + 1,
			"closed_production": prod, "approved_by": encodeList(approvals)})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return ErrClosed
		}
		return tx.Audit(ctx, Event{Actor: u.Username, Action: "proposal." + status, Subject: fmt.Sprintf("proposal:%d", id), Before: p.Digest, Detail: reason})
	})
}

// Submit opens a draft for review. Only its author may.
func (s *Store) Submit(ctx context.Context, actor string, id uint) error {
	return s.Tx(ctx, func(tx *Store) error {
		p, err := tx.ProposalByID(ctx, id)
		if err != nil {
			return err
		}
		if p.Author != actor {
			return ErrForbidden
		}
		res := tx.with(ctx).Model(&Proposal{}).Where("id = ? AND status = ?", id, ProposalDraft).Updates(map[string]any{"status": ProposalOpen, "private": false, "lock": p.Lock + 1, "updated_at": time.Now().UTC()})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return ErrClosed
		}
		k, err := tx.SkillByID(ctx, p.SkillID)
		if err != nil {
			return err
		}
		// the slug is public from here: the event names it
		return tx.Audit(ctx, Event{Actor: actor, Action: "proposal.open", Subject: fmt.Sprintf("skill:%s proposal:%d", k.Slug, id), After: p.Digest, Detail: "submitted draft"})
	})
}

package models

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// Review is an approval or a change request, bound to the digest and the
// revision the reviewer saw and the production version the proposal would
// replace. Stale means stale: an approval counts only for the revision it
// was given for, so revising away and back to approved content does not
// revive it.
type Review struct {
	ID                uint   `gorm:"primaryKey"`
	ProposalID        uint   `gorm:"index;not null"`
	Reviewer          string `gorm:"size:64;not null"`
	Kind              string `gorm:"size:24;not null"`
	Digest            string `gorm:"size:64;not null"`
	Revision          int    `gorm:"not null;default:0"`
	ProductionVersion int    `gorm:"not null"`
	Comment           string `gorm:"size:4000" text:"person"`
	Withdrawn         bool   `gorm:"not null;default:false"`
	CreatedAt         time.Time
}

// Reviews lists a proposal's reviews, oldest first.
func (s *Store) Reviews(ctx context.Context, proposalID uint) ([]Review, error) {
	var rs []Review
	err := s.with(ctx).Where("proposal_id = ?", proposalID).Order("id").Find(&rs).Error
	return rs, err
}

// AddReview records an approval or a change request. The reviewer must
// hold the reviewer role, must not have written any revision, and must
// send the digest they saw: a mismatch writes nothing. A user's newer
// review replaces their earlier one.
func (s *Store) AddReview(ctx context.Context, u *User, id uint, kind, digest, comment string) (*Review, error) {
	if kind != ReviewApprove && kind != ReviewRequestChanges {
		return nil, &ValidationError{Fields: map[string]string{"kind": "must be approve or request_changes"}}
	}
	if tooLong(comment, MaxComment) {
		return nil, &ValidationError{Fields: map[string]string{"comment": atMost(MaxComment)}}
	}
	if kind == ReviewRequestChanges && strings.TrimSpace(comment) == "" {
		return nil, &ValidationError{Fields: map[string]string{"comment": "say what should change"}}
	}
	var r *Review
	err := s.Tx(ctx, func(tx *Store) error {
		p, err := tx.ProposalByID(ctx, id)
		if err != nil {
			return err
		}
		switch {
		case !u.Has(RoleReviewer) || u.Disabled:
			return ErrForbidden
		case p.EditedBy(u.Username):
			return ErrSelfApproval
		case p.Status != ProposalOpen:
			return ErrClosed
		case digest != p.Digest:
			return ErrStaleDigest
		}
		prod := 0
		if l, err := tx.Production(ctx, p.SkillID); err != nil {
			return err
		} else if l != nil {
			prod = l.Version
		}
		if err := tx.with(ctx).Model(&Review{}).Where("proposal_id = ? AND reviewer = ? AND withdrawn = ?", id, u.Username, false).Update("withdrawn", true).Error; err != nil {
			return err
		}
		r = &Review{ProposalID: id, Reviewer: u.Username, Kind: kind, Digest: digest, Revision: p.Revision, ProductionVersion: prod, Comment: comment}
		if err := tx.with(ctx).Create(r).Error; err != nil {
			return err
		}
		return tx.Audit(ctx, Event{Actor: u.Username, Action: "proposal." + kind, Subject: fmt.Sprintf("proposal:%d", id), After: digest})
	})
	if err != nil {
		return nil, fmt.Errorf("models: review proposal %d: %w", id, err)
	}
	return r, nil
}

// WithdrawReview withdraws the user's own review of proposal id while
// that proposal is open. A review of another proposal is ErrNotFound
// (whatever URL named it), someone else's review ErrForbidden, and a
// closed (promoted, rejected, withdrawn) proposal ErrClosed: its reviews
// are history.
func (s *Store) WithdrawReview(ctx context.Context, actor string, proposalID, reviewID uint) error {
	return s.Tx(ctx, func(tx *Store) error {
		var r Review
		if err := tx.with(ctx).Where("id = ? AND proposal_id = ?", reviewID, proposalID).First(&r).Error; err != nil {
			return fmt.Errorf("models: review %d of proposal %d: %w", reviewID, proposalID, notFound(err))
		}
		if r.Reviewer != actor {
			return ErrForbidden
		}
		p, err := tx.ProposalByID(ctx, proposalID)
		if err != nil {
			return err
		}
		if p.Status != ProposalOpen {
			return ErrClosed
		}
		if r.Withdrawn {
			return nil
		}
		if err := tx.with(ctx).Model(&Review{}).Where("id = ?", r.ID).Update("withdrawn", true).Error; err != nil {
			return err
		}
		return tx.Audit(ctx, Event{Actor: actor, Action: "review.withdraw", Subject: fmt.Sprintf("proposal:%d review:%d", r.ProposalID, r.ID)})
	})
}

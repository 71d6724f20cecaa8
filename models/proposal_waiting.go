package models

import (
	"context"
	"fmt"
)

// WaitsForReview is the one definition of a proposal waiting for u's
// review: it is open, u is a reviewer who edited none of it, and u has no
// standing review (not withdrawn) of its current revision. The inbox's
// review requests, the review queue and the dashboard's figure all use
// it. rs are the proposal's reviews.
func WaitsForReview(p Proposal, rs []Review, u *User) bool {
	if p.Status != ProposalOpen || !u.Has(RoleReviewer) || p.EditedBy(u.Username) {
		return false
	}
	for _, r := range rs {
		if r.Reviewer == u.Username && !r.Withdrawn && r.Revision == p.Revision {
			return false
		}
	}
	return true
}

// ProposalsWaitingFor lists, oldest first, the open proposals waiting for
// u's review (WaitsForReview).
func (s *Store) ProposalsWaitingFor(ctx context.Context, u *User) ([]Proposal, error) {
	var open []Proposal
	if err := s.with(ctx).Where("status = ?", ProposalOpen).Order("id").Find(&open).Error; err != nil {
		return nil, fmt.Errorf("models: proposals waiting for review: %w", err)
	}
	_, reviews, err := s.inboxContext(ctx, open)
	if err != nil {
		return nil, err
	}
	out := open[:0]
	for _, p := range open {
		if WaitsForReview(p, reviews[p.ID], u) {
			out = append(out, p)
		}
	}
	return out, nil
}

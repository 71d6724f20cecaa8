package models

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
)

// PromotePolicy is how many fresh approvals a promotion needs, and the
// automated checks it must pass.
type PromotePolicy struct {
	RequiredApprovals int
	// ChecksPass evaluates the proposal's automated checks.
	ChecksPass func(ctx context.Context, c SkillContent) (bool, error)
}

// FreshApprovals counts the approvals that count now: bound to the
// proposal's current digest and revision and to the current production
// version, not withdrawn, one per reviewer, from users who hold the
// reviewer role now and wrote no revision.
func (s *Store) FreshApprovals(ctx context.Context, p *Proposal) ([]string, error) {
	prod, err := s.productionNumber(ctx, p.SkillID)
	if err != nil {
		return nil, err
	}
	return s.freshApprovalsAt(ctx, p, prod)
}

// freshApprovalsAt is FreshApprovals with the production version already
// read (0: none).
func (s *Store) freshApprovalsAt(ctx context.Context, p *Proposal, prod int) ([]string, error) {
	rs, err := s.Reviews(ctx, p.ID)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []string
	for _, r := range rs {
		if r.Withdrawn || r.Kind != ReviewApprove || r.Digest != p.Digest || r.Revision != p.Revision || r.ProductionVersion != prod || seen[r.Reviewer] || p.EditedBy(r.Reviewer) {
			continue
		}
		u, err := s.UserByName(ctx, r.Reviewer)
		if err != nil || u.Disabled || !u.Has(RoleReviewer) {
			continue
		}
		seen[r.Reviewer] = true
		out = append(out, r.Reviewer)
	}
	return out, nil
}

// OpenChangeRequests lists reviewers whose change requests still stand.
func (s *Store) OpenChangeRequests(ctx context.Context, p *Proposal) ([]string, error) {
	rs, err := s.Reviews(ctx, p.ID)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, r := range rs {
		if !r.Withdrawn && r.Kind == ReviewRequestChanges {
			out = append(out, r.Reviewer)
		}
	}
	return out, nil
}

// Promote turns an approved proposal into the skill's new production
// version, in one transaction: close the proposal (compare-and-swap on its
// lock), add the version, move the production label (compare-and-swap on
// the version it would replace), audit. Of N concurrent promotions exactly
// one wins; the others get ErrConflict or ErrClosed and write nothing.
func (s *Store) Promote(ctx context.Context, u *User, id uint, pol PromotePolicy) (*SkillVersion, error) {
	if !u.Has(RoleReviewer) || u.Disabled {
		return nil, ErrForbidden
	}
	var out *SkillVersion
	err := s.Tx(ctx, func(tx *Store) error {
		p, err := tx.ProposalByID(ctx, id)
		if err != nil {
			return err
		}
		if p.Status != ProposalOpen {
			return ErrClosed
		}
		approvals, err := tx.FreshApprovals(ctx, p)
		if err != nil {
			return err
		}
		if len(approvals) < max(1, pol.RequiredApprovals) {
			// a concurrent promotion may have moved production under us
			return tx.raceOr(ctx, p, ErrNotApproved)
		}
		if crs, err := tx.OpenChangeRequests(ctx, p); err != nil {
			return err
		} else if len(crs) > 0 {
			return ErrChangesRequested
		}
		if pol.ChecksPass != nil {
			ok, err := pol.ChecksPass(ctx, p.Content())
			if err != nil {
				return err
			}
			if !ok {
				return ErrChecksFailing
			}
		}
		k, err := tx.SkillByID(ctx, p.SkillID)
		if err != nil {
			return err
		}
		prod, err := tx.Production(ctx, p.SkillID)
		if err != nil {
			return err
		}
		now := time.Now().UTC()
		if err := tx.fail("close-proposal"); err != nil {
			return err
		}
		latest, err := tx.LatestVersion(ctx, p.SkillID)
		if err != nil {
			return err
		}
		n := latest + 1
		res := tx.with(ctx).Model(&Proposal{}).Where("id = ? AND status = ? AND lock = ?", id, ProposalOpen, p.Lock).
			Updates(map[string]any{"status": ProposalPromoted, "closed_by": u.Username, "closed_at": now, "promoted_version": n, "lock": p.Lock + 1,
				"closed_production": prodNumber(prod), "approved_by": encodeList(approvals)})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return ErrConflict
		}
		if err := tx.fail("add-version"); err != nil {
			return err
		}
		var parent *int
		if prod != nil {
			v := prod.Version
			parent = &v
		}
		c := p.Content()
		sv := &SkillVersion{SkillID: p.SkillID, Version: n, Name: c.Name, Summary: c.Summary, Procedure: c.Procedure, RequiredToolsJSON: encodeList(c.RequiredTools),
			Author: p.Author, Parent: parent, Digest: p.Digest, ProposalID: &p.ID}
		if err := tx.with(ctx).Create(sv).Error; err != nil {
			return notFound(err)
		}
		if err := tx.fail("move-label"); err != nil {
			return err
		}
		expected := prodNumber(prod)
		if err := tx.moveProduction(ctx, p.SkillID, expected, n, u.Username); err != nil {
			return err
		}
		if err := tx.fail("audit"); err != nil {
			return err
		}
		out = sv
		if err := tx.bumpConfig(ctx); err != nil {
			return err
		}
		return tx.Audit(ctx, Event{Actor: u.Username, Action: "skill.promote", Subject: fmt.Sprintf("skill:%s proposal:%d", k.Slug, p.ID), Before: versionLabel(expected), After: versionLabel(n),
			Detail: "approved by " + strings.Join(approvals, ", ")})
	})
	if err != nil {
		return nil, fmt.Errorf("models: promote proposal %d: %w", id, err)
	}
	return out, nil
}

// raceOr reports ErrConflict when the proposal changed since it was read
// (a concurrent writer won), else err.
func (s *Store) raceOr(ctx context.Context, p *Proposal, err error) error {
	now, rerr := s.ProposalByID(ctx, p.ID)
	if rerr != nil {
		return rerr
	}
	if now.Status != p.Status || now.Lock != p.Lock {
		return ErrConflict
	}
	return err
}

func versionLabel(n int) string {
	if n == 0 {
		return "none"
	}
	return fmt.Sprintf("v%d", n)
}

// moveProduction compare-and-swaps the production label from expected
// (0: no label yet) to n.
func (s *Store) moveProduction(ctx context.Context, skillID uint, expected, n int, actor string) error {
	now := time.Now().UTC()
	if expected == 0 {
		err := s.with(ctx).Create(&SkillLabel{SkillID: skillID, Label: LabelProduction, Version: n, Since: now, SetBy: actor}).Error
		if err != nil {
			if errors.Is(notFound(err), ErrConflict) {
				return ErrConflict
			}
			return err
		}
		return nil
	}
	res := s.with(ctx).Model(&SkillLabel{}).Where("skill_id = ? AND label = ? AND version = ?", skillID, LabelProduction, expected).
		Updates(map[string]any{"version": n, "since": now, "set_by": actor})
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected != 1 {
		return ErrConflict
	}
	return nil
}

// Rollback moves production to an earlier version, with a reason: the same
// audited compare-and-swap path as a promotion. Reviewers and admins only.
func (s *Store) Rollback(ctx context.Context, u *User, slug string, target, expected int, reason string) error {
	if (!u.Has(RoleReviewer) && !u.Has(RoleAdmin)) || u.Disabled {
		return ErrForbidden
	}
	if len(reason) < 3 {
		return &ValidationError{Fields: map[string]string{"reason": "say why you roll back"}}
	}
	return s.Tx(ctx, func(tx *Store) error {
		k, err := tx.SkillBySlug(ctx, slug)
		if err != nil {
			return err
		}
		if _, err := tx.SkillVersionAt(ctx, k.ID, target); err != nil {
			return &ValidationError{Fields: map[string]string{"version": fmt.Sprintf("skill %s has no version %d", slug, target)}}
		}
		if target == expected {
			return &ValidationError{Fields: map[string]string{"version": "that version is already in production"}}
		}
		if err := tx.moveProduction(ctx, k.ID, expected, target, u.Username); err != nil {
			return err
		}
		if err := tx.bumpConfig(ctx); err != nil {
			return err
		}
		return tx.Audit(ctx, Event{Actor: u.Username, Action: "skill.rollback", Subject: "skill:" + slug, Before: versionLabel(expected), After: versionLabel(target), Detail: reason})
	})
}

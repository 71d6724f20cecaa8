package models

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"gorm.io/gorm/clause"

	"github.com/agentforge/console/instruction/plural"
)

// Statuses of a profile version saved while an agent required review of
// its default profile.
const (
	VersionPending  = "pending"
	VersionApproved = "approved"
	VersionRejected = "rejected"
)

// ErrNotPending means a decision was asked for a version that does not
// await review.
var ErrNotPending = errors.New("models: the version does not await review")

// ErrBaseMoved means a pending version was made from a version that is no
// longer current: approving it would silently undo what came since.
var ErrBaseMoved = errors.New("models: the profile moved on since this version was saved")

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// agentsReviewingProfile lists the agents whose default profile is the
// profile and whose admin chose that its saves need review.
func (s *Store) agentsReviewingProfile(ctx context.Context, profileID uint) ([]string, error) {
	var slugs []string
	err := s.with(ctx).Model(&Agent{}).Where("default_profile_id = ? AND profile_review = ?", profileID, true).Order("slug").Pluck("slug", &slugs).Error
	return slugs, err
}

// lockProfile reads a profile and, on Postgres, holds its row until the
// transaction ends (SELECT … FOR UPDATE). A save of the profile and an
// agent change that decides whether its saves need review (the review
// setting, the default profile) both take it, so they run one after the
// other. SQLite needs no lock: its transactions begin with the
// database's write lock (_txlock=immediate).
func (s *Store) lockProfile(ctx context.Context, id uint) (*Profile, error) {
	q := s.with(ctx)
	if s.dialect == DialectPostgres {
		q = q.Clauses(clause.Locking{Strength: "UPDATE"})
	}
	var p Profile
	if err := q.Where("id = ?", id).First(&p).Error; err != nil {
		return nil, notFound(err)
	}
	return &p, nil
}

// lockDefaultProfiles takes lockProfile's lock on each of the profiles an
// agent change touches as a default (before and after), in id order.
func (s *Store) lockDefaultProfiles(ctx context.Context, ids ...*uint) error {
	var want []uint
	for _, id := range ids {
		if id != nil && !slices.Contains(want, *id) {
			want = append(want, *id)
		}
	}
	slices.Sort(want)
	for _, id := range want {
		if _, err := s.lockProfile(ctx, id); err != nil && !errors.Is(err, ErrNotFound) {
			return err
		}
	}
	return nil
}

// ProfileNeedsReview lists the agents that make a save of the profile wait
// for a reviewer (none: a save is used at once).
func (s *Store) ProfileNeedsReview(ctx context.Context, profileID uint) ([]string, error) {
	return s.agentsReviewingProfile(ctx, profileID)
}

// ErrNotApprovable means a pending version no longer holds as it was
// saved: the catalog changed since (a tool it lists was removed, a pin
// became a code-only helper). It is wrapped in a *ValidationError naming
// the field, so the caller answers 422 and nothing is written.
var ErrNotApprovable = errors.New("models: the version no longer holds against today's catalog")

// DecideProfileVersion approves or rejects a pending profile version. The
// reviewer must hold the reviewer role and must not be its author; a
// rejection needs a reason. Approval makes the version current, only
// while its base is still current, and only if the version still holds
// against the catalog as it is now (every tool it lists still stored, no
// pin a code-only helper): the same rules a save is held to, checked
// again, because a version may wait for review while the catalog moves.
func (s *Store) DecideProfileVersion(ctx context.Context, u *User, slug string, n int, approve bool, reason string) error {
	reason = strings.TrimSpace(reason)
	if !approve && reason == "" {
		return &ValidationError{Fields: map[string]string{"reason": "say why the version is rejected"}}
	}
	if tooLong(reason, MaxMessage) {
		return &ValidationError{Fields: map[string]string{"reason": atMost(MaxMessage)}}
	}
	err := s.Tx(ctx, func(tx *Store) error {
		p, err := tx.ProfileBySlug(ctx, slug)
		if err != nil {
			return err
		}
		v, err := tx.ProfileVersionAt(ctx, p.ID, n)
		if err != nil {
			return err
		}
		switch {
		case u == nil || u.Disabled || !(u.Has(RoleReviewer) || u.Has(RoleAdmin)):
			return ErrForbidden
		case v.Author == u.Username:
			return ErrSelfApproval
		case v.Status != VersionPending:
			return ErrNotPending
		}
		if approve {
			if err := tx.stillHolds(ctx, v.Content()); err != nil {
				return err
			}
		}
		status, action, detail := VersionRejected, "profile.reject", fmt.Sprintf("version %d rejected: %s", n, reason)
		if approve {
			status, action, detail = VersionApproved, "profile.approve", fmt.Sprintf("version %d approved and made current (from %d)", n, v.BaseVersion)
			if reason != "" {
				detail += ": " + reason
			}
			res := tx.with(ctx).Model(&Profile{}).Where("id = ? AND current_version = ?", p.ID, v.BaseVersion).Update("current_version", n)
			if res.Error != nil {
				return res.Error
			}
			if res.RowsAffected != 1 {
				return ErrBaseMoved
			}
			if err := tx.bumpConfig(ctx); err != nil {
				return err
			}
		}
		res := tx.with(ctx).Model(&ProfileVersion{}).Where("id = ? AND status = ?", v.ID, VersionPending).Updates(map[string]any{"status": status, "reviewed_by": u.Username})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return ErrConflict
		}
		return tx.Audit(ctx, Event{Actor: u.Username, Action: action, Subject: "profile:" + slug, After: v.Digest, Detail: detail})
	})
	if err != nil {
		return fmt.Errorf("models: decide profile %s v%d: %w", slug, n, err)
	}
	return nil
}

// stillHolds checks a stored version's content against the catalog as it
// is now: every tool it lists is still stored, and no pin has become a
// code-only helper. A problem is a *ValidationError naming the field.
func (s *Store) stillHolds(ctx context.Context, c ProfileContent) error {
	var stored []string
	if len(c.Tools) > 0 {
		if err := s.with(ctx).Model(&Tool{}).Where("id IN ?", c.Tools).Pluck("id", &stored).Error; err != nil {
			return fmt.Errorf("models: profile tools: %w", err)
		}
	}
	have := make(map[string]bool, len(stored))
	for _, id := range stored {
		have[id] = true
	}
	var gone []string
	for _, id := range c.Tools {
		if !have[id] {
			gone = append(gone, id)
		}
	}
	errs := map[string]string{}
	if len(gone) > 0 {
		errs["tools"] = fmt.Sprintf("%s no longer in the catalog (removed since this version was saved): %s", plural.CountForms(len(gone), "tool is", "tools are"), strings.Join(gone, ", "))
	}
	if err := s.checkCodeOnlyPins(ctx, c, errs); err != nil {
		return err
	}
	if len(errs) > 0 {
		return fmt.Errorf("%w: %w", ErrNotApprovable, &ValidationError{Fields: errs})
	}
	return nil
}
